/**
 * Render-worker process: publishes the bundle assets, then consumes the render queue until SIGTERM
 * or SIGINT, when it stops taking jobs and waits (with a deadline) for the running ones.
 */
import { DependencyIndex } from '../core/dependency-index.js';
import { createLogger } from '../core/logger.js';
import { createRedis } from '../core/redis.js';
import { createStore } from '../core/storage/create-store.js';
import { createUpstreamClients } from '../core/upstream/clients.js';
import { publishBundleAssets } from './assets.js';
import { loadWorkerConfig, type WorkerConfig } from './config.js';
import { createPageRenderer } from './render-page.js';
import { createRenderWorker } from './worker.js';

/** How long a SIGTERM waits for running renders before closing anyway. */
const SHUTDOWN_DEADLINE_MS = 20_000;

interface RunningWorker {
  close(): Promise<void>;
}

async function startRenderWorker(config: WorkerConfig): Promise<RunningWorker> {
  const logger = createLogger({ component: 'render-worker', level: config.logLevel });
  const store = await createStore(config.storage);
  const redis = createRedis(config.redisUrl, { name: 'render-index' });
  const connection = createRedis(config.redisUrl, { blocking: true, name: 'render-worker' });
  const index = new DependencyIndex(redis, config.queuePrefix);
  const bundle = await publishBundleAssets(store, config.bundleDir, logger);
  const clients = createUpstreamClients({ config: config.upstream, logger });
  const renderer = createPageRenderer({ store, index, ...clients, logger, publicOrigins: config.publicOrigins, scripts: bundle.scripts });
  const worker = createRenderWorker({ connection, prefix: config.queuePrefix, concurrency: config.concurrency, renderer, logger });
  logger.info({ concurrency: config.concurrency, storage: store.driver }, 'render worker started');

  return {
    async close() {
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_DEADLINE_MS).unref());
      await Promise.race([worker.close(), deadline]);
      connection.disconnect();
      await redis.quit().catch(() => redis.disconnect());
      await store.close();
      logger.info('render worker stopped');
    },
  };
}

async function main(): Promise<void> {
  let config: WorkerConfig;
  try {
    config = loadWorkerConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const running = await startRenderWorker(config);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
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
