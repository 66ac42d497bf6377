/**
 * Render-worker configuration: every variable the worker reads, parsed once at start-up.
 */
import { z } from 'zod';
import { cdnConfigFromEnv, cdnEnvShape, type CdnConfig } from '../core/cdn/config.js';
import { envVars, parseEnv, type EnvSource } from '../core/config/env.js';
import { DEFAULT_REDIS_URL, queuePrefixEnvShape, redisEnvShape, redisTargetFromEnv } from '../core/config/redis.js';
import { parseStorageConfig, storageEnvShape, type StorageConfig } from '../core/config/storage.js';
import { parseUpstreamConfig, upstreamEnvShape, type UpstreamConfig } from '../core/config/upstream.js';
import { PlatformError } from '../core/errors.js';
import { MISS_NEGATIVE_TTL_S } from '../core/miss-cache.js';
import { RENDER_ATTEMPTS_CEILING } from '../core/queue.js';
import { DEFAULT_RECOVERY_SWEEP, type RecoverySweepSettings } from './recovery-sweep.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
import { DEFAULT_LOCK_DURATION_MS, DEFAULT_STALLED_INTERVAL_MS } from './worker.js';
import type { SiteId } from '../core/isomorphic/sites.js';
import type { RedisTarget } from '../core/redis.js';

export interface ReadReuseSettings {
  maxEntries: number;
  maxBytes: number;
  clockMarginMs: number;
}

const MIB = 1024 * 1024;

/**
 * A whole-site publish reads a few hundred distinct shared answers (menus, layouts, legal links,
 * section lists, video lists) per edition; an article's own answers pass through once. 2,000
 * answers keep the shared ones with room to spare (the synthetic site's answers average 4 kB of
 * text, so about 8 MiB); 16 MiB of text is the guard against a runaway answer size, as parsed
 * objects take a few times their text in the heap and the worker's target is a peak RSS of
 * 256 MiB (README "Benchmarks").
 */
export const DEFAULT_READ_REUSE: ReadReuseSettings = { maxEntries: 2_000, maxBytes: 16 * MIB, clockMarginMs: 0 };

const shape = {
  // One Redis server, or a Redis Cluster by its seed nodes and its password and TLS settings;
  // not both (core/config/redis.ts).
  ...redisEnvShape,
  ...queuePrefixEnvShape,
  /** Pages rendered at once by one worker process. Rendering is CPU-bound: about one per core. */
  WORKER_CONCURRENCY: envVars.positiveInt(2),
  /** Public origin of the news site, for canonical links (no trailing slash). */
  PUBLIC_ORIGIN: envVars.url().default('http://localhost:3000'),
  /** Public origin of the Spanish edition (its own host, spec 1 §1). */
  PUBLIC_ORIGIN_ES: envVars.url().default('http://es.localhost:3000'),
  /** Where `npm run build:bundle` wrote the manifest and assets. */
  BUNDLE_DIR: z.string().default('interactive-bundle/dist'),
  LOG_LEVEL: envVars.logLevel(),
  /**
   * Port of the worker's Prometheus endpoint (GET /metrics), 9464 by default (the port
   * conventionally used by Prometheus exporters); `off` serves none.
   */
  WORKER_METRICS_PORT: z.union([z.literal('off'), envVars.port(9464)], { error: 'must be a port number (0-65535) or "off"' }).default(9464),
  /** Loopback by default, like the admin server; containers set 0.0.0.0 so Prometheus can scrape. */
  WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** On SIGTERM, how long active renders may finish before they are handed back to the queue. */
  WORKER_SHUTDOWN_DEADLINE_MS: envVars.positiveInt(20_000),
  /** Lock per job: a worker killed or blocked this long loses its job to another worker. */
  WORKER_LOCK_DURATION_MS: envVars.positiveInt(DEFAULT_LOCK_DURATION_MS),
  /** How often a worker moves jobs whose lock expired back to the queue (RELIABILITY.md, worker faults). */
  WORKER_STALLED_INTERVAL_MS: envVars.positiveInt(DEFAULT_STALLED_INTERVAL_MS),
  /** How long a page whose render stored nothing is not rendered on a miss again (ADR 0018). */
  WORKER_MISS_NEGATIVE_TTL_S: envVars.positiveInt(MISS_NEGATIVE_TTL_S),
  /**
   * Retries (render-workers/retry-policy.ts, ADR 0024): the longest wait between two attempts (a
   * page is current about this long after its dependency returns), how long in waits a render
   * failing on upstream or storage keeps retrying (long enough to ride out an hour's outage), and
   * the attempts of a render failing for another reason.
   */
  WORKER_RETRY_MAX_DELAY_MS: envVars.positiveInt(DEFAULT_RETRY_POLICY.maxDelayMs),
  WORKER_RETRY_WINDOW_MS: envVars.positiveInt(DEFAULT_RETRY_POLICY.windowMs),
  WORKER_RETRY_ATTEMPTS: envVars.positiveInt(DEFAULT_RETRY_POLICY.otherAttempts),
  /**
   * The recovery sweep (render-workers/recovery-sweep.ts): how often it looks for pages whose
   * render failed for good on a dependency (`off`: never), and how many it queues again per run.
   */
  WORKER_RECOVERY_SWEEP_MS: z.union([z.literal('off'), envVars.positiveInt(DEFAULT_RECOVERY_SWEEP.intervalMs)], { error: 'must be a number of milliseconds or "off"' }).default(DEFAULT_RECOVERY_SWEEP.intervalMs),
  WORKER_RECOVERY_SWEEP_BATCH: envVars.positiveInt(DEFAULT_RECOVERY_SWEEP.batch),
  /**
   * Reuse of upstream answers between renders (core/upstream/read-reuse.ts, ADR 0029): at most
   * this many answers kept (`off`: none, every read is a GET), holding at most this many MiB of
   * answer text, and the margin by which this worker's clock may run ahead of the clocks that
   * stamp requests (an answer is reused only if its GET started that much after the request).
   */
  WORKER_READ_REUSE_ENTRIES: z.union([z.literal('off'), envVars.positiveInt(DEFAULT_READ_REUSE.maxEntries)], { error: 'must be a number of answers or "off"' }).default(DEFAULT_READ_REUSE.maxEntries),
  WORKER_READ_REUSE_MB: envVars.positiveInt(DEFAULT_READ_REUSE.maxBytes / MIB),
  WORKER_READ_REUSE_CLOCK_MARGIN_MS: z.coerce.number().int().min(0).default(DEFAULT_READ_REUSE.clockMarginMs),
  ...storageEnvShape,
  ...upstreamEnvShape,
  ...cdnEnvShape,
};

export interface WorkerConfig {
  /** Where Redis is: one server or a Cluster; connect with `createRedis(config.redis)`. */
  redis: RedisTarget;
  /** REDIS_URL (or its default), for single-node tools; unused when `redis` is a Cluster. */
  redisUrl: string;
  queuePrefix: string;
  concurrency: number;
  publicOrigins: Record<SiteId, string>;
  bundleDir: string;
  logLevel: string;
  storage: StorageConfig;
  upstream: UpstreamConfig;
  /** CDN purge after a write (core/cdn/config.ts); driver `none` by default. */
  cdn: CdnConfig;
  /** The worker's /metrics server; undefined when WORKER_METRICS_PORT=off. */
  metrics: { host: string; port: number } | undefined;
  shutdownDeadlineMs: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** Seconds a page that rendered nothing stays in the miss negative cache. */
  missNegativeTtlS: number;
  retryPolicy: RetryPolicy;
  /** The recovery sweep; undefined when WORKER_RECOVERY_SWEEP_MS=off. */
  recoverySweep: RecoverySweepSettings | undefined;
  /** Reuse of upstream answers between renders; undefined when WORKER_READ_REUSE_ENTRIES=off. */
  readReuse: ReadReuseSettings | undefined;
}


export function loadWorkerConfig(env: EnvSource): WorkerConfig {
  const raw = parseEnv(shape, env, 'render-workers');
  // BullMQ stops at the job's attempt ceiling whatever the window says: a window that needs more
  // attempts than that would end early without saying so.
  if (raw.WORKER_RETRY_WINDOW_MS / raw.WORKER_RETRY_MAX_DELAY_MS > RENDER_ATTEMPTS_CEILING / 2) {
    throw new PlatformError(
      'CONFIG_INVALID',
      `render-workers: invalid configuration: WORKER_RETRY_WINDOW_MS=${raw.WORKER_RETRY_WINDOW_MS} needs more than ${RENDER_ATTEMPTS_CEILING / 2} waits of WORKER_RETRY_MAX_DELAY_MS=${raw.WORKER_RETRY_MAX_DELAY_MS}; shorten the window or lengthen the delay`,
    );
  }
  return {
    redis: redisTargetFromEnv(raw, 'render-workers'),
    redisUrl: raw.REDIS_URL ?? DEFAULT_REDIS_URL,
    queuePrefix: raw.QUEUE_PREFIX,
    concurrency: raw.WORKER_CONCURRENCY,
    publicOrigins: { news: raw.PUBLIC_ORIGIN.replace(/\/+$/, ''), es: raw.PUBLIC_ORIGIN_ES.replace(/\/+$/, '') },
    bundleDir: raw.BUNDLE_DIR,
    logLevel: raw.LOG_LEVEL,
    storage: parseStorageConfig(env),
    upstream: parseUpstreamConfig(env),
    cdn: cdnConfigFromEnv(raw, 'render-workers'),
    metrics: raw.WORKER_METRICS_PORT === 'off' ? undefined : { host: raw.WORKER_METRICS_HOST, port: raw.WORKER_METRICS_PORT },
    shutdownDeadlineMs: raw.WORKER_SHUTDOWN_DEADLINE_MS,
    lockDurationMs: raw.WORKER_LOCK_DURATION_MS,
    stalledIntervalMs: raw.WORKER_STALLED_INTERVAL_MS,
    missNegativeTtlS: raw.WORKER_MISS_NEGATIVE_TTL_S,
    retryPolicy: { maxDelayMs: raw.WORKER_RETRY_MAX_DELAY_MS, windowMs: raw.WORKER_RETRY_WINDOW_MS, otherAttempts: raw.WORKER_RETRY_ATTEMPTS },
    recoverySweep: raw.WORKER_RECOVERY_SWEEP_MS === 'off' ? undefined : { intervalMs: raw.WORKER_RECOVERY_SWEEP_MS, batch: raw.WORKER_RECOVERY_SWEEP_BATCH },
    readReuse:
      raw.WORKER_READ_REUSE_ENTRIES === 'off'
        ? undefined
        : { maxEntries: raw.WORKER_READ_REUSE_ENTRIES, maxBytes: raw.WORKER_READ_REUSE_MB * MIB, clockMarginMs: raw.WORKER_READ_REUSE_CLOCK_MARGIN_MS },
  };
}
