/**
 * Prometheus metrics of the edge router (docs/architecture.md "Edge router"; the conventions of core/metrics.ts: prom-client,
 * one registry per process, every name prefixed `newsroom_`, zero series created up front):
 *
 *   newsroom_edge_requests_total{route, status}               counter    answers by route kind and status code
 *   newsroom_edge_request_duration_seconds{route}             histogram  time to answer, by route kind (every kind present from the start)
 *   newsroom_edge_hot_cache_lookups_total{result}             counter    hot-cache reads: hit (memory, no storage call), revalidated (held copy confirmed by a metadata read), miss (read from storage), stale (storage failed, held copy served)
 *   newsroom_edge_hot_cache_invalidations_total               counter    held objects and absent keys a write announcement named (ADR 0028)
 *   newsroom_edge_write_announcements_listening               gauge      1 while write announcements are heard (hot pages served without a storage call), else 0
 *   newsroom_edge_hot_cache_bytes                             gauge      bytes held by the hot cache, read at scrape time
 *   newsroom_edge_hot_cache_entries                           gauge      objects held by the hot cache, read at scrape time
 *   newsroom_edge_upstream_duration_seconds{service, outcome} histogram  upstream calls of the live /api/ endpoints
 *   newsroom_edge_miss_renders_total{outcome}                 counter    404s that could ask for a render on miss, by outcome (render-on-miss.ts MISS_OUTCOMES)
 *
 * `route` is one of ROUTE_KINDS (never the raw path, so a hostile client cannot mint series).
 *
 * Not served on the public port: main.ts serves the registry on its own internal listener
 * (EDGE_METRICS_HOST:EDGE_METRICS_PORT, 127.0.0.1:9465), as the render worker does (ADR 0011).
 *
 * For the live endpoints' plugins: `app.edgeMetrics` is decorated on the root instance, so every
 * plugin registered after this one can call
 *   await app.edgeMetrics.timeUpstream('search', () => client.search(query))
 * or record a call it timed itself with `app.edgeMetrics.observeUpstream({ service, seconds, outcome })`.
 * The live plugins' upstream calls are recorded already: app.ts hands them `timeUpstream` as the
 * transport's `timeCall`, which times each call (body included) under its upstream service.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { appWidePlugin } from './define-plugin.js';
import { HOT_CACHE_RESULTS, type HotCacheResult } from './hot-cache.js';
import { MISS_OUTCOMES, type MissOutcome } from '../render-on-miss.js';

const PREFIX = 'newsroom_edge_';

export const ROUTE_KINDS = [
  'page',
  'amp',
  'print',
  'feed',
  'root',
  'redirect',
  'asset',
  'not_found',
  'api',
  'health',
  'rejected',
  'other',
] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

export type UpstreamOutcome = 'ok' | 'error' | 'timeout';

declare module 'fastify' {
  interface FastifyRequest {
    /** What kind of route answered, for the request counter; set by the plugin that answers. */
    routeKind: RouteKind | null;
  }
  interface FastifyInstance {
    /** The edge router's metrics (plugins/metrics.ts). */
    edgeMetrics: EdgeMetrics;
  }
}

export interface UpstreamObservation {
  /** The upstream service key (core/config/upstream.ts: search, products, schedule, ...). */
  service: string;
  seconds: number;
  outcome: UpstreamOutcome;
}

export interface EdgeMetrics {
  readonly registry: Registry;
  /** One upstream call a live endpoint timed itself. */
  observeUpstream(observation: UpstreamObservation): void;
  /** Runs one upstream call and records its duration and outcome (a rejection is `error`, a timeout `timeout`). */
  timeUpstream<T>(service: string, call: () => Promise<T>): Promise<T>;
  /** One hot-cache read (hot-cache.ts `onLookup`). */
  hotCache(result: HotCacheResult): void;
  /** Held objects or absent keys a write announcement named (write-announcements.ts). */
  invalidated(count: number): void;
  /** One answer, and the seconds it took when known. */
  request(route: RouteKind, status: number, seconds?: number): void;
  /** One 404 GET considered for a render on miss (render-on-miss.ts). */
  missRender(outcome: MissOutcome): void;
}

/** Seconds: a hot page answers in well under a millisecond, a cold one in milliseconds, a live endpoint up to its upstream timeout. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Seconds; the upstream timeout is 5 s by default (UPSTREAM_TIMEOUT_MS). */
const UPSTREAM_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function outcomeOf(error: unknown): UpstreamOutcome {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : '';
  return name === 'TimeoutError' || /timed out/i.test(message) ? 'timeout' : 'error';
}

export interface EdgeMetricsOptions {
  /** Read at scrape time for the hot-cache gauges. */
  hotCacheStats?: () => { bytes: number; entries: number };
  /** Read at scrape time: whether write announcements are heard (write-announcements.ts). */
  announcementsListening?: () => boolean;
}

export function createEdgeMetrics(registry: Registry, options: EdgeMetricsOptions = {}): EdgeMetrics {
  const requests = new Counter({
    name: `${PREFIX}requests_total`,
    help: 'Answers of the edge router by route kind (page, amp, print, feed, root, redirect, asset, not_found, api, health, rejected, other) and status code.',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const lookups = new Counter({
    name: `${PREFIX}hot_cache_lookups_total`,
    help: 'Hot-cache reads: result="hit" served from memory with no storage call, "revalidated" the held copy confirmed by a storage metadata read, "miss" read from storage, "stale" storage failed and the held copy was served.',
    labelNames: ['result'],
    registers: [registry],
  });
  const invalidations = new Counter({
    name: `${PREFIX}hot_cache_invalidations_total`,
    help: 'Held objects and absent keys that a write announcement named; each is revalidated at its next request.',
    registers: [registry],
  });
  const listening = options.announcementsListening;
  new Gauge({
    name: `${PREFIX}write_announcements_listening`,
    help: '1 while the edge hears write announcements (hot pages served from memory until one names them), 0 while every request revalidates its page.',
    registers: [registry],
    collect() {
      this.set(listening?.() === true ? 1 : 0);
    },
  });
  const stats = options.hotCacheStats;
  new Gauge({
    name: `${PREFIX}hot_cache_bytes`,
    help: 'Bytes held by the hot cache (plain and compressed bodies), read at scrape time.',
    registers: [registry],
    collect() {
      this.set(stats?.().bytes ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}hot_cache_entries`,
    help: 'Objects held by the hot cache, read at scrape time.',
    registers: [registry],
    collect() {
      this.set(stats?.().entries ?? 0);
    },
  });
  const upstream = new Histogram({
    name: `${PREFIX}upstream_duration_seconds`,
    help: 'Seconds per upstream call of the live /api/ endpoints, by upstream service and outcome (ok: any HTTP answer; error; timeout).',
    labelNames: ['service', 'outcome'],
    buckets: UPSTREAM_BUCKETS,
    registers: [registry],
  });
  const durations = new Histogram({
    name: `${PREFIX}request_duration_seconds`,
    help: 'Seconds from a request arriving to its answer sent, by route kind.',
    labelNames: ['route'],
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  for (const route of ROUTE_KINDS) durations.zero({ route });
  const missRenders = new Counter({
    name: `${PREFIX}miss_renders_total`,
    help: 'GETs answered 404 that were considered for a render on miss, by outcome: queued, deduplicated, rate_limited, negative_cached, rejected, redis_down.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const result of HOT_CACHE_RESULTS) lookups.inc({ result }, 0);
  for (const outcome of MISS_OUTCOMES) missRenders.inc({ outcome }, 0);

  const metrics: EdgeMetrics = {
    registry,
    observeUpstream({ service, seconds, outcome }) {
      upstream.observe({ service, outcome }, Math.max(0, seconds));
    },
    async timeUpstream(service, call) {
      const started = performance.now();
      try {
        const value = await call();
        metrics.observeUpstream({ service, seconds: (performance.now() - started) / 1000, outcome: 'ok' });
        return value;
      } catch (error) {
        metrics.observeUpstream({ service, seconds: (performance.now() - started) / 1000, outcome: outcomeOf(error) });
        throw error;
      }
    },
    hotCache(result) {
      lookups.inc({ result });
    },
    invalidated(count) {
      if (count > 0) invalidations.inc(count);
    },
    request(route, status, seconds) {
      requests.inc({ route, status: String(status) });
      if (seconds !== undefined) durations.observe({ route }, Math.max(0, seconds));
    },
    missRender(outcome) {
      missRenders.inc({ outcome });
    },
  };
  return metrics;
}

const GUARD_STATUSES = new Set([400, 405, 414, 431]);

/** The route kind of an answer whose plugin did not name one. */
export function fallbackRouteKind(url: string | undefined, status: number): RouteKind {
  if (url?.startsWith('/api/') === true) return 'api';
  if (GUARD_STATUSES.has(status)) return 'rejected';
  if (status === 404) return 'not_found';
  return 'other';
}

export interface MetricsPluginOptions {
  metrics: EdgeMetrics;
}

export const metricsPlugin = appWidePlugin<MetricsPluginOptions>('edge-metrics', (app, options) => {
  app.decorate('edgeMetrics', options.metrics);
  app.decorateRequest('routeKind', null);
  app.addHook('onResponse', (request, reply, done) => {
    options.metrics.request(request.routeKind ?? fallbackRouteKind(request.routeOptions.url, reply.statusCode), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  return Promise.resolve();
});
