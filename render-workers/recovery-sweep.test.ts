/**
 * The recovery sweep on a real Redis and a real BullMQ queue: it queues again the pages
 * whose render failed for good on a dependency, only when that dependency answers, with reason
 * `recovery`, at most `batch` a run, once per interval across processes, joining a render already
 * queued. The probes are the real ones against the filesystem store and the sample upstream over
 * HTTP; the sweep-logic tests use probes the test switches.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../core/config/upstream.js';
import { createLogger } from '../core/logger.js';
import { PageStatusStore } from '../core/page-status.js';
import { PRIORITY, RENDER_QUEUE, renderJobName, renderJobOptions, type RenderJob } from '../core/queue.js';
import { createRedis } from '../core/redis.js';
import { createFsStore } from '../core/storage/fs-driver.js';
import { STORAGE_PROBE_KEY } from '../core/storage/keys.js';
import { createUpstreamClient } from '../core/upstream/client.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../infra/sample-upstream/server.js';
import { sampleRequest } from '../tests/support/sample-client.js';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { runRecoverySweep, storageProbe, upstreamProbe, type RecoverySweepOptions } from './recovery-sweep.js';

const logger = createLogger({ component: 'recovery-sweep-test', level: 'silent' });

let server: TestRedis;
let redis: Redis;
let upstream: RunningSampleUpstream;
let dir: string;
let queue: Queue;
let status: PageStatusStore;
let prefix: string;
/** What the switchable probes answer. */
const up = { storage: false, upstream: false };
const probed: string[] = [];

beforeAll(async () => {
  server = await startTestRedis();
  redis = createRedis(server.url, { name: 'recovery-sweep-test' });
  upstream = await startSampleUpstream({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'recovery-sweep-'));
});

afterAll(async () => {
  await redis?.quit();
  await server?.stop();
  await upstream?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  prefix = `{rs${Math.random().toString(36).slice(2, 8)}}`;
  queue = new Queue(RENDER_QUEUE, { connection: redis, prefix });
  status = new PageStatusStore(redis, prefix);
  up.storage = false;
  up.upstream = false;
  probed.length = 0;
});

afterEach(async () => {
  await queue.close();
  await sampleRequest(upstream.url, 'DELETE', '/__sample/faults');
});

function sweepOptions(overrides: Partial<RecoverySweepOptions> = {}): RecoverySweepOptions {
  const probe = (name: 'storage' | 'upstream') => () => {
    probed.push(name);
    return up[name] ? Promise.resolve() : Promise.reject(new Error(`${name} still down`));
  };
  return { intervalMs: 60_000, batch: 100, redis, prefix, pageStatus: status, queue, probes: { storage: probe('storage'), upstream: probe('upstream') }, logger, ...overrides };
}

/** A page whose render failed for good on `code`. */
async function gaveUp(path: string, code: string, at = new Date()): Promise<void> {
  await status.recordFailure({ site: 'news', path }, { jobId: 'r-old', reason: 'bulk-republish', message: `${code}: down`, at, code, final: true, recoverable: true });
}

async function queuedPaths(): Promise<Array<{ path: string; reason: string; requestedBy?: string; priority: number }>> {
  const jobs = await queue.getJobs(['prioritized', 'waiting', 'delayed']);
  return jobs
    .map((job) => {
      const data = job.data as RenderJob;
      return { path: data.path, reason: data.reason, ...(data.requestedBy ? { requestedBy: data.requestedBy } : {}), priority: job.priority };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

describe('the recovery sweep (ADR 0024)', () => {
  it('with nothing waiting, probes nothing and queues nothing', async () => {
    expect(await runRecoverySweep(sweepOptions())).toEqual({ fired: true, candidates: 0, requeued: 0, coalesced: 0, probes: {} });
    expect(probed).toEqual([]);
  });

  it('queues again, with reason recovery, only the pages whose dependency answers; the others keep waiting', async () => {
    await gaveUp('/storage-a', 'STORAGE_FAILED');
    await gaveUp('/storage-b', 'STORAGE_FAILED');
    await gaveUp('/upstream-a', 'UPSTREAM_UNAVAILABLE');
    await gaveUp('/upstream-b', 'UPSTREAM_BAD_RESPONSE');

    // Both still down: probed once each, nothing queued, everything still waits.
    expect(await runRecoverySweep(sweepOptions())).toMatchObject({ fired: true, candidates: 4, requeued: 0, probes: { storage: 'failed', upstream: 'failed' } });
    expect(probed.sort()).toEqual(['storage', 'upstream']);
    expect(await queuedPaths()).toEqual([]);
    expect(await status.listAwaitingRecovery(10)).toHaveLength(4);

    await redis.del(`${prefix}:recovery-sweep:lock`);
    up.upstream = true;
    expect(await runRecoverySweep(sweepOptions())).toMatchObject({ candidates: 4, requeued: 2, coalesced: 0, probes: { storage: 'failed', upstream: 'answered' } });
    expect(await queuedPaths()).toEqual([
      { path: '/upstream-a', reason: 'recovery', requestedBy: 'recovery-sweep', priority: PRIORITY.recovery },
      { path: '/upstream-b', reason: 'recovery', requestedBy: 'recovery-sweep', priority: PRIORITY.recovery },
    ]);
    expect((await status.listAwaitingRecovery(10)).map((p) => p.path).sort()).toEqual(['/storage-a', '/storage-b']);
    expect(await status.read({ site: 'news', path: '/upstream-a' })).toMatchObject({ final: true, requeuedAt: expect.any(String) as unknown });
  });

  it('runs once per interval across processes (a lock in Redis)', async () => {
    await gaveUp('/x', 'UPSTREAM_UNAVAILABLE');
    up.upstream = true;
    const [first, second] = await Promise.all([runRecoverySweep(sweepOptions()), runRecoverySweep(sweepOptions())]);
    expect([first.fired, second.fired].sort()).toEqual([false, true]);
    expect(await queuedPaths()).toHaveLength(1);
    expect(await redis.pttl(`${prefix}:recovery-sweep:lock`)).toBeLessThanOrEqual(54_000);
  });

  it('queues at most a batch a run, the longest waiting first', async () => {
    for (let i = 0; i < 5; i += 1) await gaveUp(`/page-${i}`, 'STORAGE_FAILED', new Date(Date.UTC(2025, 0, 1, 0, 5 - i)));
    up.storage = true;
    expect(await runRecoverySweep(sweepOptions({ batch: 2 }))).toMatchObject({ candidates: 2, requeued: 2 });
    expect((await queuedPaths()).map((j) => j.path)).toEqual(['/page-3', '/page-4']);
    expect(await status.listAwaitingRecovery(10)).toHaveLength(3);
  });

  it('joins a render of the page that is already queued instead of adding another', async () => {
    const pending: RenderJob = { site: 'news', path: '/pending', reason: 'sweep', requestedAt: new Date().toISOString() };
    await queue.add(renderJobName(pending), pending, renderJobOptions(pending));
    await gaveUp('/pending', 'UPSTREAM_UNAVAILABLE');
    up.upstream = true;
    expect(await runRecoverySweep(sweepOptions())).toMatchObject({ requeued: 1, coalesced: 1 });
    expect(await queuedPaths()).toEqual([{ path: '/pending', reason: 'sweep', priority: PRIORITY.sweep }]);
    expect(await status.listAwaitingRecovery(10)).toEqual([]);
  });

  it('counts a probe that never answers as failed', async () => {
    await gaveUp('/hung', 'STORAGE_FAILED');
    const hung = sweepOptions({ probeTimeoutMs: 100 });
    hung.probes.storage = () => new Promise<void>(() => {});
    expect(await runRecoverySweep(hung)).toMatchObject({ requeued: 0, probes: { storage: 'failed' } });
  });
});

describe('the probes', () => {
  it('storage: writes the probe object, and rejects when the store refuses writes', async () => {
    const store = createFsStore({ root: join(dir, 'storage') });
    await storageProbe(store)();
    expect((await store.get(STORAGE_PROBE_KEY))?.body.toString()).toMatch(/^render worker storage probe /);
    await store.close();
    // A store whose root lies under a regular file: every write fails, whoever the test runs as.
    await writeFile(join(dir, 'not-a-directory'), 'x');
    const broken = createFsStore({ root: join(dir, 'not-a-directory', 'storage') });
    await expect(storageProbe(broken)()).rejects.toMatchObject({ code: 'STORAGE_FAILED' });
    await broken.close();
  });

  it('upstream: reads the header menu layout, and rejects while the layouts service fails', async () => {
    const client = createUpstreamClient({ config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }), logger });
    await upstreamProbe(client)();
    await sampleRequest(upstream.url, 'POST', '/__sample/faults', { path: '/layouts', mode: 'status', status: 503 });
    await expect(upstreamProbe(client)()).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });
});
