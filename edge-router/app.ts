/**
 * The edge router: the public Fastify server in front of object storage (docs/architecture.md, "The flow").
 * It reads; it never renders. `buildEdgeApp` assembles the plugins and does not listen, so tests
 * drive it with `app.inject()` and main.ts decides where it listens.
 *
 * Plugin order is request order for the app-wide ones:
 *   metrics         request counter by route kind and status, `app.edgeMetrics` for the others
 *   site-resolver   request.site from the Host header
 *   request-guard   414 / 405 / 400 for absurd requests, before any other work
 *   trailing-slash  301 "/a/" -> "/a" and hash dropping (spec 1 §2.2)
 *   security-headers, access-log, error-handler, not-found   (apply to every answer; not-found
 *                   also asks for a render on miss when that is on, render-on-miss.ts)
 *   compression     Accept-Encoding for the live JSON (stored objects compress via the hot cache)
 *   rate-limit      per-client budget of the /api/ routes
 * then the routes: health (/healthz, /readyz), assets (/assets/:file), the live /api/ endpoints
 * when an upstream is configured, page-store (everything else). Stored objects are read through
 * one hot cache (plugins/hot-cache.ts), which holds hot pages until a write is announced while
 * write-announcements.ts hears the workers (ADR 0028). /metrics is not on this app: main.ts serves
 * the registry on an internal port.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { UpstreamConfig } from '../core/config/upstream.js';
import { dropUnusedConnectionsOnClose } from '../core/http-close.js';
import { createMetricsRegistry, type Registry } from '../core/metrics.js';
import type { Logger } from '../core/logger.js';
import type { SiteId } from '../core/isomorphic/sites.js';
import { pageKey } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import { createMissRequester, type RenderOnMissOptions } from './render-on-miss.js';
import { listenForWriteAnnouncements, type WriteAnnouncementsOptions } from './write-announcements.js';
import { accessLogPlugin, requestIdFor } from './plugins/access-log.js';
import { assetsPlugin } from './plugins/assets.js';
import { faviconPlugin } from './plugins/favicon.js';
import { compressionPlugin } from './plugins/compression.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { healthPlugin } from './plugins/health.js';
import { createHotCache, type HotCacheSettings } from './plugins/hot-cache.js';
import { createEdgeMetrics, metricsPlugin } from './plugins/metrics.js';
import { rateLimitPlugin, type RateLimitOptions } from './plugins/rate-limit.js';
import { liveArticleSearchPlugin, type LiveArticleSearchOptions } from './plugins/live-article-search.js';
import { liveDealsPlugin } from './plugins/live-deals.js';
import { liveEmailPlugin } from './plugins/live-email.js';
import { liveInstagramPlugin } from './plugins/live-instagram.js';
import { liveNewsletterPlugin } from './plugins/live-newsletter.js';
import { liveContactPlugin } from './plugins/live-contact.js';
import { liveResizerPlugin } from './plugins/live-resizer.js';
import { liveSchedulePlugin } from './plugins/live-schedule.js';
import { liveSearchPlugin } from './plugins/live-search.js';
import { liveVideosPlugin } from './plugins/live-videos.js';
import { notFoundPlugin } from './plugins/not-found.js';
import { pageStorePlugin } from './plugins/page-store.js';
import { storedPagesPlugin } from './plugins/stored-pages.js';
import { handleFrameworkError, requestGuardPlugin } from './plugins/request-guard.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { siteResolverPlugin } from './plugins/site-resolver.js';
import { trailingSlashPlugin } from './plugins/trailing-slash.js';

export interface EdgeAppOptions {
  store: ObjectStore;
  /** Access and error lines go here (one line per response, with the `http` field). */
  logger: Logger;
  /** The site for a request whose Host is not in `siteHosts`. */
  defaultSite: SiteId;
  /** Host name (no port, any case) -> site, e.g. { 'es.localhost': 'es' }. */
  siteHosts?: Record<string, SiteId>;
  /**
   * Fastify `trustProxy`: whether X-Forwarded-Host/-For from the CDN are believed (true, or a
   * comma-separated list of proxy addresses or CIDR ranges). Default false.
   */
  trustProxy?: boolean | string;
  /** Timeout of the storage probe behind /readyz. Default 1000 ms. */
  healthTimeoutMs?: number;
  /** The hot cache of stored objects (ADR 0011); defaults HOT_CACHE_DEFAULTS, `now` for tests. */
  hotCache?: Partial<HotCacheSettings> & { now?: () => number };
  /** The per-client budget of the /api/ routes; defaults RATE_LIMIT_DEFAULTS (120 per minute). */
  rateLimit?: RateLimitOptions;
  /** Where the edge metrics are registered; a fresh registry when omitted (main.ts serves it). */
  metricsRegistry?: Registry;
  /**
   * The upstream the live /api/ endpoints call (docs/architecture.md "Live endpoints"). When absent those routes are not
   * registered and /api/... paths fall through to the page store (404 page).
   */
  liveUpstream?: LiveUpstreamOptions;
  /**
   * Render on miss (ADR 0018): a 404 for a path the page rules could serve asks for a `miss`
   * render through this Redis. Off when absent (EDGE_RENDER_ON_MISS=false): the edge then needs no
   * Redis at all.
   */
  renderOnMiss?: RenderOnMissOptions;
  /**
   * Hold hot pages until a worker announces a write (ADR 0028): the hot cache listens on this
   * Redis in the background and serves held pages with no storage call while it hears; while it
   * cannot, every request revalidates (ADR 0011). Off when absent (EDGE_WRITE_ANNOUNCEMENTS=false).
   */
  writeAnnouncements?: WriteAnnouncementsOptions;
}

export interface LiveUpstreamOptions {
  config: UpstreamConfig;
  /**
   * A fetch to send the upstream calls through (tests count calls with it); the GETs use the
   * transport's keep-alive client and the form POSTs the global fetch when omitted.
   */
  fetchImpl?: typeof fetch;
  /** Cache overrides and a clock (tests); the endpoints' own defaults otherwise. */
  cache?: LiveArticleSearchOptions['cache'];
}

export async function buildEdgeApp(options: EdgeAppOptions): Promise<FastifyInstance> {
  const siteHosts = Object.fromEntries(Object.entries(options.siteHosts ?? {}).map(([host, site]) => [host.toLowerCase(), site]));
  const resolution = { defaultSite: options.defaultSite, siteHosts };
  // One hot cache for every plugin that serves stored objects; its gauges are read at scrape time.
  const metrics = createEdgeMetrics(options.metricsRegistry ?? createMetricsRegistry(), {
    hotCacheStats: () => reader.stats(),
    announcementsListening: () => reader.listening(),
  });
  const reader = createHotCache({ store: options.store, logger: options.logger, ...options.hotCache, onLookup: (result) => metrics.hotCache(result) });

  const app = fastify<Server, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: options.logger,
    // The access-log plugin writes the one line per response; Fastify's own two lines per request
    // would double the log volume of the busiest service.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: options.trustProxy ?? false,
    // Routing must see paths exactly as sent: "/a/" is redirected by the trailing-slash plugin,
    // and "//a" is not "/a".
    routerOptions: { ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, maxParamLength: 200 },
    frameworkErrors: handleFrameworkError(resolution, (status) => metrics.request('rejected', status)),
    // Nothing here reads a request body; GET and HEAD are all the request guard lets through.
    bodyLimit: 1024,
  });

  dropUnusedConnectionsOnClose(app);

  // CONNECT never reaches Fastify: Node emits it as a 'connect' event and, with no listener, drops
  // the socket without a word. A proxy tunnel is never offered here: answer it with a clear 405.
  app.server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    const body = 'Method Not Allowed: this server answers GET and HEAD only\n';
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
    metrics.request('rejected', 405);
  });
  await app.register(metricsPlugin, { metrics });
  await app.register(siteResolverPlugin, resolution);
  await app.register(requestGuardPlugin);
  await app.register(trailingSlashPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(accessLogPlugin);
  await app.register(errorHandlerPlugin);
  const renderOnMiss =
    options.renderOnMiss === undefined
      ? undefined
      : createMissRequester(options.renderOnMiss, {
          logger: options.logger,
          count: (outcome) => metrics.missRender(outcome),
          // A storage failure counts as stored: nothing is asked for on a guess.
          pageStored: (site, path) => reader.read(pageKey(site, path, 'standard')).then((page) => page !== null, () => true),
        });
  if (renderOnMiss !== undefined) app.addHook('onClose', () => renderOnMiss.close());
  // Subscribes in the background: the app serves before (and whether or not) Redis answers.
  const announcements =
    options.writeAnnouncements === undefined
      ? undefined
      : listenForWriteAnnouncements(options.writeAnnouncements, { logger: options.logger, cache: reader, onInvalidated: (count) => metrics.invalidated(count) });
  if (announcements !== undefined) app.addHook('onClose', () => announcements.close());
  await app.register(notFoundPlugin, { reader, ...(renderOnMiss === undefined ? {} : { renderOnMiss }) });
  // Both add their hook to each route as it is registered: before any route.
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, options.rateLimit ?? {});

  await app.register(healthPlugin, {
    store: options.store,
    site: options.defaultSite,
    ...(options.healthTimeoutMs === undefined ? {} : { timeoutMs: options.healthTimeoutMs }),
  });
  await app.register(assetsPlugin, { reader });
  await app.register(faviconPlugin);
  if (options.liveUpstream !== undefined) {
    // Every upstream call of every live endpoint is timed by service (newsroom_edge_upstream_duration_seconds).
    // The GETs go through the transport's keep-alive client (ADR 0013) unless a test hands in a fetch.
    const live = { ...options.liveUpstream, timeCall: <T>(service: string, call: () => Promise<T>) => metrics.timeUpstream(service, call) };
    await app.register(liveArticleSearchPlugin, {
      config: live.config,
      logger: options.logger,
      ...(live.fetchImpl === undefined ? {} : { fetchImpl: live.fetchImpl }),
      timeCall: live.timeCall,
      ...(live.cache === undefined ? {} : { cache: live.cache }),
    });
    await app.register(liveSearchPlugin, {
      config: live.config,
      logger: options.logger,
      ...(live.fetchImpl === undefined ? {} : { fetchImpl: live.fetchImpl }),
      timeCall: live.timeCall,
      ...(live.cache === undefined ? {} : { cache: live.cache }),
    });
    // The schedule's window clock is the cache's clock (live.cache.now) when a test sets one.
    await app.register(liveSchedulePlugin, {
      config: live.config,
      logger: options.logger,
      ...(live.fetchImpl === undefined ? {} : { fetchImpl: live.fetchImpl }),
      timeCall: live.timeCall,
      ...(live.cache === undefined ? {} : { cache: live.cache }),
    });
    // The video area's load-more (spec 1 §9 "Video load-more step 3").
    await app.register(liveVideosPlugin, {
      config: live.config,
      logger: options.logger,
      ...(live.fetchImpl === undefined ? {} : { fetchImpl: live.fetchImpl }),
      timeCall: live.timeCall,
      ...(live.cache === undefined ? {} : { cache: live.cache }),
    });
    // Deals, resizer, email token, Instagram embed, newsletter and contact: the same upstream settings each.
    const commerce = {
      config: live.config,
      logger: options.logger,
      ...(live.fetchImpl === undefined ? {} : { fetchImpl: live.fetchImpl }),
      timeCall: live.timeCall,
      ...(live.cache === undefined ? {} : { cache: live.cache }),
    };
    await app.register(liveDealsPlugin, commerce);
    await app.register(liveResizerPlugin);
    await app.register(liveEmailPlugin, commerce);
    await app.register(liveInstagramPlugin, commerce);
    await app.register(liveNewsletterPlugin, commerce);
    await app.register(liveContactPlugin, commerce);
  }
  // Link prefetch asks which pages are stored before fetching them (ADR 0017): storage only.
  await app.register(storedPagesPlugin, { reader });
  await app.register(pageStorePlugin, { reader });

  return app;
}
