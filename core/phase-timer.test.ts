import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { startPhaseTimer, stopPhaseTimer, takePhaseTotals, timeAsync, timedSync, timeRedis, timeStore, timeSync, PHASES } from './phase-timer.js';
import { createRedis } from './redis.js';
import { createFsStore } from './storage/fs-driver.js';
import { contentHash } from './storage/write.js';

/** Burns `ms` milliseconds of this process's CPU (not wall time: a loaded machine gives less CPU per second). */
function spin(ms: number): number {
  const start = process.cpuUsage();
  let x = 0;
  for (;;) {
    for (let i = 0; i < 1000; i += 1) x += Math.sqrt(x + 1);
    const used = process.cpuUsage(start);
    if (used.user + used.system >= ms * 1000) return x;
  }
}

const sumCpu = (cpu: Record<string, number>) => Object.values(cpu).reduce((a, b) => a + b, 0);

afterEach(() => stopPhaseTimer());

describe('phase timer', () => {
  it('counts nothing and changes nothing while it is off', () => {
    expect(timeSync('react', () => 42)).toBe(42);
    const promise = Promise.resolve('answer');
    expect(timeAsync('upstream-http', () => promise)).toBe(promise);
    const totals = takePhaseTotals();
    for (const phase of PHASES) {
      expect(totals.calls[phase]).toBe(0);
      expect(totals.cpuMs[phase]).toBe(0);
    }
  });

  it('charges CPU to the innermost synchronous phase, and the rest to other', () => {
    startPhaseTimer();
    spin(15);
    timeSync('react', () => {
      spin(20);
      timeSync('sanitise', () => spin(60));
    });
    const totals = takePhaseTotals();
    expect(totals.calls.react).toBe(1);
    expect(totals.calls.sanitise).toBe(1);
    expect(totals.cpuMs.sanitise).toBeGreaterThanOrEqual(60);
    expect(totals.cpuMs.react).toBeGreaterThanOrEqual(20);
    // The inner phase's 60 ms are not charged to the outer one too (that would make it 80 or
    // more). The margin is for CPU the process's other threads (GC, libuv) spent meanwhile, which
    // process.cpuUsage counts: on a loaded machine it reached 11 ms.
    expect(totals.cpuMs.react).toBeLessThan(60);
    expect(totals.cpuMs.other).toBeGreaterThanOrEqual(15);
    expect(totals.wallMs.react).toBeGreaterThanOrEqual(totals.wallMs.sanitise);
    // A take starts again from zero.
    expect(takePhaseTotals().calls.react).toBe(0);
  });

  it('times an async phase until it settles, hands back the same promise, and passes failures through', async () => {
    startPhaseTimer();
    let release = () => {};
    const pending = new Promise<string>((resolve) => {
      release = () => resolve('done');
    });
    const returned = timeAsync('upstream-http', () => pending);
    expect(returned).toBe(pending);
    // Unmeasured work while the call is in flight is charged to it (see the module header).
    spin(20);
    release();
    await expect(returned).resolves.toBe('done');
    const failing = timeAsync('redis', () => Promise.reject(new Error('refused')));
    await expect(failing).rejects.toThrow('refused');
    expect(() => timeSync('hash', () => { throw new Error('broken'); })).toThrow('broken');
    const totals = takePhaseTotals();
    expect(totals.calls['upstream-http']).toBe(1);
    expect(totals.cpuMs['upstream-http']).toBeGreaterThanOrEqual(20);
    expect(totals.wallMs['upstream-http']).toBeGreaterThan(0);
    expect(totals.calls.redis).toBe(1);
    expect(totals.calls.hash).toBe(1);
  });

  it('charges a synchronous phase inside an async one to the synchronous phase', async () => {
    // Allocated before the timer starts: filling 32 MiB inside the storage phase would be charged
    // to storage, and on a busy machine came close enough to the hash to make this flaky.
    const bytes = Buffer.alloc(32 * 1024 * 1024, 1);
    startPhaseTimer();
    await timeAsync('storage', async () => {
      await Promise.resolve();
      contentHash(bytes);
    });
    const totals = takePhaseTotals();
    expect(totals.calls.hash).toBe(1);
    expect(totals.cpuMs.hash).toBeGreaterThan(totals.cpuMs.storage);
  });

  it('adds up to the CPU the process used while it ran', () => {
    const before = process.cpuUsage();
    startPhaseTimer();
    spin(10);
    timedSync('sanitise', (ms: number) => spin(ms))(10);
    const totals = takePhaseTotals();
    const used = process.cpuUsage(before);
    const processMs = (used.user + used.system) / 1000;
    // Never more than the process used around it...
    expect(sumCpu(totals.cpuMs)).toBeLessThanOrEqual(processMs + 0.5);
    // ... and all of what was spun while it ran, each spin where it ran. Bounded by the spins, not
    // by a share of processMs: a garbage collection that an allocation starts just outside the
    // timer (the Recorder's own, the previous test's 32 MiB) counts in processMs alone, and once
    // made the phases 22.1 of its 29.1 ms.
    expect(totals.cpuMs.other).toBeGreaterThanOrEqual(10);
    expect(totals.cpuMs.sanitise).toBeGreaterThanOrEqual(10);
    expect(sumCpu(totals.cpuMs)).toBeGreaterThanOrEqual(20);
  });
});

describe('phase timer on real connections', () => {
  let server: TestRedis;
  let redis: Redis;
  let dir: string;

  beforeAll(async () => {
    server = await startTestRedis();
    redis = timeRedis(createRedis(server.url, { name: 'phase-timer-test' }));
    dir = await mkdtemp(join(tmpdir(), 'phase-timer-'));
  });

  afterAll(async () => {
    await redis?.quit();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('counts every Redis command, pipelined and MULTI ones included, and answers as before', async () => {
    const key = `${server.prefix}phase`;
    await redis.ping();
    startPhaseTimer();
    await redis.set(key, 'a');
    expect(await redis.get(key)).toBe('a');
    await redis.multi().set(key, 'b').get(key).exec();
    const totals = takePhaseTotals();
    // set, get, then MULTI + set + get + EXEC.
    expect(totals.calls.redis).toBe(6);
    expect(totals.wallMs.redis).toBeGreaterThan(0);
    expect(await redis.get(key)).toBe('b');
  });

  it('times every call to a store and leaves its properties and answers alone', async () => {
    const store = timeStore(createFsStore({ root: dir }));
    expect(store.driver).toBe('fs');
    startPhaseTimer();
    const body = Buffer.from('<!DOCTYPE html><title>t</title></html>');
    const meta = { contentType: 'text/html', cacheControl: 'no-cache', surrogateKeys: [], contentHash: contentHash(body), renderedAt: new Date().toISOString(), reason: 'test' };
    await store.put('pages/news/a/standard.html', body, meta);
    expect((await store.get('pages/news/a/standard.html'))?.body.toString()).toBe(body.toString());
    expect(await store.head('pages/news/missing/standard.html')).toBeNull();
    const totals = takePhaseTotals();
    expect(totals.calls.storage).toBe(3);
    // The test's own hash, and the driver's check of the bytes it stores and reads against their hash.
    expect(totals.calls.hash).toBeGreaterThanOrEqual(2);
    await store.close();
  });
});
