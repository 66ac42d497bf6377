/**
 * Render on miss (ADR 0018) on real parts: a redis-server, the S3 protocol
 * (s3rver), the sample upstream over HTTP, the render worker consuming the queue, and edge routers
 * listening on HTTP. A path nobody published answers 404 at once and asks for a `miss` render; the
 * page is served on a later request. Requests for one page coalesce into one job, each client and
 * each edge has a budget, a path that rendered nothing is not rendered again for a while, a Redis
 * that is down changes nothing for readers, and hostile paths never reach the queue.
 */
import { request as httpRequest } from 'node:http';
import { readFile } from 'node:fs/promises';
import { Queue, type Job } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { NOT_FOUND_TEXTS } from '../../core/isomorphic/constants.js';
import type { Logger } from '../../core/logger.js';
import { createMetricsRegistry, type Registry } from '../../core/metrics.js';
import { MissNegativeCache } from '../../core/miss-cache.js';
import { QUEUE_PREFIX, RENDER_QUEUE, type RenderJob } from '../../core/queue.js';
import { createStore } from '../../core/storage/create-store.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { buildEdgeApp } from '../../edge-router/app.js';
import { MISS_OUTCOMES, type MissOutcome, type RenderOnMissLimits } from '../../edge-router/render-on-miss.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { loadWorkerConfig } from '../../render-workers/config.js';
import { startRenderWorker, type RunningRenderWorker } from '../../render-workers/start.js';
import { eventually } from '../support/eventually.js';
import { capturingLogger } from '../support/log-capture.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { startTestS3, type TestS3 } from '../support/s3rver.js';
import { startTestVarnish, type TestVarnish } from '../support/varnish.js';

const TAG_FRONT = '/category/politics/elections/senate';
const OLD_PERSON_URL = '/person/x/grace-holloway';
const PERSON_CANONICAL = '/person/h/grace-holloway';

let redisServer: TestRedis;
let s3: TestS3;
let upstream: RunningSampleUpstream;
let store: ObjectStore;
let redis: Redis;
let running: RunningRenderWorker;
let queue: Queue;
const logLines: Array<{ level: number; msg: string }> = [];
let logger: Logger;
const edges: FastifyInstance[] = [];
/** The CDN in front of one edge router; the worker purges it after each render that wrote. */
let varnish: TestVarnish;

interface Edge {
  url: string;
  registry: Registry;
  app: FastifyInstance;
}

/** An edge router listening on a free port, asking for miss renders through `redisUrl` (default the test's Redis). */
/** The edge render-on-miss connections the test Redis has (CLIENT SETNAME edge-miss). */
async function edgeMissClients(on: Redis = redis): Promise<number> {
  const list = (await on.client('LIST')) as string;
  return list.split('\n').filter((line) => line.includes(' name=edge-miss ')).length;
}

async function startEdge(limits: Partial<RenderOnMissLimits> = {}, redisUrl = redisServer.url): Promise<Edge> {
  const healthy = redisUrl === redisServer.url;
  const before = healthy ? await edgeMissClients() : 0;
  const registry = createMetricsRegistry();
  const app = await buildEdgeApp({
    store,
    logger,
    defaultSite: 'news',
    // The test is the CDN: X-Forwarded-For names the client.
    trustProxy: true,
    hotCache: { maxBytes: 0 },
    metricsRegistry: registry,
    // On the healthy Redis, a command slower than the 250 ms default on a loaded machine would
    // count as redis_down and upset the tests that count outcomes.
    renderOnMiss: { redis: { url: redisUrl }, prefix: redisServer.prefix, limits: healthy ? { redisTimeoutMs: 2_000, ...limits } : limits },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  edges.push(app);
  // The edge never waits for Redis (a miss while it connects counts as redis_down); the tests that
  // count outcomes start asking once it is connected.
  if (healthy) await eventually(async () => ((await edgeMissClients()) > before ? true : undefined), 'the edge connected to Redis');
  return { url, registry, app };
}

/** The miss outcomes an edge counted, by outcome. */
async function outcomes(edge: Edge): Promise<Record<MissOutcome, number>> {
  const metric = await edge.registry.getSingleMetricAsString('newsroom_edge_miss_renders_total');
  const counts = Object.fromEntries(MISS_OUTCOMES.map((outcome) => [outcome, 0])) as Record<MissOutcome, number>;
  for (const outcome of MISS_OUTCOMES) {
    const match = new RegExp(`outcome="${outcome}"} (\\d+)`).exec(metric);
    counts[outcome] = Number(match?.[1] ?? 0);
  }
  return counts;
}

/** Waits until the edge's outcomes add up to `total` (the asking runs after the 404 is sent). */
async function settledOutcomes(edge: Edge, total: number): Promise<Record<MissOutcome, number>> {
  return await eventually(async () => {
    const counts = await outcomes(edge);
    return Object.values(counts).reduce((a, b) => a + b, 0) >= total ? counts : undefined;
  }, `${total} miss outcomes`);
}

/** Every job of the queue, whatever its state. */
async function allJobs(): Promise<Job[]> {
  return await queue.getJobs(['waiting', 'prioritized', 'active', 'delayed', 'completed', 'failed'], 0, -1);
}

async function missJobsFor(path: string): Promise<Job[]> {
  return (await allJobs()).filter((job) => {
    const data = job.data as RenderJob;
    return data.reason === 'miss' && data.path === path;
  });
}

/** GET with a client address (X-Forwarded-For) and no redirect following. */
async function get(edge: Edge, path: string, client = '198.51.100.1'): Promise<Response> {
  return await fetch(`${edge.url}${path}`, { headers: { 'x-forwarded-for': client }, redirect: 'manual' });
}

/** A GET sent with the path exactly as written (fetch would resolve "..", encode spaces). */
function rawGet(edge: Edge, path: string): Promise<number> {
  const { hostname, port } = new URL(edge.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET', headers: { 'x-forwarded-for': '198.51.100.66', connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  redisServer = await startTestRedis();
  s3 = await startTestS3({ bucket: 'pages' });
  upstream = await startSampleUpstream({ port: 0 });
  logger = capturingLogger('render-on-miss-test', logLines, { level: 'info' });
  store = await createStore({
    driver: 's3',
    endpoint: s3.endpoint,
    region: s3.region,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  });
  redis = new Redis(redisServer.url);
  varnish = await startTestVarnish({ backendUrl: (await startEdge()).url });
  // The worker as its own process starts it (render-workers/start.ts, ADR 0035), on this test's
  // store and Redis, its CDN purger pointed at the Varnish in front of the first edge router.
  running = await startRenderWorker(
    {
      ...loadWorkerConfig({ REDIS_URL: redisServer.url, QUEUE_PREFIX: redisServer.prefix, WORKER_CONCURRENCY: '2' }),
      publicOrigins: { news: 'https://www.example.test', es: 'https://es.example.test' },
      upstream: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '5000' }),
      cdn: { target: { driver: 'varnish', urls: [varnish.url] }, batchWindowMs: 20, maxBatchSize: 100, retries: 1, timeoutMs: 2_000 },
      metrics: undefined,
      recoverySweep: undefined,
    },
    { store, logger, scripts: ['/assets/client-TEST.js'] },
  );
  // The home page renders the stored 404 page with it (ADR 0006).
  await running.renderer.render({ site: 'news', path: '/', reason: 'republish', requestedAt: new Date().toISOString() });
  queue = new Queue(RENDER_QUEUE, { connection: redis, prefix: redisServer.prefix });
}, 60_000);

afterAll(async () => {
  await running?.close();
  await varnish?.stop();
  for (const app of edges) await app.close();
  await queue?.close();
  redis?.disconnect();
  await store?.close();
  await upstream?.close();
  await s3?.stop();
  await redisServer?.stop();
});

describe('render on miss', () => {
  it('answers 404 for an unpublished tag front at once, briefly cached, then serves the page', async () => {
    expect(redisServer.prefix).not.toBe(QUEUE_PREFIX);
    const edge = await startEdge();
    const first = await get(edge, TAG_FRONT);
    expect(first.status).toBe(404);
    expect(await first.text()).toContain(NOT_FOUND_TEXTS.goHome);
    // Seconds, not the stored 404's minute: the page is about to exist.
    expect(first.headers.get('cache-control')).toBe('public, max-age=5');
    expect(first.headers.get('surrogate-control')).toBe('max-age=10');
    // The purge after the render names the page: this 404 leaves the CDN with it.
    expect(first.headers.get('surrogate-key')?.split(' ')).toContain(`page:news:${TAG_FRONT}`);

    const page = await eventually(async () => {
      const response = await get(edge, TAG_FRONT);
      return response.status === 200 ? await response.text() : undefined;
    }, 'the tag front to be served');
    expect(page).toContain('Senate');
    const jobs = await missJobsFor(TAG_FRONT);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.data).toMatchObject({ site: 'news', reason: 'miss', requestedBy: 'edge-miss' });
    expect((await outcomes(edge)).queued).toBe(1);
  });

  it('through the CDN: the render purges the cached 404, so the next reader gets the page', async () => {
    const path = '/politics/senate-panel-advances-rural-broadband-bill';
    // Varnish answers 503 itself while its readiness probe (1 s timeout, infra/varnish/default.vcl)
    // holds the edge router unready, which a loaded machine can make it do; a 503 is not cached.
    await eventually(async () => {
      const response = await fetch(`${varnish.url}/readyz`);
      await response.body?.cancel();
      return response.status === 200 ? true : undefined;
    }, 'Varnish to find the edge router ready', 20_000, 200);
    // The queue is paused, not the worker: a paused worker still runs a job its blocking fetch,
    // already waiting in Redis, receives after the pause (a render fast enough then purged the 404
    // before the second request). A paused queue gives no worker anything until it is resumed.
    await queue.pause();
    let cachedAt: number;
    try {
      const first = await fetch(`${varnish.url}${path}`);
      expect(first.status).toBe(404);
      expect(first.headers.get('x-cache')).toBe('MISS');
      const second = await fetch(`${varnish.url}${path}`);
      expect(second.status).toBe(404);
      expect(second.headers.get('x-cache')).toBe('HIT');
      cachedAt = Date.now();
    } finally {
      await queue.resume();
    }
    await eventually(async () => ((await fetch(`${varnish.url}${path}`)).status === 200 ? true : undefined), 'the article through Varnish', 15_000, 100);
    // The 404 stays at the CDN for 10 s (missNotFound); sooner, the purge after the render dropped it.
    expect(Date.now() - cachedAt).toBeLessThan(8_000);
  });

  it('turns an old person URL into a 301 to the canonical one', async () => {
    const edge = await startEdge();
    expect((await get(edge, OLD_PERSON_URL)).status).toBe(404);
    const redirect = await eventually(async () => {
      const response = await get(edge, OLD_PERSON_URL);
      return response.status === 301 ? response : undefined;
    }, 'the old person URL to redirect');
    expect(redirect.headers.get('location')).toBe(PERSON_CANONICAL);
  });

  it('coalesces many requests for one page, across edge replicas, into one job', async () => {
    const path = '/world/port-strike-ends-shipping-backlog-clears';
    const [a, b] = [await startEdge(), await startEdge()];
    // Held, so every request is answered while the job waits (a render is faster than 40
    // requests); the queue is paused rather than the worker, as above.
    await queue.pause();
    try {
      const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => get(i % 2 === 0 ? a : b, path, `198.51.100.${10 + i}`).then((r) => r.status)));
      expect(new Set(statuses)).toEqual(new Set([404]));
      const [countsA, countsB] = [await settledOutcomes(a, 20), await settledOutcomes(b, 20)];
      expect(countsA.queued + countsB.queued).toBe(1);
      expect(countsA.deduplicated + countsB.deduplicated).toBe(39);
      expect(await missJobsFor(path)).toHaveLength(1);
    } finally {
      await queue.resume();
    }
    await eventually(async () => ((await get(a, path)).status === 200 ? true : undefined), 'the article to be served');
  });

  it('limits each client, then the edge as a whole', async () => {
    const edge = await startEdge({ clientBurst: 3, clientPerMinute: 1, totalBurst: 5, totalPerMinute: 1 });
    const paths = Array.from({ length: 8 }, (_, i) => `/category/rate-limit-probe-${i}`);
    // One client: 3 asks, then the rest refused; every answer still the 404 page.
    for (const path of paths.slice(0, 5)) expect((await get(edge, path, '203.0.113.7')).status).toBe(404);
    let counts = await settledOutcomes(edge, 5);
    expect(counts).toMatchObject({ queued: 3, rate_limited: 2 });
    // Other clients still have their own budgets, until the edge's total (5) is spent.
    for (const [i, path] of paths.slice(5).entries()) expect((await get(edge, path, `203.0.113.${20 + i}`)).status).toBe(404);
    counts = await settledOutcomes(edge, 8);
    expect(counts).toMatchObject({ queued: 5, rate_limited: 3 });
    const queuedPaths = new Set((await allJobs()).map((job) => (job.data as RenderJob).path));
    expect(paths.filter((path) => queuedPaths.has(path))).toHaveLength(5);
  });

  it('remembers a path that rendered nothing and asks no more renders of it', async () => {
    const path = '/politics/no-such-story-anywhere';
    const edge = await startEdge({ recentMs: 1 });
    expect((await get(edge, path)).status).toBe(404);
    const negative = new MissNegativeCache(redis, redisServer.prefix);
    await eventually(async () => ((await negative.has({ site: 'news', path })) ? true : undefined), 'the negative cache entry');
    expect(await redis.ttl(negative.key({ site: 'news', path }))).toBeGreaterThan(500);
    const [job] = await missJobsFor(path);
    expect(await job?.getState()).toBe('completed');
    expect(job?.returnvalue).toMatchObject({ kind: 'not-found', written: [] });

    for (let i = 0; i < 5; i += 1) expect((await get(edge, path, `192.0.2.${i + 1}`)).status).toBe(404);
    const counts = await settledOutcomes(edge, 6);
    expect(counts).toMatchObject({ queued: 1, negative_cached: 5 });
    expect(await missJobsFor(path)).toHaveLength(1);
  });

  it('serves the 404 at once and logs no error when Redis is down', async () => {
    const spare = await startTestRedis();
    const edge = await startEdge({}, spare.url);
    expect((await get(edge, '/category/while-redis-is-up')).status).toBe(404);
    // That first miss may find the edge's Redis connection still opening (then it counts as
    // redis_down too): the probes below are counted from here.
    const before = await settledOutcomes(edge, 1);
    await spare.stop();
    // And an edge whose Redis was never there at all.
    const never = await startEdge({}, 'redis://127.0.0.1:1');
    for (const target of [edge, never]) {
      for (let i = 0; i < 10; i += 1) {
        const started = performance.now();
        const response = await get(target, `/category/redis-down-probe-${i}`, `192.0.2.${50 + i}`);
        const elapsed = performance.now() - started;
        expect(response.status).toBe(404);
        expect(await response.text()).toContain(NOT_FOUND_TEXTS.goHome);
        // The stored 404 page from s3rver, on a loaded machine: far below any Redis timeout chain.
        expect(elapsed).toBeLessThan(1_000);
      }
    }
    const [down, neverUp] = [await settledOutcomes(edge, 11), await settledOutcomes(never, 10)];
    expect(down.redis_down - before.redis_down).toBe(10);
    expect(neverUp.redis_down).toBe(10);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('asks again once Redis is back', async () => {
    const spare = await startTestRedis({ outage: true });
    try {
      if (spare.restart === undefined) return; // REDIS_URL given: nothing here may restart it
      const edge = await startEdge({ recentMs: 1 }, spare.url);
      const watcher = new Redis(spare.url);
      try {
        await eventually(async () => ((await edgeMissClients(watcher)) > 0 ? true : undefined), 'the edge connected to the spare Redis');
      } finally {
        watcher.disconnect();
      }
      expect((await get(edge, '/category/before-the-restart')).status).toBe(404);
      await eventually(async () => ((await outcomes(edge)).queued === 1 ? true : undefined), 'the first ask');
      await spare.restart();
      let probe = 0;
      await eventually(
        async () => {
          probe += 1;
          expect((await get(edge, `/category/after-the-restart-${probe}`, `192.0.2.${100 + (probe % 100)}`)).status).toBe(404);
          return (await outcomes(edge)).queued >= 2 ? true : undefined;
        },
        'an ask queued after the restart',
        15_000,
        200,
      );
      const spareConnection = new Redis(spare.url);
      const spareQueue = new Queue(RENDER_QUEUE, { connection: spareConnection, prefix: redisServer.prefix });
      try {
        const paths = (await spareQueue.getJobs(['prioritized', 'waiting'], 0, -1)).map((job) => (job.data as RenderJob).path);
        expect(paths).toContainEqual(expect.stringMatching(/^\/category\/after-the-restart-/));
      } finally {
        await spareQueue.close();
        spareConnection.disconnect();
      }
    } finally {
      await spare.stop();
    }
  });

  it('does not hold the 404 while a connected Redis does not answer', async () => {
    const edge = await startEdge({ redisTimeoutMs: 2_000 });
    // Warm: the connection is up and has answered once.
    expect((await get(edge, '/category/before-the-pause')).status).toBe(404);
    await settledOutcomes(edge, 1);
    // Every client's commands now wait 4 s on the server (the edge's among them).
    await redis.call('CLIENT', 'PAUSE', '4000', 'ALL');
    try {
      const started = performance.now();
      const response = await get(edge, '/category/during-the-pause', '192.0.2.99');
      const elapsed = performance.now() - started;
      expect(response.status).toBe(404);
      // Had the answer waited for Redis, it would have taken the 2 s timeout at least.
      expect(elapsed).toBeLessThan(1_000);
      const counts = await eventually(async () => {
        const now = await outcomes(edge);
        return now.redis_down === 1 ? now : undefined;
      }, 'the timed-out ask to count as redis_down');
      expect(counts.queued).toBe(1);
    } finally {
      await redis.call('CLIENT', 'UNPAUSE').catch(() => undefined);
    }
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('never queues hostile or absurd paths', async () => {
    const edge = await startEdge({ clientBurst: 1_000, clientPerMinute: 1_000, totalBurst: 1_000, totalPerMinute: 1_000 });
    const corpus = (await readFile(new URL('../security/hostile-requests.txt', import.meta.url), 'utf8'))
      .split('\n')
      .filter((line) => line.startsWith('/') && !line.includes('\\') && !line.includes('{') && !line.includes(' '))
      .map((line) => line.replace(/\s+\[may-serve\]$/, ''));
    const own = [
      '/politics/../admin',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/politics/%c0%ae%c0%ae/x',
      '/politics/caf%C3%A9',
      '/wp-login.php',
      '/wp-admin/setup-config',
      '/.env',
      '/assets/missing-file.js',
      '/api/unknown-endpoint',
      '/no-such-prefix/deep/path',
      `/politics/${'a'.repeat(150)}`,
      `/a/b/c/d/e/f/g/h`,
      '/politics?q=<script>alert(1)</script>',
      `/politics?${'junk=1&'.repeat(30)}`,
      '/Politics/Upper-Case',
      '/politics//double-slash',
      '/games/a/b/c',
      '/robots.txt.bak',
    ];
    const before = (await allJobs()).length;
    const targets = [...corpus, ...own];
    expect(corpus.length).toBeGreaterThan(20);
    for (const target of targets) {
      const status = await rawGet(edge, target);
      expect(status, target).toBeGreaterThanOrEqual(300);
      expect(status, target).toBeLessThan(500);
    }
    // Give any asking that was started time to land, then look.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const counts = await outcomes(edge);
    expect(counts.queued + counts.deduplicated + counts.negative_cached + counts.rate_limited + counts.redis_down).toBe(0);
    expect(counts.rejected).toBeGreaterThan(20);
    expect((await allJobs()).length).toBe(before);

    // A refused path keeps the stored 404 page's own cache policy and names no page.
    const refused = await get(edge, '/wp-login.php');
    expect(refused.status).toBe(404);
    expect(refused.headers.get('cache-control')).toBe('public, max-age=30, stale-if-error=3600');
    expect(refused.headers.get('surrogate-key')).not.toContain('/wp-login');
    // HEAD is answered alike but asks for nothing, even for a page the rules accept.
    const head = await fetch(`${edge.url}/category/only-ever-headed`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await missJobsFor('/category/only-ever-headed')).toEqual([]);
  });
});
