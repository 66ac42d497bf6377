import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { PAGE_FAILURE_MESSAGE_MAX, PAGE_FAILURE_TTL_S, PageStatusStore } from './page-status.js';
import { createRedis } from './redis.js';

let server: TestRedis;
let redis: Redis;
let status: PageStatusStore;
const page = { site: 'news', path: '/politics/story' } as const;

beforeAll(async () => {
  server = await startTestRedis();
  redis = createRedis(server.url, { name: 'page-status-test' });
  status = new PageStatusStore(redis, server.prefix);
});

afterAll(async () => {
  await redis?.quit();
  await server?.stop();
});

describe('PageStatusStore', () => {
  it('reads null for a page that never failed', async () => {
    expect(await status.read({ site: 'es', path: '/never' })).toBeNull();
  });

  it('keeps the latest failure and counts failures until a success clears them', async () => {
    await status.recordFailure(page, { jobId: 'r-1', reason: 'event', message: 'UPSTREAM_UNAVAILABLE: 503', at: new Date('2025-01-01T00:00:00Z') });
    await status.recordFailure(page, { reason: 'republish', message: 'UPSTREAM_BAD_RESPONSE: field title', at: '2025-01-01T00:01:00.000Z' });
    expect(await status.read(page)).toEqual({
      // The second failure had no job id: the first one's must not stay beside its message.
      jobId: null,
      reason: 'republish',
      message: 'UPSTREAM_BAD_RESPONSE: field title',
      at: '2025-01-01T00:01:00.000Z',
      count: 2,
      code: null,
      final: false,
      requeuedAt: null,
    });
    expect(await redis.ttl(status.key(page))).toBeGreaterThan(PAGE_FAILURE_TTL_S - 60);
    await status.clearFailure(page);
    expect(await status.read(page)).toBeNull();
  });

  it('cuts long messages and keeps pages apart', async () => {
    const other = { site: 'es', path: '/politics/story' } as const;
    await status.recordFailure(other, { jobId: 'r-2', reason: 'sweep', message: 'x'.repeat(5000), at: new Date() });
    expect((await status.read(other))?.message.length).toBe(PAGE_FAILURE_MESSAGE_MAX);
    expect(await status.read(page)).toBeNull();
  });

  describe('pages awaiting recovery (ADR 0024)', () => {
    const a = { site: 'news', path: '/recovery/a' } as const;
    const b = { site: 'es', path: '/recovery/b' } as const;
    const c = { site: 'news', path: '/recovery/c' } as const;
    const failure = (at: string, extra: { final?: boolean; recoverable?: boolean; code?: string }) => ({
      jobId: 'r-x',
      reason: 'bulk-republish',
      message: 'STORAGE_FAILED: Filesystem storage could not write x',
      at,
      code: 'STORAGE_FAILED',
      ...extra,
    });

    it('lists pages whose last attempt failed for good on a dependency, the longest waiting first', async () => {
      await status.recordFailure(a, failure('2025-02-01T00:02:00.000Z', { final: true, recoverable: true }));
      await status.recordFailure(b, failure('2025-02-01T00:01:00.000Z', { final: true, recoverable: true, code: 'UPSTREAM_UNAVAILABLE' }));
      // Still retrying, and failed for good but not on a dependency: neither waits for the sweep.
      await status.recordFailure(c, failure('2025-02-01T00:00:00.000Z', { final: false }));
      await status.recordFailure({ site: 'news', path: '/recovery/bug' }, failure('2025-02-01T00:00:00.000Z', { final: true, recoverable: false, code: 'STORED_OBJECT_CORRUPT' }));
      expect(await status.listAwaitingRecovery(10)).toEqual([
        { ...b, code: 'UPSTREAM_UNAVAILABLE', at: '2025-02-01T00:01:00.000Z' },
        { ...a, code: 'STORAGE_FAILED', at: '2025-02-01T00:02:00.000Z' },
      ]);
      expect(await status.listAwaitingRecovery(1)).toEqual([{ ...b, code: 'UPSTREAM_UNAVAILABLE', at: '2025-02-01T00:01:00.000Z' }]);
      expect(await status.read(a)).toMatchObject({ code: 'STORAGE_FAILED', final: true, requeuedAt: null });
    });

    it('takes a page out when it is queued again, fails again while retrying, or renders', async () => {
      await status.markRequeued(b, new Date('2025-02-01T00:05:00.000Z'));
      expect(await status.read(b)).toMatchObject({ final: true, requeuedAt: '2025-02-01T00:05:00.000Z' });
      expect((await status.listAwaitingRecovery(10)).map((p) => p.path)).toEqual([a.path]);
      // The queued render fails again and retries: not waiting for the sweep, and the requeue time goes.
      await status.recordFailure(b, failure('2025-02-01T00:06:00.000Z', { final: false, code: 'UPSTREAM_UNAVAILABLE' }));
      expect(await status.read(b)).toMatchObject({ final: false, requeuedAt: null, count: 2 });
      expect((await status.listAwaitingRecovery(10)).map((p) => p.path)).toEqual([a.path]);
      await status.clearFailure(a);
      expect(await status.listAwaitingRecovery(10)).toEqual([]);
    });

    it('never leaves a bare record when a page renders between the sweep reading it and queueing it', async () => {
      await status.recordFailure(c, failure('2025-02-01T00:07:00.000Z', { final: true, recoverable: true }));
      await status.clearFailure(c);
      await status.markRequeued(c);
      expect(await redis.exists(status.key(c))).toBe(0);
    });

    it('drops members whose record has gone (expired) or is malformed, and still fills the batch', async () => {
      const pages = Array.from({ length: 6 }, (_, i) => ({ site: 'news', path: `/recovery/gone-${i}` }) as const);
      for (const [i, p] of pages.entries()) await status.recordFailure(p, failure(`2025-03-01T00:0${i}:00.000Z`, { final: true, recoverable: true }));
      // The three oldest records expire; a member no key mapping accepts is dropped too.
      for (const p of pages.slice(0, 3)) await redis.del(status.key(p));
      await redis.zadd(status.recoveryKey(), 0, 'nosite:/x', 1, 'news:/a/../b');
      expect((await status.listAwaitingRecovery(2)).map((p) => p.path)).toEqual(['/recovery/gone-3', '/recovery/gone-4']);
      expect(await redis.zcard(status.recoveryKey())).toBe(3);
      for (const p of pages) await status.clearFailure(p);
    });
  });
});
