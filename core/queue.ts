/**
 * The render queue contract (DESIGN.md, "Render job"). Producers (ingest) and the consumer
 * (render-workers) both import from here: the queue name, the Redis key prefix, the payload
 * schema, the priorities and the deduplication id.
 */
import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { PlatformError } from './errors.js';
import { isValidPagePath } from './storage/keys.js';
import { SITE_IDS, type SiteId } from './isomorphic/sites.js';

export const RENDER_QUEUE = 'render';

/**
 * BullMQ key prefix. The braces are a Redis Cluster hash tag: every key of the queue hashes to one
 * slot, which BullMQ's multi-key Lua scripts need (TOOLCHAIN.md).
 */
export const QUEUE_PREFIX = '{newsroom}';

export const RENDER_REASONS = ['republish', 'event', 'miss', 'schedule', 'sweep'] as const;
export type RenderReason = (typeof RENDER_REASONS)[number];

/** Lower runs first (BullMQ). Editor republish, then events, render-on-miss, schedules, sweeps. */
export const PRIORITY: Record<RenderReason, number> = {
  republish: 1,
  event: 2,
  miss: 3,
  schedule: 4,
  sweep: 5,
};

const renderJobSchema = z.strictObject({
  site: z.enum(SITE_IDS),
  path: z.string().refine(isValidPagePath, 'must be a normalised page path'),
  reason: z.enum(RENDER_REASONS),
  requestedBy: z.string().max(200).optional(),
  requestedAt: z.iso.datetime(),
});

export interface RenderJob {
  site: SiteId;
  path: string;
  reason: RenderReason;
  /** Who asked: an editor's name, "webhook", "cron:home", ... */
  requestedBy?: string;
  /** ISO time of the request; publish latency is measured from it. */
  requestedAt: string;
}

/** Validates job data read from Redis: a job written by an older or foreign producer is refused. */
export function parseRenderJob(data: unknown): RenderJob {
  const result = renderJobSchema.safeParse(data);
  if (!result.success) {
    throw new PlatformError('INVALID_JOB', `Invalid render job: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** Coalescing id: one pending render per site and path (DESIGN.md). */
export function renderDedupId(site: SiteId, path: string): string {
  return `${site}:${path}`;
}

export interface RenderJobDefaults {
  /** Attempts before a job stays failed on the dashboard. */
  attempts: number;
  /** First retry delay; doubles each attempt. */
  backoffMs: number;
}

export const DEFAULT_RENDER_JOB: RenderJobDefaults = { attempts: 4, backoffMs: 2_000 };

export function renderJobOptions(job: RenderJob, defaults: RenderJobDefaults = DEFAULT_RENDER_JOB): JobsOptions {
  return {
    priority: PRIORITY[job.reason],
    attempts: defaults.attempts,
    backoff: { type: 'exponential', delay: defaults.backoffMs },
    // Coalescing: while a render of the page waits, further requests are dropped; while one runs,
    // the latest request is kept and queued once it finishes (it may have read data older than the
    // edit). So a burst renders a page once or twice, and never twice at the same time.
    deduplication: { id: renderDedupId(job.site, job.path), keepLastIfActive: true },
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

export function renderJobName(job: RenderJob): string {
  return `${job.reason} ${job.site}${job.path}`;
}
