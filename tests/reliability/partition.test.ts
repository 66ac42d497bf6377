/**
 * A network partition between a render worker and Redis (ADR 0023),
 * on real parts: two render-worker processes (support/worker-process.ts, wired as
 * render-workers/main.ts), a real redis-server, the filesystem store, the sample upstream over
 * HTTP. The first worker reaches Redis through a TCP proxy on loopback (tests/support/tcp-proxy.ts)
 * that the test cuts while that worker is mid-render: admitted to publish, it has read the stored
 * version of the page and is about to write. Its job lock expires, the second worker's stall check
 * hands the job over, the second worker renders the newest content, and then the link is restored
 * and the first worker let go. Its late write must be refused, the page must end with the newest
 * render, and nothing may be lost: the job completes once, nothing fails, and the cut-off worker
 * renders again once it is back.
 *
 * Lock 4 s and stall check every 0.5 s (as worker-faults.test.ts, for the same reasons).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { QueueEvents, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { pageFenceMark } from '../../core/page-fence.js';
import { RENDER_QUEUE, type RenderJob } from '../../core/queue.js';
import { createRedis } from '../../core/redis.js';
import { pageKey } from '../../core/storage/keys.js';
import { createRenderProducer, type RenderProducer } from '../../ingest/producer.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { jobSettled } from '../support/eventually.js';
import { sampleRequest } from '../support/sample-client.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { startChildWorker, type ChildWorker } from './support/child-worker.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const ARTICLE_ID = 'art-1001';
const LOCK_MS = 4_000;
const STALL_MS = 500;
const VARIANT_KEYS = (['standard', 'amp', 'print'] as const).map((variant) => pageKey('news', ARTICLE, variant));
const logger = createLogger({ component: 'partition-test', level: 'silent' });

let redisServer: TestRedis;
let upstream: RunningSampleUpstream;
let testRedis: Redis;
let ctx: { prefix: string; dir: string; proxy: TcpProxy; producer: RenderProducer; events: QueueEvents; eventsConnection: Redis; workers: ChildWorker[] };

beforeAll(async () => {
  redisServer = await startTestRedis();
  upstream = await startSampleUpstream({ port: 0 });
  testRedis = createRedis(redisServer.url, { name: 'partition-test' });
});

afterAll(async () => {
  testRedis?.disconnect();
  await upstream?.close();
  await redisServer?.stop();
});

async function setUp(): Promise<void> {
  const prefix = `{pt${Math.random().toString(36).slice(2, 8)}}`;
  const dir = await mkdtemp(join(tmpdir(), 'partition-'));
  const proxy = await startTcpProxy(redisServer.url);
  const producer = createRenderProducer({ connection: testRedis, prefix, logger, defaults: { attempts: 3, backoffMs: 500, eventDebounceMs: 0 } });
  const eventsConnection = createRedis(redisServer.url, { blocking: true, name: 'partition-events' });
  const events = new QueueEvents(RENDER_QUEUE, { connection: eventsConnection, prefix });
  await events.waitUntilReady();
  ctx = { prefix, dir, proxy, producer, events, eventsConnection, workers: [] };
  await sample('POST', '/__sample/reset');
}

afterEach(async () => {
  for (const worker of ctx.workers) await worker.kill('SIGKILL');
  await ctx.events.close();
  ctx.eventsConnection.disconnect();
  await ctx.producer.close();
  await ctx.proxy.close();
  await rm(ctx.dir, { recursive: true, force: true });
});

function sample(method: string, path: string, body?: unknown): Promise<unknown> {
  return sampleRequest(upstream.url, method, path, body);
}

async function worker(redisUrl: string, env: Record<string, string> = {}): Promise<ChildWorker> {
  const started = await startChildWorker({
    redisUrl,
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

async function enqueue(path: string): Promise<string> {
  const job: RenderJob = { site: 'news', path, reason: 'republish', requestedBy: 'partition test', requestedAt: new Date().toISOString() };
  const { jobId } = await ctx.producer.enqueue(job);
  if (jobId === undefined) throw new Error('no job id');
  return jobId;
}

async function settled(jobId: string, timeoutMs = 40_000): Promise<Job> {
  return await jobSettled<Job>(ctx.producer.queue, jobId, timeoutMs, 100);
}

async function editHeadline(headline: string): Promise<void> {
  const article = (await sample('GET', `/api/article?path=${encodeURIComponent(ARTICLE)}`)) as { data: { results: Array<{ header: Record<string, unknown> }> } };
  const header = article.data.results[0]?.header ?? {};
  await sample('PATCH', `/__sample/articles/${ARTICLE_ID}`, { title: headline, meta_title: headline, header: { ...header, headline } });
}

function headline(text: string): string {
  return `<h1 class="headline">${text}</h1>`;
}

/** Every file of the filesystem store: each object's header (all its metadata) and body. */
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

async function storedVariant(key: string): Promise<string> {
  return (await readFile(join(ctx.dir, 'storage', `${key}@obj`))).toString('utf8');
}

/**
 * Runs the partition: the cut-off worker renders `cutOffSees`, is held mid-publish and cut off;
 * the other worker renders `newest` after the lock expired; then the link is restored and the
 * held worker let go. Returns both workers and the job.
 */
async function partitionMidRender(cutOffSees: string, newest: string) {
  const hold = { arm: join(ctx.dir, 'hold-arm'), release: join(ctx.dir, 'hold-release') };
  const cutOff = await worker(ctx.proxy.url, { RELIABILITY_HOLD_PATH: ARTICLE, RELIABILITY_HOLD_ARM_FILE: hold.arm, RELIABILITY_HOLD_RELEASE_FILE: hold.release });
  // The page as it is before the partition, rendered by the worker behind the proxy.
  await editHeadline('Broadband bill: the committee meets');
  expect(await (await settled(await enqueue(ARTICLE))).getState()).toBe('completed');
  const before = await snapshot();
  // The variants this article has (standard and AMP; print only where its layout asks for one).
  const keys = VARIANT_KEYS.filter((key) => existsSync(join(ctx.dir, 'storage', `${key}@obj`)));
  expect(keys.length).toBeGreaterThanOrEqual(2);

  const stalled: string[] = [];
  const completed: string[] = [];
  const failed: string[] = [];
  ctx.events.on('stalled', ({ jobId }) => stalled.push(jobId));
  ctx.events.on('completed', ({ jobId }) => completed.push(jobId));
  ctx.events.on('failed', ({ jobId }) => failed.push(jobId));

  await editHeadline(cutOffSees);
  await writeFile(hold.arm, '');
  const jobId = await enqueue(ARTICLE);
  await cutOff.waitFor((line) => line.holding === VARIANT_KEYS[0], 'the cut-off worker to be mid-publish');
  expect(existsSync(`${hold.arm}.claimed`)).toBe(true);

  // Cut mid-render: the worker can no longer renew its job lock.
  ctx.proxy.cut('reset');
  await editHeadline(newest);
  const other = await worker(redisServer.url);
  const job = await settled(jobId);
  expect(await job.getState()).toBe('completed');
  const tookOver = other.lines.find((line) => line.renderEnd === ARTICLE);
  expect(tookOver, 'the second worker rendered the page').toBeDefined();

  // Back after its lock expired: the cut-off worker goes on with its write.
  ctx.proxy.restore();
  await writeFile(hold.release, '');
  await cutOff.waitFor((line) => line.renderEnd === ARTICLE && line.jobId === jobId, 'the cut-off worker to finish its render', 30_000);
  return { cutOff, other, jobId, before, keys, stalled, completed, failed };
}

/**
 * The cut-off worker, let go, finished its render having written nothing and found nothing
 * unchanged (its bytes differ from what is stored): every key was refused as stale, and not one
 * write was sent after it was let go.
 */
function expectLateWriteRefused(cutOff: ChildWorker, jobId: string): void {
  expect(cutOff.lines.find((line) => line.renderEnd === ARTICLE && line.jobId === jobId)).toMatchObject({ written: 0, unchanged: 0 });
  const released = cutOff.lines.findIndex((line) => line.released !== undefined);
  expect(released).toBeGreaterThan(0);
  expect(cutOff.lines.slice(released).filter((line) => line.put !== undefined)).toEqual([]);
}

/** Nothing lost: the cut-off worker, reconnected, renders the next change (the other one is stopped). */
async function cutOffWorkerRendersAgain(cutOff: ChildWorker, other: ChildWorker): Promise<void> {
  await other.kill('SIGTERM');
  await editHeadline('Broadband bill signed into law');
  const next = await enqueue(ARTICLE);
  expect(await (await settled(next)).getState()).toBe('completed');
  expect(cutOff.lines.some((line) => line.renderEnd === ARTICLE && line.jobId === next)).toBe(true);
  expect(await storedVariant(VARIANT_KEYS[0] ?? '')).toContain(headline('Broadband bill signed into law'));
}

describe('a render worker partitioned from Redis mid-render', () => {
  it('the newest render changed nothing: the cut-off worker’s late write is refused by the fence mark, and the page stays as it is', async () => {
    await setUp();
    // The cut-off worker reads an edit that the newsroom then takes back: the newest content is
    // the stored page again, so the newest render writes nothing (ADR 0009's second gap).
    const { cutOff, other, jobId, before, keys, stalled, completed, failed } = await partitionMidRender('Broadband bill: an edit taken back', 'Broadband bill: the committee meets');

    expect(other.lines.find((line) => line.renderEnd === ARTICLE)).toMatchObject({ written: 0, unchanged: keys.length });
    expectLateWriteRefused(cutOff, jobId);
    // Storage is byte for byte what it was: the edit that was taken back never reached readers.
    const after = await snapshot();
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [file, bytes] of before) expect(after.get(file)?.equals(bytes), `${file} changed`).toBe(true);
    expect(await storedVariant(VARIANT_KEYS[0] ?? '')).toContain(headline('Broadband bill: the committee meets'));
    // Nothing was stored with the newest token: the page's fence mark is where it went up.
    const storedFence = Number(/"fence":(\d+)/.exec(await storedVariant(keys[0] ?? ''))?.[1]);
    expect(await pageFenceMark(testRedis, { site: 'news', path: ARTICLE }, ctx.prefix)).toBeGreaterThan(storedFence);
    expect(stalled).toEqual([jobId]);
    expect(completed.filter((id) => id === jobId)).toEqual([jobId]);
    expect(failed).toEqual([]);

    await cutOffWorkerRendersAgain(cutOff, other);
  }, 120_000);

  it('the newest render rewrote the page: the late write is refused and the newest content stays', async () => {
    await setUp();
    const { cutOff, other, jobId, keys, stalled, completed, failed } = await partitionMidRender('Broadband bill heads to the floor', 'Broadband bill passes the Senate');

    expect(other.lines.find((line) => line.renderEnd === ARTICLE)?.written).toBe(keys.length);
    expectLateWriteRefused(cutOff, jobId);
    for (const key of keys) {
      const html = await storedVariant(key);
      expect(html).toContain('Broadband bill passes the Senate');
      expect(html).not.toContain('Broadband bill heads to the floor');
    }
    expect(stalled).toEqual([jobId]);
    expect(completed.filter((id) => id === jobId)).toEqual([jobId]);
    expect(failed).toEqual([]);

    await cutOffWorkerRendersAgain(cutOff, other);
  }, 120_000);
});
