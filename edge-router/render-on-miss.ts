/**
 * Render on miss (docs/architecture.md "Render on miss"; ADR 0018: a valid path nobody published yet gets its page on the next request). When the edge answers
 * 404 for a path the page rules could serve (core/page-rules.ts), it asks for a render with reason
 * `miss` and answers the stored 404 page at once; the page is there for a later request.
 *
 * What a 404 goes through, cheapest first; each step ends in one outcome of
 * `newsroom_edge_miss_renders_total{outcome}`:
 *
 *   rejected         the page rules refuse the target (hostile, absurd or not a page), or it asks
 *                    for an AMP/print variant of a page that is stored (that page has none)
 *   deduplicated     this process asked for the same page within `recentMs`, or the queue already
 *                    holds a render of it (BullMQ deduplication id `<site>:<path>`, core/queue.ts)
 *   rate_limited     the client's bucket (by request.ip: the socket address, or X-Forwarded-For
 *                    from a TRUST_PROXY address) or the edge's total bucket is empty
 *   redis_down       Redis is not connected, errs, or does not answer within `redisTimeoutMs`
 *   negative_cached  the page's last render produced nothing (core/miss-cache.ts)
 *   queued           a new `miss` job
 *
 * Serving never waits for any of it: the not-found plugin sends the 404 and this runs beside it
 * (fire and forget, never rejecting). The Redis connection has no offline queue and a command
 * timeout (core/redis.ts `failFastMs`), so while Redis is down each 404 costs a status check.
 */
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Logger } from '../core/logger.js';
import { MissNegativeCache } from '../core/miss-cache.js';
import { missRenderTarget, type MissDecision } from '../core/page-rules.js';
import { RENDER_QUEUE, renderJobName, renderJobOptions, type RenderJob, type RenderJobDefaults } from '../core/queue.js';
import { createRedis, type RedisClient, type RedisTarget } from '../core/redis.js';
import type { SiteId } from '../core/isomorphic/sites.js';
import { KeyedTokenBuckets, TokenBucket } from './token-bucket.js';

export const MISS_OUTCOMES = ['queued', 'deduplicated', 'rate_limited', 'negative_cached', 'rejected', 'redis_down'] as const;
export type MissOutcome = (typeof MISS_OUTCOMES)[number];

export interface RenderOnMissLimits {
  /** Miss renders one client may ask for at once. Default 5. */
  clientBurst: number;
  /** ... and per minute after that. Default 10. */
  clientPerMinute: number;
  /** Miss renders this edge process asks for at once, all clients together. Default 60. */
  totalBurst: number;
  /** ... and per minute after that. Default 600 (10 a second: far above real dead links, far below the workers). */
  totalPerMinute: number;
  /** How long a Redis command may take before the request counts as redis_down. Default 250 ms. */
  redisTimeoutMs: number;
  /** How long this process remembers a page it asked for, and asks Redis nothing more about it. Default 10 s. */
  recentMs: number;
  /** Clients (and recent pages) tracked at most; the least recently seen are forgotten. Default 10 000. */
  maxTracked: number;
}

export const RENDER_ON_MISS_DEFAULTS: RenderOnMissLimits = {
  clientBurst: 5,
  clientPerMinute: 10,
  totalBurst: 60,
  totalPerMinute: 600,
  redisTimeoutMs: 250,
  recentMs: 10_000,
  maxTracked: 10_000,
};

export interface RenderOnMissOptions {
  /** The queue's Redis (one server or a Cluster); the requester opens its own fail-fast connection. */
  redis: RedisTarget;
  /** BullMQ key prefix with a {hash tag} (QUEUE_PREFIX). */
  prefix: string;
  limits?: Partial<RenderOnMissLimits>;
  /** Attempts and backoff of the jobs (core/queue.ts defaults when omitted). */
  jobDefaults?: RenderJobDefaults;
  /** Clock for the buckets (tests). */
  now?: () => number;
}

export interface MissRequest {
  site: SiteId;
  /** The request target as sent (request.url). */
  url: string;
  method: string;
  /** The client as the edge sees it (request.ip). */
  clientIp: string;
}

export interface MissRequesterDeps {
  logger: Logger;
  /** Counts one outcome (plugins/metrics.ts). */
  count: (outcome: MissOutcome) => void;
  /** Whether the standard variant of a page is stored (a request for its .amp/.print then has nothing to render). */
  pageStored: (site: SiteId, path: string) => Promise<boolean>;
}

export interface MissRequester {
  /**
   * Decides from the page rules alone (synchronously, so the 404 can carry the short cache policy)
   * and, for a GET of a renderable path, starts asking for the render without waiting for it.
   */
  handle(request: MissRequest): MissDecision;
  close(): Promise<void>;
}

const ERROR_LOG_INTERVAL_MS = 10_000;

class TimeoutError extends Error {}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer from Redis within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Pages asked for recently, by `<site>:<path>`; bounded like the client buckets. */
class RecentPages {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  has(id: string, now: number): boolean {
    const expires = this.until.get(id);
    if (expires === undefined) return false;
    if (expires > now) return true;
    this.until.delete(id);
    return false;
  }

  add(id: string, now: number): void {
    this.until.delete(id);
    this.until.set(id, now + this.ttlMs);
    if (this.until.size > this.max) {
      const oldest = this.until.keys().next();
      if (oldest.done !== true) this.until.delete(oldest.value);
    }
  }
}

export function createMissRequester(options: RenderOnMissOptions, deps: MissRequesterDeps): MissRequester {
  const limits = { ...RENDER_ON_MISS_DEFAULTS, ...options.limits };
  const now = options.now ?? Date.now;
  const log = deps.logger.child({ module: 'render-on-miss' });
  const connection: RedisClient = createRedis(options.redis, { failFastMs: limits.redisTimeoutMs, name: 'edge-miss', logger: log });
  const queue = new Queue(RENDER_QUEUE, { connection, prefix: options.prefix });
  // BullMQ re-emits connection errors here; the connection's own listener logs them already.
  queue.on('error', () => {});
  const negative = new MissNegativeCache(connection, options.prefix);
  const clients = new KeyedTokenBuckets({ capacity: limits.clientBurst, perMinute: limits.clientPerMinute }, limits.maxTracked);
  const total = new TokenBucket({ capacity: limits.totalBurst, perMinute: limits.totalPerMinute }, now());
  const recent = new RecentPages(limits.recentMs, limits.maxTracked);
  let lastErrorLog = 0;

  const outcome = (value: MissOutcome): MissOutcome => {
    deps.count(value);
    return value;
  };

  /** The asking itself: resolves with the outcome, never rejects. */
  const ask = async ({ site, clientIp, decision }: MissRequest & { decision: Extract<MissDecision, { renderable: true }> }): Promise<MissOutcome> => {
    try {
      const page = { site, path: decision.path };
      const id = `${site}:${decision.path}`;
      if (recent.has(id, now())) return outcome('deduplicated');
      if (decision.variant !== 'standard' && (await deps.pageStored(site, decision.path))) return outcome('rejected');
      if (!clients.take(clientIp, now())) return outcome('rate_limited');
      if (!total.take(now())) return outcome('rate_limited');
      // Not connected: BullMQ would wait for the connection; answer now instead.
      if (connection.status !== 'ready') return outcome('redis_down');
      if (await withTimeout(negative.has(page), limits.redisTimeoutMs)) {
        recent.add(id, now());
        return outcome('negative_cached');
      }
      const job: RenderJob = { site, path: decision.path, reason: 'miss', requestedBy: 'edge-miss', requestedAt: new Date().toISOString() };
      // Our own id, so a deduplicated add (BullMQ answers with the job already holding the
      // deduplication id) can be told apart from a new job.
      const jobId = `m-${randomUUID()}`;
      const added = await withTimeout(queue.add(renderJobName(job), job, { ...renderJobOptions(job, options.jobDefaults), jobId }), limits.redisTimeoutMs);
      recent.add(id, now());
      if (added.id === jobId) {
        log.info({ page, route: decision.route, jobId }, 'render on miss queued');
        return outcome('queued');
      }
      return outcome('deduplicated');
    } catch (error) {
      const at = now();
      if (at - lastErrorLog >= ERROR_LOG_INTERVAL_MS) {
        lastErrorLog = at;
        log.warn({ error: error instanceof Error ? error.message : String(error) }, 'render on miss: Redis did not take the request; the 404 was served anyway');
      }
      return outcome('redis_down');
    }
  };

  return {
    handle(request) {
      const decision = missRenderTarget(request.site, request.url);
      // HEAD is what monitors and link checkers send: it is answered alike but asks for nothing.
      if (request.method !== 'GET') return decision;
      if (!decision.renderable) {
        deps.count('rejected');
        return decision;
      }
      void ask({ ...request, decision });
      return decision;
    },
    async close() {
      // Bounded: closing waits on a Redis that may be gone.
      await withTimeout(queue.close(), 1_000).catch(() => {});
      connection.disconnect();
    },
  };
}
