/**
 * The render queue contract (docs/architecture.md, "Render job"). Producers (ingest) and the consumer
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
 * slot, which BullMQ's multi-key Lua scripts need (docs/architecture.md "Tool constraints").
 */
export const QUEUE_PREFIX = '{newsroom}';

export const RENDER_REASONS = ['republish', 'event', 'miss', 'schedule', 'bulk-republish', 'sweep', 'recovery'] as const;
export type RenderReason = (typeof RENDER_REASONS)[number];

/**
 * Lower runs first (BullMQ). Editor republish, then events, render-on-miss, schedules, an
 * editor's republish of a prefix, section, tag or the whole site (ingest/republish.ts: thousands
 * of jobs must not hold back single-page republishes, content events or schedules), sweeps.
 * A `recovery` render (render-workers/recovery-sweep.ts: a page whose render failed for good while
 * a dependency was down) is as urgent as a schedule: both refresh a page that is stale.
 *
 * `event` is the priority of an event's own page (the article an editor saved). The pages that
 * show what the event changed (home, fronts, related lists) render at DEPENDANT_PRIORITY, just
 * after it (ADR 0041).
 */
export const PRIORITY: Record<RenderReason, number> = {
  republish: 1,
  event: 2,
  miss: 4,
  schedule: 5,
  'bulk-republish': 6,
  sweep: 7,
  recovery: 5,
};

/**
 * The priority of a page re-rendered because it shows content an event changed, not because it
 * is the content's own page (ingest/planner.ts `dependants`; ADR 0041): after every event's own
 * page, before render-on-miss and the rest. The event window coalesces these renders (home is a
 * dependant of almost every event), so without the difference a newly saved article waited for a
 * render slot behind the previous events' trailing renders of home and the fronts. Still a
 * content event: ahead of misses, as the priorities above have it.
 */
export const DEPENDANT_PRIORITY = 3;

/** Every priority a render job may carry, most urgent first (the queue metrics report each). */
export const RENDER_PRIORITIES: readonly number[] = [...new Set([...Object.values(PRIORITY), DEPENDANT_PRIORITY])].sort((a, b) => a - b);

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
  /**
   * ISO time of the request; publish latency is measured from it. It is also the render's
   * freshness bound (ADR 0029): an upstream answer fetched after it
   * holds every change the render must show. When a later request joins a job that has not started,
   * ingest moves this to the later request's time (ingest/coalescing.ts), so a coalesced job
   * always carries the latest request it serves.
   */
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

/** Coalescing id: one pending render per site and path (docs/architecture.md "Render job", ADR 0003). */
export function renderDedupId(site: SiteId, path: string): string {
  return `${site}:${path}`;
}

export interface RenderJobDefaults {
  /**
   * Most attempts BullMQ allows the job. The render worker's retry policy
   * (render-workers/retry-policy.ts) decides when a failing job stops, well before this ceiling:
   * after its retry window for a dependency failure, after a few attempts otherwise.
   */
  attempts: number;
  /** First retry delay; the worker doubles it each attempt up to its cap. */
  backoffMs: number;
  /**
   * The coalescing window of content-event renders (ADR 0027, ingest/coalescing.ts). The first
   * event for a page renders at once (leading edge); an event that arrives within this window of
   * a render of the page starting waits for a trailing render, which starts once no event has
   * come for this long (each event moves it, up to eventMaxWaitMs). So a burst of edits (a CMS
   * autosaving, an editor fixing typos) renders a page twice, and an isolated edit waits for
   * nothing. An editor's republish and other non-event requests never wait (ingest/producer.ts
   * promotes a waiting trailing render they join). 0: every event renders as soon as it can.
   * Default EVENT_DEBOUNCE_MS.
   */
  eventDebounceMs?: number;
  /**
   * Longest a trailing event render is put off, from the first event it carries: a page edited
   * without a pause still renders this often. Default EVENT_MAX_WAIT_MS.
   */
  eventMaxWaitMs?: number;
}

/** Default coalescing window of content events: most CMS bursts have gaps well under a second. */
export const EVENT_DEBOUNCE_MS = 1_000;

/** Default longest wait of a trailing event render: a page edited non-stop renders every 3 s. */
export const EVENT_MAX_WAIT_MS = 3_000;

/**
 * The backoff type of render jobs: the render worker's own strategy (render-workers/retry-policy.ts,
 * passed to BullMQ as `settings.backoffStrategy`), a capped exponential backoff with a retry window.
 */
export const RENDER_BACKOFF = 'render';

/**
 * BullMQ's attempt ceiling for render jobs. The worker's retry window ends retries first: the
 * default window (65 minutes of 30-second waits) takes about 135 attempts, and a day-long window
 * under 3,000.
 */
export const RENDER_ATTEMPTS_CEILING = 10_000;

export const DEFAULT_RENDER_JOB: RenderJobDefaults = {
  attempts: RENDER_ATTEMPTS_CEILING,
  backoffMs: 2_000,
  eventDebounceMs: EVENT_DEBOUNCE_MS,
  eventMaxWaitMs: EVENT_MAX_WAIT_MS,
};

/** Where a job goes when it is added; the producer decides (ingest/coalescing.ts). */
export interface RenderJobPlacement {
  /**
   * Milliseconds the job waits before it may start: a trailing event render. When it joins a
   * trailing render already waiting, that render is moved to start this long from now.
   */
  delayMs?: number;
  /** The job's priority when it is not its reason's (PRIORITY): an event's dependant pages, DEPENDANT_PRIORITY. */
  priority?: number;
}

export function renderJobOptions(job: RenderJob, defaults: RenderJobDefaults = DEFAULT_RENDER_JOB, placement: RenderJobPlacement = {}): JobsOptions {
  const delayMs = placement.delayMs ?? 0;
  return {
    priority: placement.priority ?? PRIORITY[job.reason],
    ...(delayMs > 0 ? { delay: delayMs } : {}),
    attempts: defaults.attempts,
    backoff: { type: RENDER_BACKOFF, delay: defaults.backoffMs },
    // Coalescing: while a render of the page waits, further requests join it; while one runs, the
    // latest request is kept and queued once it finishes (it may have read data older than the
    // edit). So a burst renders a page once or twice, never twice at once. A `miss` is not an
    // edit: any render of the page, running or waiting, stores what upstream has, so a miss joins
    // it and is never kept for after it (ADR 0018: a burst of readers on a missing page asks for
    // one render). A trailing event render (delayMs) joining a waiting delayed one moves it to
    // its own start (`reschedule`): the window runs from the latest event of a burst (ADR 0027).
    deduplication: {
      id: renderDedupId(job.site, job.path),
      ...(job.reason === 'miss' ? {} : { keepLastIfActive: true }),
      ...(delayMs > 0 ? { reschedule: true } : {}),
    },
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

export function renderJobName(job: RenderJob): string {
  return `${job.reason} ${job.site}${job.path}`;
}
