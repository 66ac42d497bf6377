import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { DependencyIndex } from './dependency-index.js';
import { pageWritesChannel, parsePageWrites } from './page-announcements.js';
import { PageRenderLog, PageStatusStore, PAGE_FAILURE_TTL_S } from './page-status.js';
import { createRedis } from './redis.js';
import { commitPageRender } from './render-bookkeeping.js';

let server: TestRedis;
let redis: Redis;
let listener: Redis;
let index: DependencyIndex;
let status: PageStatusStore;
let renders: PageRenderLog;
const heard: string[][] = [];
const render = { at: '2026-01-01T00:00:00.000Z', jobId: 'j-1', reason: 'event', kind: 'article', written: 1, staleData: [], missingData: ['menu'], kept: false };

beforeAll(async () => {
  server = await startTestRedis();
  redis = createRedis(server.url, { name: 'bookkeeping-test' });
  listener = createRedis(server.url, { name: 'bookkeeping-listener' });
  listener.on('message', (_channel: string, message: string) => heard.push(parsePageWrites(message)?.keys ?? []));
  await listener.subscribe(pageWritesChannel(server.prefix));
  index = new DependencyIndex(redis, server.prefix);
  status = new PageStatusStore(redis, server.prefix);
  renders = new PageRenderLog(redis, server.prefix);
});

afterAll(async () => {
  await listener?.quit();
  await redis?.quit();
  await server?.stop();
});

describe('commitPageRender', () => {
  it('replaces the dependency set as DependencyIndex.record does, announces, and writes the records', async () => {
    const page = { site: 'news', path: '/politics/one' } as const;
    const other = { site: 'news', path: '/politics/two' } as const;
    await index.record(page, ['article:1', 'menu', 'category:/politics']);
    await index.record(other, ['menu']);
    await status.recordFailure(page, { reason: 'event', message: 'UPSTREAM_UNAVAILABLE: 503', at: new Date(), code: 'UPSTREAM_UNAVAILABLE', final: true, recoverable: true });

    const result = await commitPageRender(
      index,
      { page, dataKeys: ['article:1', 'menu', 'layout:article:x', 'not a data key'], announce: ['news/pages/politics/one/index.html'], clearFailure: true, render },
      { pageStatus: status, renderLog: renders },
    );

    expect(result.recorded).toBe(true);
    expect(await index.keysOf(page)).toEqual(['article:1', 'layout:article:x', 'menu']);
    expect(await index.pagesFor(['category:/politics'])).toEqual([]);
    expect(await index.pagesFor(['menu'])).toEqual([page, other]);
    expect(await index.pagesFor(['layout:article:x'])).toEqual([page]);
    expect(await status.read(page)).toBeNull();
    expect(await status.listAwaitingRecovery(10)).toEqual([]);
    expect(await renders.read(page)).toEqual(render);
    const ttl = await redis.ttl(renders.key(page));
    expect(ttl).toBeGreaterThan(PAGE_FAILURE_TTL_S - 60);
    await expect.poll(() => heard.some((keys) => keys.includes('news/pages/politics/one/index.html'))).toBe(true);
  });

  it('leaves the dependency set alone without data keys, and an empty list empties it', async () => {
    const page = { site: 'news', path: '/politics/three' } as const;
    await index.record(page, ['article:3']);
    await commitPageRender(index, { page, announce: [] });
    expect(await index.keysOf(page)).toEqual(['article:3']);
    await commitPageRender(index, { page, dataKeys: [] });
    expect(await index.keysOf(page)).toEqual([]);
    expect(await index.pagesFor(['article:3'])).toEqual([]);
  });

  it('does not write records kept under another prefix or connection: the caller writes them', async () => {
    const page = { site: 'news', path: '/politics/four' } as const;
    const elsewhere = new PageRenderLog(redis, `${server.prefix}-other`);
    const result = await commitPageRender(index, { page, dataKeys: ['article:4'], clearFailure: true, render }, { pageStatus: status, renderLog: elsewhere });
    expect(result.recorded).toBe(false);
    expect(await elsewhere.read(page)).toBeNull();
    expect(await renders.read(page)).toBeNull();
    expect(await index.keysOf(page)).toEqual(['article:4']);
  });

  it('a record Redis refuses does not undo or fail the index and announcement; it says so', async () => {
    const page = { site: 'news', path: '/politics/five' } as const;
    // Something that is not a sorted set where the recovery set should be: ZREM answers WRONGTYPE.
    const broken = new PageStatusStore(redis, `${server.prefix}`);
    await redis.set(broken.recoveryKey(), 'not a sorted set');
    try {
      const result = await commitPageRender(index, { page, dataKeys: ['article:5'], announce: ['news/pages/politics/five/index.html'], clearFailure: true, render }, { pageStatus: broken, renderLog: renders });
      expect(result.recorded).toBe(false);
      expect(await index.keysOf(page)).toEqual(['article:5']);
      // The render log after it is still written.
      expect(await renders.read(page)).toEqual(render);
    } finally {
      await redis.del(broken.recoveryKey());
    }
  });

  it('sends the script again after the server forgot it (SCRIPT FLUSH)', async () => {
    const page = { site: 'news', path: '/politics/six' } as const;
    await redis.script('FLUSH');
    await commitPageRender(index, { page, dataKeys: ['article:6'] });
    expect(await index.keysOf(page)).toEqual(['article:6']);
  });
});
