/**
 * Dependency faults on real parts: a real redis-server, the filesystem store,
 * the sample upstream over HTTP (its fault switch, plus support/fault-proxy.ts for answers it can
 * not give), the real render worker, producer and edge router. docs/architecture.md, "Failure
 * handling": an upstream failure fails the job with its code and call, is retried with backoff,
 * and leaves the last good page served; storage failures are retried and never serve a partial
 * page; acknowledged jobs survive a Redis restart (AOF); the edge router serves every stored page
 * with everything else down.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { RENDER_BACKOFF } from '../../core/queue.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { feedUrlPath, pageKey, parseKey, variantUrlPath } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { createUpstreamClients } from '../../core/upstream/clients.js';
import { buildEdgeApp } from '../../edge-router/app.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { eventually, jobSettled } from '../support/eventually.js';
import { sampleRequest } from '../support/sample-client.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { startAofRedis, type AofRedis } from './support/aof-redis.js';
import { startFaultProxy, type FaultProxy, type ProxyFaultMode } from './support/fault-proxy.js';
import { flakyStore, type FlakyStore } from './support/flaky-store.js';
import { startPipeline, type Pipeline } from './support/pipeline.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const ARTICLE_ID = 'art-1001';
const OTHER_ARTICLE = '/world/port-strike-ends-shipping-backlog-clears';
const PUBLISHED = ['/', '/politics', ARTICLE, OTHER_ARTICLE];
const ATTEMPTS = 3;
const BACKOFF_MS = 300;
const UPSTREAM_TIMEOUT_MS = 1_000;
const logger = createLogger({ component: 'dependency-faults-test', level: 'silent' });

let redis: TestRedis;
let upstream: RunningSampleUpstream;
let proxy: FaultProxy;
let dir: string;
let store: ObjectStore;
let flaky: FlakyStore;
let pipeline: Pipeline;
let edge: FastifyInstance;
let siteUrl: string;
/** What is still running, so afterAll stops only that (the last test stops most of it). */
const running = { redis: true, upstream: true, proxy: true, pipeline: true };

beforeAll(async () => {
  redis = await startTestRedis();
  upstream = await startSampleUpstream({ port: 0 });
  proxy = await startFaultProxy(upstream.url);
  dir = await mkdtemp(join(tmpdir(), 'dependency-faults-'));
  store = createFsStore({ root: join(dir, 'storage') });
  flaky = flakyStore(store);
  pipeline = await startPipeline({
    redisUrl: redis.url,
    prefix: redis.prefix,
    store: flaky,
    upstreamUrl: proxy.url,
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    defaults: { attempts: ATTEMPTS, backoffMs: BACKOFF_MS, eventDebounceMs: 0 },
  });
  edge = await buildEdgeApp({ store, logger, defaultSite: 'news', liveUpstream: { config: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: proxy.url }) } });
  siteUrl = await edge.listen({ port: 0, host: '127.0.0.1' });
  for (const path of PUBLISHED) expect(await (await settled(pipeline, await pipeline.enqueue(path))).getState(), path).toBe('completed');
}, 120_000);

afterAll(async () => {
  if (running.pipeline) await pipeline?.close();
  await edge?.close();
  if (running.proxy) await proxy?.close();
  if (running.upstream) await upstream?.close();
  if (running.redis) await redis?.stop();
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function settled(on: Pipeline, jobId: string, timeoutMs = 30_000): Promise<Job> {
  return await jobSettled<Job>(on.producer.queue, jobId, timeoutMs, 50);
}

function sample(method: string, path: string, body?: unknown): Promise<unknown> {
  return sampleRequest(upstream.url, method, path, body);
}

async function served(path: string): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(`${siteUrl}${path}`, { redirect: 'manual' });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The article read's URL as the worker sends it (through the proxy). */
function articleUrl(): string {
  return `${proxy.url}/api/article?path=${encodeURIComponent(ARTICLE)}`;
}

type UpstreamFault =
  | { name: string; via: 'sample'; spec: Record<string, unknown>; reason: () => RegExp }
  | { name: string; via: 'proxy'; mode: ProxyFaultMode; reason: () => RegExp };

const UPSTREAM_FAULTS: UpstreamFault[] = [
  {
    name: 'answers 500',
    via: 'sample',
    spec: { mode: 'status', status: 500 },
    reason: () => new RegExp(`^UPSTREAM_UNAVAILABLE: Upstream article answered 500 \\(GET ${escapeRegExp(articleUrl())}\\)$`),
  },
  {
    name: 'times out',
    via: 'sample',
    spec: { mode: 'delay', delayMs: UPSTREAM_TIMEOUT_MS * 3 },
    reason: () => new RegExp(`^UPSTREAM_UNAVAILABLE: Upstream article timed out after ${UPSTREAM_TIMEOUT_MS} ms \\(GET ${escapeRegExp(articleUrl())}\\)$`),
  },
  {
    name: 'sends truncated JSON',
    via: 'sample',
    spec: { mode: 'malformed' },
    reason: () => new RegExp(`^UPSTREAM_BAD_RESPONSE: Upstream article sent malformed JSON \\(GET ${escapeRegExp(articleUrl())}\\)$`),
  },
  {
    name: 'sends JSON off the contract',
    via: 'proxy',
    mode: 'off-contract',
    reason: () => new RegExp(`^UPSTREAM_BAD_RESPONSE: Upstream article sent an unexpected response \\(GET ${escapeRegExp(articleUrl())}\\): data\\.results\\.0\\.`),
  },
  {
    name: 'sends an HTML page where JSON was expected',
    via: 'proxy',
    mode: 'html',
    reason: () => new RegExp(`^UPSTREAM_BAD_RESPONSE: Upstream article sent text/html where JSON was expected \\(GET ${escapeRegExp(articleUrl())}\\)$`),
  },
];

describe('upstream faults', () => {
  it.each(UPSTREAM_FAULTS)('upstream $name: the job fails with the code and the call, retried with backoff, and the last good page stays served', async (fault) => {
    const good = await served(ARTICLE);
    expect(good.status).toBe(200);
    const storedBefore = await store.get(pageKey('news', ARTICLE, 'standard'));
    const query = { path: ARTICLE };
    if (fault.via === 'sample') await sample('POST', '/__sample/faults', { path: '/api/article', query, ...fault.spec });
    else proxy.set({ path: '/api/article', query, mode: fault.mode });
    const since = Date.now();
    try {
      const jobId = await pipeline.enqueue(ARTICLE);
      const job = await settled(pipeline, jobId);

      expect(await job.getState()).toBe('failed');
      expect(job.failedReason).toMatch(fault.reason());
      // Every attempt failed with the same reason, and BullMQ spaced them by the worker's doubling backoff (render-workers/retry-policy.ts).
      expect(job.attemptsMade).toBe(ATTEMPTS);
      expect(job.opts.backoff).toEqual({ type: RENDER_BACKOFF, delay: BACKOFF_MS });
      expect(pipeline.attemptFailures.filter((f) => f.jobId === jobId).map((f) => f.message)).toEqual(Array(ATTEMPTS).fill(job.failedReason));
      const arrivals = proxy.arrivals('/api/article', query).filter((at) => at >= since);
      expect(arrivals.length).toBeGreaterThanOrEqual(ATTEMPTS);
      // Attempt 2 waits at least BACKOFF_MS after attempt 1 failed, attempt 3 at least twice that.
      expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(BACKOFF_MS + 2 * BACKOFF_MS);
    } finally {
      proxy.set(null);
      await sample('DELETE', '/__sample/faults');
    }
    // The last good page: the same bytes from the edge router, the same object in storage.
    const after = await served(ARTICLE);
    expect(after.status).toBe(200);
    expect(after.body.equals(good.body)).toBe(true);
    const storedAfter = await store.get(pageKey('news', ARTICLE, 'standard'));
    expect(storedAfter?.body.equals(storedBefore?.body ?? Buffer.alloc(0))).toBe(true);
    expect(storedAfter?.meta).toEqual(storedBefore?.meta);
  }, 60_000);
});

describe('storage faults', () => {
  it('failing writes are retried, and a reader polling meanwhile sees the old page or the new one, never a mix or an empty page', async () => {
    const urls = [ARTICLE, `${ARTICLE}.print`];
    const old = new Map<string, Buffer>();
    for (const url of urls) old.set(url, (await served(url)).body);
    const article = (await sample('GET', `/api/article?path=${encodeURIComponent(ARTICLE)}`)) as { data: { results: Array<{ header: Record<string, unknown> }> } };
    const header = article.data.results[0]?.header ?? {};
    const headline = 'Broadband bill survives a storage outage';
    await sample('PATCH', `/__sample/articles/${ARTICLE_ID}`, { title: headline, meta_title: headline, header: { ...header, headline } });

    // The print variant's next two writes fail: attempt 1 writes the standard page and fails on
    // print, attempt 2 finds standard done and fails on print again, attempt 3 writes print.
    const printKey = pageKey('news', ARTICLE, 'print');
    flaky.failWrites(ATTEMPTS - 1, (key) => key === printKey);
    const seen: Array<{ url: string; status: number; body: Buffer }> = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        for (const url of urls) seen.push({ url, ...(await served(url)) });
      }
    })();

    const jobId = await pipeline.enqueue(ARTICLE);
    const job = await settled(pipeline, jobId);
    expect(await job.getState()).toBe('completed');
    expect(job.attemptsMade).toBe(ATTEMPTS);
    expect(flaky.failed).toEqual([printKey, printKey]);
    expect(pipeline.attemptFailures.filter((f) => f.jobId === jobId).map((f) => f.message)).toEqual(
      Array(ATTEMPTS - 1).fill(`STORAGE_FAILED: Storage could not write ${printKey} (injected fault)`),
    );
    const fresh = new Map<string, Buffer>();
    for (const url of urls) {
      fresh.set(
        url,
        await eventually(async () => {
          const now = await served(url);
          return now.body.toString('utf8').includes(headline) ? now.body : undefined;
        }, `the new ${url}`),
      );
    }
    reading = false;
    await reader;

    expect(seen.length).toBeGreaterThan(urls.length);
    for (const response of seen) {
      expect(response.status, response.url).toBe(200);
      const whole = response.body.equals(old.get(response.url) ?? Buffer.alloc(1)) || response.body.equals(fresh.get(response.url) ?? Buffer.alloc(1));
      expect(whole, `${response.url} served ${response.body.length} bytes that are neither the old page nor the new one`).toBe(true);
    }
  }, 60_000);
});

describe('Redis restarted mid-run', () => {
  let aof: AofRedis | undefined;
  let restarted: Pipeline | undefined;
  let restartDir: string | undefined;

  afterAll(async () => {
    await restarted?.close();
    await aof?.stop();
    if (restartDir) await rm(restartDir, { recursive: true, force: true });
  });

  it('producers and workers reconnect after a SIGKILL and restart (AOF, fsync always), and no acknowledged job is lost', async () => {
    aof = await startAofRedis();
    restartDir = await mkdtemp(join(tmpdir(), 'redis-restart-'));
    const restartStore = createFsStore({ root: restartDir });
    restarted = await startPipeline({
      redisUrl: aof.url,
      prefix: '{restart}',
      store: restartStore,
      upstreamUrl: upstream.url,
      upstreamTimeoutMs: 5_000,
      defaults: { attempts: 5, backoffMs: BACKOFF_MS, eventDebounceMs: 0 },
      lockDurationMs: 2_000,
      stalledIntervalMs: 500,
    });
    const clients = createUpstreamClients({ config: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: upstream.url }), logger });
    const paths = (await clients.upstream.listArticlePaths()).slice(0, 12);
    expect(paths).toHaveLength(12);

    const acknowledged: Array<{ path: string; jobId: string }> = [];
    const refused: string[] = [];
    let restarting: Promise<void> = Promise.resolve();
    for (const [i, path] of paths.entries()) {
      if (i === 4) {
        await aof.kill();
        // Back after a second and a half, while the producer keeps enqueueing and the worker is mid-run.
        const server = aof;
        restarting = new Promise((resolve) => setTimeout(resolve, 1_500)).then(() => server.start());
      }
      try {
        acknowledged.push({ path, jobId: await restarted.enqueue(path) });
      } catch {
        // Not acknowledged: the caller was told, nothing is promised for it.
        refused.push(path);
      }
    }
    await restarting;
    expect(restarted.connectionErrors.some((message) => message.includes('ECONNREFUSED'))).toBe(true);
    // Those enqueued before the kill, and those after the restart.
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);
    expect(acknowledged.map((a) => a.path)).toEqual(expect.arrayContaining(paths.slice(0, 4)));

    const pipelineAfter = restarted;
    for (const { path, jobId } of acknowledged) {
      const job = await settled(pipelineAfter, jobId, 60_000);
      expect(await job.getState(), `${path}: ${job.failedReason ?? ''}`).toBe('completed');
      expect(await restartStore.head(pageKey('news', path, 'standard')), path).not.toBeNull();
    }
    // The producer works again too: a new request after the restart renders.
    const late = await settled(pipelineAfter, await pipelineAfter.enqueue(paths.find((p) => refused.includes(p)) ?? paths[0] ?? '/'));
    expect(await late.getState()).toBe('completed');
    await restartStore.close();
  }, 120_000);
});

describe('everything but storage and the edge router down', () => {
  it('the edge router still serves every stored page, byte for byte', async () => {
    await pipeline.close();
    running.pipeline = false;
    await redis.stop();
    running.redis = false;
    await upstream.close();
    running.upstream = false;
    await proxy.close();
    running.proxy = false;

    const checked: string[] = [];
    for (const site of ['news', 'es'] as const) {
      for await (const key of store.list(`${site}/`)) {
        const parsed = parseKey(key);
        if (parsed === null) continue; // Page versions (rollback copies) are not served.
        const stored = await store.get(key);
        if (!stored) throw new Error(`${key} vanished`);
        let url: string;
        if (parsed.kind === 'page') {
          if (parsed.variant === 'redirect') continue;
          url = variantUrlPath(parsed.path, parsed.variant);
        } else if (parsed.kind === 'not-found') {
          url = '/no-such-page-while-everything-is-down';
        } else if (parsed.kind === 'root') {
          url = `/${parsed.file}`;
        } else if (parsed.kind === 'feed') {
          url = feedUrlPath(parsed.section);
        } else {
          continue;
        }
        expect(site, `${key}: only the news site was published`).toBe('news');
        const response = await served(url);
        expect(response.status, url).toBe(stored.meta.status ?? 200);
        expect(response.body.equals(stored.body), `${url} differs from ${key}`).toBe(true);
        checked.push(url);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(PUBLISHED));
  }, 60_000);
});
