/**
 * The ADMIN server (never the public one): content webhook, editor republish, the admin page, the
 * queue dashboard and a health check. `buildAdminApp` only builds; main.ts listens (docs/architecture.md
 * "Conventions": an app built apart from listen, routes tested with app.inject).
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Queue } from 'bullmq';
import type { RedisClient } from '../core/redis.js';
import type { DependencyIndex } from '../core/dependency-index.js';
import type { Logger } from '../core/logger.js';
import type { ObjectStore } from '../core/storage/types.js';
import { adminPagePlugin } from './admin-page.js';
import { registerAuthFailureLimit, type AuthFailureLimitOptions } from './auth.js';
import type { IngestConfig } from './config.js';
import { dashboardPlugin } from './dashboard.js';
import { registerErrorHandling } from './http-errors.js';
import { ingestMetricsPlugin } from './metrics.js';
import { createPageAdmin, pageAdminPlugin, type PagePurger } from './page-admin.js';
import type { RenderProducer } from './producer.js';
import { errorLabel, REDIS_RETRY_AFTER_S, redisUnavailableFor, RedisWatch, registerRedisAvailability } from './redis-availability.js';
import { republishPlugin, type SiteMapSource } from './republish.js';
import { WEBHOOK_PATH, webhookPlugin } from './webhook.js';
import { dropUnusedConnectionsOnClose } from '../core/http-close.js';

/** How long /healthz waits for Redis to answer PING before it answers 503. */
export const HEALTH_PING_TIMEOUT_MS = 1000;

class PingTimeout extends Error {}

export interface AdminAppOptions {
  config: Pick<IngestConfig, 'adminToken' | 'webhookSecret' | 'queuePrefix'>;
  producer: RenderProducer;
  index: DependencyIndex;
  /** Non-blocking connection: health check, replay keys. */
  redis: RedisClient;
  /** The render queue (dashboard, job status). */
  queue: Queue;
  logger: Logger;
  /** Clock for the webhook's replay window, in milliseconds; tests move it. */
  now?: () => number;
  /** Object storage: page status, versions and rollback, and republish by prefix, section or site (page-admin.ts). */
  store?: ObjectStore;
  /** The upstream site map: the whole site's republish lists its pages from it (republish.ts). */
  siteMap?: SiteMapSource;
  /** The CDN purger (core/cdn) a rollback purges the page with. */
  purger?: PagePurger;
  /** The failed-authentication limit's numbers (auth.ts AUTH_FAILURE_DEFAULTS when omitted). */
  authFailureLimit?: Pick<AuthFailureLimitOptions, 'maxFailures' | 'windowSeconds'>;
  /**
   * The Redis connections requests use, by name, watched so that requests are refused at once
   * with 503 while one is down (redis-availability.ts); `{ ingest: redis }` when omitted.
   */
  redisConnections?: Readonly<Record<string, RedisClient>>;
  /** Called for every route as it is added, so a test can enumerate them (tests/security/admin-access.test.ts). */
  onRoute?: (route: RouteOptions) => void;
  /** How long the admin page's form waits for a single-page republish to finish (admin-page.ts FORM_WAIT_MS). */
  adminFormWaitMs?: number;
}

export async function buildAdminApp(options: AdminAppOptions): Promise<FastifyInstance> {
  const { config, producer, index, redis, queue, logger } = options;
  const app = Fastify({
    // No Fastify logger: one structured line per exchange is written below, in the shape
    // core/logger.ts documents.
    // JSON bodies of the admin API are tiny; the webhook sets its own limit.
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
  });
  dropUnusedConnectionsOnClose(app);
  const watch = new RedisWatch(options.redisConnections ?? { ingest: redis });
  registerErrorHandling(app, logger, { redisUnavailable: redisUnavailableFor(watch) });
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', onRoute);
  // Before every admin plugin, so its hooks run ahead of their token checks (ADR 0012).
  registerAuthFailureLimit(app, {
    redis,
    keyPrefix: config.queuePrefix,
    logger,
    exemptPaths: ['/healthz', WEBHOOK_PATH],
    ...options.authFailureLimit,
  });

  app.addHook('onResponse', async (request, reply) => {
    logger.info(
      { http: { method: request.method, path: request.url.split('?')[0] ?? '', status: reply.statusCode, durationMs: Math.round(reply.elapsedTime) } },
      'request served',
    );
  });

  // Every route but these needs Redis: while it is down they answer 503 at once (ADR 0025). The
  // health check reports the outage itself, metrics serve the process's own figures without the
  // queue's, and the admin page's form needs nothing until it is sent.
  registerRedisAvailability(app, { watch, logger, exemptPaths: ['/healthz', '/metrics', '/admin'] });

  app.get('/healthz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    // A connection that is down is known at once: no PING to wait for.
    const outage = watch.outage();
    if (outage !== null) {
      return await reply
        .status(503)
        .header('retry-after', String(REDIS_RETRY_AFTER_S))
        .send({ status: 'unavailable', redis: 'unreachable', reason: outage.reason, connections: outage.connections });
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      // Bounded: a Redis Cluster client holds commands in its offline queue while no node answers
      // (core/redis.ts), so an unbounded PING would hang the probe instead of failing it.
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PingTimeout(`Redis did not answer PING within ${HEALTH_PING_TIMEOUT_MS} ms`)), HEALTH_PING_TIMEOUT_MS);
      });
      const pong = await Promise.race([redis.ping(), timeout]);
      return await reply.send({ status: 'ok', redis: pong === 'PONG' ? 'ok' : pong });
    } catch (error) {
      logger.warn({ error }, 'health check: Redis unavailable');
      // Connected but not answering (a hung server), or it went away during the PING.
      const reason = error instanceof PingTimeout ? error.message : `Redis PING failed (${errorLabel(error) ?? 'unknown error'})`;
      return await reply.status(503).header('retry-after', String(REDIS_RETRY_AFTER_S)).send({ status: 'unavailable', redis: 'unreachable', reason });
    } finally {
      clearTimeout(timer);
    }
  });

  await app.register(webhookPlugin, {
    secret: config.webhookSecret,
    producer,
    index,
    redis,
    keyPrefix: config.queuePrefix,
    logger,
    ...(options.now ? { now: options.now } : {}),
  });
  const { store, purger, siteMap } = options;
  const pages = store ? createPageAdmin({ store, index, redis, prefix: config.queuePrefix, logger, purger }) : undefined;
  await app.register(republishPlugin, { adminToken: config.adminToken, producer, queue, logger, index, redis, store, siteMap });
  await app.register(adminPagePlugin, {
    adminToken: config.adminToken,
    producer,
    logger,
    queue,
    redis,
    index,
    store,
    siteMap,
    pages,
    ...(options.adminFormWaitMs === undefined ? {} : { formWaitMs: options.adminFormWaitMs }),
  });
  if (pages) await app.register(pageAdminPlugin, { adminToken: config.adminToken, pages });
  await app.register(dashboardPlugin, { adminToken: config.adminToken, queues: [queue] });
  await app.register(ingestMetricsPlugin, { adminToken: config.adminToken, queue, logger, redis });
  return app;
}
