/**
 * Varnish as the CDN (docs/architecture.md "Edge router", Varnish): varnishd running the production VCL
 * (infra/varnish/default.vcl, only the backend address replaced) in front of a real edge router on
 * the filesystem store. A page is cached (HIT on the second request) for the CDN's lifetime from
 * Surrogate-Control, not the browser's; a PURGE by surrogate key drops exactly the pages carrying
 * the key; and with the edge router stopped, Varnish keeps serving its stale copy (grace).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { CACHE_POLICIES } from '../../core/storage/cache-policy.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { pageKey } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { writeIfChanged } from '../../core/storage/write.js';
import { buildEdgeApp } from '../../edge-router/app.js';
import { startTestVarnish, type TestVarnish } from '../support/varnish.js';

/** Short lifetimes so grace is reached in a test: one second fresh at the CDN, a day of stale-if-error. */
const SHORT_POLICY = 'public, max-age=1, s-maxage=1, stale-while-revalidate=1, stale-if-error=86400';
/** A browser lifetime of one second and a CDN lifetime of five minutes. */
const SPLIT_POLICY = 'public, max-age=1, s-maxage=300, stale-if-error=86400';

const PAGES: Record<string, { keys: string[]; policy: string }> = {
  '/politics/story-one': { keys: ['page:news:/politics/story-one', 'article:one', 'menu'], policy: CACHE_POLICIES.html },
  '/politics/story-two': { keys: ['page:news:/politics/story-two', 'article:two', 'menu'], policy: CACHE_POLICIES.html },
  '/politics/story-three': { keys: ['page:news:/politics/story-three', 'article:three'], policy: CACHE_POLICIES.html },
  '/politics/split': { keys: ['page:news:/politics/split'], policy: SPLIT_POLICY },
  '/politics/short': { keys: ['page:news:/politics/short'], policy: SHORT_POLICY },
};

let dir: string;
let store: ObjectStore;
let edge: FastifyInstance;
let varnish: TestVarnish;

function html(path: string): string {
  return `<!doctype html><title>${path}</title><h1>${path}</h1>`;
}

async function get(path: string): Promise<{ status: number; cache: string | null; stale: string | null; headers: Headers; body: string }> {
  const response = await fetch(`${varnish.url}${path}`);
  return { status: response.status, cache: response.headers.get('x-cache'), stale: response.headers.get('x-cache-stale'), headers: response.headers, body: await response.text() };
}

async function purge(keys: string): Promise<{ status: number; body: string }> {
  const response = await fetch(varnish.url, { method: 'PURGE', headers: { xkey: keys } });
  return { status: response.status, body: await response.text() };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'varnish-test-'));
  store = createFsStore({ root: join(dir, 'storage') });
  for (const [path, { keys, policy }] of Object.entries(PAGES)) {
    await writeIfChanged(store, pageKey('news', path, 'standard'), html(path), {
      contentType: 'text/html; charset=utf-8',
      cacheControl: policy,
      surrogateKeys: keys,
      renderedAt: new Date().toISOString(),
      reason: 'event',
    });
  }
  edge = await buildEdgeApp({ store, logger: createLogger({ component: 'varnish-test', level: 'silent' }), defaultSite: 'news' });
  const edgeUrl = await edge.listen({ port: 0, host: '127.0.0.1' });
  varnish = await startTestVarnish({ backendUrl: edgeUrl });
}, 60_000);

afterAll(async () => {
  await varnish?.stop();
  await edge?.close();
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('Varnish in front of the edge router', () => {
  it('caches a page: MISS, then HIT, with the CDN headers kept from browsers', async () => {
    const first = await get('/politics/story-one');
    expect(first.status).toBe(200);
    expect(first.cache).toBe('MISS');
    expect(first.body).toBe(html('/politics/story-one'));
    const second = await get('/politics/story-one');
    expect(second.cache).toBe('HIT');
    expect(second.body).toBe(first.body);
    // Browsers get their own Cache-Control; the CDN's policy and index stay inside Varnish.
    expect(second.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=60, stale-if-error=86400');
    expect(second.headers.get('surrogate-control')).toBeNull();
    expect(second.headers.get('cdn-cache-control')).toBeNull();
    expect(second.headers.get('xkey')).toBeNull();
    expect(second.headers.get('surrogate-key')).toBe('page:news:/politics/story-one article:one menu');
  });

  it("keeps a page for the CDN's lifetime (Surrogate-Control), not the browser's", async () => {
    expect((await get('/politics/split')).cache).toBe('MISS');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const later = await get('/politics/split');
    expect(later.headers.get('cache-control')).toBe('public, max-age=1, stale-if-error=86400');
    expect(later.cache).toBe('HIT');
    expect(later.stale).toBeNull();
  });

  it('purges exactly the pages that carry a surrogate key', async () => {
    for (const path of ['/politics/story-one', '/politics/story-two', '/politics/story-three']) {
      await get(path);
      expect((await get(path)).cache, path).toBe('HIT');
    }
    const purged = await purge('article:two');
    expect(purged.status).toBe(200);
    expect((await get('/politics/story-two')).cache).toBe('MISS');
    expect((await get('/politics/story-one')).cache).toBe('HIT');
    expect((await get('/politics/story-three')).cache).toBe('HIT');

    // A key shared by two pages (the menu) drops both, and only them.
    expect((await get('/politics/story-two')).cache).toBe('HIT');
    expect((await purge('menu')).status).toBe(200);
    expect((await get('/politics/story-one')).cache).toBe('MISS');
    expect((await get('/politics/story-two')).cache).toBe('MISS');
    expect((await get('/politics/story-three')).cache).toBe('HIT');
    expect((await get('/politics/split')).cache).toBe('HIT');
  });

  it('serves its stale copy (grace) while the edge router is down', async () => {
    expect((await get('/politics/short')).cache).toBe('MISS');
    expect((await get('/politics/short')).cache).toBe('HIT');
    await edge.close();
    // Right after the stop, and on after the readiness probe marks the router sick (about 2 s), past
    // the CDN lifetime (1 s), stale-while-revalidate (1 s) and Varnish's default grace (10 s):
    // every request gets the stale page, none an error. Only stale-if-error (a day) keeps it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const deadline = Date.now() + 11_000;
    let served = 0;
    while (Date.now() < deadline) {
      const stale = await get('/politics/short');
      expect(stale.status).toBe(200);
      expect(stale.body).toBe(html('/politics/short'));
      expect(stale.cache).toBe('HIT');
      expect(stale.stale).toBe('1');
      served += 1;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Requests spread over the whole 11 s (a busy machine may fit fewer than the idle 40).
    expect(served).toBeGreaterThan(5);
    // A page Varnish never cached has no stale copy: the reader gets Varnish's error, not a page.
    expect((await get('/politics/never-fetched')).status).toBe(503);
  }, 30_000);
});
