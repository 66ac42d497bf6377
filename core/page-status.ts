/**
 * The last render failure of each page, for the editors' page status (issue 5, item 5: "the status
 * of a page ... its last error"). BullMQ keeps a failed job's reason, but only per job, for a
 * limited time, and a newer request for the page replaces the job; editors ask about a page.
 *
 * The render worker records a failure when a render of the page throws (every attempt, so the
 * status shows the latest reason while retries go on) and clears it when a render of the page
 * succeeds. Ingest reads it (GET /admin/pages/status).
 *
 * Redis layout (queue prefix's hash tag):
 *   {newsroom}:page-failure:<site>:<path>   HASH jobId, reason, message, at, count
 * `count` is the number of failures since the last success. The hash expires 30 days after the
 * last failure, so a page that is gone does not keep its record forever.
 */
import type { RedisClient } from './redis.js';
import { z } from 'zod';
import type { PageRef } from './dependency-index.js';
import { QUEUE_PREFIX } from './queue.js';

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
}

export interface PageFailure {
  jobId: string | null;
  reason: string;
  message: string;
  /** ISO time of the latest failure. */
  at: string;
  /** Failures since the last successful render. */
  count: number;
}

const storedFailure = z.object({
  jobId: z.string().optional(),
  reason: z.string(),
  message: z.string(),
  at: z.string(),
  count: z.string().regex(/^[0-9]+$/).transform(Number),
});

export class PageStatusStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix = QUEUE_PREFIX,
  ) {}

  key(page: PageRef): string {
    return `${this.prefix}:page-failure:${page.site}:${page.path}`;
  }

  /** Records the latest failure of a render of `page` (the worker calls it when a render throws). */
  async recordFailure(page: PageRef, failure: PageFailureInput): Promise<void> {
    const key = this.key(page);
    const at = typeof failure.at === 'string' ? failure.at : failure.at.toISOString();
    const fields: Record<string, string> = {
      reason: failure.reason.slice(0, 100),
      message: failure.message.slice(0, PAGE_FAILURE_MESSAGE_MAX),
      at,
    };
    const tx = this.redis.multi();
    // The job id of an earlier failure must not stay beside this failure's message.
    tx.hdel(key, 'jobId');
    if (failure.jobId !== undefined) fields.jobId = failure.jobId.slice(0, 200);
    tx.hset(key, fields);
    tx.hincrby(key, 'count', 1);
    tx.expire(key, PAGE_FAILURE_TTL_S);
    await tx.exec();
  }

  /** Forgets the failures of `page` (the worker calls it when a render of the page succeeds). */
  async clearFailure(page: PageRef): Promise<void> {
    await this.redis.del(this.key(page));
  }

  /** The latest failure since the last success, or null. A malformed record reads as none. */
  async read(page: PageRef): Promise<PageFailure | null> {
    const parsed = storedFailure.safeParse(await this.redis.hgetall(this.key(page)));
    if (!parsed.success) return null;
    const { jobId, ...rest } = parsed.data;
    return { ...rest, jobId: jobId ?? null };
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
    return `${this.prefix}:page-render:${page.site}:${page.path}`;
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
