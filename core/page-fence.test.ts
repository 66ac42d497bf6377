import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { admitPageFence, admitPageRender, currentPageFence, FENCE_TTL_MS, fenceKey, fenceMarkKey, pageFenceGate, pageFenceMark, takePageFence } from './page-fence.js';
import { createRedis, type RedisClient } from './redis.js';

let server: TestRedis;
let redis: Redis;

beforeAll(async () => {
  server = await startTestRedis();
  redis = createRedis(server.url, { name: 'page-fence-test' });
});

afterAll(async () => {
  await redis?.quit();
  await server?.stop();
});

describe('page fencing tokens', () => {
  it('are strictly increasing per page, and independent between pages', async () => {
    const page = { site: 'news', path: '/politics/fenced' } as const;
    const taken = [];
    for (let i = 0; i < 5; i += 1) taken.push(await takePageFence(redis, page, server.prefix));
    for (let i = 1; i < taken.length; i += 1) expect(taken[i]).toBe((taken[i - 1] ?? 0) + 1);
    const other = await takePageFence(redis, { site: 'es', path: '/politics/fenced' }, server.prefix);
    expect(await currentPageFence(redis, page, server.prefix)).toBe(taken.at(-1));
    expect(other).not.toBe((taken.at(-1) ?? 0) + 1);
  });

  it('live under the queue prefix hash tag and expire when the page is no longer rendered', async () => {
    const page = { site: 'news', path: '/ttl' } as const;
    await takePageFence(redis, page, server.prefix);
    expect(fenceKey(page, server.prefix)).toBe(`${server.prefix}:fence:news:/ttl`);
    const ttl = await redis.pttl(fenceKey(page, server.prefix));
    expect(ttl).toBeGreaterThan(FENCE_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(FENCE_TTL_MS);
  });

  it('keep growing when Redis lost the counter (seeded from the server clock, safe integers)', async () => {
    const page = { site: 'news', path: '/lost' } as const;
    const before = await takePageFence(redis, page, server.prefix);
    expect(Number.isSafeInteger(before)).toBe(true);
    await redis.del(fenceKey(page, server.prefix));
    const after = await takePageFence(redis, page, server.prefix);
    expect(after).toBeGreaterThan(before);
    // Concurrent takes never hand out the same token.
    const many = await Promise.all(Array.from({ length: 20 }, () => takePageFence(redis, page, server.prefix)));
    expect(new Set(many).size).toBe(20);
    expect(Math.min(...many)).toBeGreaterThan(after);
  });

  it('admit a render unless a higher token was admitted first, and keep the highest as the mark (ADR 0023)', async () => {
    const page = { site: 'news', path: '/admitted' } as const;
    expect(await pageFenceMark(redis, page, server.prefix)).toBeNull();
    const big = 1_732_000_000_000_123;
    expect(await admitPageFence(redis, page, big, server.prefix)).toBe(true);
    expect(await admitPageFence(redis, page, big + 2, server.prefix)).toBe(true);
    // An older render, whatever it would write, is refused; the same token is admitted again.
    expect(await admitPageFence(redis, page, big + 1, server.prefix)).toBe(false);
    expect(await admitPageFence(redis, page, big + 2, server.prefix)).toBe(true);
    expect(await pageFenceMark(redis, page, server.prefix)).toBe(big + 2);
    expect(await redis.get(fenceMarkKey(page, server.prefix))).toBe(String(big + 2));
    expect(await redis.pttl(fenceMarkKey(page, server.prefix))).toBeGreaterThan(FENCE_TTL_MS - 60_000);
    // Another page has its own mark.
    expect(await admitPageFence(redis, { site: 'es', path: '/admitted' }, 1, server.prefix)).toBe(true);
    // Concurrent admissions: every token at or above the highest admitted before it gets in, and the mark ends at the highest.
    const tokens = Array.from({ length: 20 }, (_, i) => big + 10 + i);
    const admitted = await Promise.all(tokens.map((t) => admitPageFence(redis, page, t, server.prefix)));
    expect(admitted.filter(Boolean).length).toBeGreaterThan(0);
    expect(await pageFenceMark(redis, page, server.prefix)).toBe(big + 29);
    await expect(admitPageFence(redis, page, 1.5, server.prefix)).rejects.toThrow(/not a fencing token/);
  });

  it("say when a page's render is the first admitted (no mark), which publishPage uses to write create-only", async () => {
    const page = { site: 'news', path: '/first-admission' } as const;
    expect(await admitPageRender(redis, page, 10, server.prefix)).toBe('first');
    expect(await admitPageRender(redis, page, 11, server.prefix)).toBe('admitted');
    expect(await admitPageRender(redis, page, 11, server.prefix)).toBe('admitted');
    expect(await admitPageRender(redis, page, 9, server.prefix)).toBe('refused');
    // A Redis that lost the mark reads as a first admission again: a hint, checked by storage.
    await redis.del(fenceMarkKey(page, server.prefix));
    expect(await admitPageRender(redis, page, 12, server.prefix)).toBe('first');
  });

  it('delete the keys given as deleteFirst (a stale deletion record) with the admission, admitted or refused', async () => {
    const page = { site: 'news', path: '/admitted-after-delete' } as const;
    const record = `${server.prefix}:deleted:news:/admitted-after-delete`;
    await redis.set(record, '{"eventId":"e1"}');
    expect(await admitPageRender(redis, page, 20, server.prefix, { deleteFirst: [record] })).toBe('first');
    expect(await redis.exists(record)).toBe(0);
    // Refused (a higher token was admitted): the record goes all the same, as it did in the pipeline.
    await redis.set(record, '{"eventId":"e2"}');
    expect(await admitPageRender(redis, page, 19, server.prefix, { deleteFirst: [record] })).toBe('refused');
    expect(await redis.exists(record)).toBe(0);
    expect(await pageFenceMark(redis, page, server.prefix)).toBe(20);
  });
});

describe("a render's write guards (pageFenceGate)", () => {
  /** The test connection, counting the admissions it sends. */
  function counting(): { client: RedisClient; sent: () => number } {
    let sent = 0;
    const client = new Proxy(redis, {
      get(target, property, receiver) {
        if (property === 'eval') {
          return (...args: Parameters<Redis['eval']>) => {
            sent += 1;
            return target.eval(...args);
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    return { client, sent: () => sent };
  }

  it('share one admission among the guards asked in the same turn, as variant writes to S3 ask', async () => {
    const page = { site: 'news', path: '/gate-shared' } as const;
    expect(await admitPageRender(redis, page, 30, server.prefix)).toBe('first');
    const { client, sent } = counting();
    const guard = pageFenceGate({ redis: client, prefix: server.prefix }, page, 30);
    const answers = await Promise.all([guard(), guard(), guard()]);
    expect(answers).toEqual([true, true, true]);
    expect(sent()).toBe(1);
    // Asked again later: a new admission, not the answer kept from before.
    expect(await guard()).toBe(true);
    expect(sent()).toBe(2);
  });

  it('share one admission among the guards asked by callbacks of one event-loop phase, as filesystem creates ask after their syncs', async () => {
    const page = { site: 'news', path: '/gate-phase' } as const;
    expect(await admitPageRender(redis, page, 35, server.prefix)).toBe('first');
    const { client, sent } = counting();
    const guard = pageFenceGate({ redis: client, prefix: server.prefix }, page, 35);
    // Three callbacks that run one after another in the same phase (the timers'), as a poll
    // phase runs the completions of syncs that finished together: each asks in a turn of its own.
    const asked = [0, 1, 2].map(
      () =>
        new Promise<boolean>((resolve, reject) => {
          setTimeout(() => {
            guard().then(resolve, reject);
          }, 0);
        }),
    );
    expect(await Promise.all(asked)).toEqual([true, true, true]);
    expect(sent()).toBe(1);
  });

  it('answer from an admission sent after they were asked, so a newer render admitted meanwhile refuses them', async () => {
    const page = { site: 'news', path: '/gate-newer' } as const;
    expect(await admitPageRender(redis, page, 40, server.prefix)).toBe('first');
    const { client, sent } = counting();
    const guard = pageFenceGate({ redis: client, prefix: server.prefix }, page, 40);
    // Asked, then a newer render is admitted before the shared admission goes out (next tick).
    const asked = [guard(), guard()];
    const newer = admitPageRender(redis, page, 41, server.prefix);
    expect(await Promise.all(asked)).toEqual([false, false]);
    expect(await newer).toBe('admitted');
    expect(sent()).toBe(1);
    // Once an admission was answered yes, a newer render admitted after it refuses the next guard.
    const admitted41 = pageFenceGate({ redis: client, prefix: server.prefix }, page, 41);
    expect(await admitted41()).toBe(true);
    expect(await admitPageRender(redis, page, 42, server.prefix)).toBe('admitted');
    expect(await admitted41()).toBe(false);
  });
});
