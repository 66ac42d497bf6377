/**
 * The edge router: the public Fastify server in front of object storage (DESIGN.md, "The flow").
 * It reads; it never renders. `buildEdgeApp` assembles the plugins and does not listen, so tests
 * drive it with `app.inject()` and main.ts decides where it listens.
 *
 * Plugin order is request order for the app-wide ones:
 *   site-resolver   request.site from the Host header
 *   request-guard   414 / 405 / 400 for absurd requests, before any other work
 *   trailing-slash  301 "/a/" -> "/a" (spec 1 §2.2)
 *   security-headers, access-log, error-handler, not-found   (apply to every answer)
 * then the routes: health (/healthz), assets (/assets/:file), the live /api/ endpoints when an
 * upstream is configured (live-article-search), page-store (everything else).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { UpstreamConfig } from '../core/config/upstream.js';
import type { Logger } from '../core/logger.js';
import type { SiteId } from '../core/isomorphic/sites.js';
import type { ObjectStore } from '../core/storage/types.js';
import { accessLogPlugin, requestIdFor } from './plugins/access-log.js';
import { assetsPlugin } from './plugins/assets.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { healthPlugin } from './plugins/health.js';
import { liveArticleSearchPlugin, type LiveArticleSearchOptions } from './plugins/live-article-search.js';
import { notFoundPlugin } from './plugins/not-found.js';
import { pageStorePlugin } from './plugins/page-store.js';
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
  /** Timeout of the storage probe behind /healthz. Default 1000 ms. */
  healthTimeoutMs?: number;
  /**
   * The upstream the live /api/ endpoints call (issue 6). When absent those routes are not
   * registered and /api/... paths fall through to the page store (404 page).
   */
  liveUpstream?: LiveUpstreamOptions;
}

export interface LiveUpstreamOptions {
  config: UpstreamConfig;
  /** The global fetch when omitted (tests count upstream calls through it). */
  fetchImpl?: typeof fetch;
  /** Cache overrides and a clock (tests); the endpoints' own defaults otherwise. */
  cache?: LiveArticleSearchOptions['cache'];
}

export async function buildEdgeApp(options: EdgeAppOptions): Promise<FastifyInstance> {
  const siteHosts = Object.fromEntries(Object.entries(options.siteHosts ?? {}).map(([host, site]) => [host.toLowerCase(), site]));
  const resolution = { defaultSite: options.defaultSite, siteHosts };

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
    frameworkErrors: handleFrameworkError(resolution),
    // Nothing here reads a request body; GET and HEAD are all the request guard lets through.
    bodyLimit: 1024,
  });

  await app.register(siteResolverPlugin, resolution);
  await app.register(requestGuardPlugin);
  await app.register(trailingSlashPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(accessLogPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(notFoundPlugin, { store: options.store });

  await app.register(healthPlugin, {
    store: options.store,
    site: options.defaultSite,
    ...(options.healthTimeoutMs === undefined ? {} : { timeoutMs: options.healthTimeoutMs }),
  });
  await app.register(assetsPlugin, { store: options.store });
  if (options.liveUpstream !== undefined) {
    const live = options.liveUpstream;
    await app.register(liveArticleSearchPlugin, {
      config: live.config,
      logger: options.logger,
      ...(live.fetchImpl === undefined ? {} : { fetchImpl: live.fetchImpl }),
      ...(live.cache === undefined ? {} : { cache: live.cache }),
    });
  }
  await app.register(pageStorePlugin, { store: options.store });

  return app;
}
