/**
 * Prometheus metrics (docs/architecture.md "Metrics and shutdown"; operators' dashboards and alerts read them). Every
 * metric the pipeline exports is defined here, once, so the names and labels an operator's
 * dashboards and alerts depend on are read in one place:
 *
 *   newsroom_render_queue_jobs{state}                 gauge      jobs in the render queue by state, read at scrape time (ingest)
 *   newsroom_render_queue_oldest_waiting_seconds{priority}  gauge  age of the oldest job waiting at each priority (core/queue.ts RENDER_PRIORITIES), 0 when none waits (ingest)
 *   newsroom_render_latency_seconds{reason}           histogram  request (job.data.requestedAt) to page stored, per render
 *   newsroom_render_duration_seconds{kind}            histogram  time to render and write one page, by page kind
 *   newsroom_render_pages_total{result}               counter    renders that wrote something vs found every object unchanged
 *   newsroom_render_failures_total{code}              counter    failed render attempts by PlatformError code ('unknown' otherwise); every server-side code at 0 from the start
 *   newsroom_cdn_purges_total{result}                 counter    purge batches sent (accepted) or failed after retries
 *   newsroom_render_read_reuse_total{result}          counter    upstream reads of renders: hit (a kept answer), shared (a GET in flight), miss (a GET)
 *   newsroom_render_read_reuse_evictions_total        counter    kept answers dropped to stay within the reuse bounds
 *   newsroom_render_read_reuse_entries                gauge      answers kept for reuse, read at scrape time
 *   newsroom_render_read_reuse_bytes                  gauge      text size of the answers kept, read at scrape time
 *
 * plus the prom-client default process metrics (CPU, memory, event loop lag, GC) where a service
 * asks for them. The render worker serves its registry on its own small server
 * (WORKER_METRICS_PORT); ingest serves the queue depth on its admin server (ingest/metrics.ts).
 */
import Fastify, { type FastifyInstance, type FastifyPluginCallback } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ERRORS, isPlatformError } from './errors.js';
import { RENDER_PRIORITIES } from './queue.js';
import type { Queue } from 'bullmq';
import type { RedisClient } from './redis.js';
import type { Logger } from './logger.js';
import { dropUnusedConnectionsOnClose } from './http-close.js';
import type { ReadReuseObserver, ReadReuseStats } from './upstream/read-reuse.js';

export { Registry } from 'prom-client';

const PREFIX = 'newsroom_';

/** The states the queue-depth gauge reports (BullMQ's getJobCounts names). */
export const QUEUE_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export interface MetricsRegistryOptions {
  /** Also export prom-client's process metrics (CPU, memory, event loop lag, GC). */
  processMetrics?: boolean;
}

/**
 * The process metrics, collected once per process: each collection starts an event-loop-delay
 * monitor and a GC observer that nothing stops, so one per registry would pile up where one
 * process creates several (`npm start` runs every service in one process; test files share their
 * worker). Every registry that asks for them exports this one set.
 */
let processMetrics: Registry | undefined;

export function createMetricsRegistry(options: MetricsRegistryOptions = {}): Registry {
  if (!options.processMetrics) return new Registry();
  if (processMetrics === undefined) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  // A registry of its own that holds the same process metric objects.
  return Registry.merge([processMetrics]);
}

/** What the queue gauges read of a BullMQ Queue: its counts, its key names and its connection. */
export type JobCountSource = Pick<Queue, 'getJobCounts' | 'toKey'>;

/** The Redis commands the oldest-job gauge sends (the queue's own Redis). */
export type QueueRedis = Pick<RedisClient, 'zrangebyscore' | 'hget'>;

/**
 * BullMQ keeps prioritized jobs in one sorted set scored `priority * 2^32 + a counter`
 * (its getPriorityScore.lua), so each priority's oldest job is the lowest score in its band.
 */
const PRIORITY_BAND = 0x100000000;

/** Seconds since the oldest job waiting at `priority` was queued, or 0 when none waits. */
async function oldestWaitingSeconds(queue: JobCountSource, client: QueueRedis, priority: number, now: number): Promise<number> {
  const [id] = await client.zrangebyscore(queue.toKey('prioritized'), priority * PRIORITY_BAND, (priority + 1) * PRIORITY_BAND - 1, 'LIMIT', 0, 1);
  if (id === undefined) return 0;
  const queuedAt = Number(await client.hget(queue.toKey(id), 'timestamp'));
  return Number.isFinite(queuedAt) && queuedAt > 0 ? Math.max(0, (now - queuedAt) / 1000) : 0;
}

/**
 * Queue depth by state, read from Redis when Prometheus scrapes (never cached, never polled in
 * between). When Redis does not answer, the gauge reports no series for that scrape, so a
 * dashboard shows a gap rather than an old number, and the warning says why.
 */
export function registerQueueDepth(registry: Registry, queue: JobCountSource, logger: Logger, redis?: QueueRedis): void {
  new Gauge({
    name: `${PREFIX}render_queue_jobs`,
    help: 'Render jobs in the queue by state (waiting, prioritized, active, delayed, failed), read at scrape time.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const counts = await queue.getJobCounts(...QUEUE_STATES);
        for (const state of QUEUE_STATES) this.set({ state }, counts[state] ?? 0);
      } catch (error) {
        logger.warn({ error }, 'metrics: could not read the render queue counts');
      }
    },
  });
  if (redis === undefined) return;
  const priorities = RENDER_PRIORITIES;
  new Gauge({
    name: `${PREFIX}render_queue_oldest_waiting_seconds`,
    help: 'Seconds since the oldest job waiting at each priority was queued (1 republish, 2 an event’s own page, 3 the pages that show what an event changed, 4 miss, 5 schedule and recovery, 6 bulk republish, 7 sweep); 0 when none waits. Read at scrape time.',
    labelNames: ['priority'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const now = Date.now();
        const ages = await Promise.all(priorities.map((priority) => oldestWaitingSeconds(queue, redis, priority, now)));
        priorities.forEach((priority, i) => this.set({ priority: String(priority) }, ages[i] ?? 0));
      } catch (error) {
        logger.warn({ error }, 'metrics: could not read the oldest waiting jobs');
      }
    },
  });
}

/** Seconds; events reach storage in about a second, sweeps may wait behind the whole site. */
const LATENCY_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 1800, 3600, 7200];
/** Seconds for one page: most render in tens of milliseconds, a slow upstream adds seconds. */
const DURATION_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** `Kind`: the render worker's outcome kinds (render-workers/render-page.ts `OutcomeKind`). */
export interface RenderObservation<Kind extends string = string> {
  /** RenderOutcome.kind: 'article', 'section', 'home', 'feed', 'not-found', ... */
  kind: Kind;
  /** The job's reason: event, republish, schedule, miss, sweep. */
  reason: string;
  renderSeconds: number;
  /** From the job's requestedAt to now (the page is stored). */
  latencySeconds: number;
  /** Something was written or deleted (RenderOutcome.written non-empty). */
  changed: boolean;
}

export interface RenderMetrics<Kind extends string = string> {
  readonly registry: Registry;
  rendered(observation: RenderObservation<Kind>): void;
  /** One failed attempt; `code` from `failureCode`. */
  failed(code: string): void;
  /** One purge batch, after its retries. */
  purged(ok: boolean): void;
}

export function createRenderMetrics<Kind extends string = string>(registry: Registry): RenderMetrics<Kind> {
  const latency = new Histogram({
    name: `${PREFIX}render_latency_seconds`,
    help: 'Seconds from a render request (job requestedAt: the event, schedule or editor action) to the page stored.',
    labelNames: ['reason'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${PREFIX}render_duration_seconds`,
    help: 'Seconds to render and write one page (every variant), by page kind.',
    labelNames: ['kind'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const pages = new Counter({
    name: `${PREFIX}render_pages_total`,
    help: 'Finished renders: result="written" when an object was written or deleted, "unchanged" when every object matched the stored hash.',
    labelNames: ['result'],
    registers: [registry],
  });
  const failures = new Counter({
    name: `${PREFIX}render_failures_total`,
    help: 'Failed render attempts by error code (docs/errors.md), "unknown" for an unclassified error.',
    labelNames: ['code'],
    registers: [registry],
  });
  const purges = new Counter({
    name: `${PREFIX}cdn_purges_total`,
    help: 'CDN purge batches: result="sent" when the CDN accepted it, "failed" after its retries.',
    labelNames: ['result'],
    registers: [registry],
  });
  // Zero series up front, so rate() and ratios work from the first scrape.
  for (const result of ['written', 'unchanged']) pages.inc({ result }, 0);
  for (const result of ['sent', 'failed']) purges.inc({ result }, 0);
  // Every code a render can fail with, so an alert on a rate has a series before the first failure.
  for (const code of [...Object.values(ERRORS).flatMap((error) => (error.status >= 500 ? [error.code] : [])), 'unknown']) failures.inc({ code }, 0);

  return {
    registry,
    rendered(observation) {
      latency.observe({ reason: observation.reason }, Math.max(0, observation.latencySeconds));
      duration.observe({ kind: observation.kind }, observation.renderSeconds);
      pages.inc({ result: observation.changed ? 'written' : 'unchanged' });
    },
    failed(code) {
      failures.inc({ code });
    },
    purged(ok) {
      purges.inc({ result: ok ? 'sent' : 'failed' });
    },
  };
}

export interface ReadReuseMetrics extends ReadReuseObserver {
  /** Where the entries and bytes gauges read their values at scrape time (the worker's cache). */
  watch(stats: () => ReadReuseStats): void;
}

/**
 * The render worker's reuse of upstream answers (core/upstream/read-reuse.ts, ADR 0029). The
 * hit ratio, hit / (hit + shared + miss), says how much a publish wave reuses; evictions that
 * climb during a wave say the bounds (WORKER_READ_REUSE_*) are too small for the shared data.
 */
export function createReadReuseMetrics(registry: Registry): ReadReuseMetrics {
  let stats: (() => ReadReuseStats) | undefined;
  const lookups = new Counter({
    name: `${PREFIX}render_read_reuse_total`,
    help: 'Upstream reads of renders: result="hit" answered by a kept answer fetched after the request, "shared" by a GET already in flight, "miss" by a GET of its own.',
    labelNames: ['result'],
    registers: [registry],
  });
  const evictions = new Counter({
    name: `${PREFIX}render_read_reuse_evictions_total`,
    help: 'Kept upstream answers dropped (least recently used first) to stay within WORKER_READ_REUSE_ENTRIES and WORKER_READ_REUSE_MB.',
    registers: [registry],
  });
  new Gauge({
    name: `${PREFIX}render_read_reuse_entries`,
    help: 'Upstream answers kept for reuse by this worker.',
    registers: [registry],
    collect() {
      if (stats) this.set(stats().entries);
    },
  });
  new Gauge({
    name: `${PREFIX}render_read_reuse_bytes`,
    help: 'Text size (UTF-16 code units) of the upstream answers kept for reuse by this worker.',
    registers: [registry],
    collect() {
      if (stats) this.set(stats().bytes);
    },
  });
  for (const result of ['hit', 'shared', 'miss']) lookups.inc({ result }, 0);
  return {
    lookedUp(result) {
      lookups.inc({ result });
    },
    evicted(count) {
      evictions.inc(count);
    },
    watch(source) {
      stats = source;
    },
  };
}

/** The failure label: the catalogue code of a PlatformError (or of the one it wraps), else 'unknown'. */
export function failureCode(error: unknown): string {
  for (let current = error, depth = 0; current !== undefined && depth < 4; depth += 1) {
    if (isPlatformError(current)) return current.code;
    current = current instanceof Error ? current.cause : undefined;
  }
  return 'unknown';
}

export interface MetricsRouteOptions {
  registry: Registry;
}

/** GET /metrics in the Prometheus text format. Register it behind whatever guard the server needs. */
export const metricsRoute: FastifyPluginCallback<MetricsRouteOptions> = (app, options, done) => {
  app.get('/metrics', async (_request, reply) => {
    const body = await options.registry.metrics();
    return await reply.header('content-type', options.registry.contentType).header('cache-control', 'no-store').send(body);
  });
  done();
};

/** The render worker's metrics server: nothing but GET /metrics (main.ts listens). */
export async function buildMetricsApp(registry: Registry): Promise<FastifyInstance> {
  const app = Fastify({ return503OnClosing: true });
  dropUnusedConnectionsOnClose(app);
  await app.register(metricsRoute, { registry });
  return app;
}
