import { describe, expect, it } from 'vitest';
import { PlatformError } from '../core/errors.js';
import { DEFAULT_RENDER_JOB, RENDER_ATTEMPTS_CEILING, RENDER_BACKOFF } from '../core/queue.js';
import { DEFAULT_RETRY_POLICY, isDependencyFailure, isFinalAttempt, nextRetryDelay, retryDelayMs, waitedMs } from './retry-policy.js';

const storage = new PlatformError('STORAGE_FAILED', 'Filesystem storage could not write news/pages/index.html');
const upstream = new PlatformError('UPSTREAM_UNAVAILABLE', 'Upstream article answered 503');
const garbage = new PlatformError('UPSTREAM_BAD_RESPONSE', 'Upstream article sent text/html where JSON was expected');
const bug = new PlatformError('RENDER_FAILED', 'a render bug');
const FIRST = DEFAULT_RENDER_JOB.backoffMs;

/** The delays the policy gives a job failing with `error` every time, until it stops. */
function schedule(error: unknown, policy = DEFAULT_RETRY_POLICY, first = FIRST): number[] {
  const delays: number[] = [];
  for (let attempt = 1; attempt < RENDER_ATTEMPTS_CEILING; attempt += 1) {
    const delay = nextRetryDelay(attempt, error, first, policy);
    if (delay === -1) return delays;
    delays.push(delay);
  }
  throw new Error('the policy never stopped');
}

describe('the render retry policy (ADR 0024)', () => {
  it('doubles from the first delay and caps at 30 s: 2, 4, 8, 16, 30, 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map((n) => retryDelayMs(n, FIRST, DEFAULT_RETRY_POLICY.maxDelayMs))).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(waitedMs(5, FIRST, DEFAULT_RETRY_POLICY.maxDelayMs)).toBe(60_000);
  });

  it('retries a failing upstream or storage for the whole window (65 minutes: an hour-long outage is ridden out), then stops', () => {
    for (const error of [storage, upstream, garbage]) {
      const delays = schedule(error);
      const total = delays.reduce((a, b) => a + b, 0);
      // Waited at least the window, and stopped at the first chance after it.
      expect(total).toBeGreaterThanOrEqual(65 * 60_000);
      expect(total - (delays.at(-1) ?? 0)).toBeLessThan(65 * 60_000);
      expect(Math.max(...delays)).toBe(30_000);
      // Well under BullMQ's attempt ceiling, which would otherwise end the job silently.
      expect(delays.length + 1).toBeLessThan(RENDER_ATTEMPTS_CEILING / 50);
    }
  });

  it('gives any other retryable failure 4 attempts, as before', () => {
    expect(schedule(bug)).toEqual([2_000, 4_000, 8_000]);
    expect(schedule(new TypeError('x is undefined'))).toEqual([2_000, 4_000, 8_000]);
  });

  it('reads the code through the plain Error the worker hands BullMQ', () => {
    const wrapped = new Error(`${storage.code}: ${storage.message}`, { cause: storage });
    expect(isDependencyFailure(wrapped)).toBe(true);
    expect(isDependencyFailure(new Error('RENDER_FAILED: x', { cause: bug }))).toBe(false);
    expect(schedule(wrapped)).toEqual(schedule(storage));
  });

  it('follows the configured cap, window and attempts, and the job’s own first delay', () => {
    const policy = { maxDelayMs: 400, windowMs: 1_000, otherAttempts: 2 };
    expect(schedule(storage, policy, 100)).toEqual([100, 200, 400, 400]);
    expect(schedule(bug, policy, 100)).toEqual([100]);
    // A job with no usable first delay gets the default one rather than retrying in a tight loop.
    expect(schedule(storage, policy, 0)[0]).toBe(Math.min(FIRST, 400));
  });

  it('tells the worker which attempt is the last, as BullMQ will decide it', () => {
    const policy = { maxDelayMs: 400, windowMs: 1_000, otherAttempts: 2 };
    const opts = { attempts: RENDER_ATTEMPTS_CEILING, backoff: { type: RENDER_BACKOFF, delay: 100 } };
    // Delays 100, 200, 400, 400: attempts 1-4 are retried, attempt 5 is the last.
    expect([0, 1, 2, 3, 4].map((made) => isFinalAttempt(made, opts, storage, policy))).toEqual([false, false, false, false, true]);
    expect([0, 1].map((made) => isFinalAttempt(made, opts, bug, policy))).toEqual([false, true]);
    // The job's attempts are a ceiling whatever the policy says.
    expect(isFinalAttempt(2, { ...opts, attempts: 3 }, storage, policy)).toBe(true);
    // A job with a built-in backoff (an older producer) stops at its attempts only.
    expect(isFinalAttempt(5, { attempts: 10, backoff: { type: 'exponential', delay: 100 } }, storage, policy)).toBe(false);
    expect(isFinalAttempt(0, { attempts: 1 }, storage, policy)).toBe(true);
  });
});
