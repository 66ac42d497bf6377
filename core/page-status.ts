/**
 * The last render failure of each page, for the editors' page status (docs/architecture.md
 * "Editor tools": a page's status includes its last error). BullMQ keeps a failed job's reason, but only per job, for a
 * limited time, and a newer request for the page replaces the job; editors ask about a page.
 *
 * The render worker records a failure when a render of the page throws (every attempt, so the
 * status shows the latest reason while retries go on) and clears it when a render of the page
 * succeeds. Ingest reads it (GET /admin/pages/status).
 *
 * Pages awaiting recovery (ADR 0024): when a render's last attempt fails on a dependency that
 * recovers on its own (upstream or storage down past the worker's retry window), the worker marks
 * the failure `final` and `recoverable`, and the page joins a set the recovery sweep
 * (render-workers/recovery-sweep.ts) reads: it queues the page again once the dependency answers,
 * and takes it out of the set (`markRequeued`). A later failure or success of the page updates or
 * clears the record and the set together.
 *
 * Redis layout (queue prefix's hash tag):
 *   {newsroom}:page-failure:<site>:<path>   HASH jobId, reason, message, at, count, code, final, requeuedAt
 *   {newsroom}:page-failures:recovery       ZSET "<site>:<path>" scored by the final failure's time (ms)
 * `count` is the number of failures since the last success. The hash expires 30 days after the
 * last failure, so a page that is gone does not keep its record forever; a set member whose hash
 * has expired is dropped when the sweep reads it.
 */
import type { RedisClient } from './redis.js';
import { z } from 'zod';
import type { PageRef } from './dependency-index.js';
import { isSiteId } from './isomorphic/sites.js';
import { QUEUE_PREFIX } from './queue.js';
import { isValidPagePath } from './storage/keys.js';
import { redisKeys } from './redis-keys.js';

export const PAGE_FAILURE_TTL_S = 30 * 24 * 3600;
/** Longest message kept: enough for an error code and its explanation, not a stack trace. */
export const PAGE_FAILURE_MESSAGE_MAX = 1000;

export interface PageFailureInput {
  /** The render job that failed. */
  jobId?: string | undefined;
  /** The job's reason ('event', 'republish', ...). */
  reason: string;
  /** What went wrong, e.g. "UPSTREAM_UNAVAILABLE: GET /articles ... answered 503". */
  message: string;
  /** When it failed. */
  at: Date | string;
  /** The error code (docs/errors.md), when the failure had one. */
  code?: string | undefined;
  /** No attempt of this job follows: it failed for good (retries exhausted or unrecoverable). */
  final?: boolean;
  /**
   * With `final`: the failure is a dependency's that recovers on its own, so the page waits in the
   * recovery set until the sweep queues it again.
   */
  recoverable?: boolean;
}

export interface PageFailure {
  jobId: string | null;
  reason: string;
  message: string;
  /** ISO time of the latest failure. */
  at: string;
  /** Failures since the last successful render. */
  count: number;
  /** The error code of the latest failure, or null. */
  code: string | null;
  /** The latest failure ended its job: no retry of that job follows. */
  final: boolean;
  /** When the recovery sweep queued the page again after that failure, or null. */
  requeuedAt: string | null;
}

/** A page the recovery sweep may queue again. */
export interface RecoveryCandidate extends PageRef {
  /** The error code of its final failure. */
  code: string;
  /** ISO time of that failure. */
  at: string;
}

const storedFailure = z.object({
  jobId: z.string().optional(),
  reason: z.string(),
  message: z.string(),
  at: z.string(),
  count: z.string().regex(/^[0-9]+$/).transform(Number),
  code: z.string().optional(),
  final: z.enum(['0', '1']).optional(),
  requeuedAt: z.string().optional(),
});

/**
 * Out of the recovery set, and the time into the record only while there is one: a page cleared
 * between the sweep's read and this must not get a bare hash (it would have no expiry). One script,
 * so nothing runs in between; both keys share the prefix's hash tag (Redis Cluster).
 */
const MARK_REQUEUED_SCRIPT = `
redis.call('ZREM', KEYS[2], ARGV[2])
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'requeuedAt', ARGV[1]) end
return 1`;

/** The set member of a page, and back: the site id holds no ":", so the first one splits. */
function memberOf(page: PageRef): string {
  return `${page.site}:${page.path}`;
}

function pageOf(member: string): PageRef | null {
  const colon = member.indexOf(':');
  const site = member.slice(0, colon);
  const path = member.slice(colon + 1);
  return colon > 0 && isSiteId(site) && isValidPagePath(path) ? { site, path } : null;
}

export class PageStatusStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix = QUEUE_PREFIX,
  ) {}

  key(page: PageRef): string {
    return redisKeys(this.prefix).pageFailure(page);
  }

  /** The Redis connection and prefix the records live in (core/render-bookkeeping.ts joins them to a publish's round trip). */
  get scope(): { redis: RedisClient; prefix: string } {
    return { redis: this.redis, prefix: this.prefix };
  }

  /** The set of pages awaiting recovery (file header). */
  recoveryKey(): string {
    return redisKeys(this.prefix).recoverySet();
  }

  /** The page's member in the recovery set. */
  recoveryMember(page: PageRef): string {
    return memberOf(page);
  }

  /** Records the latest failure of a render of `page` (the worker calls it when a render throws). */
  async recordFailure(page: PageRef, failure: PageFailureInput): Promise<void> {
    const key = this.key(page);
    const at = typeof failure.at === 'string' ? failure.at : failure.at.toISOString();
    const final = failure.final === true;
    const fields: Record<string, string> = {
      reason: failure.reason.slice(0, 100),
      message: failure.message.slice(0, PAGE_FAILURE_MESSAGE_MAX),
      at,
      final: final ? '1' : '0',
    };
    const tx = this.redis.multi();
    // The job id, code and requeue time of an earlier failure must not stay beside this one.
    tx.hdel(key, 'jobId', 'code', 'requeuedAt');
    if (failure.jobId !== undefined) fields.jobId = failure.jobId.slice(0, 200);
    if (failure.code !== undefined) fields.code = failure.code.slice(0, 100);
    tx.hset(key, fields);
    tx.hincrby(key, 'count', 1);
    tx.expire(key, PAGE_FAILURE_TTL_S);
    // Only a job that gave up waits for the sweep: one still retrying recovers by itself.
    if (final && failure.recoverable === true && failure.code !== undefined) tx.zadd(this.recoveryKey(), Date.parse(at) || Date.now(), memberOf(page));
    else tx.zrem(this.recoveryKey(), memberOf(page));
    await tx.exec();
  }

  /** Forgets the failures of `page` (the worker calls it when a render of the page succeeds). */
  async clearFailure(page: PageRef): Promise<void> {
    await this.redis.multi().del(this.key(page)).zrem(this.recoveryKey(), memberOf(page)).exec();
  }

  /** The latest failure since the last success, or null. A malformed record reads as none. */
  async read(page: PageRef): Promise<PageFailure | null> {
    const parsed = storedFailure.safeParse(await this.redis.hgetall(this.key(page)));
    if (!parsed.success) return null;
    const { jobId, code, final, requeuedAt, ...rest } = parsed.data;
    return { ...rest, jobId: jobId ?? null, code: code ?? null, final: final === '1', requeuedAt: requeuedAt ?? null };
  }

  /**
   * Up to `limit` pages awaiting recovery, the longest waiting first. Members whose record is gone
   * (expired, cleared) or no longer final are dropped from the set on the way.
   */
  async listAwaitingRecovery(limit: number): Promise<RecoveryCandidate[]> {
    const found: RecoveryCandidate[] = [];
    const chunk = Math.max(1, Math.min(limit, 500));
    let start = 0;
    while (found.length < limit) {
      const members = await this.redis.zrange(this.recoveryKey(), start, start + chunk - 1);
      if (members.length === 0) break;
      const pages = members.map(pageOf);
      const pipeline = this.redis.pipeline();
      for (const page of pages) if (page) pipeline.hmget(this.key(page), 'code', 'final', 'at');
      const replies = (await pipeline.exec()) ?? [];
      const stale: string[] = [];
      let reply = 0;
      for (const [i, page] of pages.entries()) {
        const member = members[i] ?? '';
        if (page === null) {
          stale.push(member);
          continue;
        }
        const [error, value] = replies[reply++] ?? [null, null];
        const [code, final, at] = !error && Array.isArray(value) ? (value as Array<string | null>) : [];
        if (typeof code !== 'string' || final !== '1' || typeof at !== 'string') stale.push(member);
        else if (found.length < limit) found.push({ ...page, code, at });
      }
      if (stale.length > 0) await this.redis.zrem(this.recoveryKey(), ...stale);
      // Dropped members shift the ranks after them: read on from where the kept ones end.
      start += members.length - stale.length;
      if (members.length < chunk) break;
    }
    return found;
  }

  /** The sweep queued `page` again: it leaves the set, and its status says when it was queued. */
  async markRequeued(page: PageRef, at: Date = new Date()): Promise<void> {
    await this.redis.eval(MARK_REQUEUED_SCRIPT, 2, this.key(page), this.recoveryKey(), at.toISOString(), memberOf(page));
  }
}

/**
 * The last render of each page, changed or not, with its outcome: an editor who republishes a page
 * whose bytes did not change sees that it rendered, and whether any side data was stale (a last
 * good copy stood in for a failed read) or missing (core/upstream/side-data.ts).
 *
 * Redis layout: {newsroom}:page-render:<site>:<path>   STRING JSON of PageRender, expires like failures.
 */
export interface PageRender {
  at: string;
  jobId: string | null;
  reason: string;
  /** What the path rendered as ('article', 'section', 'not-found', ...). */
  kind: string;
  /** Objects written (0: unchanged, or kept because the render was degraded). */
  written: number;
  /** Side-data keys shown from their last good copy. */
  staleData: string[];
  /** Side-data keys with no good copy: shown empty, and the render was degraded. */
  missingData: string[];
  /** Whether a degraded render kept the stored good page instead of writing. */
  kept: boolean;
}

const storedRender = z.object({
  at: z.string(),
  jobId: z.string().nullable(),
  reason: z.string(),
  kind: z.string(),
  written: z.number(),
  staleData: z.array(z.string()),
  missingData: z.array(z.string()),
  kept: z.boolean(),
});

export class PageRenderLog {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix = QUEUE_PREFIX,
  ) {}

  key(page: PageRef): string {
    return redisKeys(this.prefix).pageRender(page);
  }

  /** The Redis connection and prefix the records live in (core/render-bookkeeping.ts joins them to a publish's round trip). */
  get scope(): { redis: RedisClient; prefix: string } {
    return { redis: this.redis, prefix: this.prefix };
  }

  async record(page: PageRef, render: PageRender): Promise<void> {
    await this.redis.set(this.key(page), JSON.stringify(render), 'EX', PAGE_FAILURE_TTL_S);
  }

  /** The last render of `page`, or null (none recorded, or unreadable). */
  async read(page: PageRef): Promise<PageRender | null> {
    const json = await this.redis.get(this.key(page));
    if (json === null) return null;
    try {
      const parsed = storedRender.safeParse(JSON.parse(json));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
