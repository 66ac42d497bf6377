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
});
