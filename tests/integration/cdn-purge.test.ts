/**
 * The purge reaches Varnish (ADR 0008): a real redis-server, the filesystem store, the
 * sample upstream over HTTP, ingest's admin server, the render worker with the Varnish purger, the
 * edge router, and varnishd running infra/varnish/default.vcl in front of it. A reader fetching
 * through Varnish gets the cached page until a content event re-renders it, then the new page at
 * once (not after the five-minute s-maxage); a republish that changes nothing purges nothing.
 *
 * The services are wired here rather than through infra/local/stack.ts, which starts its worker
 * without a purger (CDN_PURGE=none is the embedded default); the worker itself starts as its own
 * process starts it (render-workers/start.ts), with its purger's target set to the test Varnish.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { DependencyIndex } from '../../core/dependency-index.js';
import { createLogger } from '../../core/logger.js';
import type { RenderMetrics } from '../../core/metrics.js';
import { createRedis } from '../../core/redis.js';
import { createStore } from '../../core/storage/create-store.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { buildEdgeApp } from '../../edge-router/app.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { buildAdminApp } from '../../ingest/app.js';
import { createRenderProducer, type RenderProducer } from '../../ingest/producer.js';
import { webhookHeaders } from '../../ingest/webhook.js';
import { pageSurrogateKey } from '../../render-workers/publish.js';
import { loadWorkerConfig } from '../../render-workers/config.js';
import { startRenderWorker, type RunningRenderWorker } from '../../render-workers/start.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { TEST_ADMIN_TOKEN as ADMIN_TOKEN, TEST_WEBHOOK_SECRET as WEBHOOK_SECRET } from '../support/stack.js';
import { startTestVarnish, type TestVarnish } from '../support/varnish.js';
import { eventually, jobSettled } from '../support/eventually.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const ARTICLE_ID = 'art-1001';
const NEW_HEADLINE = 'Senate panel sends broadband bill to the floor';

const logger = createLogger({ component: 'cdn-purge-test', level: 'silent' });

let redisServer: TestRedis;
let dir: string;
let store: ObjectStore;
let redis: Redis;
let sample: RunningSampleUpstream;
let edge: FastifyInstance;
let admin: FastifyInstance;
let varnish: TestVarnish;
let metrics: RenderMetrics;
let worker: RunningRenderWorker;
let producer: RenderProducer;
let adminUrl: string;

/** The outcome of the first render of `path` that finished after `since` (epoch ms). */
async function waitForRenderAfter(path: string, since: number): Promise<unknown> {
  return await eventually(async () => {
    const done = await producer.queue.getJobs(['completed', 'failed']);
    const job = done.find((candidate) => (candidate.data as { path?: string }).path === path && (candidate.finishedOn ?? 0) >= since);
    if (job?.failedReason) throw new Error(`the render of ${path} failed: ${job.failedReason}`);
    return job ? (job.returnvalue as unknown) : undefined;
  }, `a render of ${path}`);
}

/**
 * The return value of job `jobId` once it completed. The job is read after its state says finished:
 * a Job read while it was still running keeps `returnvalue: null` even once it completes.
 */
async function waitForJob(jobId: string): Promise<unknown> {
  const job = await jobSettled(producer.queue, jobId, 15_000);
  if (!job) throw new Error(`job ${jobId} disappeared from the queue`);
  // The state, not failedReason: a job that failed an attempt and then completed keeps its reason.
  if ((await job.getState()) === 'failed') throw new Error(`job ${jobId} failed: ${job.failedReason}`);
  return job.returnvalue as unknown;
}

/** Purge batches Varnish accepted, from the worker's metrics (what Prometheus would scrape). */
async function purgesSent(): Promise<number> {
  const text = await metrics.registry.metrics();
  return Number(/^newsroom_cdn_purges_total\{result="sent"\} (\d+)$/m.exec(text)?.[1] ?? 'NaN');
}

async function throughVarnish(path: string): Promise<{ status: number; cache: string | null; keys: string; html: string }> {
  const response = await fetch(`${varnish.url}${path}`);
  return { status: response.status, cache: response.headers.get('x-cache'), keys: response.headers.get('surrogate-key') ?? '', html: await response.text() };
}

beforeAll(async () => {
  redisServer = await startTestRedis();
  const prefix = redisServer.prefix;
  dir = await mkdtemp(join(tmpdir(), 'cdn-purge-'));
  store = await createStore({ driver: 'fs', dir: join(dir, 'storage') });
  redis = createRedis(redisServer.url, { name: 'cdn-purge-test' });
  const index = new DependencyIndex(redis, prefix);

  sample = await startSampleUpstream({ port: 0, host: '127.0.0.1' });
  const upstreamConfig = parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: sample.url });

  edge = await buildEdgeApp({ store, logger, defaultSite: 'news' });
  const siteUrl = await edge.listen({ port: 0, host: '127.0.0.1' });
  varnish = await startTestVarnish({ backendUrl: siteUrl });

  // The worker as its own process starts it (render-workers/start.ts), its CDN purger pointed at
  // the test Varnish, on this test's store and Redis.
  const running = await startRenderWorker(
    {
      ...loadWorkerConfig({ REDIS_URL: redisServer.url, QUEUE_PREFIX: prefix, WORKER_CONCURRENCY: '2' }),
      publicOrigins: { news: siteUrl, es: siteUrl.replace('://', '://es.') },
      upstream: upstreamConfig,
      cdn: { target: { driver: 'varnish', urls: [varnish.url] }, batchWindowMs: 50, maxBatchSize: 100, retries: 3, timeoutMs: 5_000 },
      metrics: undefined,
      recoverySweep: undefined,
      readReuse: undefined,
    },
    { store, logger, scripts: [] },
  );
  worker = running;
  metrics = running.metrics;

  producer = createRenderProducer({ connection: redis, prefix, logger });
  admin = await buildAdminApp({
    config: { adminToken: ADMIN_TOKEN, webhookSecret: WEBHOOK_SECRET, queuePrefix: prefix },
    producer,
    index,
    redis,
    queue: producer.queue,
    logger,
  });
  adminUrl = await admin.listen({ port: 0, host: '127.0.0.1' });

  // The first publish of the article: a write, so one purge (of a page nobody has cached yet).
  const first = await producer.enqueue({ site: 'news', path: ARTICLE, reason: 'sweep', requestedAt: new Date().toISOString() });
  await waitForJob(first.jobId ?? '');
  await eventually(async () => ((await purgesSent()) === 1 ? true : undefined), 'the first purge');
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await admin?.close();
  await producer?.close();
  await varnish?.stop();
  await edge?.close();
  await sample?.close();
  await redis?.quit();
  await store?.close();
  await redisServer?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('CDN purge through Varnish', () => {
  it('serves the cached page until a content event re-renders it, then the new one at once', async () => {
    const miss = await throughVarnish(ARTICLE);
    expect(miss.status).toBe(200);
    expect(miss.cache).toBe('MISS');
    expect(miss.keys.split(' ')).toEqual(expect.arrayContaining([pageSurrogateKey({ site: 'news', path: ARTICLE }), `article:${ARTICLE_ID}`]));
    expect(miss.html).not.toContain(NEW_HEADLINE);
    const hit = await throughVarnish(ARTICLE);
    expect(hit.cache).toBe('HIT');

    // The editor changes the headline in the CMS...
    const article = (await (await fetch(`${sample.url}/api/article?path=${encodeURIComponent(ARTICLE)}`)).json()) as {
      data: { results: Array<{ header: Record<string, unknown> }> };
    };
    const header = article.data.results[0]?.header ?? {};
    const patch = await fetch(`${sample.url}/__sample/articles/${ARTICLE_ID}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: NEW_HEADLINE, meta_title: NEW_HEADLINE, header: { ...header, headline: NEW_HEADLINE } }),
    });
    expect(patch.status).toBe(200);
    // ...the origin has not re-rendered yet, so Varnish rightly keeps serving its copy.
    expect((await throughVarnish(ARTICLE)).cache).toBe('HIT');

    // ...and the CMS tells us.
    const purgesBefore = await purgesSent();
    const body = JSON.stringify({
      id: 'evt-cdn-purge-1',
      kind: 'article',
      action: 'updated',
      // Only the news site: this stack published the news page alone, so exactly one page is
      // re-rendered and purged (without it the es copy is rendered and purged too).
      site: 'news',
      contentId: ARTICLE_ID,
      path: ARTICLE,
      sections: ['politics'],
      occurredAt: new Date().toISOString(),
    });
    const sent = Date.now();
    const accepted = await fetch(`${adminUrl}/webhooks/content`, { method: 'POST', headers: webhookHeaders(WEBHOOK_SECRET, body), body });
    expect(accepted.status, await accepted.clone().text()).toBe(202);
    const planned = (await accepted.json()) as { jobs: Array<{ site: string; path: string }> };
    expect(planned.jobs).toContainEqual(expect.objectContaining({ site: 'news', path: ARTICLE }));
    const outcome = await waitForRenderAfter(ARTICLE, sent);
    expect(outcome).toMatchObject({ kind: 'article', written: expect.arrayContaining([expect.any(String)]) as unknown });

    // The worker's purge reached Varnish (it answered 200 to the PURGE)...
    await eventually(async () => ((await purgesSent()) > purgesBefore ? true : undefined), 'the purge after the event');
    expect(await purgesSent()).toBe(purgesBefore + 1);
    // ...so the very next reader gets the new page from the origin, and Varnish caches that.
    const fresh = await throughVarnish(ARTICLE);
    expect(fresh.cache).toBe('MISS');
    expect(fresh.html).toContain(`<h1 class="headline">${NEW_HEADLINE}</h1>`);
    const cachedAgain = await throughVarnish(ARTICLE);
    expect(cachedAgain.cache).toBe('HIT');
    expect(cachedAgain.html).toContain(NEW_HEADLINE);
  });

  it('purges nothing when a republish changes nothing', async () => {
    expect((await throughVarnish(ARTICLE)).cache).toBe('HIT');
    const purgesBefore = await purgesSent();
    const response = await fetch(`${adminUrl}/admin/republish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ path: ARTICLE, requestedBy: 'cdn purge test' }),
    });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    expect(await waitForJob(jobId)).toMatchObject({ kind: 'article', written: [] });

    // Several batch windows later: no purge was sent, and Varnish still has its copy.
    await new Promise((r) => setTimeout(r, 300));
    expect(await purgesSent()).toBe(purgesBefore);
    const still = await throughVarnish(ARTICLE);
    expect(still.cache).toBe('HIT');
    expect(still.html).toContain(NEW_HEADLINE);
    expect(await metrics.registry.metrics()).toMatch(/^newsroom_render_pages_total\{result="unchanged"\} [1-9]/m);
  });
});
