import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../core/errors.js';
import { DEFAULT_READ_REUSE, loadWorkerConfig } from './config.js';
import { DEFAULT_RECOVERY_SWEEP } from './recovery-sweep.js';
import { DEFAULT_RETRY_POLICY } from './retry-policy.js';

describe('render worker configuration: retries and the recovery sweep (ADR 0024)', () => {
  it('defaults to 30 s waits, a 65-minute window, 4 other attempts and a sweep of 500 pages a minute', () => {
    const config = loadWorkerConfig({});
    expect(config.retryPolicy).toEqual({ maxDelayMs: 30_000, windowMs: 65 * 60_000, otherAttempts: 4 });
    expect(config.retryPolicy).toEqual(DEFAULT_RETRY_POLICY);
    expect(config.recoverySweep).toEqual({ intervalMs: 60_000, batch: 500 });
    expect(config.recoverySweep).toEqual(DEFAULT_RECOVERY_SWEEP);
  });

  it('reads each setting, and turns the sweep off', () => {
    const config = loadWorkerConfig({
      WORKER_RETRY_MAX_DELAY_MS: '500',
      WORKER_RETRY_WINDOW_MS: '2000',
      WORKER_RETRY_ATTEMPTS: '2',
      WORKER_RECOVERY_SWEEP_MS: '1000',
      WORKER_RECOVERY_SWEEP_BATCH: '10',
    });
    expect(config.retryPolicy).toEqual({ maxDelayMs: 500, windowMs: 2_000, otherAttempts: 2 });
    expect(config.recoverySweep).toEqual({ intervalMs: 1_000, batch: 10 });
    expect(loadWorkerConfig({ WORKER_RECOVERY_SWEEP_MS: 'off' }).recoverySweep).toBeUndefined();
  });

  it('refuses bad values, naming the variable', () => {
    for (const [name, value] of [
      ['WORKER_RETRY_WINDOW_MS', '-1'],
      ['WORKER_RETRY_MAX_DELAY_MS', 'soon'],
      ['WORKER_RECOVERY_SWEEP_MS', 'never'],
      ['WORKER_RECOVERY_SWEEP_BATCH', '0'],
    ] as const) {
      expect(() => loadWorkerConfig({ [name]: value }), name).toThrow(name);
    }
  });

  it('refuses a window BullMQ would end early (more waits than the jobs’ attempt ceiling allows)', () => {
    let error: unknown;
    try {
      loadWorkerConfig({ WORKER_RETRY_MAX_DELAY_MS: '1000', WORKER_RETRY_WINDOW_MS: String(24 * 3600_000) });
    } catch (caught) {
      error = caught;
    }
    expect(isPlatformError(error, 'CONFIG_INVALID')).toBe(true);
    expect((error as Error).message).toMatch(/WORKER_RETRY_WINDOW_MS=86400000 .* WORKER_RETRY_MAX_DELAY_MS=1000/);
    // A day-long window of the default 30 s waits is fine.
    expect(loadWorkerConfig({ WORKER_RETRY_WINDOW_MS: String(24 * 3600_000) }).retryPolicy.windowMs).toBe(24 * 3600_000);
  });
});

describe('render worker configuration: reuse of upstream answers (ADR 0029)', () => {
  it('keeps 2,000 answers and 16 MiB by default, with no clock margin', () => {
    expect(loadWorkerConfig({}).readReuse).toEqual({ maxEntries: 2_000, maxBytes: 16 * 1024 * 1024, clockMarginMs: 0 });
    expect(loadWorkerConfig({}).readReuse).toEqual(DEFAULT_READ_REUSE);
  });

  it('reads each setting, and turns reuse off', () => {
    const config = loadWorkerConfig({ WORKER_READ_REUSE_ENTRIES: '50', WORKER_READ_REUSE_MB: '4', WORKER_READ_REUSE_CLOCK_MARGIN_MS: '250' });
    expect(config.readReuse).toEqual({ maxEntries: 50, maxBytes: 4 * 1024 * 1024, clockMarginMs: 250 });
    expect(loadWorkerConfig({ WORKER_READ_REUSE_ENTRIES: 'off' }).readReuse).toBeUndefined();
  });

  it('refuses bad values, naming the variable', () => {
    for (const [name, value] of [
      ['WORKER_READ_REUSE_ENTRIES', '0'],
      ['WORKER_READ_REUSE_ENTRIES', 'some'],
      ['WORKER_READ_REUSE_MB', '0'],
      ['WORKER_READ_REUSE_CLOCK_MARGIN_MS', '-5'],
    ] as const) {
      expect(() => loadWorkerConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });
});
