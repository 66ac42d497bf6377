/**
 * The render worker's retry policy on a real Redis with real BullMQ (ADR 0024, retry until
 * recovered): a job failing on storage or upstream keeps retrying through its window, as a
 * delayed job that holds no worker, and then fails for good with its page waiting for the recovery
 * sweep; other failures keep their few attempts; unrecoverable ones fail at once. The only stand-in
 * is the render function of the worker under test, which fails the way the test says. Short
 * delays and window here; production's are render-workers/retry-policy.ts DEFAULT_RETRY_POLICY.
 */
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../core/errors.js';
import { createLogger } from '../core/logger.js';
import { PageRenderLog, PageStatusStore } from '../core/page-status.js';
import { DEFAULT_RENDER_JOB, RENDER_QUEUE, renderJobName, renderJobOptions, type RenderJob } from '../core/queue.js';
import { createRedis } from '../core/redis.js';
import { eventually, jobSettled } from '../tests/support/eventually.js';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import type { PageRenderer, RenderOutcome } from './render-page.js';
import { nextRetryDelay, type RetryPolicy } from './retry-policy.js';
import { createRenderWorker, type RenderWorkerOptions } from './worker.js';

const FIRST_DELAY_MS = 40;
const POLICY: RetryPolicy = { maxDelayMs: 160, windowMs: 1_000, otherAttempts: 3 };
const logLines: Array<{ level: string; message: string; job?: { final?: boolean } }> = [];
const logger = createLogger({ component: 'retry-test', level: 'info', destination: { write: (line: string) => logLines.push(JSON.parse(line) as (typeof logLines)[number]) } });

let server: TestRedis;
let redis: Redis;
let queue: Queue;
let status: PageStatusStore;
let prefix: string;
let cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  server = await startTestRedis();
  redis = createRedis(server.url, { name: 'retry-test' });
});

afterAll(async () => {
  await redis?.quit();
  await server?.stop();
});

beforeEach(() => {
  prefix = `{rt${Math.random().toString(36).slice(2, 8)}}`;
  queue = new Queue(RENDER_QUEUE, { connection: redis, prefix });
  status = new PageStatusStore(redis, prefix);
  logLines.length = 0;
});

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
  await queue.close();
});

async function enqueue(path: string, backoffMs = FIRST_DELAY_MS): Promise<Job> {
  const data: RenderJob = { site: 'news', path, reason: 'bulk-republish', requestedAt: new Date().toISOString() };
  return await queue.add(renderJobName(data), data, renderJobOptions(data, { ...DEFAULT_RENDER_JOB, backoffMs, eventDebounceMs: 0 }));
}

/** Each path fails with its error while `failures(path)` says so; every attempt is counted. */
function failingRenderer(failures: (path: string, attempt: number) => Error | null) {
  const attempts = new Map<string, number>();
  const renderer: PageRenderer = {
    render(data) {
      const attempt = (attempts.get(data.path) ?? 0) + 1;
      attempts.set(data.path, attempt);
      const error = failures(data.path, attempt);
      if (error) return Promise.reject(error);
      return Promise.resolve({ kind: 'section', written: [`news/pages${data.path}/index.html`], unchanged: [] } satisfies RenderOutcome);
    },
  };
  return { renderer, attempts };
}

function startWorker(renderer: PageRenderer, concurrency = 1, options: Pick<RenderWorkerOptions, 'retryPolicy' | 'storageBreaker' | 'storageProbe'> = {}): void {
  const connection = createRedis(server.url, { blocking: true, name: 'retry-test-worker' });
  const worker = createRenderWorker({ connection, prefix, concurrency, renderer, logger, pageStatus: status, renderLog: new PageRenderLog(redis, prefix), retryPolicy: POLICY, ...options });
  cleanups.push(async () => {
    await worker.close(true);
    connection.disconnect();
  });
}

/** The attempts the policy gives a job failing with `error` every time. */
function attemptsFor(error: Error): number {
  let attempt = 1;
  while (nextRetryDelay(attempt, error, FIRST_DELAY_MS, POLICY) !== -1) attempt += 1;
  return attempt;
}

const storageDown = () => new PlatformError('STORAGE_FAILED', 'Filesystem storage could not write news/pages/x/index.html');

describe('retrying failed renders (ADR 0024)', () => {
  it('retries a storage failure through the whole window as a delayed job, so the one worker renders other pages meanwhile, then fails it for good and leaves the page waiting for the recovery sweep', async () => {
    const { renderer, attempts } = failingRenderer((path) => (path === '/down' ? storageDown() : null));
    startWorker(renderer, 1);
    const failing = await enqueue('/down');
    // Queued after the failing job, on a worker that runs one render at a time.
    const others = await Promise.all(['/a', '/b', '/c'].map((path) => enqueue(path)));
    for (const other of others) expect(await (await jobSettled<Job>(queue, other.id ?? '', 5_000)).getState()).toBe('completed');
    // The other pages were done while the failing one still had most of its window ahead.
    expect(await queue.getJobState(failing.id ?? '')).not.toMatch(/completed|failed/);

    const done = await jobSettled<Job>(queue, failing.id ?? '', 10_000);
    expect(await done.getState()).toBe('failed');
    const expected = attemptsFor(storageDown());
    // Far more than the old 4 attempts, and exactly what the policy allows.
    expect(expected).toBeGreaterThan(POLICY.otherAttempts + 2);
    expect(done.attemptsMade).toBe(expected);
    expect(attempts.get('/down')).toBe(expected);
    expect((done.finishedOn ?? 0) - done.timestamp).toBeGreaterThanOrEqual(POLICY.windowMs);
    expect(done.failedReason).toBe('STORAGE_FAILED: Filesystem storage could not write news/pages/x/index.html');

    expect(await status.read({ site: 'news', path: '/down' })).toMatchObject({ code: 'STORAGE_FAILED', final: true, count: expected, reason: 'bulk-republish' });
    expect(await status.listAwaitingRecovery(10)).toEqual([{ site: 'news', path: '/down', code: 'STORAGE_FAILED', at: expect.any(String) as unknown }]);
    const finals = logLines.filter((line) => line.message === 'render failed for good');
    expect(finals).toHaveLength(1);
    expect(finals[0]).toMatchObject({ level: 'error', job: { final: true } });
    expect(logLines.filter((line) => line.message === 'render failed')).toHaveLength(expected - 1);
  });

  it('renders the page as soon as the dependency answers within the window, and clears its failure', async () => {
    const { renderer, attempts } = failingRenderer((_path, attempt) => (attempt <= 6 ? new PlatformError('UPSTREAM_UNAVAILABLE', 'Upstream article answered 503') : null));
    startWorker(renderer);
    const job = await jobSettled<Job>(queue, (await enqueue('/flaky')).id ?? '', 10_000);
    expect(await job.getState()).toBe('completed');
    expect(attempts.get('/flaky')).toBe(7);
    expect(await status.read({ site: 'news', path: '/flaky' })).toBeNull();
    expect(await status.listAwaitingRecovery(10)).toEqual([]);
  });

  it('gives a failure that waiting does not fix its few attempts, and does not wait for the sweep', async () => {
    const { renderer } = failingRenderer(() => new PlatformError('RENDER_FAILED', 'a render bug'));
    startWorker(renderer);
    const job = await jobSettled<Job>(queue, (await enqueue('/bug')).id ?? '', 10_000);
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(POLICY.otherAttempts);
    expect(await status.read({ site: 'news', path: '/bug' })).toMatchObject({ code: 'RENDER_FAILED', final: true });
    expect(await status.listAwaitingRecovery(10)).toEqual([]);
  });

  it('while storage refuses every write, renders about one page a probe interval instead of one per attempt, and every page once storage answers (ADR 0044)', async () => {
    let down = true;
    const { renderer, attempts } = failingRenderer(() => (down ? storageDown() : null));
    const probeEveryMs = 250;
    startWorker(renderer, 2, { retryPolicy: { maxDelayMs: 200, windowMs: 60_000, otherAttempts: 3 }, storageBreaker: { probeEveryMs } });
    const jobs = await Promise.all(Array.from({ length: 20 }, (_, i) => enqueue(`/page-${i}`)));
    const outageMs = 2_500;
    await new Promise((resolve) => setTimeout(resolve, outageMs));
    const rendered = [...attempts.values()].reduce((sum, n) => sum + n, 0);
    const tried = (await Promise.all(jobs.map((job) => queue.getJob(job.id ?? '')))).reduce((sum, job) => sum + (job?.attemptsMade ?? 0), 0);
    // Every page was tried again and again (each retry 40-200 ms after the last)...
    expect(tried).toBeGreaterThan(jobs.length * 4);
    // ... but only the renders that opened the breaker, and about one per probe interval after,
    // rendered for real (two at a time at most).
    expect(rendered).toBeLessThanOrEqual(3 + 2 + 2 * Math.ceil(outageMs / probeEveryMs));
    expect(rendered).toBeLessThan(tried / 3);
    const opened = logLines.filter((line) => line.message.startsWith('storage is failing renders of several pages in a row'));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.level).toBe('warn');
    const refusal = await status.read({ site: 'news', path: '/page-19' });
    expect(refusal).toMatchObject({ code: 'STORAGE_FAILED', final: false });

    down = false;
    for (const job of jobs) expect(await (await jobSettled<Job>(queue, job.id ?? '', 10_000)).getState()).toBe('completed');
    expect(logLines.filter((line) => line.message === 'storage stored a page again: renders go ahead')).toHaveLength(1);
    for (let i = 0; i < 20; i += 1) expect(await status.read({ site: 'news', path: `/page-${i}` })).toBeNull();
  });

  it('queues the renders waiting after a storage failure at once when a render stores a page again, not after their retry delay; other waits keep theirs (ADR 0044)', async () => {
    let down = true;
    const upstreamDown = new PlatformError('UPSTREAM_UNAVAILABLE', 'Upstream article answered 503');
    const { renderer } = failingRenderer((path) => (path === '/upstream' ? (down ? upstreamDown : null) : down ? storageDown() : null));
    startWorker(renderer, 2, { retryPolicy: { maxDelayMs: 30_000, windowMs: 600_000, otherAttempts: 3 }, storageBreaker: { probeEveryMs: 100 } });
    // Each fails once, and then waits its first retry delay: 8 s. The page on upstream fails first,
    // on upstream (the breaker refuses whatever comes after the storage failures open it).
    const upstream = await enqueue('/upstream', 8_000);
    await eventually(async () => ((await queue.getJob(upstream.id ?? ''))?.failedReason?.startsWith('UPSTREAM_UNAVAILABLE') ? true : undefined), 'the page on upstream to fail', 5_000);
    const waiting = await Promise.all(Array.from({ length: 10 }, (_, i) => enqueue(`/wait-${i}`, 8_000)));
    await eventually(async () => ((await queue.getJobCounts('delayed')).delayed === 11 ? true : undefined), 'every page to wait for its retry', 5_000);

    down = false;
    const back = Date.now();
    // A page requested now renders at once and stores: storage answers again.
    await jobSettled<Job>(queue, (await enqueue('/fresh')).id ?? '', 5_000);
    for (const job of waiting) expect(await (await jobSettled<Job>(queue, job.id ?? '', 5_000)).getState()).toBe('completed');
    expect(Date.now() - back).toBeLessThan(5_000);
    expect(logLines.find((line) => line.message === 'renders waiting after a storage failure queued at once')).toMatchObject({ promoted: 10 });
    // The page waiting on upstream keeps its delay: storage answering says nothing about upstream.
    expect(await queue.getJobState(upstream.id ?? '')).toBe('delayed');
  });

  it('finds storage answering again while every page waits a long retry delay and no render arrives to try it: the probe object queues one, and every page completes within seconds (ADR 0044)', async () => {
    let down = true;
    const { renderer, attempts } = failingRenderer(() => (down ? storageDown() : null));
    let probes = 0;
    const storageProbe = () => {
      probes += 1;
      return down ? Promise.reject(storageDown()) : Promise.resolve();
    };
    startWorker(renderer, 2, { retryPolicy: { maxDelayMs: 30_000, windowMs: 600_000, otherAttempts: 3 }, storageBreaker: { probeEveryMs: 200 }, storageProbe });
    // Every page fails once (the first three on storage, the rest refused by the open breaker) and then waits 20 s.
    const waiting = await Promise.all(Array.from({ length: 10 }, (_, i) => enqueue(`/wait-${i}`, 20_000)));
    await eventually(async () => ((await queue.getJobCounts('delayed')).delayed === 10 ? true : undefined), 'every page to wait for its retry', 5_000);
    const renderedInOutage = [...attempts.values()].reduce((sum, n) => sum + n, 0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Meanwhile the worker tried the probe object, and rendered nothing: storage refused the object.
    expect(probes).toBeGreaterThan(2);
    expect([...attempts.values()].reduce((sum, n) => sum + n, 0)).toBe(renderedInOutage);

    down = false;
    const back = Date.now();
    for (const job of waiting) expect(await (await jobSettled<Job>(queue, job.id ?? '', 5_000)).getState()).toBe('completed');
    expect(Date.now() - back).toBeLessThan(5_000);
    expect(logLines.filter((line) => line.message === 'storage stored a page again: renders go ahead')).toHaveLength(1);
  });

  it('fails an unrecoverable error at once', async () => {
    const { renderer } = failingRenderer(() => new PlatformError('STORED_OBJECT_CORRUPT', 'cannot decode news/pages/x/index.html'));
    startWorker(renderer);
    const job = await jobSettled<Job>(queue, (await enqueue('/corrupt')).id ?? '', 10_000);
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(await status.read({ site: 'news', path: '/corrupt' })).toMatchObject({ code: 'STORED_OBJECT_CORRUPT', final: true });
    expect(await status.listAwaitingRecovery(10)).toEqual([]);
  });
});
