/**
 * The editor tools on the admin server: republish scopes, page status, rollback, and their admin
 * page forms. Real Redis (test kit), a real filesystem store, the admin app through app.inject.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admitPageRender, takePageFence } from '../core/page-fence.js';
import { PageStatusStore } from '../core/page-status.js';
import { parseRenderJob, PRIORITY } from '../core/queue.js';
import { CACHE_POLICIES } from '../core/storage/cache-policy.js';
import { createFsStore } from '../core/storage/fs-driver.js';
import { feedKey, pageKey, rootFileKey } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import { contentHash } from '../core/storage/write.js';
import { parseUpstreamConfig } from '../core/config/upstream.js';
import type { PageRef } from '../core/dependency-index.js';
import { streamSitePages } from '../core/site-pages.js';
import { createUpstreamClient, type UpstreamClient } from '../core/upstream/client.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../infra/sample-upstream/server.js';
import { HTML_CONTENT_TYPE, publishPage } from '../render-workers/publish.js';
import { buildAdminApp } from './app.js';
import { republishScope, SCOPE_BATCH } from './republish.js';
import { pendingJobs, startIngestTestKit, type IngestTestKit } from './test-helpers.js';

const ADMIN_TOKEN = 'admin-token-0123456789abcdef';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };

let kit: IngestTestKit;
let app: FastifyInstance;
let store: ObjectStore;
let root: string;
const purged: string[][] = [];
/** The sample upstream whose site map a whole-site republish reads, and a client of it. */
let sample: RunningSampleUpstream;
let siteMap: UpstreamClient;

const clientOf = (upstream: RunningSampleUpstream): UpstreamClient =>
  createUpstreamClient({ config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '10000' }), logger: kit.logger });

async function collect(stream: AsyncIterable<PageRef>): Promise<string[]> {
  const refs: string[] = [];
  for await (const ref of stream) refs.push(`${ref.site}:${ref.path}`);
  return refs;
}

beforeAll(async () => {
  kit = await startIngestTestKit();
  root = await mkdtemp(join(tmpdir(), 'page-admin-test-'));
  store = createFsStore({ root, durable: false });
  sample = await startSampleUpstream({ port: 0 });
  siteMap = clientOf(sample);
  app = await buildAdminApp({
    config: { adminToken: ADMIN_TOKEN, webhookSecret: 'webhook-secret-0123456789abcdef', queuePrefix: kit.prefix },
    producer: kit.producer,
    index: kit.index,
    redis: kit.redis,
    queue: kit.producer.queue,
    logger: kit.logger,
    store,
    siteMap,
    // A CDN stand-in with core/cdn's Purger shape; the integration test purges through real HTTP.
    purger: {
      purge: (keys: string[]) => {
        purged.push(keys);
        return Promise.resolve({ keys, ok: true, requests: 1 });
      },
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await kit?.close();
  await sample?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  await kit.reset();
  await sample.app.inject({ method: 'DELETE', url: '/__sample/faults' });
  await rm(root, { recursive: true, force: true });
  purged.length = 0;
});

async function storePage(site: 'news' | 'es', path: string, html = `<p>${path}</p>`): Promise<void> {
  await store.put(pageKey(site, path, 'standard'), Buffer.from(html), {
    contentType: HTML_CONTENT_TYPE,
    cacheControl: CACHE_POLICIES.html,
    surrogateKeys: [],
    contentHash: contentHash(html),
    renderedAt: new Date().toISOString(),
    reason: 'event',
  });
}

async function pending(): Promise<Array<{ page: string; priority: number; reason: string; requestedBy: string | undefined }>> {
  return (await pendingJobs(kit.inspect)).map((job) => {
    const data = parseRenderJob(job.data);
    return { page: `${data.site}:${data.path}`, priority: job.priority, reason: data.reason, requestedBy: data.requestedBy };
  });
}

const pages = async () => (await pending()).map((p) => p.page).sort();

describe('authentication', () => {
  it('answers 401 without the token on every editor route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/admin/pages/status?site=news&path=/a', undefined],
      ['POST', '/admin/pages/rollback', { path: '/a' }],
      ['POST', '/admin/republish', { scope: 'site' }],
      ['GET', '/admin/republish/scopes/s-123', undefined],
      ['GET', '/admin/page?path=/a', undefined],
      ['POST', '/admin/rollback-form', undefined],
    ] as const) {
      const response = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(401);
      const wrong = await app.inject({ method, url, headers: { authorization: 'Bearer not-the-token-0123456789' }, ...(payload ? { payload } : {}) });
      expect(wrong.statusCode, url).toBe(401);
    }
    expect(await pending()).toEqual([]);
  });
});

describe('POST /admin/republish with a scope', () => {
  it('prefix: every stored page at or below the path, not its neighbours, at the bulk priority', async () => {
    for (const path of ['/politics', '/politics/a', '/politics/b/c', '/politics-extra', '/sports/x']) await storePage('news', path);
    await storePage('es', '/politics/es-only');
    const response = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { scope: 'prefix', prefix: '/politics/', requestedBy: 'Jane' } });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ scope: { kind: 'prefix', site: 'news', value: '/politics', requestedBy: 'Jane' }, pages: 3, enqueued: 3, deduplicated: 0, failed: 0 });
    const jobs = await pending();
    expect(jobs.map((j) => j.page).sort()).toEqual(['news:/politics', 'news:/politics/a', 'news:/politics/b/c']);
    for (const job of jobs) {
      expect(job).toMatchObject({ priority: PRIORITY['bulk-republish'], reason: 'bulk-republish' });
      expect(job.requestedBy).toMatch(/^Jane \(prefix s-/);
    }
  });

  it('section: the front, the pages below it, and the pages that list its articles', async () => {
    await storePage('news', '/politics/story');
    await kit.index.record({ site: 'news', path: '/' }, ['list:category:politics', 'menu']);
    await kit.index.record({ site: 'news', path: '/rss/politics.xml' }, ['list:category:politics']);
    await kit.index.record({ site: 'es', path: '/' }, ['list:category:politics']);
    await kit.index.record({ site: 'news', path: '/sports' }, ['list:category:sports']);
    const response = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { scope: 'section', section: 'politics' } });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ pages: 4 });
    expect(await pages()).toEqual(['news:/', 'news:/politics', 'news:/politics/story', 'news:/rss/politics.xml']);
  });

  it('tag: the pages that read the tag or its videos', async () => {
    await kit.index.record({ site: 'news', path: '/category/politics/elections' }, ['tag:politics/elections']);
    await kit.index.record({ site: 'news', path: '/video' }, ['videos:tag:politics/elections']);
    await kit.index.record({ site: 'news', path: '/other' }, ['tag:sports']);
    const response = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { scope: 'tag', tag: 'politics/elections' } });
    expect(response.statusCode).toBe(202);
    expect(await pages()).toEqual(['news:/category/politics/elections', 'news:/video']);
  });

  it('site: every page of the upstream site map with the crawler files, on an empty store', async () => {
    const response = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { scope: 'site', site: 'es' } });
    expect(response.statusCode).toBe(202);
    const expected = [...new Set(await collect(streamSitePages(siteMap, ['es'])))].sort();
    // The sample site map has a few hundred pages: the home, fronts, articles, static pages and the rest.
    expect(expected.length).toBeGreaterThan(200);
    expect(expected).toEqual(expect.arrayContaining(['es:/', 'es:/robots.txt', 'es:/sitemap.xml', 'es:/rss/politics.xml', 'es:/politics']));
    expect(response.json()).toMatchObject({ pages: expected.length, enqueued: expected.length, deduplicated: 0, failed: 0, listingFailed: null });
    expect(await pages()).toEqual(expected);
  });

  it('site: and every stored page the site map does not list, each page once, that site only', async () => {
    // Stored pages beyond the site map (rendered on a miss, or gone upstream) and pages it lists.
    await storePage('news', '/politics/stored-only');
    await storePage('news', '/');
    await storePage('es', '/mundo/es-only');
    for (const key of [rootFileKey('news', 'robots.txt'), rootFileKey('news', 'sitemap.xml'), feedKey('news', 'politics')]) {
      await store.put(key, Buffer.from('x'), { contentType: 'text/plain', cacheControl: CACHE_POLICIES.html, surrogateKeys: [], contentHash: contentHash('x'), renderedAt: new Date().toISOString(), reason: 'schedule' });
    }
    const response = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { scope: 'site', site: 'news' } });
    expect(response.statusCode).toBe(202);
    const fromSiteMap = new Set(await collect(streamSitePages(siteMap, ['news'])));
    const expected = [...fromSiteMap, 'news:/politics/stored-only'].sort();
    expect(response.json()).toMatchObject({ pages: expected.length, enqueued: expected.length, deduplicated: 0, failed: 0, listingFailed: null });
    expect(await pages()).toEqual(expected);
  });

  it('site: a site map that fails part-way keeps what was queued and says why the list stopped', async () => {
    // A site map of several upstream pages (1,000 paths each) whose second page answers 500.
    const large = await startSampleUpstream({ port: 0, synthetic: { articles: 2_500 } });
    try {
      await large.app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/sitemap', query: { from: '1000' }, mode: 'status', status: 500 } });
      await storePage('news', '/politics/stored-only');
      const result = await republishScope(
        { site: 'news', kind: 'site', value: '' },
        { producer: kit.producer, queue: kit.producer.queue, redis: kit.redis, logger: kit.logger, store, index: kit.index, siteMap: clientOf(large) },
      );
      expect(result.listingFailed).toMatch(/^UPSTREAM_UNAVAILABLE: .*sitemap.* 500/i);
      // The first site-map page went out in batches before the failure; nothing after it was listed.
      expect(result).toMatchObject({ pages: 1_000, enqueued: 1_000, failed: 0 });
      expect(1_000 % SCOPE_BATCH).toBe(0);
      const queued = await pages();
      expect(queued).toHaveLength(1_000);
      expect(queued).not.toContain('news:/politics/stored-only');
      // Its progress is followed like any scope's, and the set of queued paths is gone.
      const progress = await app.inject({ method: 'GET', url: `/admin/republish/scopes/${result.scope.id}`, headers: auth });
      expect(progress.json()).toMatchObject({ listingFailed: result.listingFailed, progress: { total: 1_000, pending: 1_000 } });
      expect(await kit.redis.keys(`${kit.prefix}*queued*`)).toEqual([]);
    } finally {
      await large.close();
    }
  });

  it('site: refused with CONFIG_INVALID by an admin server given no site map, queueing nothing', async () => {
    const bare = await buildAdminApp({
      config: { adminToken: ADMIN_TOKEN, webhookSecret: 'webhook-secret-0123456789abcdef', queuePrefix: kit.prefix },
      producer: kit.producer,
      index: kit.index,
      redis: kit.redis,
      queue: kit.producer.queue,
      logger: kit.logger,
      store,
    });
    try {
      const response = await bare.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { scope: 'site' } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ error: { code: 'CONFIG_INVALID' } });
      expect(await pending()).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('a single-page republish made after a whole-site republish runs first', async () => {
    for (let i = 0; i < 30; i += 1) await storePage('news', `/section/page-${i}`);
    await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { scope: 'site' } });
    await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { path: '/breaking' } });
    const order = await kit.inspect.getPrioritized(0, -1);
    expect(parseRenderJob(order[0]?.data)).toMatchObject({ path: '/breaking', reason: 'republish' });
    expect(order[0]?.priority).toBeLessThan(PRIORITY['bulk-republish']);
    expect(PRIORITY['bulk-republish']).toBeGreaterThan(PRIORITY.schedule);
    expect(PRIORITY['bulk-republish']).toBeLessThan(PRIORITY.sweep);
  });

  it('counts pages already queued as deduplicated, and reports progress by scope id', async () => {
    await storePage('news', '/a');
    await storePage('news', '/b');
    await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { path: '/a' } });
    const site = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { scope: 'site' } });
    const siteBody = site.json<{ scope: { id: string }; pages: number; enqueued: number; deduplicated: number }>();
    // The site map's pages and /b are new jobs; /a (stored only) joins the render already queued.
    const fromSiteMap = new Set(await collect(streamSitePages(siteMap, ['news']))).size;
    expect(siteBody).toMatchObject({ pages: fromSiteMap + 2, enqueued: fromSiteMap + 1, deduplicated: 1 });
    const progress = await app.inject({ method: 'GET', url: `/admin/republish/scopes/${siteBody.scope.id}`, headers: auth });
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toMatchObject({ scope: { id: siteBody.scope.id }, progress: { total: siteBody.pages, completed: 0, failed: 0, pending: siteBody.pages } });
    const missing = await app.inject({ method: 'GET', url: '/admin/republish/scopes/s-00000000-0000-0000-0000-000000000000', headers: auth });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a bad scope with 400 and enqueues nothing', async () => {
    for (const payload of [
      { scope: 'prefix', prefix: '/' },
      { scope: 'prefix', prefix: '/../etc' },
      { scope: 'section', section: 'Not A Slug' },
      { scope: 'tag', tag: 'has space' },
      { scope: 'galaxy' },
      { scope: 'site', site: 'fr' },
      { scope: 'site', path: '/extra-field' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toMatch(/^INVALID_(PATH|JOB)$/);
    }
    expect(await pending()).toEqual([]);
  });
});

describe('GET /admin/pages/status', () => {
  it('shows when and why the page was rendered, by which job, its variants, dependencies, last error and versions', async () => {
    const page = { site: 'news', path: '/politics/status-story' } as const;
    const objects = (html: string) => [
      { key: pageKey('news', page.path, 'standard'), body: html, contentType: HTML_CONTENT_TYPE, cacheControl: CACHE_POLICIES.html },
      { key: pageKey('news', page.path, 'amp'), body: `amp ${html}`, contentType: HTML_CONTENT_TYPE, cacheControl: CACHE_POLICIES.html },
    ];
    await publishPage(store, kit.index, { page, objects: objects('<p>one</p>'), dataKeys: ['article:1', 'menu'], reason: 'event', jobId: 'r-first', fence: 3 });
    await publishPage(store, kit.index, { page, objects: objects('<p>two!</p>'), dataKeys: ['article:1', 'menu'], reason: 'republish', jobId: 'r-second', fence: 4 });
    await new PageStatusStore(kit.redis, kit.prefix).recordFailure(page, { jobId: 'r-third', reason: 'event', message: 'UPSTREAM_UNAVAILABLE: 503', at: '2025-05-01T00:00:00.000Z' });

    const response = await app.inject({ method: 'GET', url: '/admin/pages/status?site=news&path=https://www.example.com/politics/status-story.amp', headers: auth });
    expect(response.statusCode).toBe(200);
    const status = response.json<Record<string, unknown>>();
    expect(status).toMatchObject({
      site: 'news',
      path: page.path,
      stored: true,
      lastRendered: { reason: 'republish', jobId: 'r-second' },
      dependencies: ['article:1', 'menu'],
      lastError: { jobId: 'r-third', reason: 'event', message: 'UPSTREAM_UNAVAILABLE: 503', count: 1 },
      variants: [
        { variant: 'standard', bytes: 11, jobId: 'r-second', fence: 4 },
        { variant: 'amp', bytes: 15, jobId: 'r-second', fence: 4 },
      ],
    });
    expect(status.versions).toEqual([{ id: expect.any(String) as unknown, renderedAt: expect.any(String) as unknown, reason: 'event', variants: ['standard', 'amp'] }]);
  });

  it('answers for a page with nothing stored, and 400 for a bad path', async () => {
    const empty = await app.inject({ method: 'GET', url: '/admin/pages/status?path=/never', headers: auth });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ stored: false, lastRendered: null, variants: [], versions: [], lastError: null, dependencies: [] });
    const bad = await app.inject({ method: 'GET', url: '/admin/pages/status?path=/a/../b', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'INVALID_PATH' } });
  });
});

describe('POST /admin/pages/rollback', () => {
  const page = { site: 'news', path: '/politics/rolled' } as const;
  const publish = (html: string, dataKeys: string[]) =>
    publishPage(store, kit.index, {
      page,
      objects: [{ key: pageKey('news', page.path, 'standard'), body: html, contentType: HTML_CONTENT_TYPE, cacheControl: CACHE_POLICIES.html }],
      dataKeys,
      reason: 'event',
    });

  it('restores the previous version, purges the page and restores its dependencies', async () => {
    await publish('<p>good</p>', ['article:1']);
    await publish('<p>bad edit</p>', ['article:1', 'article:2']);
    const response = await app.inject({ method: 'POST', url: '/admin/pages/rollback', headers: auth, payload: { path: page.path, requestedBy: 'Jane' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      site: 'news',
      path: page.path,
      restored: [{ variant: 'standard', bytes: 11 }],
      removed: [],
      stale: [],
      purge: { keys: [`page:news:${page.path}`], ok: true },
    });
    expect((await store.get(pageKey('news', page.path, 'standard')))?.body.toString()).toBe('<p>good</p>');
    expect((await store.head(pageKey('news', page.path, 'standard')))?.reason).toBe('rollback');
    expect(purged).toEqual([[`page:news:${page.path}`]]);
    expect(await kit.index.keysOf(page)).toEqual(['article:1']);
  });

  it('answers 404 VERSION_NOT_FOUND when there is nothing to go back to, and changes nothing', async () => {
    await publish('<p>only</p>', []);
    const response = await app.inject({ method: 'POST', url: '/admin/pages/rollback', headers: auth, payload: { path: page.path } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'VERSION_NOT_FOUND' } });
    const named = await app.inject({ method: 'POST', url: '/admin/pages/rollback', headers: auth, payload: { path: page.path, version: 'nope-nope' } });
    expect(named.statusCode).toBe(404);
    const invalid = await app.inject({ method: 'POST', url: '/admin/pages/rollback', headers: auth, payload: { path: page.path, version: '../x' } });
    expect(invalid.statusCode).toBe(400);
    expect(purged).toEqual([]);
    expect((await store.get(pageKey('news', page.path, 'standard')))?.body.toString()).toBe('<p>only</p>');
  });
});

describe('admin page', () => {
  it('offers every scope with labelled controls', async () => {
    const response = await app.inject({ method: 'GET', url: '/admin', headers: auth });
    expect(response.statusCode).toBe(200);
    for (const id of ['site', 'scope', 'path', 'requestedBy', 'status-site', 'status-path']) {
      expect(response.body).toContain(`<label for="${id}">`);
      expect(response.body).toContain(`id="${id}"`);
    }
    for (const scope of ['page', 'prefix', 'section', 'tag', 'site']) expect(response.body).toContain(`<option value="${scope}"`);
  });

  it('republishes a section from the form and shows the counts', async () => {
    await storePage('news', '/politics/x');
    const response = await app.inject({ method: 'POST', url: '/admin/republish-form', headers: form, payload: 'site=news&scope=section&path=politics&requestedBy=Jane' });
    expect(response.statusCode).toBe(202);
    expect(response.body).toContain('Queued section politics on news: 2 page(s), 2 new job(s)');
    expect(await pages()).toEqual(['news:/politics', 'news:/politics/x']);
  });

  it('shows a page status and rolls back from it', async () => {
    const page = { site: 'news', path: '/politics/form-rollback' } as const;
    for (const html of ['<p>first</p>', '<p>second</p>']) {
      await publishPage(store, kit.index, { page, objects: [{ key: pageKey('news', page.path, 'standard'), body: html, contentType: HTML_CONTENT_TYPE, cacheControl: CACHE_POLICIES.html }], dataKeys: ['menu'], reason: 'event' });
    }
    const status = await app.inject({ method: 'GET', url: `/admin/page?site=news&path=${encodeURIComponent(page.path)}`, headers: auth });
    expect(status.statusCode).toBe(200);
    expect(status.body).toContain('<caption>Stored variants</caption>');
    expect(status.body).toContain('<code>menu</code>');
    const version = /name="version" value="([^"]+)"/.exec(status.body)?.[1];
    expect(version).toBeDefined();
    const rolled = await app.inject({
      method: 'POST',
      url: '/admin/rollback-form',
      headers: form,
      payload: `site=news&path=${encodeURIComponent(page.path)}&version=${version ?? ''}`,
    });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.body).toContain(`Rolled back news ${page.path} to version ${version ?? ''}`);
    expect((await store.get(pageKey('news', page.path, 'standard')))?.body.toString()).toBe('<p>first</p>');
    expect(purged).toHaveLength(1);
  });

  it('says nothing was rolled back when a render that started after the request published first', async () => {
    const page = { site: 'news', path: '/politics/form-rollback-superseded' } as const;
    for (const html of ['<p>first</p>', '<p>second</p>']) {
      await publishPage(store, kit.index, { page, objects: [{ key: pageKey('news', page.path, 'standard'), body: html, contentType: HTML_CONTENT_TYPE, cacheControl: CACHE_POLICIES.html }], dataKeys: ['menu'], reason: 'event' });
    }
    // A render holding a higher token than the rollback will take is admitted first.
    const taken = await takePageFence(kit.redis, page, kit.prefix);
    expect(await admitPageRender(kit.redis, page, taken + 1_000, kit.prefix)).not.toBe('refused');
    const before = purged.length;
    const rolled = await app.inject({ method: 'POST', url: '/admin/rollback-form', headers: form, payload: `site=news&path=${encodeURIComponent(page.path)}` });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.body).toContain(`Nothing was rolled back: a render of news ${page.path} that started after your request was published first`);
    expect(rolled.body).not.toContain('Rolled back news');
    expect((await store.get(pageKey('news', page.path, 'standard')))?.body.toString()).toBe('<p>second</p>');
    expect(purged).toHaveLength(before);
  });
});
