/**
 * Reuse of upstream answers across renders (ADR 0029: an answer fetched after the render
 * was requested holds every change the render must show). A whole-site publish renders thousands of pages that read the same menus,
 * layouts, legal links, side lists and latest videos; fetching, parsing and validating them once
 * per page was most of a render job's CPU.
 *
 * The rule that keeps it fresh: a render may use an answer whose GET *started* after the render
 * was requested (the job's `requestedAt`, moved to the latest request when requests
 * coalesce, ingest/coalescing.ts). Every change the render must show was made before its request,
 * so such an answer already holds it. An answer fetched earlier is never used: the render fetches
 * again and the newer answer replaces the older one.
 *
 * One cache per render-worker process, bounded by entries and by the size of the answers' text
 * (least recently used first out). Keyed by the exact request: the URL with its query and the
 * language the edition asks in (ADR 0019). It holds answers, 404s included (a 404 fetched after
 * the bound is as true an answer as a body); a failed GET is never kept, so the next render asks
 * again, and the last good side data (core/upstream/side-data.ts, ADR 0026) works above it as
 * before. Concurrent renders that ask for the same request share one GET when its start satisfies
 * each of their bounds.
 *
 * A kept answer is deep-frozen: every render that reuses it sees the same objects, so none may
 * change them. Values derived from it (validated by a schema) are kept beside it (`parseShared`),
 * frozen too, so the validation also runs once per answer, not once per render.
 */

/** One upstream answer as the transport reads it: a body, or not found. */
export type ReusableAnswer = { found: true; body: unknown; url: string } | { found: false; url: string };

export interface ReadReuseOptions {
  /** Most answers kept; 0 keeps none (reuse off: every read is a GET). */
  maxEntries: number;
  /** Most answer text kept, in bytes (UTF-16 code units of the body as sent, a stand-in for size in memory). */
  maxBytes: number;
  /**
   * Milliseconds added to every freshness bound: how far the render worker's clock may run ahead
   * of the clocks that stamp requests (ingest, the edge router). 0 on one machine or NTP-synced
   * hosts; an answer must have started at least this long after the request.
   */
  clockMarginMs?: number;
  /** Told of every lookup and eviction (core/metrics.ts `createReadReuseMetrics`). */
  observer?: ReadReuseObserver;
  /** Clock; tests pin it. */
  now?: () => number;
}

/** How one lookup was answered: a kept answer, a GET already in flight, or a GET of its own. */
export type ReuseResult = 'hit' | 'shared' | 'miss';

export interface ReadReuseObserver {
  lookedUp(result: ReuseResult): void;
  evicted(count: number): void;
}

interface Entry {
  answer: ReusableAnswer;
  /** When its GET started (ms since 1970, this process's clock). */
  startedAt: number;
  bytes: number;
}

interface InFlight {
  startedAt: number;
  promise: Promise<ReusableAnswer>;
}

/** What a fetch hands the cache: the answer and the size of its text. */
export interface FetchedAnswer {
  answer: ReusableAnswer;
  bytes: number;
}

export interface ReadReuseStats {
  entries: number;
  bytes: number;
  hits: number;
  shared: number;
  misses: number;
  evictions: number;
}

export class ReadReuseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, InFlight>();
  private bytes = 0;
  private readonly counts = { hits: 0, shared: 0, misses: 0, evictions: 0 };
  private readonly now: () => number;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly clockMarginMs: number;

  constructor(private readonly options: ReadReuseOptions) {
    this.maxEntries = Math.max(0, Math.floor(options.maxEntries));
    this.maxBytes = Math.max(0, options.maxBytes);
    this.clockMarginMs = Math.max(0, options.clockMarginMs ?? 0);
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.maxEntries > 0 && this.maxBytes > 0;
  }

  /**
   * The answer to `key` whose GET started after `freshAfter` (ms since 1970, plus the clock
   * margin): a kept one, one in flight, or a new GET by `fetch`, which is then kept. `fetch`
   * rejects for a failure, which is not kept (and rejects every render sharing that GET).
   */
  async read(key: string, freshAfter: number, fetch: () => Promise<FetchedAnswer>): Promise<ReusableAnswer> {
    // Strictly after: both times are whole milliseconds, so a GET stamped in the request's own
    // millisecond may have started before it.
    const bound = freshAfter + this.clockMarginMs;
    const kept = this.entries.get(key);
    if (kept !== undefined && kept.startedAt > bound) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, kept);
      this.count('hit');
      return kept.answer;
    }
    const flying = this.inFlight.get(key);
    if (flying !== undefined && flying.startedAt > bound) {
      this.count('shared');
      return await flying.promise;
    }
    this.count('miss');
    const startedAt = this.now();
    const promise = fetch().then(({ answer, bytes }) => {
      if (this.enabled) this.keep(key, { answer: deepFreeze(answer), startedAt, bytes });
      return answer;
    });
    const flight = { startedAt, promise };
    this.inFlight.set(key, flight);
    try {
      return await promise;
    } finally {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    }
  }

  stats(): ReadReuseStats {
    return { entries: this.entries.size, bytes: this.bytes, ...this.counts };
  }

  private count(result: ReuseResult): void {
    if (result === 'hit') this.counts.hits += 1;
    else if (result === 'shared') this.counts.shared += 1;
    else this.counts.misses += 1;
    this.options.observer?.lookedUp(result);
  }

  private keep(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    // GETs of one request may finish out of order: the one that started last is the newest answer.
    if (previous !== undefined && previous.startedAt > entry.startedAt) return;
    if (entry.bytes > this.maxBytes) return;
    if (previous !== undefined) {
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    let evicted = 0;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.entries().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest[0]);
      this.bytes -= oldest[1].bytes;
      evicted += 1;
    }
    if (evicted > 0) {
      this.counts.evictions += evicted;
      this.options.observer?.evicted(evicted);
    }
  }
}

/** A render's use of the cache: the process's cache and the render's freshness bound. */
export interface RenderReadReuse {
  cache: ReadReuseCache;
  /** The job's requestedAt, in ms since 1970. */
  freshAfter: number;
}

/** Freezes a JSON-like value and everything in it; answers the value. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

/** Validated values derived from kept (frozen) answers, per source object and schema. */
const derived = new WeakMap<object, Map<unknown, unknown>>();

interface SafeParser<T> {
  safeParse(value: unknown): T;
}

type ParseResult = { success: boolean; data?: unknown };

/**
 * `schema.safeParse(source)`, computed once per kept answer: when `source` is part of a frozen
 * (kept) answer, the result is remembered beside it, frozen, and every render reusing the answer
 * gets the same result. Otherwise (reuse off, or a fresh answer not kept) it simply parses. The
 * result is a pure function of the source and the schema, so a remembered one is what parsing
 * again would give. A failed parse is not remembered (it is rare, and its error is the caller's to
 * report each time).
 */
export function parseShared<T extends ParseResult>(source: unknown, schema: SafeParser<T>): T {
  if (typeof source !== 'object' || source === null || !Object.isFrozen(source)) return schema.safeParse(source);
  const bySchema = derived.get(source);
  const remembered = bySchema?.get(schema);
  if (remembered !== undefined) return remembered as T;
  const result = schema.safeParse(source);
  if (!result.success) return result;
  deepFreeze(result.data);
  if (bySchema === undefined) derived.set(source, new Map([[schema, result]]));
  else bySchema.set(schema, result);
  return result;
}
