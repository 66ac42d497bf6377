/**
 * A render worker stops rendering while storage refuses its writes (ADR 0044).
 *
 * A render writes last: it reads upstream, sanitises, renders every variant, and only then finds
 * that storage is read-only or down. Through an outage every retry of every page did that whole
 * render again for nothing (two workers spent 86 s of CPU re-rendering a 709-page republish during
 * a 90 s outage), and asked upstream for every page each time.
 *
 * The breaker opens when renders of at least `minPages` different pages have failed on storage in
 * a row (`threshold` failures, no render storing a page in between). While it is open, a render
 * fails at once with STORAGE_FAILED, before any upstream read: the attempt is counted and retried
 * on the job's own backoff as before (retry-policy.ts), so the outage's retry window, the failure
 * records and the recovery sweep are unchanged. One render per `probeEveryMs` still goes through
 * and tries storage for real; the first that stores a page closes the breaker, and the worker then
 * queues at once the renders waiting out a retry delay after a storage failure (worker.ts).
 *
 * What does not open it:
 * - one page failing on its own between pages that store (a stuck key, a bad path): the others
 *   keep rendering, and that page retries as before;
 * - contention (`details.contention`: a key held by another writer, a conditional write that kept
 *   losing its race): storage answered, another writer was first;
 * - a render that stored nothing because nothing changed: it says storage reads, not that it writes.
 *
 * Per process and in memory: each worker finds out for itself, within one failed render.
 */
import { isPlatformError, PlatformError } from '../core/errors.js';

export interface StorageBreakerOptions {
  /** Storage failures in a row that open it. Default 3. */
  threshold?: number;
  /** Different pages among them. Default 2. */
  minPages?: number;
  /** While open, one render this often tries storage. Default 1 s; 0 turns the breaker off. */
  probeEveryMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

export interface StorageBreakerChange {
  state: 'open' | 'closed';
  /** Storage failures in a row when it opened; renders failed at once while it was open, when it closed. */
  count: number;
  /** The last storage failure's message (when it opened). */
  lastError?: string;
}

export interface StorageBreaker {
  /**
   * Before a render: throws STORAGE_FAILED when the breaker is open and this render is not the
   * probe; otherwise returns, and the render goes ahead.
   */
  admit(): void;
  /** After a render that ended with `error`; `page` names the page (site and path). */
  failed(page: string, error: unknown): StorageBreakerChange | undefined;
  /** After a render that succeeded; `wrote` when it wrote or deleted an object. */
  succeeded(wrote: boolean): StorageBreakerChange | undefined;
  readonly open: boolean;
  /** Open, and the next render would go through to try storage (no render has tried it within the probe interval). */
  readonly probeDue: boolean;
  /** The probe interval in use (0: the breaker is off). */
  readonly probeEveryMs: number;
}

export const DEFAULT_STORAGE_BREAKER = { threshold: 3, minPages: 2, probeEveryMs: 1_000 } as const;

/** The breaker's own refusals carry this detail, so they never count as storage failures themselves. */
const REFUSED = 'storageBreaker';

/** A failure that says storage is not taking writes: STORAGE_FAILED that is neither contention nor the breaker's own. */
export function isStorageOutage(error: unknown): boolean {
  if (!isPlatformError(error, 'STORAGE_FAILED')) return false;
  const details = error.details ?? {};
  return details.contention !== true && details[REFUSED] !== true;
}

export function createStorageBreaker(options: StorageBreakerOptions = {}): StorageBreaker {
  const threshold = options.threshold ?? DEFAULT_STORAGE_BREAKER.threshold;
  const minPages = options.minPages ?? DEFAULT_STORAGE_BREAKER.minPages;
  const probeEveryMs = options.probeEveryMs ?? DEFAULT_STORAGE_BREAKER.probeEveryMs;
  const now = options.now ?? Date.now;

  let inARow = 0;
  const pages = new Set<string>();
  let lastError = '';
  let isOpen = false;
  /** While open: when the next render may try storage. */
  let nextProbeAt = 0;
  let refused = 0;

  const close = (): StorageBreakerChange | undefined => {
    inARow = 0;
    pages.clear();
    if (!isOpen) return undefined;
    isOpen = false;
    const change: StorageBreakerChange = { state: 'closed', count: refused };
    refused = 0;
    return change;
  };

  return {
    get open() {
      return isOpen;
    },
    get probeDue() {
      return isOpen && now() >= nextProbeAt;
    },
    probeEveryMs,
    admit() {
      if (!isOpen) return;
      const at = now();
      if (at >= nextProbeAt) {
        nextProbeAt = at + probeEveryMs;
        return;
      }
      refused += 1;
      throw new PlatformError(
        'STORAGE_FAILED',
        `storage failed for the last ${inARow} renders (last: ${lastError}); this render waits for its retry without rendering, and one render every ${probeEveryMs} ms tries storage again`,
        { details: { [REFUSED]: true } },
      );
    },
    failed(page, error) {
      if (probeEveryMs <= 0 || !isStorageOutage(error)) return undefined;
      inARow += 1;
      if (pages.size < minPages) pages.add(page);
      lastError = error instanceof Error ? error.message : String(error);
      if (isOpen) {
        nextProbeAt = now() + probeEveryMs;
        return undefined;
      }
      if (inARow < threshold || pages.size < minPages) return undefined;
      isOpen = true;
      nextProbeAt = now() + probeEveryMs;
      return { state: 'open', count: inARow, lastError };
    },
    succeeded(wrote) {
      return wrote ? close() : undefined;
    },
  };
}
