/**
 * A small in-process cache for the live /api/ endpoints (docs/architecture.md "Live endpoints"): a short fresh
 * lifetime, request coalescing (many identical concurrent requests share one upstream call), and
 * the last good answer kept a while longer for when upstream fails.
 *
 * Bounded: at most `maxEntries` answers, the least recently used dropped first (a Map keeps
 * insertion order; a hit re-inserts its entry). Keys are the endpoint's normalised query, so a
 * hostile client cannot grow it past the bound, only churn it.
 */

export interface LiveCacheSettings {
  /** How long an answer is served without asking upstream again. */
  freshMs: number;
  /** How old an answer may be and still be served when upstream fails. */
  staleMs: number;
  /** Most answers kept at once. */
  maxEntries: number;
}

export interface LiveCacheOptions extends LiveCacheSettings {
  /** The clock (ms); Date.now when omitted. Tests move it forward. */
  now?: () => number;
}

export type LiveResult<T> =
  | { value: T; stale: false }
  /** The last good answer, served because loading a new one failed with `error`. */
  | { value: T; stale: true; ageMs: number; error: unknown };

interface Entry<T> {
  value: T;
  storedAt: number;
}

export interface LiveCache<T> {
  /**
   * The answer for `key`: a fresh cached one, else the result of `load` (one call shared by every
   * concurrent caller of the same key), else — when `load` fails — the last good answer if it is
   * at most `staleMs` old. With nothing usable, the load's error is thrown.
   */
  get(key: string, load: () => Promise<T>): Promise<LiveResult<T>>;
  /** Number of answers held (tests, metrics). */
  readonly size: number;
  clear(): void;
}

export function createLiveCache<T>(options: LiveCacheOptions): LiveCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  const inFlight = new Map<string, Promise<LiveResult<T>>>();

  function remember(key: string, value: T): void {
    entries.delete(key);
    entries.set(key, { value, storedAt: now() });
    while (entries.size > options.maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done === true) break;
      entries.delete(oldest.value);
    }
  }

  async function refresh(key: string, load: () => Promise<T>): Promise<LiveResult<T>> {
    try {
      const value = await load();
      remember(key, value);
      return { value, stale: false };
    } catch (error) {
      const entry = entries.get(key);
      const ageMs = entry === undefined ? Infinity : now() - entry.storedAt;
      if (entry === undefined || ageMs > options.staleMs) {
        // Too old to serve even as a fallback: forget it so the bound holds useful answers.
        entries.delete(key);
        throw error;
      }
      return { value: entry.value, stale: true, ageMs, error };
    }
  }

  return {
    get(key, load) {
      const entry = entries.get(key);
      if (entry !== undefined && now() - entry.storedAt < options.freshMs) {
        // Least recently used goes first: a hit moves the entry to the end.
        entries.delete(key);
        entries.set(key, entry);
        return Promise.resolve({ value: entry.value, stale: false });
      }
      const pending = inFlight.get(key);
      if (pending !== undefined) return pending;
      const started = refresh(key, load).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}
