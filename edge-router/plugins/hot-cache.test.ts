/**
 * The hot cache over the real filesystem driver. A counting wrapper records which storage calls
 * reach the driver, which is what the cache exists to save.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_POLICIES } from '../../core/storage/cache-policy.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { writeIfChanged } from '../../core/storage/write.js';
import { createHotCache, type HotCacheResult } from './hot-cache.js';

let dir: string;
let fsStore: ObjectStore;
let calls: { get: string[]; head: string[] };
let failHead = false;

/** The real store, with every call counted (and head failing on demand). */
function counting(): ObjectStore {
  return {
    ...fsStore,
    driver: fsStore.driver,
    get: (key) => {
      calls.get.push(key);
      return fsStore.get(key);
    },
    head: (key) => {
      calls.head.push(key);
      return failHead ? Promise.reject(new Error('storage down')) : fsStore.head(key);
    },
  };
}

const meta: { contentType: string; cacheControl: string; surrogateKeys: string[]; renderedAt: string; reason: string } = { contentType: 'text/html; charset=utf-8', cacheControl: CACHE_POLICIES.html, surrogateKeys: ['page:news:/a'], renderedAt: '2025-01-01T00:00:00.000Z', reason: 'event' };

async function write(key: string, body: string, overrides: Partial<typeof meta> = {}): Promise<void> {
  await writeIfChanged(fsStore, key, body, { ...meta, ...overrides });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hot-cache-'));
  fsStore = createFsStore({ root: dir });
});
afterAll(async () => {
  await fsStore.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  calls = { get: [], head: [] };
  failHead = false;
});

describe('hot cache', () => {
  it('reads a page from storage once, then revalidates it with a metadata read only', async () => {
    await write('news/pages/a/index.html', '<p>one</p>');
    const results: HotCacheResult[] = [];
    const cache = createHotCache({ store: counting(), onLookup: (result) => results.push(result) });
    expect((await cache.read('news/pages/a/index.html'))?.object.body.toString()).toBe('<p>one</p>');
    expect((await cache.read('news/pages/a/index.html'))?.object.body.toString()).toBe('<p>one</p>');
    expect((await cache.read('news/pages/a/index.html'))?.object.body.toString()).toBe('<p>one</p>');
    expect(calls.get).toHaveLength(1);
    expect(calls.head).toHaveLength(2);
    expect(results).toEqual(['miss', 'hit', 'hit']);
  });

  it('serves a rewritten page at the next request (freshMs 0), and forgets a deleted one', async () => {
    await write('news/pages/b/index.html', '<p>old</p>');
    const cache = createHotCache({ store: counting() });
    expect((await cache.read('news/pages/b/index.html'))?.object.body.toString()).toBe('<p>old</p>');
    await write('news/pages/b/index.html', '<p>new</p>');
    expect((await cache.read('news/pages/b/index.html'))?.object.body.toString()).toBe('<p>new</p>');
    // Same bytes, new metadata (a changed cache policy): served with the new metadata, body not re-read.
    const gets = calls.get.length;
    await write('news/pages/b/index.html', '<p>new</p>', { cacheControl: CACHE_POLICIES.notFound });
    expect((await cache.read('news/pages/b/index.html'))?.object.meta.cacheControl).toBe(CACHE_POLICIES.notFound);
    expect(calls.get.length).toBe(gets);
    await fsStore.delete('news/pages/b/index.html');
    expect(await cache.read('news/pages/b/index.html')).toBeNull();
    expect(cache.stats().entries).toBe(0);
  });

  it('asks storage nothing within freshMs, and revalidates after it', async () => {
    await write('news/pages/c/index.html', '<p>c</p>');
    let now = 1_000;
    const cache = createHotCache({ store: counting(), freshMs: 5_000, now: () => now });
    await cache.read('news/pages/c/index.html');
    now += 4_999;
    await cache.read('news/pages/c/index.html');
    expect(calls.head).toHaveLength(0);
    now += 2;
    await cache.read('news/pages/c/index.html');
    expect(calls.head).toHaveLength(1);
  });

  it('remembers a missing key for freshMs (a redirect record that is not there), and asks again after it', async () => {
    let now = 1_000;
    const cache = createHotCache({ store: counting(), freshMs: 5_000, now: () => now });
    expect(await cache.read('news/pages/none/redirect.json')).toBeNull();
    now += 4_999;
    expect(await cache.read('news/pages/none/redirect.json')).toBeNull();
    expect(calls.get).toHaveLength(1);
    // Written meanwhile: served once the window has passed, as a changed page would be.
    await write('news/pages/none/redirect.json', '{"location":"/b"}', { contentType: 'application/json' });
    now += 2;
    expect((await cache.read('news/pages/none/redirect.json'))?.object.body.toString()).toBe('{"location":"/b"}');
    expect(calls.get).toHaveLength(2);
  });

  it('remembers no missing key at freshMs 0: a record written after a miss is served at the next request', async () => {
    const cache = createHotCache({ store: counting() });
    expect(await cache.read('news/pages/later/redirect.json')).toBeNull();
    await write('news/pages/later/redirect.json', '{"location":"/c"}', { contentType: 'application/json' });
    expect((await cache.read('news/pages/later/redirect.json'))?.object.body.toString()).toBe('{"location":"/c"}');
    expect(calls.get).toHaveLength(2);
  });

  it('never revalidates an immutable object while it is held', async () => {
    await write('assets/app.1a2b.js', 'console.log(1)', { contentType: 'text/javascript; charset=utf-8' });
    const cache = createHotCache({ store: counting() });
    for (let i = 0; i < 3; i += 1) await cache.read('assets/app.1a2b.js', { immutable: true });
    expect(calls.get).toHaveLength(1);
    expect(calls.head).toHaveLength(0);
  });

  it('shares one storage read among concurrent requests for the same key', async () => {
    await write('news/pages/d/index.html', '<p>d</p>');
    const cache = createHotCache({ store: counting() });
    const bodies = await Promise.all(Array.from({ length: 20 }, () => cache.read('news/pages/d/index.html')));
    expect(new Set(bodies.map((b) => b?.object.body.toString()))).toEqual(new Set(['<p>d</p>']));
    expect(calls.get).toHaveLength(1);
    const again = await Promise.all(Array.from({ length: 20 }, () => cache.read('news/pages/d/index.html')));
    expect(again).toHaveLength(20);
    expect(calls.head).toHaveLength(1);
  });

  it('holds at most maxBytes, dropping the least recently used, and never an object above maxEntryBytes', async () => {
    for (const name of ['e1', 'e2', 'e3']) await write(`news/pages/${name}/index.html`, name.repeat(200));
    await write('news/pages/big/index.html', 'x'.repeat(2_000));
    const cache = createHotCache({ store: counting(), maxBytes: 1_000, maxEntryBytes: 1_000 });
    await cache.read('news/pages/e1/index.html');
    await cache.read('news/pages/e2/index.html');
    await cache.read('news/pages/e1/index.html');
    await cache.read('news/pages/e3/index.html');
    expect(cache.stats()).toEqual({ bytes: 800, entries: 2 });
    calls = { get: [], head: [] };
    await cache.read('news/pages/e1/index.html');
    expect(calls.get).toEqual([]);
    await cache.read('news/pages/e2/index.html');
    expect(calls.get).toEqual(['news/pages/e2/index.html']);
    expect((await cache.read('news/pages/big/index.html'))?.object.body.length).toBe(2_000);
    expect((await cache.read('news/pages/big/index.html'))?.object.body.length).toBe(2_000);
    expect(calls.get.filter((key) => key.includes('big'))).toHaveLength(2);
    expect(cache.stats().bytes).toBeLessThanOrEqual(1_000);
  });

  it('keeps a compressed body with the entry, so a hot page is compressed once per version', async () => {
    const html = '<p>compress me</p>'.repeat(200);
    await write('news/pages/f/index.html', html);
    const cache = createHotCache({ store: counting() });
    const first = await cache.read('news/pages/f/index.html');
    const plainBytes = cache.stats().bytes;
    const br = await first?.body('br');
    expect(brotliDecompressSync(br ?? Buffer.alloc(0)).toString()).toBe(html);
    const withBr = cache.stats().bytes;
    expect(withBr).toBe(plainBytes + (br?.length ?? 0));
    const second = await cache.read('news/pages/f/index.html');
    expect(await second?.body('br')).toBe(br);
    expect(cache.stats().bytes).toBe(withBr);
  });

  it('serves the held copy when storage fails while revalidating', async () => {
    await write('news/pages/g/index.html', '<p>g</p>');
    const results: HotCacheResult[] = [];
    const cache = createHotCache({ store: counting(), onLookup: (result) => results.push(result) });
    await cache.read('news/pages/g/index.html');
    failHead = true;
    expect((await cache.read('news/pages/g/index.html'))?.object.body.toString()).toBe('<p>g</p>');
    expect(results).toEqual(['miss', 'stale']);
  });

  it('is off at maxBytes 0: every read goes to storage', async () => {
    await write('news/pages/h/index.html', '<p>h</p>');
    const cache = createHotCache({ store: counting(), maxBytes: 0 });
    await cache.read('news/pages/h/index.html');
    await cache.read('news/pages/h/index.html');
    expect(calls.get).toHaveLength(2);
    expect(cache.stats()).toEqual({ bytes: 0, entries: 0 });
  });
});
