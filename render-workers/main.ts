/**
 * Render-worker process: publishes the bundle assets, then consumes the render queue until SIGTERM
 * or SIGINT. Then it stops taking jobs, lets the running renders finish within
 * WORKER_SHUTDOWN_DEADLINE_MS, hands back to the queue the ones that outlive it (worker.ts
 * `shutdown`), sends the CDN purges still pending, and exits.
 *
 * Prometheus scrapes GET /metrics on WORKER_METRICS_PORT (core/metrics.ts lists the metrics).
 *
 * Failed renders retry by the worker's retry policy (WORKER_RETRY_*, retry-policy.ts); pages whose
 * render failed for good on upstream or storage are queued again by the recovery sweep
 * (WORKER_RECOVERY_SWEEP_*, recovery-sweep.ts) once the dependency answers.
 */
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { describeCdnTarget } from '../core/cdn/config.js';
import { createPurger } from '../core/cdn/purger.js';
import { DependencyIndex } from '../core/dependency-index.js';
import { isPlatformError } from '../core/errors.js';
import { createLogger } from '../core/logger.js';
import { buildMetricsApp, createMetricsRegistry, createReadReuseMetrics, createRenderMetrics } from '../core/metrics.js';
import { createRedis } from '../core/redis.js';
import { createStore } from '../core/storage/create-store.js';
import { createEditionClients } from '../core/upstream/clients.js';
import { ReadReuseCache } from '../core/upstream/read-reuse.js';
import { publishBundleAssets } from './assets.js';
import { loadWorkerConfig, type WorkerConfig } from './config.js';
import { takePageFence } from '../core/page-fence.js';
import { MissNegativeCache } from '../core/miss-cache.js';
import { PageRenderLog, PageStatusStore } from '../core/page-status.js';
import { RedisLastGoodStore } from '../core/last-good.js';
import { RENDER_QUEUE } from '../core/queue.js';
import { startRecoverySweep, storageProbe, upstreamProbe, type RunningRecoverySweep } from './recovery-sweep.js';
import { createPageRenderer } from './render-page.js';
import { createRenderWorker } from './worker.js';

/**
 * Past the render deadline, how long the rest of the shutdown (handing jobs back, pending purges,
 * closing connections) may take before the process exits anyway.
 */
const SHUTDOWN_GRACE_MS = 10_000;

interface RunningWorker {
  close(): Promise<void>;
}

async function startRenderWorker(config: WorkerConfig): Promise<RunningWorker> {
  const logger = createLogger({ component: 'render-worker', level: config.logLevel });
  const store = await createStore(config.storage);
  // One server or a Redis Cluster (REDIS_URL or REDIS_CLUSTER_NODES, core/config/redis.ts).
  const redis = createRedis(config.redis, { name: 'render-index', logger });
  const connection = createRedis(config.redis, { blocking: true, name: 'render-worker', logger });
  const index = new DependencyIndex(redis, config.queuePrefix);
  const bundle = await publishBundleAssets(store, config.bundleDir, logger);
  // Per edition: each asks upstream for its language (ADR 0019).
  const editions = createEditionClients({ config: config.upstream, logger });
  const metrics = createRenderMetrics(createMetricsRegistry({ processMetrics: true }));
  // Upstream answers reused between renders fetched after their request (ADR 0029).
  let readReuse: ReadReuseCache | undefined;
  if (config.readReuse) {
    const reuseMetrics = createReadReuseMetrics(metrics.registry);
    const cache = new ReadReuseCache({ ...config.readReuse, observer: reuseMetrics });
    reuseMetrics.watch(() => cache.stats());
    readReuse = cache;
  }
  const renderer = createPageRenderer({
    store,
    index,
    ...editions.news,
    editions,
    logger,
    publicOrigins: config.publicOrigins,
    scripts: bundle.scripts,
    takeFence: (page) => takePageFence(redis, page, config.queuePrefix),
    lastGood: new RedisLastGoodStore(redis, config.queuePrefix),
    ...(readReuse === undefined ? {} : { readReuse }),
  });
  const pageStatus = new PageStatusStore(redis, config.queuePrefix);

  const purger = createPurger(config.cdn, { logger, onBatch: (result) => metrics.purged(result.ok) });
  let metricsApp: FastifyInstance | undefined;
  if (config.metrics) {
    metricsApp = await buildMetricsApp(metrics.registry);
    await metricsApp.listen({ host: config.metrics.host, port: config.metrics.port });
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
  });
  // The sweep queues renders on the worker's own (non-blocking) connection.
  const recoveryQueue = new Queue(RENDER_QUEUE, { connection: redis, prefix: config.queuePrefix });
  let sweep: RunningRecoverySweep | undefined;
  if (config.recoverySweep) {
    sweep = startRecoverySweep({
      ...config.recoverySweep,
      redis,
      prefix: config.queuePrefix,
      pageStatus,
      queue: recoveryQueue,
      probes: { upstream: upstreamProbe(editions.news.upstream), storage: storageProbe(store) },
      logger,
    });
  }
  logger.info(
    {
      concurrency: config.concurrency,
      storage: store.driver,
      cdn: describeCdnTarget(config.cdn.target),
      metrics: config.metrics ? `http://${config.metrics.host}:${config.metrics.port}/metrics` : 'off',
      retry: config.retryPolicy,
      recoverySweep: config.recoverySweep ?? 'off',
      readReuse: config.readReuse ?? 'off',
    },
    'render worker started',
  );

  return {
    async close() {
      await sweep?.stop();
      await recoveryQueue.close();
      const { released } = await worker.shutdown({ deadlineMs: config.shutdownDeadlineMs });
      await purger.close();
      await metricsApp?.close();
      connection.disconnect();
      await redis.quit().catch(() => redis.disconnect());
      await store.close();
      logger.info({ released: released.length }, 'render worker stopped');
    },
  };
}

async function main(): Promise<void> {
  let config: WorkerConfig;
  try {
    config = loadWorkerConfig(process.env);
  } catch (error) {
    // Configuration mistakes are the operator's: the message names the variable, no stack.
    console.error(isPlatformError(error, 'CONFIG_INVALID') ? error.message : error);
    process.exit(1);
  }
  const running = await startRenderWorker(config);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Whatever hangs (a Redis that never answers), the process still ends.
    setTimeout(() => {
      console.error(`render-worker: shutdown did not finish within ${config.shutdownDeadlineMs + SHUTDOWN_GRACE_MS} ms; exiting`);
      process.exit(1);
    }, config.shutdownDeadlineMs + SHUTDOWN_GRACE_MS).unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('render-worker failed to start:', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
