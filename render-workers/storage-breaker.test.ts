import { describe, expect, it } from 'vitest';
import { PlatformError } from '../core/errors.js';
import { createStorageBreaker, isStorageOutage } from './storage-breaker.js';

const readOnly = (key = 'news/pages/us/a/index.html') => new PlatformError('STORAGE_FAILED', `Filesystem storage could not write ${key}`);
const held = () => new PlatformError('STORAGE_FAILED', 'Filesystem storage could not lock k: another writer held it for 10000 ms', { details: { key: 'k', operation: 'lock', contention: true } });

function breakerAt(start = 1_000) {
  let clock = start;
  const breaker = createStorageBreaker({ now: () => clock });
  return { breaker, advance: (ms: number) => (clock += ms) };
}

/** Whether a render is let through now. */
function admitted(breaker: ReturnType<typeof createStorageBreaker>): boolean {
  try {
    breaker.admit();
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).code).toBe('STORAGE_FAILED');
    return false;
  }
}

describe('storage breaker (ADR 0044)', () => {
  it('opens after three storage failures in a row across two pages, and then refuses renders without rendering', () => {
    const { breaker } = breakerAt();
    expect(breaker.failed('news:/a', readOnly())).toBeUndefined();
    expect(breaker.failed('news:/b', readOnly())).toBeUndefined();
    expect(admitted(breaker)).toBe(true);
    expect(breaker.failed('news:/c', readOnly('news/pages/us/c/index.html'))).toEqual({ state: 'open', count: 3, lastError: 'Filesystem storage could not write news/pages/us/c/index.html' });
    expect(breaker.open).toBe(true);
    expect(admitted(breaker)).toBe(false);
    expect(admitted(breaker)).toBe(false);
  });

  it('says why it refused, in words an editor reading the page status can act on, and never counts its own refusals', () => {
    const { breaker } = breakerAt();
    for (const page of ['news:/a', 'news:/b', 'news:/c']) breaker.failed(page, readOnly());
    let refusal: unknown;
    try {
      breaker.admit();
    } catch (error) {
      refusal = error;
    }
    expect((refusal as PlatformError).message).toBe(
      'storage failed for the last 3 renders (last: Filesystem storage could not write news/pages/us/a/index.html); this render waits for its retry without rendering, and one render every 1000 ms tries storage again',
    );
    expect(isStorageOutage(refusal)).toBe(false);
    expect(breaker.failed('news:/d', refusal)).toBeUndefined();
  });

  it('lets one render a second try storage while open, and closes when a render stores a page', () => {
    const { breaker, advance } = breakerAt();
    for (const page of ['news:/a', 'news:/b', 'news:/c']) breaker.failed(page, readOnly());
    advance(999);
    expect(admitted(breaker)).toBe(false);
    advance(1);
    expect(admitted(breaker)).toBe(true);
    // Only one probe per second, however many renders come up.
    expect(admitted(breaker)).toBe(false);
    // The probe fails: another second before the next.
    breaker.failed('news:/d', readOnly());
    advance(999);
    expect(admitted(breaker)).toBe(false);
    advance(1);
    expect(admitted(breaker)).toBe(true);
    expect(breaker.succeeded(true)).toEqual({ state: 'closed', count: 3 });
    expect(breaker.open).toBe(false);
    expect(admitted(breaker)).toBe(true);
    expect(admitted(breaker)).toBe(true);
  });

  it('says when a render would go through as its probe: open, and no render has tried storage within the probe interval', () => {
    const { breaker, advance } = breakerAt();
    expect(breaker.probeDue).toBe(false);
    for (const page of ['news:/a', 'news:/b', 'news:/c']) breaker.failed(page, readOnly());
    expect(breaker.probeDue).toBe(false);
    advance(999);
    expect(breaker.probeDue).toBe(false);
    advance(1);
    expect(breaker.probeDue).toBe(true);
    expect(admitted(breaker)).toBe(true);
    expect(breaker.probeDue).toBe(false);
    breaker.succeeded(true);
    advance(5_000);
    expect(breaker.probeDue).toBe(false);
  });

  it('does not close on a render that stored nothing (nothing changed): that shows storage reads, not that it writes', () => {
    const { breaker, advance } = breakerAt();
    for (const page of ['news:/a', 'news:/b', 'news:/c']) breaker.failed(page, readOnly());
    advance(1_000);
    expect(admitted(breaker)).toBe(true);
    expect(breaker.succeeded(false)).toBeUndefined();
    expect(breaker.open).toBe(true);
    expect(admitted(breaker)).toBe(false);
  });

  it('stays closed for one page failing on its own, however often, and for failures with pages stored between them', () => {
    const { breaker } = breakerAt();
    for (let i = 0; i < 10; i += 1) breaker.failed('news:/stuck', readOnly());
    expect(breaker.open).toBe(false);
    const other = breakerAt().breaker;
    for (let i = 0; i < 10; i += 1) {
      other.failed(`news:/p${i}`, readOnly());
      other.failed(`news:/q${i}`, readOnly());
      other.succeeded(true);
    }
    expect(other.open).toBe(false);
  });

  it('ignores contention and every failure that is not storage', () => {
    const { breaker } = breakerAt();
    for (let i = 0; i < 5; i += 1) {
      breaker.failed(`news:/h${i}`, held());
      breaker.failed(`news:/u${i}`, new PlatformError('UPSTREAM_UNAVAILABLE', 'Upstream article answered 503'));
      breaker.failed(`news:/e${i}`, new Error('a bug'));
    }
    expect(breaker.open).toBe(false);
    expect(isStorageOutage(held())).toBe(false);
    expect(isStorageOutage(readOnly())).toBe(true);
  });

  it('is off with probeEveryMs 0', () => {
    const breaker = createStorageBreaker({ probeEveryMs: 0 });
    for (let i = 0; i < 10; i += 1) breaker.failed(`news:/p${i}`, readOnly());
    expect(breaker.open).toBe(false);
    expect(admitted(breaker)).toBe(true);
  });
});
