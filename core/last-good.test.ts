import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { LAST_GOOD_TTL_S, RedisLastGoodStore, STAND_IN_MAX_CHARS, standInOf } from './last-good.js';
import { createRedis } from './redis.js';
import { deepFreeze } from './upstream/read-reuse.js';

let server: TestRedis;
let redis: Redis;

beforeAll(async () => {
  server = await startTestRedis();
  redis = createRedis(server.url, { name: 'last-good-test' });
});

afterAll(async () => {
  await redis?.quit();
  await server?.stop();
});

const story = (id: string) => deepFreeze({ id, title: `Story ${id}`, url: `/politics/${id}` });

/** A store with a clock the test moves, and the Redis key of `key` on the news edition. */
function storeWithClock(): { store: RedisLastGoodStore; advance: (ms: number) => void; keyOf: (key: string) => string } {
  let now = 1_000_000;
  const store = new RedisLastGoodStore(redis, server.prefix, () => now);
  return { store, advance: (ms) => (now += ms), keyOf: (key) => store.key('news', key) };
}

/**
 * Whether saving `value` writes to Redis: the stored copy is removed behind the store's back
 * first, so it is there again only if this save wrote it.
 */
async function writes(store: RedisLastGoodStore, redisKey: string, key: string, value: unknown): Promise<boolean> {
  await redis.del(redisKey);
  await store.save('news', key, value);
  return (await redis.exists(redisKey)) === 1;
}

describe('last good copies of side data', () => {
  it('are written with their expiry, and read back as saved', async () => {
    const { store, keyOf } = storeWithClock();
    const value = [{ title: 'Trending', items: [story('a'), story('b')], size: 1 }];
    await store.save('news', 'article-rail:fox-news/us', value);
    expect(await store.load('news', 'article-rail:fox-news/us')).toEqual(value);
    const ttl = await redis.ttl(keyOf('article-rail:fox-news/us'));
    expect(ttl).toBeGreaterThan(LAST_GOOD_TTL_S - 60);
  });

  it('are not written again for a new list of the same shared stories, but are for a changed one', async () => {
    const { store, keyOf } = storeWithClock();
    const key = 'article-rail:fox-news/politics';
    const [a, b, c] = [story('a'), story('b'), story('c')];
    expect(await writes(store, keyOf(key), key, [{ title: 'Trending', items: [a, b], size: 1 }])).toBe(true);
    // Each render builds its own arrays around the same kept stories.
    expect(await writes(store, keyOf(key), key, [{ title: 'Trending', items: [a, b], size: 1 }])).toBe(false);
    expect(await writes(store, keyOf(key), key, [{ title: 'Trending', items: [a, c], size: 1 }])).toBe(true);
    expect(await store.load('news', key)).toEqual([{ title: 'Trending', items: [a, c], size: 1 }]);
    expect(await writes(store, keyOf(key), key, [{ title: 'Most read', items: [a, c], size: 1 }])).toBe(true);
    expect(await writes(store, keyOf(key), key, [{ title: 'Most read', items: [a, c], size: 2 }])).toBe(true);
  });

  it('are not written again for equal content in new objects (a later answer that did not change)', async () => {
    const { store, keyOf } = storeWithClock();
    const key = 'recommended-videos:fox-news/us|';
    expect(await writes(store, keyOf(key), key, [story('v1'), story('v2')])).toBe(true);
    expect(await writes(store, keyOf(key), key, [story('v1'), story('v2')])).toBe(false);
    expect(await writes(store, keyOf(key), key, [{ id: 'v1', title: 'Story v1', url: '/politics/v1' }, story('v2')])).toBe(false);
    expect(await writes(store, keyOf(key), key, [story('v2'), story('v1')])).toBe(true);
  });

  it('are written again once the last write is an hour old, so the copy does not expire while in use', async () => {
    const { store, keyOf, advance } = storeWithClock();
    const key = 'menu:HeaderLayout';
    const menu = deepFreeze([{ name: 'U.S.', url: '/us' }]);
    expect(await writes(store, keyOf(key), key, menu)).toBe(true);
    advance(59 * 60 * 1000);
    expect(await writes(store, keyOf(key), key, menu)).toBe(false);
    advance(2 * 60 * 1000);
    expect(await writes(store, keyOf(key), key, menu)).toBe(true);
  });

  it('are written again after a failed write', async () => {
    const key = 'on-our-radar:entertainment';
    const value = [story('r1')];
    let failNext = true;
    const flaky = new Proxy(redis, {
      get(target, prop, receiver) {
        if (prop !== 'set' || !failNext) return Reflect.get(target, prop, receiver) as unknown;
        failNext = false;
        return () => Promise.reject(new Error('READONLY You can\'t write against a read only replica.'));
      },
    });
    const store = new RedisLastGoodStore(flaky, server.prefix);
    await expect(store.save('news', key, value)).rejects.toThrow('READONLY');
    expect(await writes(store, store.key('news', key), key, value)).toBe(true);
    expect(await writes(store, store.key('news', key), key, value)).toBe(false);
  });
});

describe('standInOf', () => {
  it('is equal for values with the same shared objects, and names each frozen object by identity', () => {
    const a = story('a');
    expect(standInOf([{ items: [a], size: 5 }])).toBe(standInOf([{ items: [a], size: 5 }]));
    expect(standInOf([a])).not.toBe(standInOf([story('a')]));
    expect(standInOf([a])?.length).toBeLessThan(JSON.stringify([a]).length);
  });

  it('differs whenever the JSON would', () => {
    const a = story('a');
    const variants = [[{ items: [a] }], [{ items: [a, null] }], [{ items: [a], size: 0 }], [{ items: [a], size: '0' }], [{ items: [a], size: false }], [{ list: [a] }], { items: [a] }, ['a,b'], ['a', 'b']];
    const standIns = variants.map(standInOf);
    expect(new Set(standIns).size).toBe(variants.length);
    expect(standIns.every((standIn) => standIn !== undefined)).toBe(true);
  });

  it('gives up on what JSON treats specially, and on values too large to be worth it', () => {
    expect(standInOf([{ at: new Date(0) }])).toBeUndefined();
    expect(standInOf([{ toJSON: () => 'x' }])).toBeUndefined();
    expect(standInOf([Object.freeze(new Map())])).toBeUndefined();
    expect(standInOf([Object.assign(() => {}, { toJSON: () => 'x' })])).toBeUndefined();
    expect(standInOf([Object.setPrototypeOf([1], null)])).toBeUndefined();
    expect(standInOf([Object.freeze(Object.setPrototypeOf([1], null))])).toBeUndefined();
    expect(standInOf(['x'.repeat(STAND_IN_MAX_CHARS)])).toBeUndefined();
    expect(standInOf(Array.from({ length: STAND_IN_MAX_CHARS }, (_, i) => i))).toBeUndefined();
    expect(standInOf(Array.from({ length: 100 }, (_, i) => i))).toBe(`[${Array.from({ length: 100 }, (_, i) => `${i},`).join('')}]`);
  });
});
