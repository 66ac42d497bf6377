/**
 * Starting a render worker: the one function every caller uses (the worker's own process in
 * main.ts, `npm start`'s stack in infra/local/stack.ts, the integration and reliability tests),
 * so each runs what production runs: bundle assets published, the renderer with its fencing
 * token, last good side data and read reuse, the BullMQ worker with page status, render log and
 * negative cache, the CDN purger, the metrics endpoint and the recovery sweep, and `close()` as
 * the graceful shutdown (running renders finish within the deadline, the rest go back to the queue,
 * pending purges are sent).
 *
 * A process that runs several services on one store (the local stack) passes its store in; the
 * worker then leaves closing it to its owner. Everything else the worker makes, it closes.
 */
import { getHeapStatistics } from 'node:v8';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { describeCdnTarget } from '../core/cdn/config.js';
import { createPurger } from '../core/cdn/purger.js';
import { DependencyIndex } from '../core/dependency-index.js';
import { listenNamed } from '../core/http-listen.js';
import { RedisLastGoodStore } from '../core/last-good.js';
import { createLogger, type Logger } from '../core/logger.js';
import { buildMetricsApp, createMetricsRegistry, createReadReuseMetrics, createRenderMetrics, type RenderMetrics } from '../core/metrics.js';
import { MissNegativeCache } from '../core/miss-cache.js';
import { takePageFence } from '../core/page-fence.js';
import { PageRenderLog, PageStatusStore } from '../core/page-status.js';
import { RENDER_QUEUE } from '../core/queue.js';
import { createRedis } from '../core/redis.js';
import { createStore } from '../core/storage/create-store.js';
import type { ObjectStore } from '../core/storage/types.js';
import { createEditionClients, type UpstreamClients } from '../core/upstream/clients.js';
import type { SiteId } from '../core/isomorphic/sites.js';
import { ReadReuseCache } from '../core/upstream/read-reuse.js';
import { publishBundleAssets } from './assets.js';
import type { WorkerConfig } from './config.js';
import { startRecoverySweep, storageProbe, upstreamProbe, type RunningRecoverySweep } from './recovery-sweep.js';
import { createPageRenderer, type OutcomeKind, type PageRenderer } from './render-page.js';
import { createRenderWorker, type RenderWorker } from './worker.js';

export interface RenderWorkerShared {
  /** A store owned by the caller (closed by it); the worker makes its own from `config.storage` otherwise. */
  store?: ObjectStore;
  /** The worker's logger; one at `config.logLevel` on stdout otherwise. */
  logger?: Logger;
  /**
   * The scripts every page names, for a caller with no bundle built (the reliability tests' worker
   * processes): the bundle in `config.bundleDir` is then not published.
   */
  scripts?: readonly string[];
  /** Wraps the renderer the worker runs (the reliability tests' hooks around the real one). */
  wrapRenderer?: (renderer: PageRenderer) => PageRenderer;
}

export interface RunningRenderWorker {
  worker: RenderWorker;
  renderer: PageRenderer;
  /** The upstream clients per edition the renderer reads through. */
  editions: Record<SiteId, UpstreamClients>;
  metrics: RenderMetrics<OutcomeKind>;
  /** The worker's /metrics address, when `config.metrics` asked for one. */
  metricsUrl: string | undefined;
  /**
   * Graceful shutdown: stops the recovery sweep, lets running renders finish within
   * `config.shutdownDeadlineMs` and hands back the rest, sends pending purges, closes what the
   * worker opened. Resolves with the ids of the jobs handed back.
   */
  close(): Promise<{ released: string[] }>;
}

export async function startRenderWorker(config: WorkerConfig, shared: RenderWorkerShared = {}): Promise<RunningRenderWorker> {
  const logger = shared.logger ?? createLogger({ component: 'render-worker', level: config.logLevel });
  const closers: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch((error: unknown) => logger.warn({ error }, 'render worker: a part did not close cleanly'));
  };
  try {
    const store = shared.store ?? (await createStore(config.storage));
    if (shared.store === undefined) closers.push(() => store.close());
    // One server or a Redis Cluster (REDIS_URL or REDIS_CLUSTER_NODES, core/config/redis.ts).
    const redis = createRedis(config.redis, { name: 'render-index', logger });
    closers.push(() => redis.quit().catch(() => redis.disconnect()));
    const connection = createRedis(config.redis, { blocking: true, name: 'render-worker', logger });
    closers.push(() => Promise.resolve(connection.disconnect()));
    const index = new DependencyIndex(redis, config.queuePrefix);
    const scripts = shared.scripts ?? (await publishBundleAssets(store, config.bundleDir, logger)).scripts;
    // Per edition: each asks upstream for its language (ADR 0019).
    const editions = createEditionClients({ config: config.upstream, logger });
    const metrics = createRenderMetrics<OutcomeKind>(createMetricsRegistry({ processMetrics: true }));
    // Upstream answers reused between renders fetched after their request (ADR 0029).
    let readReuse: ReadReuseCache | undefined;
    if (config.readReuse) {
      const reuseMetrics = createReadReuseMetrics(metrics.registry);
      const cache = new ReadReuseCache({ ...config.readReuse, observer: reuseMetrics });
      reuseMetrics.watch(() => cache.stats());
      readReuse = cache;
    }
    const realRenderer = createPageRenderer({
      store,
      index,
      ...editions.news,
      editions,
      logger,
      publicOrigins: config.publicOrigins,
      scripts: [...scripts],
      takeFence: (page) => takePageFence(redis, page, config.queuePrefix),
      lastGood: new RedisLastGoodStore(redis, config.queuePrefix),
      ...(readReuse === undefined ? {} : { readReuse }),
    });
    const renderer = shared.wrapRenderer?.(realRenderer) ?? realRenderer;
    const pageStatus = new PageStatusStore(redis, config.queuePrefix);
    const purger = createPurger(config.cdn, { logger, onBatch: (result) => metrics.purged(result.ok) });
    closers.push(() => purger.close());

    let metricsUrl: string | undefined;
    if (config.metrics) {
      const metricsApp: FastifyInstance = await buildMetricsApp(metrics.registry);
      closers.push(() => metricsApp.close());
      metricsUrl = `${await listenNamed(metricsApp, config.metrics, 'WORKER_METRICS_PORT')}/metrics`;
    }

    const worker = createRenderWorker({
      connection,
      prefix: config.queuePrefix,
      concurrency: config.concurrency,
      renderer,
      logger,
      purger,
      metrics,
      pageStatus,
      renderLog: new PageRenderLog(redis, config.queuePrefix),
      negativeCache: new MissNegativeCache(redis, config.queuePrefix, config.missNegativeTtlS),
      lockDurationMs: config.lockDurationMs,
      stalledIntervalMs: config.stalledIntervalMs,
      retryPolicy: config.retryPolicy,
      storageProbe: storageProbe(store),
    });
    let released: string[] = [];
    // Closed in reverse: the sweep stops first, then the worker hands back what outlives the deadline.
    closers.push(async () => {
      released = (await worker.shutdown({ deadlineMs: config.shutdownDeadlineMs })).released;
    });
    // The sweep queues renders on the worker's own (non-blocking) connection.
    const recoveryQueue = new Queue(RENDER_QUEUE, { connection: redis, prefix: config.queuePrefix });
    closers.push(() => recoveryQueue.close());
    let sweep: RunningRecoverySweep | undefined;
    if (config.recoverySweep) {
      const running = startRecoverySweep({
        ...config.recoverySweep,
        redis,
        prefix: config.queuePrefix,
        pageStatus,
        queue: recoveryQueue,
        probes: { upstream: upstreamProbe(editions.news.upstream), storage: storageProbe(store) },
        logger,
      });
      sweep = running;
      closers.push(() => running.stop());
    }
    logger.info(
      {
        concurrency: config.concurrency,
        storage: store.driver,
        cdn: describeCdnTarget(config.cdn.target),
        metrics: metricsUrl ?? 'off',
        retry: config.retryPolicy,
        recoverySweep: sweep === undefined ? 'off' : config.recoverySweep,
        readReuse: config.readReuse ?? 'off',
        // Set by WORKER_NODE_FLAGS where the worker is started as deployed (render-workers/node-flags.ts).
        heapLimitMiB: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
      },
      'render worker started',
    );
    let closing: Promise<{ released: string[] }> | undefined;
    return {
      worker,
      renderer,
      editions,
      metrics,
      metricsUrl,
      close() {
        closing ??= closeAll().then(() => {
          logger.info({ released: released.length }, 'render worker stopped');
          return { released };
        });
        return closing;
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
