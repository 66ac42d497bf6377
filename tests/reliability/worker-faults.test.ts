/**
 * Worker faults on real parts: render workers as separate OS processes
 * (support/worker-process.ts, wired as render-workers/main.ts), a real redis-server, the
 * filesystem store, the sample upstream over HTTP. Graceful SIGTERM hand-back is in
 * render-workers/shutdown.test.ts.
 *
 * Lock 2 s and stall check every 0.5 s (WORKER_LOCK_DURATION_MS, WORKER_STALLED_INTERVAL_MS) so a
 * lost job comes back within seconds; production keeps 60 s and 30 s.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { QueueEvents, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { RENDER_QUEUE, type RenderJob } from '../../core/queue.js';
import { createRedis } from '../../core/redis.js';
import { pageKey } from '../../core/storage/keys.js';
import { createRenderProducer, type RenderProducer } from '../../ingest/producer.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { eventually, jobSettled } from '../support/eventually.js';
import { sampleRequest } from '../support/sample-client.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { startChildWorker, type ChildWorker } from './support/child-worker.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const ARTICLE_ID = 'art-1001';
// BullMQ renews a lock at half its duration: 5 s leaves a loaded child worker 2.5 s of event-loop
// lag before its own job is wrongly requeued as stalled (which these tests would count).
const LOCK_MS = 5_000;
const STALL_MS = 500;
const logger = createLogger({ component: 'worker-faults-test', level: 'silent' });

let redisServer: TestRedis;
let upstream: RunningSampleUpstream;
let testRedis: Redis;
/** Per test: a fresh prefix, storage directory, producer, events and workers. */
let ctx: { prefix: string; dir: string; producer: RenderProducer; events: QueueEvents; eventsConnection: Redis; workers: ChildWorker[] };

beforeAll(async () => {
  redisServer = await startTestRedis();
  upstream = await startSampleUpstream({ port: 0 });
  testRedis = createRedis(redisServer.url, { name: 'worker-faults-test' });
});

afterAll(async () => {
  testRedis?.disconnect();
  await upstream?.close();
  await redisServer?.stop();
});

async function setUp(): Promise<void> {
  const prefix = `{wf${Math.random().toString(36).slice(2, 8)}}`;
  const dir = await mkdtemp(join(tmpdir(), 'worker-faults-'));
  const producer = createRenderProducer({ connection: testRedis, prefix, logger, defaults: { attempts: 3, backoffMs: 500, eventDebounceMs: 0 } });
  const eventsConnection = createRedis(redisServer.url, { blocking: true, name: 'worker-faults-events' });
  const events = new QueueEvents(RENDER_QUEUE, { connection: eventsConnection, prefix });
  await events.waitUntilReady();
  ctx = { prefix, dir, producer, events, eventsConnection, workers: [] };
  await sample('POST', '/__sample/reset');
}

afterEach(async () => {
  for (const worker of ctx.workers) await worker.kill('SIGKILL');
  await ctx.events.close();
  ctx.eventsConnection.disconnect();
  await ctx.producer.close();
  await sample('DELETE', '/__sample/faults');
  await rm(ctx.dir, { recursive: true, force: true });
});

function sample(method: string, path: string, body?: unknown): Promise<unknown> {
  return sampleRequest(upstream.url, method, path, body);
}

async function worker(env: Record<string, string> = {}): Promise<ChildWorker> {
  const started = await startChildWorker({
    redisUrl: redisServer.url,
    prefix: ctx.prefix,
    storageDir: join(ctx.dir, 'storage'),
    upstreamUrl: upstream.url,
    lockDurationMs: LOCK_MS,
    stalledIntervalMs: STALL_MS,
    env,
  });
  ctx.workers.push(started);
  return started;
}

function renderJob(path: string): RenderJob {
  return { site: 'news', path, reason: 'republish', requestedBy: 'worker-faults test', requestedAt: new Date().toISOString() };
}

async function enqueue(path: string): Promise<string> {
  const { jobId } = await ctx.producer.enqueue(renderJob(path));
  if (jobId === undefined) throw new Error('no job id');
  return jobId;
}

async function settled(jobId: string, timeoutMs = 40_000): Promise<Job> {
  return await jobSettled<Job>(ctx.producer.queue, jobId, timeoutMs, 100);
}

/** Every file of the filesystem store, by path: each object's header (all its metadata) and body. */
async function snapshot(): Promise<Map<string, Buffer>> {
  const root = join(ctx.dir, 'storage');
  const files = new Map<string, Buffer>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      // The workers' lock owner files (ADR 0047) are the driver's own bookkeeping, not objects.
      if (entry.isDirectory() && entry.name === '.lock-owners') continue;
      if (entry.isDirectory()) await walk(full);
      else files.set(relative(root, full), await readFile(full));
    }
  };
  await walk(root);
  return files;
}

function expectSameSnapshot(after: Map<string, Buffer>, before: Map<string, Buffer>): void {
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  for (const [file, bytes] of before) expect(after.get(file)?.equals(bytes), `${file} changed`).toBe(true);
}

function renders(workers: ChildWorker[], kind: 'renderStart' | 'renderEnd', path: string): number[] {
  return workers.flatMap((w) => w.lines.filter((line) => line[kind] === path).map((line) => Number(line.pid)));
}

async function editHeadline(headline: string): Promise<void> {
  const article = (await sample('GET', `/api/article?path=${encodeURIComponent(ARTICLE)}`)) as { data: { results: Array<{ header: Record<string, unknown> }> } };
  const header = article.data.results[0]?.header ?? {};
  await sample('PATCH', `/__sample/articles/${ARTICLE_ID}`, { title: headline, meta_title: headline, header: { ...header, headline } });
}

async function storedArticle(): Promise<string> {
  const file = await readFile(join(ctx.dir, 'storage', `${pageKey('news', ARTICLE, 'standard')}@obj`));
  return file.toString('utf8');
}

describe('worker faults', () => {
  it('a worker SIGKILLed mid-render: another worker takes the job after the lock expires and renders the page once, correctly', async () => {
    await setUp();
    const first = await worker();
    const second = await worker();
    const stalled: string[] = [];
    ctx.events.on('stalled', ({ jobId }) => stalled.push(jobId));
    await editHeadline('Broadband bill clears the committee');
    // The article read answers after 30 s, once: whichever worker takes the job hangs mid-render.
    await sample('POST', '/__sample/faults', { path: '/api/article', query: { path: ARTICLE }, mode: 'delay', delayMs: 30_000, times: 1 });

    const jobId = await enqueue(ARTICLE);
    const start = await Promise.race([first, second].map((w) => w.waitFor((line) => line.renderStart === ARTICLE, 'the render to start')));
    const holder = [first, second].find((w) => w.pid === start.pid);
    const other = [first, second].find((w) => w.pid !== start.pid);
    if (!holder || !other) throw new Error('no worker holds the job');
    // The delayed read has reached the upstream: the render is in flight.
    await eventually(async () => ((await sample('GET', '/__sample/faults')) as { faults: unknown[] }).faults.length === 0 || undefined, 'the delayed read');
    expect(await ctx.producer.queue.getJobState(jobId)).toBe('active');

    await holder.kill('SIGKILL');
    const job = await settled(jobId);

    expect(await job.getState()).toBe('completed');
    expect(job.failedReason ?? '').toBe('');
    // BullMQ's stall check moved it back to wait once (the killed attempt is not counted as a failure).
    expect(stalled).toEqual([jobId]);
    expect(job.stalledCounter).toBe(1);
    expect(job.attemptsMade).toBe(1);
    expect(job.returnvalue).toMatchObject({ kind: 'article', written: expect.arrayContaining([pageKey('news', ARTICLE, 'standard')]) as unknown });
    // Rendered to the end once, by the surviving worker; the killed one never finished.
    expect(renders([holder, other], 'renderEnd', ARTICLE)).toEqual([other.pid]);
    const html = await storedArticle();
    expect(html).toContain('<h1 class="headline">Broadband bill clears the committee</h1>');
    expect(html).toContain('</html>');

    // Correct: a clean render of the same job now changes nothing in storage.
    const before = await snapshot();
    const again = await settled(await enqueue(ARTICLE));
    expect(again.returnvalue).toMatchObject({ written: [] });
    expectSameSnapshot(await snapshot(), before);
  }, 90_000);

  it('a worker whose event loop blocks past its lock: BullMQ marks the job stalled, another worker re-runs it, and it completes once with the right page', async () => {
    await setUp();
    const env = { RELIABILITY_BLOCK_PATH: ARTICLE, RELIABILITY_BLOCK_MS: String(LOCK_MS * 3), RELIABILITY_BLOCK_ONCE_FILE: join(ctx.dir, 'blocked-once') };
    const first = await worker(env);
    const second = await worker(env);
    const stalled: string[] = [];
    const completed: string[] = [];
    ctx.events.on('stalled', ({ jobId }) => stalled.push(jobId));
    ctx.events.on('completed', ({ jobId }) => completed.push(jobId));
    await editHeadline('Broadband bill stalls, then passes');

    const jobId = await enqueue(ARTICLE);
    const blocking = await Promise.race([first, second].map((w) => w.waitFor((line) => line.blocking === ARTICLE, 'a render to block')));
    const blocked = [first, second].find((w) => w.pid === blocking.pid);
    const other = [first, second].find((w) => w.pid !== blocking.pid);
    if (!blocked || !other) throw new Error('no worker blocked');

    const job = await settled(jobId);
    expect(await job.getState()).toBe('completed');
    expect(stalled).toContain(jobId);
    // The blocked worker wakes up, finds its lock gone, and can neither complete nor fail the job.
    await blocked.waitFor((line) => line.unblocked === ARTICLE, 'the blocked worker to wake up');
    const lost = await blocked.waitFor((line) => typeof line.workerError === 'string' && /lock/i.test(line.workerError), 'the blocked worker to report its lost lock');
    expect(String(lost.workerError)).toContain(jobId);

    // Two renders ran (the blocked one wrote first), but the job completed once, not failed, and
    // the second render found the page already right: no second write.
    expect(renders([first, second], 'renderEnd', ARTICLE).sort()).toEqual([blocked.pid, other.pid].sort());
    const final = await ctx.producer.queue.getJob(jobId);
    expect(await final?.getState()).toBe('completed');
    expect(final?.failedReason ?? '').toBe('');
    expect(completed.filter((id) => id === jobId)).toEqual([jobId]);
    expect(final?.returnvalue).toMatchObject({ kind: 'article', written: [] });
    expect(await storedArticle()).toContain('<h1 class="headline">Broadband bill stalls, then passes</h1>');
  }, 90_000);

  it('running the same jobs twice leaves storage byte-identical', async () => {
    await setUp();
    await worker();
    const paths = ['/', '/politics', ARTICLE, '/world/port-strike-ends-shipping-backlog-clears'];
    for (const path of paths) expect(await (await settled(await enqueue(path))).getState()).toBe('completed');
    const before = await snapshot();
    expect(before.size).toBeGreaterThanOrEqual(paths.length);

    for (const path of paths) {
      const job = await settled(await enqueue(path));
      expect(job.returnvalue).toMatchObject({ written: [] });
    }
    // Every object file: body and all metadata, renderedAt, jobId, reason and fence included,
    // because an unchanged render writes nothing (core/storage/write.ts).
    expectSameSnapshot(await snapshot(), before);
  }, 90_000);
});
