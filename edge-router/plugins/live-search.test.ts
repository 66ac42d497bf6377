/**
 * GET /api/search end to end: the edge app through `app.inject()`, a real fs store, and the real
 * sample upstream on a free port (with its fault switch for upstream failures).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ObjectStore } from '../../core/storage/types.js';
import { type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { startCountingEdge, useLiveEndpointFixture, type CountingEdge } from '../../tests/support/live-endpoint.js';
import { parseSearchQuery, toSearchResult } from './live-search.js';

const resultSchema = z.strictObject({
  type: z.string(),
  title: z.string(),
  description: z.string().optional(),
  canonical_url: z.string(),
  publication_date: z.string(),
  section: z.string().optional(),
  thumbnail: z.string().optional(),
  taxonomy: z.array(z.strictObject({ path: z.string(), url: z.string() })),
});
const bodySchema = z.strictObject({
  query: z.string(),
  numFound: z.number(),
  numPages: z.number(),
  page: z.number(),
  results: z.array(resultSchema),
  hideLoadMore: z.boolean(),
});
const errorSchema = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) });
const upstreamSchema = z.object({
  numFound: z.number(),
  data: z.array(z.object({ attributes: z.object({ title: z.string(), canonical_url: z.string() }) })),
});

let upstream: RunningSampleUpstream;
let store: ObjectStore;
const apps: FastifyInstance[] = [];

useLiveEndpointFixture(
  'edge-live-search',
  (fixture) => {
    ({ upstream, store } = fixture);
  },
  apps,
);

/** The edge app; `calls` are the upstream /api/search URLs it fetched. */
type Harness = CountingEdge;

function harness(): Promise<Harness> {
  return startCountingEdge({ upstream, store }, apps, '/api/search');
}

/** What the sample upstream itself answers, asked directly. */
async function upstreamPage(query: string): Promise<{ numFound: number; hits: { title: string; canonical_url: string }[] }> {
  const response = await fetch(`${upstream.url}/api/search?${query}`);
  const body = upstreamSchema.parse(await response.json());
  return { numFound: body.numFound, hits: body.data.map(({ attributes }) => ({ title: attributes.title, canonical_url: attributes.canonical_url })) };
}

async function addFault(spec: Record<string, unknown>): Promise<void> {
  const response = await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: spec });
  expect(response.statusCode).toBe(201);
}

const sent = (url: URL | undefined): Record<string, string> => Object.fromEntries(url?.searchParams ?? []);

describe('GET /api/search', () => {
  it('answers the first page with the search state, asking upstream for q, fields=web and start=1', async () => {
    const { app, calls } = await harness();
    const expected = await upstreamPage('q=broadband&fields=web&start=1');
    expect(expected.numFound).toBe(1);

    const response = await app.inject({ method: 'GET', url: '/api/search?q=%20broadband%20' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    const body = bodySchema.parse(response.json());
    expect(body).toMatchObject({ query: 'broadband', numFound: 1, numPages: 1, page: 0, hideLoadMore: true });
    expect(body.results.map(({ title, canonical_url }) => ({ title, canonical_url }))).toEqual(expected.hits);
    const [first] = body.results;
    expect(first).toMatchObject({
      type: 'article',
      title: 'Senate panel advances rural broadband bill after late-night markup',
      canonical_url: 'https://www.foxnews.com/politics/senate-panel-advances-rural-broadband-bill',
      publication_date: '2025-03-18T13:05:00Z',
      section: 'Politics',
    });
    expect(first?.taxonomy).toContainEqual({ path: 'fox-news/politics/senate', url: 'https://www.foxnews.com/category/politics/senate' });

    expect(calls).toHaveLength(1);
    expect(sent(calls[0])).toEqual({ q: 'broadband', fields: 'web', start: '1' });
  });

  it('pages by 10 from start = 10*page+1, numPages = ceil(found/10), load more hidden on the last page', async () => {
    const { app, calls } = await harness();
    const all = await upstreamPage('q=new&fields=web&start=1');
    // The sample has enough matches of "new" for several pages but fewer than 10 ("the" now fills all 10).
    expect(all.numFound).toBeGreaterThan(20);
    const numPages = Math.ceil(all.numFound / 10);
    expect(numPages).toBeLessThan(10);

    const first = bodySchema.parse((await app.inject({ method: 'GET', url: '/api/search?q=new' })).json());
    expect(first).toMatchObject({ numFound: all.numFound, numPages, page: 0, hideLoadMore: false });
    expect(first.results).toHaveLength(10);

    const second = bodySchema.parse((await app.inject({ method: 'GET', url: '/api/search?q=new&page=1' })).json());
    expect(sent(calls[1])).toEqual({ q: 'new', fields: 'web', start: '11' });
    expect(second.results.map(({ title }) => title)).toEqual((await upstreamPage('q=new&fields=web&start=11')).hits.map(({ title }) => title));
    expect(second.hideLoadMore).toBe(false);

    const last = bodySchema.parse((await app.inject({ method: 'GET', url: `/api/search?q=new&page=${numPages - 1}` })).json());
    expect(sent(calls[2])).toMatchObject({ start: String(10 * (numPages - 1) + 1) });
    expect(last).toMatchObject({ page: numPages - 1, numPages, hideLoadMore: true });
    expect(last.results).toHaveLength(all.numFound - 10 * (numPages - 1));

    // Past the last page: nothing, and no load more.
    const beyond = bodySchema.parse((await app.inject({ method: 'GET', url: '/api/search?q=new&page=9' })).json());
    expect(sent(calls[3])).toMatchObject({ start: '91' });
    expect(beyond).toMatchObject({ page: 9, results: [], hideLoadMore: true });
  });

  it('caps numPages at 10 and hides load more on the 10th page even with more results (spec 2 §4, §9)', async () => {
    const found = await upstream.app.inject({ method: 'GET', url: '/api/article?path=/politics/senate-panel-advances-rural-broadband-bill' });
    const base = z.object({ data: z.object({ results: z.array(z.record(z.string(), z.unknown())) }) }).parse(found.json()).data.results[0];
    try {
      for (let i = 0; i < 105; i += 1) {
        const record = { ...base, id: `zep-${i}`, title: `Zeppelin report ${i}`, canonical_url: `https://www.foxnews.com/politics/zeppelin-report-${i}`, urls: [] };
        expect((await upstream.app.inject({ method: 'PUT', url: `/__sample/articles/zep-${i}`, payload: record })).statusCode).toBe(200);
      }
      const { app, calls } = await harness();
      const eighth = bodySchema.parse((await app.inject({ method: 'GET', url: '/api/search?q=zeppelin&page=8' })).json());
      expect(eighth).toMatchObject({ numFound: 105, numPages: 10, page: 8, hideLoadMore: false });
      const tenth = bodySchema.parse((await app.inject({ method: 'GET', url: '/api/search?q=zeppelin&page=9' })).json());
      expect(sent(calls[1])).toMatchObject({ start: '91' });
      expect(tenth).toMatchObject({ numFound: 105, numPages: 10, page: 9, hideLoadMore: true });
      expect(tenth.results).toHaveLength(10);
    } finally {
      await upstream.app.inject({ method: 'POST', url: '/__sample/reset' });
    }
  });

  it('forwards sort, section, type and the dates (as YYYYMMDD) and nothing else', async () => {
    const { app, calls } = await harness();
    const response = await app.inject({
      method: 'GET',
      url: '/api/search?q=the&sort=latest&section=politics&type=article&min_date=2025-01-01&max_date=20251231&start=5&rows=100&cachebuster=1&fields=all&url=http://evil.example/',
    });
    expect(response.statusCode).toBe(200);
    expect(sent(calls[0])).toEqual({
      q: 'the',
      fields: 'web',
      sort: 'latest',
      section: 'politics',
      type: 'article',
      min_date: '20250101',
      max_date: '20251231',
      start: '1',
    });
    const body = bodySchema.parse(response.json());
    const expected = await upstreamPage('q=the&fields=web&sort=latest&section=politics&type=article&min_date=20250101&max_date=20251231&start=1');
    expect(body.numFound).toBe(expected.numFound);
    expect(body.results.map(({ title }) => title)).toEqual(expected.hits.map(({ title }) => title));
    for (const result of body.results) expect(result.section).toBe('Politics');

    // The same normalised query (other date form, unknown parameters): served from the cache.
    const again = await app.inject({
      method: 'GET',
      url: '/api/search?max_date=2025-12-31&min_date=20250101&type=article&section=politics&sort=latest&q=the&utm_source=x',
    });
    expect(again.json()).toEqual(response.json());
    expect(calls).toHaveLength(1);
  });

  it('filters by a date range the sample covers and one it does not', async () => {
    const { app } = await harness();
    const none = bodySchema.parse((await app.inject({ method: 'GET', url: '/api/search?q=the&max_date=2000-01-01' })).json());
    expect(none).toMatchObject({ numFound: 0, numPages: 0, results: [], hideLoadMore: true });
  });

  it.each([
    ['', 'q is required: search text of 1 to 200 characters'],
    ['q=', 'q is required: search text of 1 to 200 characters'],
    ['q=%20%20', 'q is required: search text of 1 to 200 characters'],
    [`q=${'a'.repeat(201)}`, 'q is required: search text of 1 to 200 characters'],
    ['q=tax&q=cuts', 'q may be given once'],
    ['q=tax&page=10', 'page must be an integer from 0 to 9'],
    ['q=tax&page=-1', 'page must be an integer from 0 to 9'],
    ['q=tax&page=1.5', 'page must be an integer from 0 to 9'],
    ['q=tax&page=', 'page must be an integer from 0 to 9'],
    ['q=tax&page=1&page=2', 'page may be given once'],
    ['q=tax&sort=oldest', 'sort must be one of latest, relevance'],
    ['q=tax&type=podcast', 'type must be one of article, video, slideshow, interactive'],
    ['q=tax&section=Politics', 'section must be a section slug such as "politics" or "us/crime"'],
    ['q=tax&section=../etc', 'section must be a section slug such as "politics" or "us/crime"'],
    ['q=tax&min_date=2023-02-29', 'min_date must be a date written YYYYMMDD or YYYY-MM-DD'],
    ['q=tax&max_date=yesterday', 'max_date must be a date written YYYYMMDD or YYYY-MM-DD'],
    ['q=tax&min_date=20250201&max_date=20250101', 'min_date must not be after max_date'],
  ])('answers 400 INVALID_QUERY for %j', async (query, message) => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: `/api/search?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(errorSchema.parse(response.json())).toEqual({ error: { code: 'INVALID_QUERY', message } });
    expect(calls).toHaveLength(0);
  });

  it('URL-encodes the search text upstream (spec 2 §5)', async () => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: '/api/search?q=heat%20%26%20wave%3F%23' });
    expect(response.statusCode).toBe(200);
    expect(calls[0]?.search).toContain('q=heat+%26+wave%3F%23');
    expect(bodySchema.parse(response.json()).query).toBe('heat & wave?#');
  });

  it('makes one upstream call for 10 identical concurrent requests', async () => {
    const { app, calls } = await harness();
    await addFault({ path: '/api/search', mode: 'delay', delayMs: 200, times: 1 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: '/api/search?q=the&page=1' })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('gives up after the upstream timeout', async () => {
    const { app } = await harness();
    // The upstream would answer after 6 s; the 2 s timeout answers the reader well before that.
    await addFault({ path: '/api/search', mode: 'delay', delayMs: 6000, times: 1 });
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/search?q=slow' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.statusCode).toBe(502);
    expect(errorSchema.parse(response.json()).error.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('serves the last good answer, marked stale, when upstream fails; 502 once it is over 10 minutes old', async () => {
    const { app, calls, advance } = await harness();
    const url = '/api/search?q=heat';
    const good = await app.inject({ method: 'GET', url });
    expect(good.statusCode).toBe(200);

    await addFault({ path: '/api/search', mode: 'status', status: 500 });
    advance(29_000);
    expect((await app.inject({ method: 'GET', url })).headers['x-stale']).toBeUndefined();
    expect(calls).toHaveLength(1);

    advance(2_000);
    const stale = await app.inject({ method: 'GET', url });
    expect(calls).toHaveLength(2);
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(good.json());
    expect(stale.headers['x-stale']).toBe('1');
    expect(stale.headers['warning']).toBe('110 - "Response is Stale"');
    expect(stale.headers['cache-control']).toBe('no-store');

    advance(10 * 60_000);
    const gone = await app.inject({ method: 'GET', url });
    expect(gone.statusCode).toBe(502);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(errorSchema.parse(gone.json())).toEqual({
      error: { code: 'UPSTREAM_UNAVAILABLE', message: 'Search is unavailable right now; try again shortly' },
    });
  });

  it('answers 502 UPSTREAM_BAD_RESPONSE for malformed upstream JSON with nothing cached', async () => {
    const { app } = await harness();
    await addFault({ path: '/api/search', mode: 'malformed' });
    const response = await app.inject({ method: 'GET', url: '/api/search?q=heat' });
    expect(response.statusCode).toBe(502);
    expect(errorSchema.parse(response.json()).error.code).toBe('UPSTREAM_BAD_RESPONSE');
  });
});

describe('what reaches the browser', () => {
  const hit = {
    type: 'article',
    attributes: {
      title: 'Title',
      description: 'Dek',
      canonical_url: 'https://www.foxnews.com/politics/a',
      publication_date: '2025-03-18T13:05:00Z',
      section: 'Politics',
      thumbnail: 'javascript:alert(1)',
      internal_score: 0.93,
    },
    taxonomy: [
      { path: 'fox-news/politics', url: 'https://www.foxnews.com/category/politics' },
      { path: 'fox-news/evil', url: 'data:text/html,x' },
    ],
    debug: { shard: 3 },
  };

  it('keeps only the whitelisted fields and safe URLs', () => {
    expect(toSearchResult(hit)).toEqual({
      type: 'article',
      title: 'Title',
      description: 'Dek',
      canonical_url: 'https://www.foxnews.com/politics/a',
      publication_date: '2025-03-18T13:05:00Z',
      section: 'Politics',
      taxonomy: [{ path: 'fox-news/politics', url: 'https://www.foxnews.com/category/politics' }],
    });
  });

  it('drops a result whose own URL is unsafe', () => {
    expect(toSearchResult({ ...hit, attributes: { ...hit.attributes, canonical_url: 'javascript:alert(1)' } })).toBeNull();
    expect(toSearchResult({ ...hit, attributes: { ...hit.attributes, canonical_url: '//evil.example/a' } })).toBeNull();
  });

  it('normalises the query', () => {
    expect(parseSearchQuery('?q=%20tax%20&page=3&min_date=2025-01-02&x=1')).toEqual({ ok: true, query: { q: 'tax', page: 3, minDate: '20250102' } });
    expect(parseSearchQuery('?q=tax&sort=&section=&type=&min_date=')).toEqual({ ok: true, query: { q: 'tax', page: 0 } });
  });
});
