import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DependencyIndex } from '../core/dependency-index.js';
import { pageWritesChannel, parsePageWrites } from '../core/page-announcements.js';
import { admitPageFence, fenceMarkKey, pageFenceMark, takePageFence } from '../core/page-fence.js';
import { listVersions } from '../core/page-versions.js';
import { createRedis } from '../core/redis.js';
import { CACHE_POLICIES } from '../core/storage/cache-policy.js';
import { createFsStore } from '../core/storage/fs-driver.js';
import { pageKey } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { HTML_CONTENT_TYPE, publishPage, type PublishInput } from './publish.js';

let server: TestRedis;
let redis: Redis;
let index: DependencyIndex;
let store: ObjectStore;
let root: string;
let pageCounter = 0;

beforeAll(async () => {
  server = await startTestRedis();
  redis = createRedis(server.url, { name: 'publish-test' });
  index = new DependencyIndex(redis, server.prefix);
  root = await mkdtemp(join(tmpdir(), 'publish-test-'));
  store = createFsStore({ root, durable: false });
});

afterAll(async () => {
  await redis?.quit();
  await server?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

function freshPage() {
  pageCounter += 1;
  return { site: 'news', path: `/politics/story-${pageCounter}` } as const;
}

function input(page: { site: 'news'; path: string }, html: string, extra: Partial<PublishInput> = {}): PublishInput {
  return {
    page,
    objects: [{ key: pageKey(page.site, page.path, 'standard'), body: html, contentType: HTML_CONTENT_TYPE, cacheControl: CACHE_POLICIES.html }],
    dataKeys: [`article:${html.length}`],
    reason: 'event',
    ...extra,
  };
}

async function liveBody(page: { site: 'news'; path: string }): Promise<string | undefined> {
  return (await store.get(pageKey(page.site, page.path, 'standard')))?.body.toString();
}

describe('publishPage write order (fencing tokens)', () => {
  for (const order of ['older first', 'newer first'] as const) {
    it(`two publishes with fences 1 and 2, ${order}, leave fence 2's bytes`, async () => {
      const page = freshPage();
      const older = input(page, '<p>older render</p>', { fence: 1, jobId: 'older', dataKeys: ['article:old'] });
      const newer = input(page, '<p>newer render</p>', { fence: 2, jobId: 'newer', dataKeys: ['article:new'] });
      const [first, second] = order === 'older first' ? [older, newer] : [newer, older];
      const a = await publishPage(store, index, first);
      const b = await publishPage(store, index, second);
      expect(await liveBody(page)).toBe('<p>newer render</p>');
      expect((await store.head(pageKey('news', page.path, 'standard')))?.fence).toBe(2);
      // The dependency index describes what is stored: the newer render's reads.
      expect(await index.keysOf(page)).toEqual(['article:new']);
      const [olderResult, newerResult] = order === 'older first' ? [a, b] : [b, a];
      expect(newerResult.stale).toEqual([]);
      // Written first, the older render was simply replaced; written last, it was refused.
      expect(olderResult.stale).toEqual(order === 'older first' ? [] : [pageKey('news', page.path, 'standard')]);
    });

    it(`two publishes racing at once with fences 1 and 2 (${order} started) leave fence 2's bytes`, async () => {
      // Many rounds: the interleavings differ from round to round.
      for (let round = 0; round < 20; round += 1) {
        const page = freshPage();
        const start = (fence: number, html: string) => () => publishPage(store, index, input(page, html, { fence }));
        const older = start(1, '<p>older</p>');
        const newer = start(2, '<p>newer</p>');
        await Promise.all(order === 'older first' ? [older(), newer()] : [newer(), older()]);
        expect(await liveBody(page)).toBe('<p>newer</p>');
      }
    });
  }

  it('with tokens from core/page-fence.ts, the render that started last wins whatever order they finish in', async () => {
    const page = freshPage();
    const startedFirst = await takePageFence(redis, page, server.prefix);
    const startedLast = await takePageFence(redis, page, server.prefix);
    await publishPage(store, index, input(page, '<p>started last</p>', { fence: startedLast }));
    const slow = await publishPage(store, index, input(page, '<p>started first, finished last</p>', { fence: startedFirst }));
    expect(slow.written).toEqual([]);
    expect(slow.stale).toHaveLength(1);
    expect(await liveBody(page)).toBe('<p>started last</p>');
  });

  it('a newer render whose bytes are unchanged still fences out an older, slower one (ADR 0023)', async () => {
    const page = freshPage();
    const first = await takePageFence(redis, page, server.prefix);
    await publishPage(store, index, input(page, '<p>same</p>', { fence: first }));
    const slower = await takePageFence(redis, page, server.prefix);
    const newer = await takePageFence(redis, page, server.prefix);
    const unchanged = await publishPage(store, index, input(page, '<p>same</p>', { fence: newer }));
    expect(unchanged.unchanged).toEqual([pageKey('news', page.path, 'standard')]);
    // Nothing was written, so the stored token is still the first render's ...
    expect((await store.head(pageKey('news', page.path, 'standard')))?.fence).toBe(first);
    // ... but the page's mark carries the newer token, and the slower render is refused.
    expect(await pageFenceMark(redis, page, server.prefix)).toBe(newer);
    const late = await publishPage(store, index, input(page, '<p>what the slower render read</p>', { fence: slower, remove: [pageKey('news', page.path, 'amp')] }));
    expect(late).toMatchObject({ written: [], unchanged: [], stale: [pageKey('news', page.path, 'standard'), pageKey('news', page.path, 'amp')] });
    expect(await liveBody(page)).toBe('<p>same</p>');
  });

  it('a render admitted before a newer one is refused at the write the newer one was admitted before', async () => {
    const page = freshPage();
    const older = await takePageFence(redis, page, server.prefix);
    const newer = await takePageFence(redis, page, server.prefix);
    const standard = pageKey('news', page.path, 'standard');
    // The older render is admitted, reads storage, and only then does the newer one publish
    // (unchanged bytes: nothing stored moves); the older write must then be refused by its guard.
    await publishPage(store, index, input(page, '<p>stored</p>'));
    let newerPublished = false;
    const pausing: ObjectStore = {
      ...store,
      stat: async (key) => {
        const read = await store.stat(key);
        if (!newerPublished) {
          newerPublished = true;
          // What the newer render's publish does when its bytes equal the stored ones (another
          // process's publishPage: this process runs one publish of a page at a time).
          expect(await admitPageFence(redis, page, newer, server.prefix)).toBe(true);
        }
        return read;
      },
    };
    const late = await publishPage(pausing, index, input(page, '<p>older</p>', { fence: older }));
    expect(late.stale).toEqual([standard]);
    expect(await liveBody(page)).toBe('<p>stored</p>');
  });

  it('does not delete a variant a newer render wrote', async () => {
    const page = freshPage();
    const amp = pageKey('news', page.path, 'amp');
    await publishPage(store, index, {
      ...input(page, '<p>newer</p>', { fence: 9 }),
      objects: [{ key: amp, body: '<p>amp</p>', contentType: HTML_CONTENT_TYPE, cacheControl: CACHE_POLICIES.html }],
    });
    const result = await publishPage(store, index, input(page, '<p>older</p>', { fence: 8, remove: [amp] }));
    expect(result.stale).toContain(amp);
    expect((await store.get(amp))?.body.toString()).toBe('<p>amp</p>');
  });
});

describe('publishPage keeps earlier versions', () => {
  it('copies the live page before replacing it, and not when nothing changed', async () => {
    const page = freshPage();
    const first = await publishPage(store, index, input(page, '<p>one</p>'));
    expect(first.previousVersion).toBeNull();
    const second = await publishPage(store, index, input(page, '<p>two</p>'));
    expect(second.previousVersion).not.toBeNull();
    const again = await publishPage(store, index, input(page, '<p>two</p>'));
    expect(again).toMatchObject({ written: [], previousVersion: null });

    const versions = await listVersions(store, page);
    expect(versions.map((v) => v.id)).toEqual([second.previousVersion]);
    const kept = await store.get(versions[0]?.variants[0]?.key ?? '');
    expect(kept?.body.toString()).toBe('<p>one</p>');
    expect(await liveBody(page)).toBe('<p>two</p>');
  });

  it('keeps the newest N versions (keepVersions) and prunes older ones', async () => {
    const page = freshPage();
    for (let i = 1; i <= 6; i += 1) {
      await publishPage(store, index, input(page, `<p>version ${i}</p>`, { keepVersions: 3 }));
      // renderedAt has millisecond precision; distinct times give distinct, ordered ids.
      await new Promise((r) => setTimeout(r, 3));
    }
    const versions = await listVersions(store, page);
    expect(versions).toHaveLength(3);
    const bodies = [];
    for (const v of versions) bodies.push((await store.get(v.variants[0]?.key ?? ''))?.body.toString());
    expect(bodies).toEqual(['<p>version 5</p>', '<p>version 4</p>', '<p>version 3</p>']);
  });

  it('a deletion keeps the deleted variant in the version', async () => {
    const page = freshPage();
    const redirect = pageKey('news', page.path, 'redirect');
    await publishPage(store, index, {
      ...input(page, 'x'),
      objects: [{ key: redirect, body: '{"location":"/a","status":301}', contentType: 'application/json', cacheControl: CACHE_POLICIES.redirect }],
    });
    await publishPage(store, index, input(page, '<p>now a page</p>', { remove: [redirect] }));
    expect(await store.head(redirect)).toBeNull();
    const [version] = await listVersions(store, page);
    expect(version?.variants.map((v) => v.variant)).toEqual(['redirect']);
  });

  it('does not version objects outside the page (the 404 page written with home)', async () => {
    const page = { site: 'news', path: '/' } as const;
    const notFound = { key: 'news/special/404.html', body: 'nf1', contentType: HTML_CONTENT_TYPE, cacheControl: CACHE_POLICIES.notFound, status: 404 };
    await publishPage(store, index, { ...input(page, 'home'), objects: [notFound] });
    const result = await publishPage(store, index, { ...input(page, 'home'), objects: [{ ...notFound, body: 'nf2' }] });
    expect(result).toMatchObject({ written: ['news/special/404.html'], previousVersion: null });
  });
});

/** The store, counting calls per method (what a publish asks storage for). */
function counting(inner: ObjectStore): { store: ObjectStore; calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  const store = new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls[String(property)] = (calls[String(property)] ?? 0) + 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store, calls };
}

describe("publishPage on a page's first admitted render (core/page-fence.ts 'first')", () => {
  const variants = (page: { site: 'news'; path: string }, html: string) =>
    (['standard', 'amp'] as const).map((variant) => ({ key: pageKey(page.site, page.path, variant), body: `${html} ${variant}`, contentType: HTML_CONTENT_TYPE, cacheControl: CACHE_POLICIES.html }));

  it('writes every variant create-only without reading storage first, and keeps no version', async () => {
    const page = freshPage();
    const { store: counted, calls } = counting(store);
    const fence = await takePageFence(redis, page, server.prefix);
    const result = await publishPage(counted, index, { ...input(page, 'x'), objects: variants(page, '<p>first</p>'), remove: [pageKey(page.site, page.path, 'redirect')], fence });
    expect(result).toMatchObject({ written: [pageKey('news', page.path, 'standard'), pageKey('news', page.path, 'amp')], stale: [], previousVersion: null });
    // Two creates; the removal still reads first (it must know whether there is anything to delete).
    expect(calls).toEqual({ put: 2, stat: 1 });
    expect(await liveBody(page)).toBe('<p>first</p> standard');
  });

  it('after Redis lost the mark, an unchanged page is still left alone and no version is kept', async () => {
    const page = freshPage();
    await publishPage(store, index, { ...input(page, 'x'), objects: variants(page, '<p>same</p>'), fence: await takePageFence(redis, page, server.prefix) });
    await redis.del(fenceMarkKey(page, server.prefix));
    const { store: counted } = counting(store);
    const again = await publishPage(counted, index, { ...input(page, 'x'), objects: variants(page, '<p>same</p>'), fence: await takePageFence(redis, page, server.prefix) });
    expect(again).toMatchObject({ written: [], unchanged: [pageKey('news', page.path, 'standard'), pageKey('news', page.path, 'amp')], previousVersion: null });
    expect(await listVersions(store, page)).toEqual([]);
  });

  it('after Redis lost the mark, a changed page is written over and its previous version kept', async () => {
    const page = freshPage();
    await publishPage(store, index, { ...input(page, 'x'), objects: variants(page, '<p>before</p>'), fence: await takePageFence(redis, page, server.prefix) });
    await redis.del(fenceMarkKey(page, server.prefix));
    const changed = await publishPage(store, index, { ...input(page, 'x'), objects: variants(page, '<p>after</p>'), fence: await takePageFence(redis, page, server.prefix) });
    expect(changed.written).toHaveLength(2);
    expect(changed.previousVersion).not.toBeNull();
    expect(await liveBody(page)).toBe('<p>after</p> standard');
    const [version] = await listVersions(store, page);
    expect((await store.get(version?.variants[0]?.key ?? ''))?.body.toString()).toBe('<p>before</p> standard');
  });
});

describe('publishPage announces its keys to the edge (ADR 0028)', () => {
  it('announces every key it handled once the writes have landed, unchanged ones too', async () => {
    const page = freshPage();
    const standard = pageKey('news', page.path, 'standard');
    const amp = pageKey('news', page.path, 'amp');
    const subscriber = createRedis(server.url, { name: 'publish-test-sub' });
    // What storage holds for the standard key when each announcement arrives, in the order the
    // announcements arrived (the reads are started in that order; they may finish in any).
    const heard: Array<Promise<{ keys: string[]; stored: string | undefined }>> = [];
    subscriber.on('message', (_channel: string, message: string) => {
      const keys = parsePageWrites(message)?.keys ?? [];
      heard.push(store.get(standard).then((object) => ({ keys, stored: object?.body.toString() })));
    });
    try {
      await subscriber.subscribe(pageWritesChannel(server.prefix));
      await publishPage(store, index, input(page, '<p>first</p>'));
      // The same bytes again (a retry of a job whose announcement was lost) and a removal.
      await publishPage(store, index, input(page, '<p>first</p>', { remove: [amp] }));
      await expect.poll(() => heard.length).toBe(2);
      expect(await Promise.all(heard)).toEqual([
        { keys: [standard], stored: '<p>first</p>' },
        { keys: [standard, amp], stored: '<p>first</p>' },
      ]);
    } finally {
      subscriber.disconnect();
    }
  });
});
