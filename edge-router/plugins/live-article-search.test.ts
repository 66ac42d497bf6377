/**
 * GET /api/article-search end to end: the edge app through `app.inject()`, a real fs store, and the
 * real sample upstream on a free port (with its fault switch for upstream failures).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import type { ObjectStore } from '../../core/storage/types.js';
import type { ArticleSummary } from '../../core/upstream/schemas.js';
import { type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { isPlatformError } from '../../core/errors.js';
import { useLiveEndpointFixture } from '../../tests/support/live-endpoint.js';
import { buildEdgeApp } from '../app.js';
import { loadEdgeConfig, loadEdgeUpstreamConfig } from '../config.js';
import { safeLiveUrl } from '../live-endpoint.js';
import { parseArticleSearchQuery, toLiveItem } from './live-article-search.js';

const itemSchema = z.strictObject({
  title: z.string(),
  url: z.string(),
  imageUrl: z.string().optional(),
  description: z.string().optional(),
  category: z.strictObject({ name: z.string(), url: z.string().optional() }).optional(),
  publicationDate: z.string(),
  authors: z.array(z.strictObject({ name: z.string(), url: z.string().optional() })),
});
const bodySchema = z.strictObject({ items: z.array(itemSchema) });
const errorSchema = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) });
const upstreamSchema = z.object({ data: z.object({ results: z.array(z.object({ title: z.string(), url: z.string() })) }) });

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

interface Harness {
  app: FastifyInstance;
  /** Upstream article-search URLs the app fetched. */
  calls: URL[];
  advance: (ms: number) => void;
}

async function harness(options: { live?: boolean } = {}): Promise<Harness> {
  const calls: URL[] = [];
  let now = 1_000_000;
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/api/article-search') calls.push(url);
    return fetch(input, init);
  };
  const app = await buildEdgeApp({
    store,
    logger: createLogger({ component: 'edge-router-test', level: 'silent' }),
    defaultSite: 'news',
    ...(options.live === false
      ? {}
      : {
          liveUpstream: {
            config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }),
            fetchImpl: countingFetch,
            cache: { now: () => now },
          },
        }),
  });
  apps.push(app);
  return { app, calls, advance: (ms) => (now += ms) };
}

async function upstreamTitles(query: string): Promise<{ title: string; url: string }[]> {
  const response = await fetch(`${upstream.url}/api/article-search?${query}`);
  return upstreamSchema.parse(await response.json()).data.results.map(({ title, url }) => ({ title, url }));
}

async function addFault(spec: Record<string, unknown>): Promise<void> {
  const response = await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: spec });
  expect(response.statusCode).toBe(201);
}

describe('GET /api/article-search', () => {
  it('answers the politics section, 11 items from an offset, as JSON cached 30 s', async () => {
    const { app, calls } = await harness();
    const expected = await upstreamTitles('isCategory=true&searchSelected=politics&size=11&from=0');
    expect(expected.length).toBeGreaterThan(0);

    const response = await app.inject({ method: 'GET', url: '/api/article-search?category=politics&size=11&from=0' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    expect(response.headers['x-stale']).toBeUndefined();
    const body = bodySchema.parse(response.json());
    expect(body.items.map(({ title, url }) => ({ title, url }))).toEqual(expected);
    expect(body.items.length).toBeLessThanOrEqual(11);
    for (const item of body.items) expect(item.category?.name).toBeDefined();

    // The upstream call carries exactly the whitelisted parameters.
    expect(calls).toHaveLength(1);
    const sent = Object.fromEntries(calls[0]?.searchParams ?? []);
    expect(sent).toEqual({ size: '11', from: '0', isCategory: 'true', searchSelected: 'politics' });

    const offset = await upstreamTitles('isCategory=true&searchSelected=politics&size=11&from=2');
    const second = await app.inject({ method: 'GET', url: '/api/article-search?category=politics&from=2' });
    expect(bodySchema.parse(second.json()).items.map(({ title, url }) => ({ title, url }))).toEqual(offset);
    expect(Object.fromEntries(calls[1]?.searchParams ?? [])).toEqual({ size: '11', from: '2', isCategory: 'true', searchSelected: 'politics' });
  });

  it('defaults to the whole site, size 11, from 0, and honours a smaller size', async () => {
    const { app, calls } = await harness();
    const expected = await upstreamTitles('size=11&from=0');
    // The starter dataset has more than 11 published articles: the page is full (spec 1 §9).
    expect(expected).toHaveLength(11);
    const response = await app.inject({ method: 'GET', url: '/api/article-search' });
    expect(response.statusCode).toBe(200);
    expect(bodySchema.parse(response.json()).items.map(({ title, url }) => ({ title, url }))).toEqual(expected);
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({ size: '11', from: '0' });

    const small = await app.inject({ method: 'GET', url: '/api/article-search?size=3&category=' });
    expect(bodySchema.parse(small.json()).items).toHaveLength(3);
  });

  it('ignores parameters it does not know and never forwards them', async () => {
    const { app, calls } = await harness();
    const response = await app.inject({
      method: 'GET',
      url: '/api/article-search?category=politics&searchBy=urls&value=/x&contentType=video&isCategory=false&url=http://evil.example/',
    });
    expect(response.statusCode).toBe(200);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({ size: '11', from: '0', isCategory: 'true', searchSelected: 'politics' });
    // The same normalised query: served from the cache, no second upstream call.
    const again = await app.inject({ method: 'GET', url: '/api/article-search?from=0&utm_source=x&category=politics&size=11' });
    expect(again.json()).toEqual(response.json());
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['size=0', 'size must be an integer from 1 to 11'],
    ['size=12', 'size must be an integer from 1 to 11'],
    ['size=abc', 'size must be an integer from 1 to 11'],
    ['size=1.5', 'size must be an integer from 1 to 11'],
    ['size=', 'size must be an integer from 1 to 11'],
    ['from=-1', 'from must be an integer from 0 to 1000'],
    ['from=1001', 'from must be an integer from 0 to 1000'],
    ['from=1e3', 'from must be an integer from 0 to 1000'],
    ['category=Politics', 'category must be a section slug such as "politics" or "us/crime"'],
    ['category=../etc', 'category must be a section slug such as "politics" or "us/crime"'],
    ['category=politics/', 'category must be a section slug such as "politics" or "us/crime"'],
    ['category=%2Fpolitics', 'category must be a section slug such as "politics" or "us/crime"'],
    [`category=${'a'.repeat(201)}`, 'category must be a section slug such as "politics" or "us/crime"'],
    ['size=5&size=6', 'size may be given once'],
    [`contentTypes=${encodeURIComponent('{"slideshow":true}')}&contentTypes=${encodeURIComponent('{"article":true}')}`, 'contentTypes may be given once'],
    ...[
      'slideshow',
      '{slideshow:true}',
      '{"video":true}',
      '{"slideshow":"true"}',
      '{"slideshow":false}',
      '{}',
      '[]',
      'null',
      '["slideshow"]',
      `{"slideshow":true,${'"x":1,'.repeat(40)}"article":true}`,
    ].map((raw): [string, string] => [
      `contentTypes=${encodeURIComponent(raw)}`,
      'contentTypes must be a JSON object such as {"slideshow":true} naming at least one of article, interactive, slideshow',
    ]),
  ])('answers 400 INVALID_QUERY for %s', async (query, message) => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: `/api/article-search?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(errorSchema.parse(response.json())).toEqual({ error: { code: 'INVALID_QUERY', message } });
    expect(calls).toHaveLength(0);
  });

  it('filters by content type: the Recommended slideshows call (spec 1 §7, spec 2 §7: size 6, offset 0, category, contentTypes {slideshow:true})', async () => {
    const { app, calls } = await harness();
    const slideshows = encodeURIComponent('{"slideshow":true}');
    const expected = await upstreamTitles(`isCategory=true&searchSelected=lifestyle&size=6&from=0&contentTypes=${slideshows}`);
    expect(expected).toHaveLength(6);
    const response = await app.inject({ method: 'GET', url: `/api/article-search?category=lifestyle&size=6&from=0&contentTypes=${slideshows}` });
    expect(response.statusCode).toBe(200);
    const items = bodySchema.parse(response.json()).items;
    expect(items.map(({ title, url }) => ({ title, url }))).toEqual(expected);
    // Every item is a slideshow article upstream; without the filter the section has other types.
    for (const item of items) {
      const article = await fetch(`${upstream.url}/api/article?path=${encodeURIComponent(item.url)}`);
      const record = z.object({ data: z.object({ results: z.tuple([z.object({ fn__legacy_type: z.string() })]) }) }).parse(await article.json());
      expect(record.data.results[0].fn__legacy_type).toBe('slideshow');
    }
    const unfiltered = await upstreamTitles('isCategory=true&searchSelected=lifestyle&size=100&from=0');
    expect(unfiltered.length).toBeGreaterThan(7);

    // Forwarded as the same JSON with only the whitelisted parameters.
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({
      size: '6',
      from: '0',
      isCategory: 'true',
      searchSelected: 'lifestyle',
      contentTypes: '{"slideshow":true}',
    });

    // false entries are dropped, so this is the same query: served from the cache.
    const same = await app.inject({
      method: 'GET',
      url: `/api/article-search?category=lifestyle&size=6&contentTypes=${encodeURIComponent('{"article":false,"slideshow":true}')}`,
    });
    expect(same.json()).toEqual(response.json());
    expect(calls).toHaveLength(1);

    // A different filter is a different answer and a different upstream call.
    const articles = await app.inject({ method: 'GET', url: `/api/article-search?category=lifestyle&size=6&contentTypes=${encodeURIComponent('{"article":true}')}` });
    expect(articles.statusCode).toBe(200);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.searchParams.get('contentTypes')).toBe('{"article":true}');
    const articleUrls = new Set(bodySchema.parse(articles.json()).items.map((item) => item.url));
    for (const item of items) expect(articleUrls.has(item.url)).toBe(false);
  });

  it('makes one upstream call for 10 identical concurrent requests', async () => {
    const { app, calls } = await harness();
    // A slow upstream keeps the first call in flight while the other nine arrive.
    await addFault({ path: '/api/article-search', mode: 'delay', delayMs: 200, times: 1 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: '/api/article-search?category=politics&size=11&from=0' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const bodies = new Set(responses.map((response) => response.body));
    expect(bodies.size).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('serves the last good answer, marked stale, when upstream fails; 502 once it is over 10 minutes old', async () => {
    const { app, calls, advance } = await harness();
    const url = '/api/article-search?category=politics&size=11&from=0';
    const good = await app.inject({ method: 'GET', url });
    expect(good.statusCode).toBe(200);

    await addFault({ path: '/api/article-search', mode: 'status', status: 500 });
    // Within 30 s the cached answer is fresh: upstream is not asked.
    advance(29_000);
    const fresh = await app.inject({ method: 'GET', url });
    expect(fresh.headers['x-stale']).toBeUndefined();
    expect(calls).toHaveLength(1);

    advance(2_000);
    const stale = await app.inject({ method: 'GET', url });
    expect(calls).toHaveLength(2);
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(good.json());
    expect(stale.headers['x-stale']).toBe('1');
    expect(stale.headers['warning']).toBe('110 - "Response is Stale"');
    expect(stale.headers['cache-control']).toBe('no-store');

    advance(10 * 60_000 - 31_000);
    expect((await app.inject({ method: 'GET', url })).headers['x-stale']).toBe('1');

    advance(1_000);
    const gone = await app.inject({ method: 'GET', url });
    expect(gone.statusCode).toBe(502);
    expect(errorSchema.parse(gone.json()).error.code).toBe('UPSTREAM_UNAVAILABLE');

    // Upstream back: a fresh answer again.
    await upstream.app.inject({ method: 'DELETE', url: '/__sample/faults' });
    const back = await app.inject({ method: 'GET', url });
    expect(back.statusCode).toBe(200);
    expect(back.headers['x-stale']).toBeUndefined();
    expect(back.json()).toEqual(good.json());
  });

  it('answers 502 JSON when upstream fails and nothing is cached', async () => {
    const { app } = await harness();
    await addFault({ path: '/api/article-search', mode: 'status', status: 503 });
    const response = await app.inject({ method: 'GET', url: '/api/article-search?category=politics' });
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(errorSchema.parse(response.json())).toEqual({
      error: { code: 'UPSTREAM_UNAVAILABLE', message: 'Articles are unavailable right now; try again shortly' },
    });

    await upstream.app.inject({ method: 'DELETE', url: '/__sample/faults' });
    await addFault({ path: '/api/article-search', mode: 'malformed' });
    const malformed = await app.inject({ method: 'GET', url: '/api/article-search?category=us' });
    expect(malformed.statusCode).toBe(502);
    expect(errorSchema.parse(malformed.json()).error.code).toBe('UPSTREAM_BAD_RESPONSE');
  });

  it('is not registered without an upstream: /api/article-search is the 404 page', async () => {
    const { app } = await harness({ live: false });
    const response = await app.inject({ method: 'GET', url: '/api/article-search?category=politics' });
    expect(response.statusCode).toBe(404);
  });
});

describe('what reaches the browser', () => {
  const summary: ArticleSummary = {
    id: 'a1',
    title: 'Title',
    url: '/politics/a',
    imageUrl: 'javascript:alert(1)',
    description: 'Dek',
    category: { name: 'Politics', url: '//evil.example/politics' },
    publicationDate: '2024-05-01T12:00:00Z',
    duration: '01:00',
    isBreaking: true,
    isDeveloping: false,
    isLive: false,
    authors: [
      { name: 'A', url: 'https://www.example.com/person/a', email: 'secret@example.com' },
      { name: 'B', url: 'data:text/html,x' },
    ],
  };

  it('keeps only the whitelisted fields and safe URLs', () => {
    expect(toLiveItem(summary)).toEqual({
      title: 'Title',
      url: '/politics/a',
      description: 'Dek',
      category: { name: 'Politics' },
      publicationDate: '2024-05-01T12:00:00Z',
      authors: [{ name: 'A', url: 'https://www.example.com/person/a' }, { name: 'B' }],
    });
  });

  it('drops an item whose own URL is unsafe', () => {
    expect(toLiveItem({ ...summary, url: 'javascript:alert(1)' })).toBeNull();
    expect(toLiveItem({ ...summary, url: '/\\evil.example' })).toBeNull();
  });

  it.each([
    ['/politics/a', true],
    ['https://example.com/a', true],
    ['http://example.com/a', true],
    ['//evil.example/a', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['data:text/html,x', false],
    ['mailto:a@example.com', false],
    ['', false],
    ['politics/a', false],
  ])('safeLiveUrl(%j) is safe: %s', (url, safe) => {
    expect(safeLiveUrl(url) !== undefined).toBe(safe);
  });

  it('normalises the query', () => {
    expect(parseArticleSearchQuery('?category=us/crime&size=5&from=10&x=1')).toEqual({ ok: true, query: { category: 'us/crime', size: 5, from: 10 } });
    expect(parseArticleSearchQuery('')).toEqual({ ok: true, query: { size: 11, from: 0 } });
    expect(parseArticleSearchQuery(`?contentTypes=${encodeURIComponent('{"slideshow":true,"article":true,"interactive":false}')}`)).toEqual({
      ok: true,
      query: { size: 11, from: 0, contentTypes: ['article', 'slideshow'] },
    });
  });
});

describe('edge-router upstream configuration (main.ts)', () => {
  it('reads the upstream variables with their defaults', () => {
    expect(loadEdgeUpstreamConfig({}).UPSTREAM_BASE_URL).toBe('http://127.0.0.1:4010');
    const config = loadEdgeUpstreamConfig({ UPSTREAM_BASE_URL: 'http://upstream.test:9000', UPSTREAM_TIMEOUT_MS: '1500' });
    expect([config.UPSTREAM_BASE_URL, config.UPSTREAM_TIMEOUT_MS]).toEqual(['http://upstream.test:9000', 1500]);
  });

  it('stops start-up on a bad upstream variable', () => {
    const failsWith = (load: () => unknown): string => {
      try {
        load();
      } catch (error) {
        if (isPlatformError(error, 'CONFIG_INVALID')) return error.message;
        throw error;
      }
      throw new Error('expected CONFIG_INVALID');
    };
    expect(failsWith(() => loadEdgeConfig({ UPSTREAM_TIMEOUT_MS: 'soon' }))).toContain('UPSTREAM_TIMEOUT_MS');
    expect(failsWith(() => loadEdgeUpstreamConfig({ UPSTREAM_STAGE: 'prod' }))).toContain('UPSTREAM_DOMAIN');
  });
});
