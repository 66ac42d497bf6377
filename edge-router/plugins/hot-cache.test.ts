/**
 * The hot cache over the real filesystem driver. A counting wrapper records which storage calls
 * reach the driver, which is what the cache exists to save; it can also hold a call until the test
 * lets it finish, to order a read against an announcement.
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
/** While set, each storage call answers what the driver said only once this promise settles. */
let hold: Promise<void> | undefined;

async function afterHold<T>(answer: Promise<T>): Promise<T> {
  const value = await answer;
  if (hold !== undefined) await hold;
  return value;
}

/** The real store, with every call counted (head failing on demand, answers held on demand). */
function counting(): ObjectStore {
  return {
    ...fsStore,
    driver: fsStore.driver,
    get: (key) => {
      calls.get.push(key);
      return afterHold(fsStore.get(key));
    },
    head: (key) => {
      calls.head.push(key);
      return failHead ? Promise.reject(new Error('storage down')) : afterHold(fsStore.head(key));
    },
  };
}

function storageCalls(): number {
  return calls.get.length + calls.head.length;
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
  hold = undefined;
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
    expect(results).toEqual(['miss', 'revalidated', 'revalidated']);
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

describe('hot cache while write announcements are heard (ADR 0028)', () => {
  it('serves a held page with no storage call until an announcement names it', async () => {
    const key = 'news/pages/l1/index.html';
    await write(key, '<p>one</p>');
    const results: HotCacheResult[] = [];
    const cache = createHotCache({ store: counting(), onLookup: (result) => results.push(result) });
    cache.setListening(true);
    await cache.read(key);
    const before = storageCalls();
    for (let i = 0; i < 5; i += 1) expect((await cache.read(key))?.object.body.toString()).toBe('<p>one</p>');
    expect(storageCalls()).toBe(before);
    await write(key, '<p>two</p>');
    // Not announced yet: the held page is what is served.
    expect((await cache.read(key))?.object.body.toString()).toBe('<p>one</p>');
    expect(cache.invalidate([key, 'news/pages/not-held/index.html'])).toBe(1);
    expect((await cache.read(key))?.object.body.toString()).toBe('<p>two</p>');
    expect(calls.head).toEqual([key]);
    expect(calls.get.filter((k) => k === key)).toHaveLength(2);
    const settled = storageCalls();
    expect((await cache.read(key))?.object.body.toString()).toBe('<p>two</p>');
    expect(storageCalls()).toBe(settled);
    expect(results).toEqual(['miss', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'miss', 'hit']);
  });

  it('revalidates an announced page whose bytes did not change with a metadata read only', async () => {
    const key = 'news/pages/l2/index.html';
    await write(key, '<p>same</p>');
    const results: HotCacheResult[] = [];
    const cache = createHotCache({ store: counting(), onLookup: (result) => results.push(result) });
    cache.setListening(true);
    await cache.read(key);
    cache.invalidate([key]);
    await cache.read(key);
    await cache.read(key);
    expect(calls.get).toHaveLength(1);
    expect(calls.head).toHaveLength(1);
    expect(results).toEqual(['miss', 'revalidated', 'hit']);
  });

  it('remembers a missing key until a write of it is announced', async () => {
    const key = 'news/pages/l3/redirect.json';
    const cache = createHotCache({ store: counting() });
    cache.setListening(true);
    expect(await cache.read(key)).toBeNull();
    expect(await cache.read(key)).toBeNull();
    expect(calls.get).toEqual([key]);
    await write(key, '{"location":"/b"}', { contentType: 'application/json' });
    cache.invalidate([key]);
    expect((await cache.read(key))?.object.body.toString()).toBe('{"location":"/b"}');
    // A deletion announced: gone at the next request.
    await fsStore.delete(key);
    cache.invalidate([key]);
    expect(await cache.read(key)).toBeNull();
  });

  it('revalidates every request while not listening, and everything held once after listening again', async () => {
    const keys = ['news/pages/l4/index.html', 'news/pages/l5/index.html'];
    for (const key of keys) await write(key, `<p>${key}</p>`);
    const cache = createHotCache({ store: counting() });
    cache.setListening(true);
    for (const key of keys) await cache.read(key);
    cache.setListening(false);
    let before = storageCalls();
    await cache.read(keys[0] ?? '');
    await cache.read(keys[0] ?? '');
    expect(storageCalls()).toBe(before + 2);
    // Written while nobody could announce it: served at the next request.
    await write(keys[1] ?? '', '<p>written while unheard</p>');
    expect((await cache.read(keys[1] ?? ''))?.object.body.toString()).toBe('<p>written while unheard</p>');
    cache.setListening(true);
    before = storageCalls();
    for (const key of keys) await cache.read(key);
    expect(storageCalls()).toBe(before + 2);
    for (const key of keys) await cache.read(key);
    expect(storageCalls()).toBe(before + 2);
  });

  it('does not trust, nor let later requests join, a read that an announcement overtook', async () => {
    const key = 'news/pages/l6/index.html';
    await write(key, '<p>old</p>');
    const cache = createHotCache({ store: counting() });
    cache.setListening(true);
    let release = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const early = cache.read(key);
    // The storage read above has its answer (the old page) but has not returned it yet.
    await new Promise((resolve) => setTimeout(resolve, 20));
    hold = undefined;
    await write(key, '<p>new</p>');
    cache.invalidate([key]);
    const late = cache.read(key);
    expect(late).not.toBe(early);
    expect((await late)?.object.body.toString()).toBe('<p>new</p>');
    release();
    expect((await early)?.object.body.toString()).toBe('<p>old</p>');
    // The overtaken read changed nothing held: the next request still gets the new page from memory.
    const before = storageCalls();
    expect((await cache.read(key))?.object.body.toString()).toBe('<p>new</p>');
    expect(storageCalls()).toBe(before);
  });

  it('does not trust a read that started before listening began', async () => {
    const key = 'news/pages/l7/index.html';
    await write(key, '<p>l7</p>');
    const cache = createHotCache({ store: counting() });
    let release = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const early = cache.read(key);
    await new Promise((resolve) => setTimeout(resolve, 20));
    cache.setListening(true);
    release();
    await early;
    hold = undefined;
    const before = storageCalls();
    await cache.read(key);
    expect(storageCalls()).toBe(before + 1);
    await cache.read(key);
    expect(storageCalls()).toBe(before + 1);
  });

  it('asks storage again after trustMs even without an announcement', async () => {
    const key = 'news/pages/l8/index.html';
    await write(key, '<p>l8</p>');
    let now = 1_000;
    const cache = createHotCache({ store: counting(), trustMs: 10_000, now: () => now });
    cache.setListening(true);
    await cache.read(key);
    now += 9_999;
    await cache.read(key);
    expect(calls.head).toHaveLength(0);
    now += 2;
    await cache.read(key);
    expect(calls.head).toHaveLength(1);
  });
});
