/**
 * Starting ingest: the one function its own process (main.ts) and `npm start`'s stack
 * (infra/local/stack.ts) use, so both run the same service: the render producer on its own Redis
 * connection, the admin server (admin API and page, webhook, dashboard, /metrics) refusing
 * requests while either connection is down, the CDN purger for the admin's purges, and the
 * node-cron schedules when `config.schedulesEnabled`.
 *
 * A process that runs several services on one store passes its store in and closes it itself.
 */
import type { FastifyInstance } from 'fastify';
import { createPurger } from '../core/cdn/purger.js';
import { DependencyIndex } from '../core/dependency-index.js';
import { listenNamed } from '../core/http-listen.js';
import { createLogger, type Logger } from '../core/logger.js';
import type { RenderJobDefaults } from '../core/queue.js';
import { createRedis, type RedisClient } from '../core/redis.js';
import { streamSitePages } from '../core/site-pages.js';
import { createStore } from '../core/storage/create-store.js';
import type { ObjectStore } from '../core/storage/types.js';
import { createUpstreamClient, type UpstreamClient } from '../core/upstream/client.js';
import { buildAdminApp } from './app.js';
import type { IngestConfig } from './config.js';
import { DASHBOARD_PATH } from './dashboard.js';
import { listFrontPathsFromIndex } from './fronts.js';
import { createRenderProducer, type RenderProducer } from './producer.js';
import { startSchedules } from './schedules.js';

export interface IngestShared {
  /** A store owned by the caller (closed by it); ingest makes its own from `config.storage` otherwise. */
  store?: ObjectStore;
  logger?: Logger;
  /** Attempts and backoff of the render jobs it enqueues (core/queue.ts defaults otherwise; tests shorten them). */
  jobDefaults?: RenderJobDefaults;
}

export interface RunningIngest {
  /** The admin server's address. */
  url: string;
  app: FastifyInstance;
  producer: RenderProducer;
  index: DependencyIndex;
  /** Ingest's own Redis connection (the dependency index, schedules' locks). */
  redis: RedisClient;
  upstream: UpstreamClient;
  close(): Promise<void>;
}

export async function startIngest(config: IngestConfig, shared: IngestShared = {}): Promise<RunningIngest> {
  const logger = shared.logger ?? createLogger({ component: 'ingest', level: config.logLevel });
  const closers: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch((error: unknown) => logger.warn({ error }, 'ingest: a part did not close cleanly'));
  };
  try {
    // One server or a Redis Cluster (REDIS_URL or REDIS_CLUSTER_NODES, core/config/redis.ts).
    const redis = createRedis(config.redis, { name: 'ingest', logger });
    closers.push(() => redis.quit().catch(() => redis.disconnect()));
    const producerConnection = createRedis(config.redis, { name: 'ingest-producer', logger });
    // The producer does not close a connection it was given.
    closers.push(() => producerConnection.quit().catch(() => producerConnection.disconnect()));
    const producer = createRenderProducer({
      connection: producerConnection,
      prefix: config.queuePrefix,
      logger,
      ...(shared.jobDefaults ? { defaults: shared.jobDefaults } : {}),
    });
    closers.push(() => producer.close());
    const index = new DependencyIndex(redis, config.queuePrefix);
    const upstream = createUpstreamClient({ config: config.upstream, logger });
    const store = shared.store ?? (await createStore(config.storage));
    if (shared.store === undefined) closers.push(() => store.close());
    const purger = createPurger(config.cdn, { logger });
    closers.push(() => purger.close());
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
    closers.push(() => app.close());
    const url = await listenNamed(app, { host: config.adminHost, port: config.adminPort }, 'ADMIN_PORT');

    if (config.schedulesEnabled) {
      const schedules = startSchedules({
        producer,
        redis,
        prefix: config.queuePrefix,
        logger,
        sources: {
          listFrontPaths: () => listFrontPathsFromIndex(redis, config.queuePrefix),
          pagesReading: (keys) => index.pagesFor(keys),
          sitePages: () => streamSitePages(upstream),
        },
      });
      closers.push(() => schedules.stop());
    }
    logger.info(
      { admin: `${url}/admin`, dashboard: `${url}${DASHBOARD_PATH}`, webhook: `${url}/webhooks/content`, schedules: config.schedulesEnabled },
      'ingest listening (open the admin addresses with ?token=<ADMIN_TOKEN> once)',
    );
    let closing: Promise<void> | undefined;
    return {
      url,
      app,
      producer,
      index,
      redis,
      upstream,
      close() {
        closing ??= closeAll().then(() => logger.info('ingest stopped'));
        return closing;
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
