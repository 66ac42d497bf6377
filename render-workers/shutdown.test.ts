/**
 * The render worker's lifecycle on a real Redis with real BullMQ workers: graceful shutdown
 * (finish within the deadline, or hand the job back so another worker starts it at once), and
 * what a failed job carries. The only stand-in is the render function of the worker under test,
 * so a test can hold a render open for as long as it needs.
 */
import { Queue, QueueEvents, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../core/logger.js';
import { createMetricsRegistry, createRenderMetrics } from '../core/metrics.js';
import { PlatformError } from '../core/errors.js';
import { RENDER_QUEUE, renderJobName, renderJobOptions, type RenderJob } from '../core/queue.js';
import { PageRenderLog, PageStatusStore } from '../core/page-status.js';
import { createRedis } from '../core/redis.js';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import type { PageRenderer, RenderOutcome } from './render-page.js';
import { createRenderWorker, type RenderWorker } from './worker.js';

const logger = createLogger({ component: 'shutdown-test', level: 'silent' });

let server: TestRedis;
let queueConnection: Redis;
let queue: Queue;
let events: QueueEvents;
let eventsConnection: Redis;
let prefix: string;
/** Everything a test opened, closed after it whatever happened. */
let cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  server = await startTestRedis();
  queueConnection = createRedis(server.url, { name: 'shutdown-test-queue' });
});

afterAll(async () => {
  await queueConnection?.quit();
  await server?.stop();
});

beforeEach(async () => {
  // A fresh prefix per test: no job of one test is seen by another.
  prefix = `{sd${Math.random().toString(36).slice(2, 8)}}`;
  queue = new Queue(RENDER_QUEUE, { connection: queueConnection, prefix });
  // QueueEvents duplicates the connection it is given and closes only its copy.
  eventsConnection = createRedis(server.url, { blocking: true, name: 'shutdown-test-events' });
  events = new QueueEvents(RENDER_QUEUE, { connection: eventsConnection, prefix });
  await events.waitUntilReady();
});

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
  await events.close();
  eventsConnection.disconnect();
  await queue.close();
});

function job(path: string): RenderJob {
  return { site: 'news', path, reason: 'event', requestedAt: new Date().toISOString() };
}

/** The editors' records every worker keeps (required, ADR 0035), on the test's Redis. */
function records(): { pageStatus: PageStatusStore; renderLog: PageRenderLog } {
  return { pageStatus: new PageStatusStore(queueConnection, prefix), renderLog: new PageRenderLog(queueConnection, prefix) };
}

async function enqueue(data: RenderJob): Promise<Job> {
  return await queue.add(renderJobName(data), data, renderJobOptions(data, { attempts: 3, backoffMs: 1_000, eventDebounceMs: 0 }));
}

/** A render function the test controls: each call waits until the test releases it. */
function heldRenderer() {
  const started: string[] = [];
  const waiters: Array<() => void> = [];
  let onStart: () => void = () => {};
  const renderer: PageRenderer = {
    async render(data) {
      started.push(data.path);
      onStart();
      await new Promise<void>((resolve) => waiters.push(resolve));
      return { kind: 'section', written: [`news${data.path}`], unchanged: [] } satisfies RenderOutcome;
    },
  };
  return {
    renderer,
    started,
    /** Resolves once `count` renders have started. */
    startedCount: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (started.length >= count) resolve();
        };
        onStart = check;
        check();
      }),
    finishAll: () => {
      for (const finish of waiters.splice(0)) finish();
    },
  };
}

function startWorker(renderer: PageRenderer, extra: { lockDurationMs?: number } = {}): RenderWorker {
  const connection = createRedis(server.url, { blocking: true, name: 'shutdown-test-worker' });
  const worker = createRenderWorker({ connection, prefix, concurrency: 2, renderer, logger, ...records(), lockDurationMs: extra.lockDurationMs ?? 30_000 });
  cleanups.push(async () => {
    await worker.close(true);
    connection.disconnect();
  });
  return worker;
}

describe('render worker shutdown', () => {
  it('lets an active render finish within the deadline and takes no new job meanwhile', async () => {
    const held = heldRenderer();
    const worker = startWorker(held.renderer);
    const first = await enqueue(job('/politics'));
    await held.startedCount(1);

    const stopping = worker.shutdown({ deadlineMs: 10_000 });
    // A job that arrives while the worker stops waits for another worker.
    const second = await enqueue(job('/world'));
    await new Promise((r) => setTimeout(r, 300));
    held.finishAll();
    const started = Date.now();
    const report = await stopping;

    // Well before the 10 s deadline: the worker stopped as soon as its render finished.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(report.released).toEqual([]);
    expect(await queue.getJobState(first.id ?? '')).toBe('completed');
    expect((await queue.getJob(first.id ?? ''))?.returnvalue).toEqual({ kind: 'section', written: ['news/politics'], unchanged: [] });
    expect(held.started).toEqual(['/politics']);
    expect(await queue.getJobState(second.id ?? '')).toBe('prioritized');
  });

  it('hands a render that outlives the deadline back to the queue, and another worker finishes it at once', async () => {
    const held = heldRenderer();
    // A lock of 30 s: left locked, the job would wait that long (plus the stall check) for a new worker.
    const stopping = startWorker(held.renderer, { lockDurationMs: 30_000 });
    const stuck = await enqueue(job('/politics'));
    await held.startedCount(1);
    expect(await queue.getJobState(stuck.id ?? '')).toBe('active');

    // A second worker, idle and blocked waiting for work.
    const takeover = startWorker({ render: () => Promise.resolve({ kind: 'section', written: [], unchanged: ['news/politics'] }) });
    await takeover.waitUntilReady();
    const completed = new Promise<number>((resolve) => {
      events.on('completed', ({ jobId }) => {
        if (jobId === stuck.id) resolve(Date.now());
      });
    });

    const shutdownStarted = Date.now();
    const report = await stopping.shutdown({ deadlineMs: 400 });
    const closedAt = Date.now();

    expect(report.released).toEqual([stuck.id]);
    expect(closedAt - shutdownStarted).toBeGreaterThanOrEqual(400);
    expect(closedAt - shutdownStarted).toBeLessThan(400 + 5_000);
    expect(stopping.isRunning()).toBe(false);

    const completedAt = await completed;
    // Picked up at once, not after the 30 s lock expired.
    expect(completedAt - closedAt).toBeLessThan(15_000);
    const done = await queue.getJob(stuck.id ?? '');
    expect(done?.returnvalue).toEqual({ kind: 'section', written: [], unchanged: ['news/politics'] });
    // The interrupted attempt is not counted against the job's retries, and nothing failed.
    expect(done?.attemptsMade).toBe(1);
    expect(done?.failedReason ?? '').toBe('');
    expect(await queue.getJobCounts('failed')).toEqual({ failed: 0 });
    held.finishAll();
  });
});

describe('render worker failures', () => {
  it('fails a job with a readable reason and counts it under its error code', async () => {
    const metrics = createRenderMetrics(createMetricsRegistry());
    const connection = createRedis(server.url, { blocking: true, name: 'shutdown-test-failing' });
    const worker = createRenderWorker({
      connection,
      prefix,
      concurrency: 1,
      logger,
      metrics,
      ...records(),
      renderer: {
        render: () => Promise.reject(new PlatformError('OBJECT_META_INVALID', 'surrogate key "a b" has a space')),
      },
    });
    cleanups.push(async () => {
      await worker.close(true);
      connection.disconnect();
    });
    // Listening before the job is added, so a fast failure cannot be missed.
    const sawFailure = new Promise<string>((resolve) => {
      events.on('failed', ({ jobId }) => resolve(jobId));
    });
    const failed = await enqueue(job('/politics'));
    expect(await sawFailure).toBe(failed.id);
    const stored = await queue.getJob(failed.id ?? '');
    // Not retryable (docs/errors.md): failed at once, with the code and message as its reason.
    expect(stored?.failedReason).toBe('OBJECT_META_INVALID: surrogate key "a b" has a space');
    expect(stored?.attemptsMade).toBe(1);
    expect(await metrics.registry.metrics()).toContain('newsroom_render_failures_total{code="OBJECT_META_INVALID"} 1');
  });
});
