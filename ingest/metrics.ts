/**
 * GET /metrics on the admin server (docs/architecture.md "Metrics and shutdown"): the render queue depth by state, read
 * from Redis at scrape time, plus ingest's process metrics, for Prometheus. Behind the admin token
 * like everything else on this server: Prometheus sends it as a Bearer token
 * (`authorization: { credentials_file: ... }` in its scrape config). No cookie: a scraper is not
 * a browser session.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PlatformError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { createMetricsRegistry, metricsRoute, registerQueueDepth, type JobCountSource, type QueueRedis, type Registry } from '../core/metrics.js';
import { requireAdmin } from './auth.js';

export interface IngestMetricsOptions {
  /** ADMIN_TOKEN. */
  adminToken: string;
  /** The render queue. */
  queue: JobCountSource;
  /** The queue's Redis, for the age of the oldest waiting job per priority. */
  redis?: QueueRedis;
  logger: Logger;
  /** The registry to serve; a new one with process metrics when omitted. */
  registry?: Registry;
}

export const ingestMetricsPlugin: FastifyPluginAsync<IngestMetricsOptions> = async (app, options) => {
  if (options.adminToken.length < 16) throw new PlatformError('CONFIG_INVALID', 'metrics: the admin token must be at least 16 characters');
  const registry = options.registry ?? createMetricsRegistry({ processMetrics: true });
  registerQueueDepth(registry, options.queue, options.logger, options.redis);
  // Encapsulated (no fastify-plugin): the hook guards this plugin's route only.
  app.addHook('onRequest', requireAdmin({ token: options.adminToken, allowCookie: false }));
  await app.register(metricsRoute, { registry });
};
