/**
 * Starting the edge router: the one function its own process (main.ts) and `npm start`'s stack
 * (infra/local/stack.ts) use, so both serve the same way: the edge app with its hot cache, rate
 * limit, live endpoints, render on miss and write announcements as configured, and its internal
 * /metrics listener when `config.metrics` asks for one. `close()` stops accepting connections and
 * lets requests in flight finish (new requests on kept-alive sockets get 503 meanwhile).
 *
 * A process that runs several services on one store passes its store in and closes it itself.
 */
import type { FastifyInstance } from 'fastify';
import type { UpstreamConfig } from '../core/config/upstream.js';
import { listenNamed } from '../core/http-listen.js';
import { createLogger, type Logger } from '../core/logger.js';
import { buildMetricsApp, createMetricsRegistry } from '../core/metrics.js';
import { createStore } from '../core/storage/create-store.js';
import type { ObjectStore } from '../core/storage/types.js';
import type { RenderJobDefaults } from '../core/queue.js';
import { buildEdgeApp } from './app.js';
import type { EdgeConfig } from './config.js';

export interface EdgeShared {
  /** A store owned by the caller (closed by it); the edge makes its own from `config.storage` otherwise. */
  store?: ObjectStore;
  logger?: Logger;
  /** Render-job attempts and backoff for its render-on-miss requests (core/queue.ts defaults otherwise). */
  jobDefaults?: RenderJobDefaults;
  /** Count process-wide figures (CPU, memory) in the edge's registry; on unless another service in the process does. */
  processMetrics?: boolean;
}

export interface RunningEdgeRouter {
  /** The site's address. */
  url: string;
  app: FastifyInstance;
  /** The internal /metrics address, when `config.metrics` asked for one. */
  metricsUrl: string | undefined;
  close(): Promise<void>;
}

export async function startEdgeRouter(config: EdgeConfig, upstream: UpstreamConfig, shared: EdgeShared = {}): Promise<RunningEdgeRouter> {
  const logger = shared.logger ?? createLogger({ component: 'edge-router', level: config.logLevel });
  const closers: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch((error: unknown) => logger.warn({ error }, 'edge router: a part did not close cleanly'));
  };
  try {
    const store = shared.store ?? (await createStore(config.storage));
    if (shared.store === undefined) closers.push(() => store.close());
    const registry = createMetricsRegistry({ processMetrics: shared.processMetrics ?? true });
    const app = await buildEdgeApp({
      store,
      logger,
      defaultSite: config.defaultSite,
      siteHosts: config.siteHosts,
      trustProxy: config.trustProxy,
      healthTimeoutMs: config.healthTimeoutMs,
      hotCache: config.hotCache,
      rateLimit: config.rateLimit,
      metricsRegistry: registry,
      liveUpstream: { config: upstream },
      ...(config.renderOnMiss === undefined ? {} : { renderOnMiss: { ...config.renderOnMiss, ...(shared.jobDefaults ? { jobDefaults: shared.jobDefaults } : {}) } }),
      ...(config.writeAnnouncements === undefined ? {} : { writeAnnouncements: config.writeAnnouncements }),
    });
    closers.push(() => app.close());
    let metricsUrl: string | undefined;
    if (config.metrics !== undefined) {
      const metricsApp = await buildMetricsApp(registry);
      closers.push(() => metricsApp.close());
      metricsUrl = `${await listenNamed(metricsApp, config.metrics, 'EDGE_METRICS_PORT')}/metrics`;
    }
    const url = await listenNamed(app, { port: config.port, host: config.host }, 'PORT');
    logger.info(
      { address: url, metrics: metricsUrl ?? 'off', storage: store.driver, defaultSite: config.defaultSite, siteHosts: config.siteHosts, renderOnMiss: config.renderOnMiss !== undefined, writeAnnouncements: config.writeAnnouncements !== undefined },
      `edge router listening on ${url}`,
    );
    let closing: Promise<void> | undefined;
    return {
      url,
      app,
      metricsUrl,
      close() {
        closing ??= closeAll().then(() => logger.info('stopped'));
        return closing;
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
