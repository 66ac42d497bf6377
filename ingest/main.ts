/**
 * The ingest service: the admin server (webhook, republish, admin page, dashboard) and the
 * schedules. `npm run ingest`. Graceful shutdown on SIGTERM/SIGINT with a deadline (STYLE.md,
 * BullMQ "going to production"): stop the schedules, stop accepting requests, close the queue.
 */
import { DependencyIndex } from '../core/dependency-index.js';
import { isPlatformError } from '../core/errors.js';
import { createLogger } from '../core/logger.js';
import { createRedis } from '../core/redis.js';
import { buildAdminApp } from './app.js';
import { loadIngestConfig } from './config.js';
import { DASHBOARD_PATH } from './dashboard.js';
import { listFrontPathsFromIndex } from './fronts.js';
import { createRenderProducer } from './producer.js';
import { startSchedules } from './schedules.js';
import { createUpstreamClient } from '../core/upstream/client.js';
import { createStore } from '../core/storage/create-store.js';
import { createPurger } from '../core/cdn/purger.js';
import { streamSitePages } from '../core/site-pages.js';

/** After this long a shutdown stops waiting and exits non-zero. */
const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadIngestConfig(process.env);
  const logger = createLogger({ component: 'ingest', level: config.logLevel });
  // One server or a Redis Cluster (REDIS_URL or REDIS_CLUSTER_NODES, core/config/redis.ts).
  const redis = createRedis(config.redis, { name: 'ingest', logger });
  const producerConnection = createRedis(config.redis, { name: 'ingest-producer', logger });
  const producer = createRenderProducer({ connection: producerConnection, prefix: config.queuePrefix, logger });
  const index = new DependencyIndex(redis, config.queuePrefix);
  const upstream = createUpstreamClient({ config: config.upstream, logger });
  const store = await createStore(config.storage);
  const purger = createPurger(config.cdn, { logger });
  const app = await buildAdminApp({
    config,
    producer,
    index,
    redis,
    queue: producer.queue,
    logger,
    store,
    purger,
    siteMap: upstream,
    // Requests are refused at once while either is down (redis-availability.ts).
    redisConnections: { ingest: redis, 'ingest-producer': producerConnection },
  });
  await app.listen({ host: config.adminHost, port: config.adminPort });

  const schedules = config.schedulesEnabled
    ? startSchedules({
        producer,
        redis,
        prefix: config.queuePrefix,
        logger,
        sources: {
          listFrontPaths: () => listFrontPathsFromIndex(redis, config.queuePrefix),
          pagesReading: (keys) => index.pagesFor(keys),
          sitePages: () => streamSitePages(upstream),
        },
      })
    : undefined;

  const base = `http://${config.adminHost.includes(':') ? `[${config.adminHost}]` : config.adminHost}:${config.adminPort}`;
  logger.info(
    { admin: `${base}/admin`, dashboard: `${base}${DASHBOARD_PATH}`, webhook: `${base}/webhooks/content`, schedules: config.schedulesEnabled },
    'ingest listening (open the admin addresses with ?token=<ADMIN_TOKEN> once)',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await schedules?.stop();
      await app.close();
      await producer.close();
      // The producer does not close a connection it was given.
      await producerConnection.quit().catch(() => producerConnection.disconnect());
      await purger.close();
      await store.close();
      await redis.quit();
      logger.info('ingest stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // Configuration mistakes are the operator's: the message names the variable, no stack.
  console.error(isPlatformError(error, 'CONFIG_INVALID') ? error.message : error);
  process.exit(1);
});
