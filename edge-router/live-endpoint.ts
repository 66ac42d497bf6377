/**
 * The edge side of every live `/api/` endpoint the islands call, in one place: how a plugin reaches
 * upstream (a transport per edition, timed by app.ts), how it caches and coalesces answers
 * (live-cache.ts), how it serves the last good answer when upstream fails, and the error bodies
 * and headers it answers with. Each endpoint's own contract (path, query, answer, the browser's
 * check of the answer) is its module in core/isomorphic/live/; its plugin in plugins/ reads the
 * query and shapes the answer, and leaves the rest to this module.
 *
 * Error body of every live endpoint: `{ error: { code, message } }` (docs/errors.md codes):
 *   400 INVALID_QUERY, not cached, the message naming the parameter;
 *   502 the upstream failure's code, not cached, when upstream fails with nothing cached.
 * A stale answer (the last good one, served because upstream failed) is a 200 marked
 * `x-stale: 1` and `Warning: 110 - "Response is Stale"`, with `Cache-Control: no-store`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveUpstreamBases, type UpstreamConfig } from '../core/config/upstream.js';
import { PlatformError } from '../core/errors.js';
import type { LiveErrorBody } from '../core/isomorphic/live/error-body.js';
import { SITE_IDS, SITES, type SiteId } from '../core/isomorphic/sites.js';
import type { Logger } from '../core/logger.js';
import { isUpstreamFailure } from '../core/upstream/client.js';
import { createTransport, type Transport, type UpstreamCallTimer } from '../core/upstream/transport.js';
import { createLiveCache, type LiveCache, type LiveCacheSettings, type LiveResult } from './live-cache.js';
import { splitRequestTarget } from './request-target.js';

/** A stale answer must not be kept by anyone else: the next request should try upstream again. */
export const STALE_CACHE_CONTROL = 'no-store';
export const STALE_WARNING = '110 - "Response is Stale"';
/** Errors, form answers and anything per reader. */
export const NO_STORE = 'no-store';
export const JSON_TYPE = 'application/json; charset=utf-8';

/** What every live endpoint that calls upstream is given by app.ts. */
export interface LiveUpstreamOptions {
  /** Parsed upstream configuration; the transport's timeout applies to every call. */
  config: UpstreamConfig;
  logger: Logger;
  /** A fetch for the upstream calls (tests count calls through it); the transport's own client when omitted. */
  fetchImpl?: typeof fetch;
  /** Wraps every upstream call: the edge router times them by service (app.ts). */
  timeCall?: UpstreamCallTimer;
  /** Overrides of the endpoint's cache settings, and a clock (tests). */
  cache?: Partial<LiveCacheSettings> & { now?: () => number };
}

/** The transport of a live endpoint; `language` asks upstream for an edition's language (ADR 0019). */
export function liveTransport(options: LiveUpstreamOptions, language?: string): Transport {
  return createTransport({
    config: options.config,
    logger: options.logger,
    bases: resolveUpstreamBases(options.config),
    ...(language === undefined ? {} : { language }),
    ...(options.fetchImpl === undefined ? {} : { fetchImpl: options.fetchImpl }),
    ...(options.timeCall === undefined ? {} : { timeCall: options.timeCall }),
  });
}

/** One transport per edition, each asking upstream in the edition's language. */
export function editionTransports(options: LiveUpstreamOptions): Record<SiteId, Transport> {
  return Object.fromEntries(SITE_IDS.map((site) => [site, liveTransport(options, SITES[site].lang)])) as Record<SiteId, Transport>;
}

/** The endpoint's cache: its settings, with the options' overrides (tests). */
export function liveCache<T>(settings: LiveCacheSettings, options: Pick<LiveUpstreamOptions, 'cache'>): LiveCache<T> {
  return createLiveCache<T>({ ...settings, ...options.cache });
}

/**
 * The one value of a query parameter: undefined when absent, null when given more than once (a
 * repeated parameter is refused: which one a proxy or upstream would read is not ours to guess).
 */
export function singleParam(params: URLSearchParams, name: string): string | undefined | null {
  const values = params.getAll(name);
  if (values.length > 1) return null;
  return values[0];
}

// Controls and whitespace: browsers strip some of them, which hides a scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const UNSAFE_URL_CHARACTERS = /[\u0000-\u0020\u007F-\u009F]/;

/**
 * Only site-relative paths ("/a", not "//host" or "/\host") and absolute http(s) URLs may reach
 * the browser in a live answer, which turns them into href and src.
 */
export function safeLiveUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '' || value.length > 2048) return undefined;
  if (UNSAFE_URL_CHARACTERS.test(value)) return undefined;
  if (value.startsWith('/')) return /^\/(?![/\\])/.test(value) ? value : undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? value : undefined;
}

/** The live endpoints' error body: { error: { code, message } }. */
export function liveErrorBody(code: string, message: string): LiveErrorBody {
  return { error: { code, message } };
}

/** 400 INVALID_QUERY, not cached; the message names the parameter. */
export function replyInvalidQuery(reply: FastifyReply, message: string): FastifyReply {
  // The catalogue's status (core/errors.ts); the message names the parameter, so it is exposed.
  const invalid = new PlatformError('INVALID_QUERY', message);
  return reply.code(invalid.status).header('cache-control', NO_STORE).send(liveErrorBody(invalid.code, invalid.message));
}

/** 502 with the upstream failure's code and the endpoint's reader-facing message, not cached. */
export function replyUpstreamFailed(reply: FastifyReply, code: string, message: string): FastifyReply {
  return reply.code(502).header('cache-control', NO_STORE).send(liveErrorBody(code, message));
}

/** Marks a last-good answer served because upstream failed: kept by no one, flagged for the client. */
export function markStale(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', STALE_CACHE_CONTROL).header('x-stale', '1').header('warning', STALE_WARNING);
}

/** The query of a request through the endpoint's parser: ok, or refused with a message. */
export type LiveQueryResult<Q> = { ok: true; query: Q } | { ok: false; message: string };

export interface CachedLiveRoute<Q, T, Body> {
  path: string;
  /** The whitelisted query from the raw query string ("?a=b" or ""). */
  parseQuery: (search: string) => LiveQueryResult<Q>;
  /** One key per distinct upstream call. */
  cacheKey: (query: Q, request: FastifyRequest) => string;
  /** Asks upstream; an upstream failure (isUpstreamFailure) is answered with the stale copy or 502. */
  load: (query: Q, request: FastifyRequest) => Promise<T>;
  /** The 200 body from the (fresh or stale) value. */
  body: (value: T, query: Q) => Body;
  cache: LiveCache<T>;
  /** Cache-Control of a fresh answer. */
  cacheControl: string;
  /** What is unavailable, for the log lines ("article search") and the 502 message. */
  what: string;
  unavailableMessage: string;
}

/**
 * A cached GET endpoint: query -> cache (fresh, coalesced, or the last good answer when upstream
 * fails) -> 200 JSON; 400 for a bad query, 502 when upstream fails with nothing cached.
 */
export function registerCachedLiveRoute<Q, T, Body>(app: FastifyInstance, route: CachedLiveRoute<Q, T, Body>): void {
  app.get(route.path, async (request, reply) => {
    const parsed = route.parseQuery(splitRequestTarget(request.url).search);
    if (!parsed.ok) return replyInvalidQuery(reply, parsed.message);
    const { query } = parsed;
    let result: LiveResult<T>;
    try {
      result = await route.cache.get(route.cacheKey(query, request), () => route.load(query, request));
    } catch (error) {
      if (!isUpstreamFailure(error)) throw error;
      request.log.warn({ error, query }, `${route.what} failed upstream with nothing cached`);
      return replyUpstreamFailed(reply, error.code, route.unavailableMessage);
    }
    if (result.stale) {
      request.log.warn({ error: result.error, query, ageMs: result.ageMs }, `${route.what} failed upstream; serving the last good answer`);
      markStale(reply);
    } else {
      reply.header('cache-control', route.cacheControl);
    }
    return reply.code(200).type(JSON_TYPE).send(route.body(result.value, query));
  });
}
