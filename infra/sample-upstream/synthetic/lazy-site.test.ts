/**
 * The synthetic site served on demand (the generator goes up to a million
 * pages): the same answers, byte for byte, as the same site held as records, and a million
 * articles in a small process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleUpstream, startSampleUpstream, type RunningSampleUpstream, type SampleUpstreamOptions } from '../server.js';
import { createDataset } from '../data/index.js';
import { SEARCH_SCAN_LIMIT } from '../search-routes.js';
import { createSyntheticDataset, MAX_SYNTHETIC_ARTICLES, SYNTHETIC_SECTIONS, syntheticArticle, syntheticArticlePath } from './index.js';

const SEED = 3;
const SIZE = 200;
const ORIGIN = 'https://www.foxnews.com';

type Health = { articles: number };
type Listing<T> = { data: { results: T[]; total: number } };
type Summary = { id: string; title: string; url: string; publicationDate: string };
type SiteSearch = { numFound: number; data: { attributes: { title: string; description?: string }; taxonomy: unknown[] }[] };

/** Requests that cover every route reading articles, at offsets around the site's edges. */
function readRequests(n: number): string[] {
  const urls = ['/__sample/health'];
  for (const i of [0, 1, 7, n - 1, n, n + 5]) urls.push(`/api/article?path=${encodeURIComponent(syntheticArticlePath(i))}`);
  urls.push('/api/article?path=/politics/senate-panel-advances-rural-broadband-bill', '/api/article?path=/us/moved-31');
  for (const from of [0, 3, 40, 150, n - 2, n + 40, n + 100]) {
    urls.push(`/api/article-search?size=100&from=${from}`);
    for (const section of [...SYNTHETIC_SECTIONS, 'tech', 'nope']) urls.push(`/api/article-search?size=11&from=${from}&isCategory=true&searchSelected=${section}`);
  }
  for (const types of ['{"slideshow":true}', '{"article":true}', '{"article":false}']) {
    urls.push(`/api/article-search?size=100&contentTypes=${encodeURIComponent(types)}`);
    urls.push(`/api/article-search?size=20&offset=30&contentTypes=${encodeURIComponent(types)}&isCategory=true&searchSelected=politics`);
  }
  const named = [syntheticArticlePath(5), `${ORIGIN}${syntheticArticlePath(9)}`, syntheticArticlePath(2), syntheticArticlePath(n + 3), '/politics/senate-panel-advances-rural-broadband-bill'];
  urls.push(`/api/article-search?size=10&searchBy=urls&value=${encodeURIComponent(named.join(','))}`);
  urls.push(`/api/article-search?size=2&from=1&searchBy=urls&value=${encodeURIComponent(named.join(','))}&isCategory=true&searchSelected=us`);
  for (const size of [1, 7, 1000]) for (const from of [0, 5, 40, 60, 100, n - 3, n + 50, n + 100]) urls.push(`/api/sitemap?from=${from}&size=${size}`);
  for (const q of ['council approve', 'story 12', 'senate', 'flood']) {
    urls.push(`/api/search?q=${encodeURIComponent(q)}`, `/api/search?q=${encodeURIComponent(q)}&sort=latest&start=11&section=us`);
    urls.push(`/api/search?q=${encodeURIComponent(q)}&min_date=20250319&max_date=20250320&type=article`);
  }
  return urls;
}

/** Edits through the scaffolding: replaced, moved, unpublished, deleted synthetic articles, new ones tied on date. */
function edits(seed: number): [method: 'PATCH' | 'PUT' | 'DELETE', url: string, body?: object][] {
  const id = (i: number) => `syn-${seed}-${i}`;
  return [
    ['PATCH', `/__sample/articles/${id(4)}`, { title: 'Edited synthetic headline', publication_date: '2025-03-21T00:00:00Z' }],
    ['PATCH', `/__sample/articles/${id(12)}`, { description: 'council special' }],
    ['DELETE', `/__sample/articles/${id(6)}`],
    ['DELETE', `/__sample/articles/${id(6)}`],
    ['PATCH', `/__sample/articles/${id(6)}`, { title: 'gone' }],
    ['DELETE', `/__sample/articles/${id(SIZE + 7)}`],
    ['PUT', `/__sample/articles/${id(20)}`, { title: 'off contract' }],
    ['PATCH', `/__sample/articles/${id(30)}`, { published: false }],
    ['PATCH', `/__sample/articles/${id(31)}`, { canonical_url: `${ORIGIN}/us/moved-31`, urls: [`${ORIGIN}/us/moved-31`, `${ORIGIN}${syntheticArticlePath(31)}`] }],
    ['PUT', '/__sample/articles/new-1', { ...syntheticArticle(2, seed), canonical_url: `${ORIGIN}/world/new-one`, publication_date: '2025-03-22T00:00:00Z' }],
    ['PUT', '/__sample/articles/aaa-tie', { ...syntheticArticle(10, seed), canonical_url: `${ORIGIN}/world/tie-a` }],
    ['DELETE', '/__sample/articles/art-1001'],
  ];
}

async function transcript(options: SampleUpstreamOptions): Promise<string[]> {
  const app = buildSampleUpstream(options);
  const out: string[] = [];
  const send = async (method: 'GET' | 'PATCH' | 'PUT' | 'DELETE' | 'POST', url: string, body?: object) => {
    const response = await app.inject({ method, url, ...(body ? { payload: body } : {}) });
    out.push(`${method} ${url} -> ${response.statusCode} ${response.body}`);
  };
  try {
    for (const url of readRequests(SIZE)) await send('GET', url);
    for (const [method, url, body] of edits(SEED)) await send(method, url, body);
    for (const url of readRequests(SIZE)) await send('GET', url);
    await send('POST', '/__sample/reset');
    for (const url of readRequests(SIZE).slice(0, 40)) await send('GET', url);
  } finally {
    await app.close();
  }
  return out;
}

describe('the synthetic site served on demand', () => {
  it('answers every article route exactly as the same site held as records, before and after edits', async () => {
    const held = await transcript({ dataset: createSyntheticDataset({ articles: SIZE, seed: SEED }) });
    const lazy = await transcript({ synthetic: { articles: SIZE, seed: SEED } });
    expect(lazy).toHaveLength(held.length);
    // The transcripts exercise what they claim to: lists, site map pages, search hits, edits.
    expect(held.filter((line) => line.includes('-> 200 ')).length).toBeGreaterThan(held.length * 0.9);
    expect(held.some((line) => line.includes('Edited synthetic headline') && line.startsWith('GET /api/article-search'))).toBe(true);
    expect(held.some((line) => line.includes(`"path":"${syntheticArticlePath(31)}","type":"redirect"`))).toBe(true);
    // Ties on date go by id: the copy of article 10 ("aaa-tie") comes just before it.
    const latest = lazy.filter((line) => line.startsWith('GET /api/article-search?size=100&from=0 ')).at(1) ?? '';
    const ids = [...latest.matchAll(/"id":"([^"]+)"/g)].map((match) => match[1]);
    expect(ids.indexOf(`syn-${SEED}-10`) - ids.indexOf('aaa-tie')).toBe(1);
    expect(ids.indexOf('aaa-tie')).toBeGreaterThan(0);
    lazy.forEach((line, i) => expect(line).toBe(held[i]));
  });

  it('keeps an empty or unknown category from changing the unfiltered lists', async () => {
    for (const options of [{}, { synthetic: { articles: SIZE, seed: SEED } }] satisfies SampleUpstreamOptions[]) {
      const app = buildSampleUpstream(options);
      const total = async (url: string) => (await app.inject({ url })).json<Listing<unknown>>().data.total;
      const all = await total('/api/article-search?size=1');
      const siteMap = await total('/api/sitemap?size=1');
      expect(all).toBeGreaterThan(0);
      // An empty category once shared the unfiltered list's cache key: it answered every article,
      // or, asked before it, emptied the unfiltered lists and the site map.
      for (const selected of ['', 'no-such-section']) expect(await total(`/api/article-search?size=1&isCategory=true&searchSelected=${selected}`)).toBe(0);
      expect(await total('/api/article-search?size=1')).toBe(all);
      expect(await total('/api/sitemap?size=1')).toBe(siteMap);
      expect(await total('/api/article-search?size=1&isCategory=true&searchSelected=')).toBe(0);
      await app.close();
    }
  });

  it('refuses a size above a million', () => {
    expect(() => buildSampleUpstream({ synthetic: { articles: MAX_SYNTHETIC_ARTICLES + 1 } })).toThrow(RangeError);
  });
});

describe('a million synthetic articles', () => {
  const COUNT = MAX_SYNTHETIC_ARTICLES;
  /** Heap growth allowed for the whole site and the requests below; holding the records took ~25 GB. */
  const HEAP_BOUND_BYTES = 200 * 1024 * 1024;
  let upstream: RunningSampleUpstream;
  let heapBefore = 0;
  const own = createDataset().articles;

  beforeAll(async () => {
    heapBefore = process.memoryUsage().heapUsed;
    upstream = await startSampleUpstream({ port: 0, synthetic: { articles: COUNT } });
  });
  afterAll(() => upstream.close());

  /** A JSON answer, typed as the contract describes it (the assertions check the values). */
  async function json<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
    const response = await fetch(`${upstream.url}${path}`, init);
    return { status: response.status, body: (await response.json()) as T };
  }

  it('answers an article, a section page, a search page and a site map page with the heap under its bound', async () => {
    const health = await json<Health>('/__sample/health');
    expect(health.body.articles).toBe(COUNT + own.length);

    const last = await json<Listing<Summary>>(`/api/article?path=${syntheticArticlePath(COUNT - 1)}`);
    expect(last.body.data.results[0]).toMatchObject({ id: `syn-1-${COUNT - 1}`, title: syntheticArticle(COUNT - 1).title });

    // Deep in a section: every item of that section, newest first, the total counting them all.
    const section = await json<Listing<Summary>>('/api/article-search?isCategory=true&searchSelected=sports&size=11&from=100000');
    const sports = (i: number) => i % SYNTHETIC_SECTIONS.length === SYNTHETIC_SECTIONS.indexOf('sports');
    const ownSports = own.filter((a) => a.wp__category?.slug === 'sports').length;
    expect(section.body.data.total).toBe(COUNT / SYNTHETIC_SECTIONS.length + ownSports);
    const items = section.body.data.results;
    expect(items).toHaveLength(11);
    for (const item of items) expect(sports(Number(/synthetic-story-(\d+)$/.exec(item.url)?.[1] ?? -1))).toBe(true);
    expect(items.map((item) => item.publicationDate)).toEqual(items.map((item) => item.publicationDate).sort().reverse());

    // Site search in a section, second page: hits match, within the scanned window.
    const search = await json<SiteSearch>('/api/search?q=flood%20study&section=us&sort=latest&start=11');
    expect(search.body.numFound).toBeGreaterThan(20);
    expect(search.body.numFound).toBeLessThanOrEqual(SEARCH_SCAN_LIMIT);
    expect(search.body.data).toHaveLength(10);
    for (const hit of search.body.data) {
      expect(`${hit.attributes.title} ${hit.attributes.description}`.toLowerCase()).toContain('flood study');
      expect(hit.taxonomy.length).toBeGreaterThan(0);
    }

    // A site map page in the middle, and the total the client walks to.
    const siteMap = await json<Listing<{ type: string; path: string }>>('/api/sitemap?from=500000&size=5000');
    expect(siteMap.body.data.results).toHaveLength(5000);
    expect(siteMap.body.data.total).toBeGreaterThan(COUNT + own.length);
    expect(siteMap.body.data.results.every((entry) => entry.type === 'article' && entry.path.includes('/synthetic-story-'))).toBe(true);

    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(HEAP_BOUND_BYTES);
  });

  it('serves an edited synthetic article edited, in its page and its lists, and drops a deleted one', async () => {
    const index = COUNT - 8;
    const path = syntheticArticlePath(index);
    const patch = await json<{ ok: boolean; valid: boolean }>(`/__sample/articles/syn-1-${index}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Edited millionth headline' }),
    });
    expect(patch.body).toMatchObject({ ok: true, valid: true });
    expect((await json<Listing<Summary>>(`/api/article?path=${path}`)).body.data.results[0]?.title).toBe('Edited millionth headline');
    const slug = SYNTHETIC_SECTIONS[index % SYNTHETIC_SECTIONS.length] ?? '';
    const total = (await json<Listing<Summary>>(`/api/article-search?isCategory=true&searchSelected=${slug}&size=1`)).body.data.total;
    // The edited article is the section's oldest synthetic one (its largest index): near the end.
    const tail = await json<Listing<Summary>>(`/api/article-search?isCategory=true&searchSelected=${slug}&size=2&from=${total - 2}`);
    expect(tail.body.data.results.map((item) => item.title)).toContain('Edited millionth headline');

    expect((await json(`/__sample/articles/syn-1-${COUNT - 1}`, { method: 'DELETE' })).status).toBe(200);
    expect((await json<Listing<Summary>>(`/api/article?path=${syntheticArticlePath(COUNT - 1)}`)).status).toBe(404);
    expect((await json<Health>('/__sample/health')).body.articles).toBe(COUNT - 1 + own.length);

    await json('/__sample/reset', { method: 'POST' });
    expect((await json<Listing<Summary>>(`/api/article?path=${path}`)).body.data.results[0]?.title).toBe(syntheticArticle(index).title);
    expect((await json<Health>('/__sample/health')).body.articles).toBe(COUNT + own.length);
  });
});
