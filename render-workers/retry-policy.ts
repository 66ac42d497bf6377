/**
 * When a failed render is tried again, and when it stops (ADR 0024).
 *
 * BullMQ calls the worker's backoff strategy after every failed attempt of a job whose backoff type
 * is RENDER_BACKOFF (core/queue.ts); a delay of -1 fails the job for good (BullMQ
 * `Job.shouldRetryJob`). The job's own `attempts` is only a ceiling BullMQ needs: this policy ends
 * retries long before it.
 *
 * - Delays double from the job's first delay (`backoff.delay`, 2 s by default) up to `maxDelayMs`
 *   (30 s by default): a page whose dependency comes back is rendered within about that long.
 *   Waiting is a delayed job in Redis, never a sleeping worker, so other pages render meanwhile.
 * - A failure of a dependency that recovers on its own (DEPENDENCY_FAILURES: upstream down or
 *   answering garbage, storage failing) is retried until the job has waited `windowMs` in total
 *   (65 minutes by default: an hour-long outage and a few minutes to spare). The total counts only
 *   the delays, so the real time since the first failure (delays plus attempts plus queueing) is
 *   never shorter than the window.
 * - Any other retryable failure (RENDER_FAILED, an unclassified error: a bug waiting does not
 *   fix) gets `otherAttempts` attempts in all, as before.
 * - Unrecoverable errors never reach the strategy (the worker throws UnrecoverableError).
 *
 * A job that stops here keeps a `final` failure record (core/page-status.ts); the recovery sweep
 * (render-workers/recovery-sweep.ts) queues its page again once the dependency answers.
 */
import { isPlatformError, type ErrorCode, type PlatformError } from '../core/errors.js';
import { DEFAULT_RENDER_JOB, RENDER_BACKOFF } from '../core/queue.js';

export interface RetryPolicy {
  /** The longest wait between two attempts. Default 30 s. */
  maxDelayMs: number;
  /** How long, in delays, a job failing on a dependency keeps retrying. Default 65 minutes. */
  windowMs: number;
  /** Attempts in all for a retryable failure that is not a dependency's. Default 4. */
  otherAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxDelayMs: 30_000, windowMs: 65 * 60_000, otherAttempts: 4 };

/** Failures of a dependency that recovers without anyone acting: retried for the whole window. */
export const DEPENDENCY_FAILURES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['UPSTREAM_UNAVAILABLE', 'UPSTREAM_BAD_RESPONSE', 'STORAGE_FAILED']);

/**
 * The PlatformError behind a render failure: the error itself, or its cause (the worker hands
 * BullMQ a plain Error whose message starts with the code and whose cause is the PlatformError).
 */
export function platformErrorOf(error: unknown): PlatformError | undefined {
  if (isPlatformError(error)) return error;
  if (error instanceof Error && isPlatformError(error.cause)) return error.cause;
  return undefined;
}

/** True when `error` is a dependency failure the window applies to. */
export function isDependencyFailure(error: unknown): boolean {
  const platform = platformErrorOf(error);
  return platform !== undefined && DEPENDENCY_FAILURES.has(platform.code);
}

/** The wait after failed attempt `attempt` (1-based): the first delay doubled, capped. */
export function retryDelayMs(attempt: number, firstDelayMs: number, maxDelayMs: number): number {
  // 2 ** 40 overflows nothing, and every realistic delay has met the cap long before.
  const doubled = firstDelayMs * 2 ** Math.min(Math.max(attempt - 1, 0), 40);
  return Math.min(doubled, maxDelayMs);
}

/** Total wait before attempt `attempt + 1`: the delays after attempts 1..attempt. */
export function waitedMs(attempt: number, firstDelayMs: number, maxDelayMs: number, stopAt = Number.POSITIVE_INFINITY): number {
  let total = 0;
  for (let n = 1; n <= attempt && total < stopAt; n += 1) total += retryDelayMs(n, firstDelayMs, maxDelayMs);
  return total;
}

/**
 * The delay before the next attempt after failed attempt `attemptsMade` (1-based, as BullMQ passes
 * it), or -1 to stop: the job fails for good.
 */
export function nextRetryDelay(attemptsMade: number, error: unknown, firstDelayMs: number, policy: RetryPolicy): number {
  const first = firstDelayMs > 0 ? firstDelayMs : DEFAULT_RENDER_JOB.backoffMs;
  const maxDelay = Math.max(policy.maxDelayMs, 1);
  if (isDependencyFailure(error)) {
    // Retried while the delays so far (before this one) are short of the window.
    return waitedMs(attemptsMade - 1, first, maxDelay, policy.windowMs) < policy.windowMs ? retryDelayMs(attemptsMade, first, maxDelay) : -1;
  }
  return attemptsMade < policy.otherAttempts ? retryDelayMs(attemptsMade, first, maxDelay) : -1;
}

/** What a job needs to know of its own retry options: BullMQ's job.opts. */
export interface RetryJobOptions {
  attempts?: number | undefined;
  backoff?: number | { type: string; delay?: number | undefined } | undefined;
}

/**
 * True when the attempt that just failed with `error` is the job's last: BullMQ will move it to
 * failed rather than retry. Mirrors BullMQ's own decision (attempts left, then the backoff
 * strategy), so the worker can mark the page's failure record final before it throws.
 */
export function isFinalAttempt(attemptsMade: number, opts: RetryJobOptions, error: unknown, policy: RetryPolicy): boolean {
  const attempt = attemptsMade + 1;
  if (attempt >= (opts.attempts ?? 1)) return true;
  const backoff = opts.backoff;
  if (typeof backoff !== 'object' || backoff.type !== RENDER_BACKOFF) return false;
  return nextRetryDelay(attempt, error, backoff.delay ?? 0, policy) === -1;
}
