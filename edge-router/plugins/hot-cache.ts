/**
 * An in-process cache of hot stored objects (docs/architecture.md "Edge router"; ADR 0011, ADR 0028): a popular
 * page, the 404 page and the bundle assets are kept in memory with their compressed bodies, so they
 * are not read from object storage, nor compressed, on every request.
 *
 * Bounded by bytes: at most `maxBytes` of bodies (plain plus compressed) are held, the least
 * recently used dropped first; an object larger than `maxEntryBytes` is never held. Keys come from
 * core/storage/keys.ts only (valid paths), so a hostile client can churn the cache but not grow it.
 *
 * Freshness, two modes:
 *
 * - Listening (ADR 0028; `setListening(true)`, while edge-router/write-announcements.ts is
 *   subscribed to the writers' announcements): a held object, and a key storage did not have, is
 *   served from memory with no storage call until an announcement names its key (`invalidate`),
 *   the subscription is lost, or `trustMs` has passed since storage last confirmed it. A write is
 *   therefore served at the first request after its announcement arrives. Only what was read or
 *   confirmed after the subscription was in place is trusted: each change of listening starts a
 *   new epoch, and an object confirmed in an earlier epoch, or by a read that started before it,
 *   is revalidated at its next request (announcements may have been missed meanwhile). A read in
 *   flight when an announcement names its key is not trusted either, and later requests do not
 *   join it.
 *
 * - Not listening (today's rule, ADR 0011): a held object is revalidated by a metadata read
 *   (`store.head`, no body) before it is served, unless it was validated less than `freshMs` ago
 *   (default 0: always). With `freshMs` 0, a request that starts after a write has completed gets
 *   the new page; with F, within F ms of the write. F > 0 also lets a CDN that refetches right
 *   after the purge re-cache the old page until its s-maxage, which is why the default is 0.
 *
 * Revalidating: same content hash, the held body is served with the fresh metadata; another hash,
 * the body is read again; gone, the entry is dropped. Concurrent reads of one key share one head
 * and one get (request coalescing), so a burst of CDN misses after a purge costs storage one round
 * trip. Immutable objects (hashed assets) are never revalidated while held.
 *
 * When storage fails while revalidating, the held copy is served (and counted as `stale`): the
 * edge stays up through a storage blip for the pages readers are actually reading.
 *
 * Absent keys: every page request also reads the page's redirect record, which almost never exists
 * (page-store.ts); a CPU profile of the edge serving a hot article showed that miss, a failed open per
 * request, as the largest storage cost once the page itself was fresh. So a key storage did not
 * have is remembered as absent (at most MAX_ABSENT_KEYS, the oldest forgotten first) under the
 * same rule as a held object: until announced while listening, else for `freshMs` (with F = 0,
 * not at all).
 */
import type { Logger } from '../../core/logger.js';
import type { ObjectMeta, ObjectStore, StoredObject } from '../../core/storage/types.js';
import { etagFor } from '../../core/storage/types.js';
import { storageFailure } from '../stored-response.js';
import { compressBody, type ContentCoding } from './compression.js';

export interface HotCacheSettings {
  /** Most bytes held (plain and compressed bodies together); 0 turns the cache off. Default 64 MiB. */
  maxBytes: number;
  /** Largest single object held. Default 2 MiB (or maxBytes / 4 when smaller). */
  maxEntryBytes?: number;
  /** While not listening: how long a validated object is served without asking storage again. Default 0 (ADR 0011). */
  freshMs: number;
  /**
   * While listening: the longest an object is served on announcements alone before storage is
   * asked again. A safety net for a write nobody announced (a writer outside the pipeline);
   * default 60 s (ADR 0028).
   */
  trustMs: number;
}

export const HOT_CACHE_DEFAULTS: HotCacheSettings = { maxBytes: 64 * 1024 * 1024, freshMs: 0, trustMs: 60_000 };

/** Most keys remembered as absent; the oldest is forgotten first. */
export const MAX_ABSENT_KEYS = 10_000;

/**
 * How a read that found an object was answered, for the metrics (newsroom_edge_hot_cache_lookups_total):
 * `hit` from memory with no storage call, `revalidated` the held body confirmed by a metadata
 * read, `miss` read from storage, `stale` storage failed and the held copy was served.
 */
export type HotCacheResult = 'hit' | 'revalidated' | 'miss' | 'stale';
export const HOT_CACHE_RESULTS: readonly HotCacheResult[] = ['hit', 'revalidated', 'miss', 'stale'];

export interface HotCacheOptions extends Partial<HotCacheSettings> {
  store: ObjectStore;
  /** The clock (ms); Date.now when omitted. */
  now?: () => number;
  /** Called once per read that found an object. */
  onLookup?: (result: HotCacheResult) => void;
  /** Storage failures that a held copy covered are logged here. */
  logger?: Logger;
}

export interface ReadOptions {
  /** The object's bytes never change under its key (hashed assets): no revalidation while held. */
  immutable?: boolean;
}

/** A stored object as the edge serves it: its metadata and its body in any content coding. */
export interface CachedObject {
  readonly object: StoredObject;
  /** The body in a coding; compressed bodies of a held object are computed once and kept. */
  body(coding: ContentCoding): Promise<Buffer>;
}

export interface ObjectReader {
  read(key: string, options?: ReadOptions): Promise<CachedObject | null>;
  /** Bytes and entries held (metrics, tests). */
  stats(): { bytes: number; entries: number };
  clear(): void;
}

/** The hot cache: a reader that can also be told about writes (edge-router/write-announcements.ts). */
export interface HotCache extends ObjectReader {
  /**
   * Keys a writer announced: each is revalidated at its next request, and a read of it in flight
   * is neither trusted nor joined. Returns how many held objects or absent keys it touched.
   */
  invalidate(keys: readonly string[]): number;
  /**
   * Whether announcements are heard. Each change starts a new epoch: nothing confirmed before it
   * is served without asking storage again.
   */
  setListening(listening: boolean): void;
  listening(): boolean;
}

interface Entry {
  object: StoredObject;
  etag: string;
  validatedAt: number;
  /** The listening epoch the object was confirmed in, or null when it was not confirmed while listening. */
  trustedIn: number | null;
  bytes: number;
  held: boolean;
  encoded: Map<ContentCoding, Promise<Buffer>>;
}

interface Absent {
  at: number;
  trustedIn: number | null;
}

/** One storage read of a key, shared by the requests that arrive while it runs. */
interface Load {
  promise: Promise<CachedObject | null>;
  /** The epoch it started in while listening, else null: what it confirms is trusted only then. */
  startedIn: number | null;
  /** An announcement named the key while it ran: what it read may predate the write. */
  invalidated: boolean;
}

function sameObject(meta: ObjectMeta, etag: string): boolean {
  return etagFor(meta.contentHash) === etag;
}

export function createHotCache(options: HotCacheOptions): HotCache {
  const { store } = options;
  const maxBytes = options.maxBytes ?? HOT_CACHE_DEFAULTS.maxBytes;
  const maxEntryBytes = options.maxEntryBytes ?? Math.min(2 * 1024 * 1024, Math.floor(maxBytes / 4));
  const freshMs = options.freshMs ?? HOT_CACHE_DEFAULTS.freshMs;
  const trustMs = options.trustMs ?? HOT_CACHE_DEFAULTS.trustMs;
  const now = options.now ?? Date.now;
  const onLookup = options.onLookup ?? (() => undefined);
  const logger = options.logger;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Load>();
  const absent = new Map<string, Absent>();
  let bytes = 0;
  let listening = false;
  let epoch = 0;

  /** Whether something confirmed at `at` in epoch `trustedIn` may be served without asking storage. */
  function fresh(at: number, trustedIn: number | null): boolean {
    const age = now() - at;
    if (listening && trustedIn === epoch && age < trustMs) return true;
    return age < freshMs;
  }

  /** The epoch a finished load may mark what it confirmed with: its own, if nothing changed since. */
  function trustFor(load: Load): number | null {
    return listening && load.startedIn === epoch && !load.invalidated ? epoch : null;
  }

  function rememberAbsent(key: string, trustedIn: number | null): void {
    if (maxBytes <= 0 || (freshMs <= 0 && trustedIn === null)) return;
    absent.delete(key);
    absent.set(key, { at: now(), trustedIn });
    if (absent.size > MAX_ABSENT_KEYS) {
      const oldest = absent.keys().next().value;
      if (oldest !== undefined) absent.delete(oldest);
    }
  }

  function drop(key: string): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    entry.held = false;
    bytes -= entry.bytes;
  }

  function evictFor(keep: Entry): void {
    for (const [key, entry] of entries) {
      if (bytes <= maxBytes) return;
      if (entry !== keep) drop(key);
    }
  }

  function touch(key: string, entry: Entry): void {
    entries.delete(key);
    entries.set(key, entry);
  }

  function view(entry: Entry): CachedObject {
    return {
      object: entry.object,
      body(coding) {
        if (coding === 'identity') return Promise.resolve(entry.object.body);
        const done = entry.encoded.get(coding);
        if (done !== undefined) return done;
        const started = compressBody(entry.object.body, coding).then((compressed) => {
          // Counted only while the entry is held and the total stays within the bound.
          if (entry.held) {
            if (bytes + compressed.length > maxBytes || entry.bytes + compressed.length > maxEntryBytes * 2) {
              entry.encoded.delete(coding);
            } else {
              entry.bytes += compressed.length;
              bytes += compressed.length;
            }
          }
          return compressed;
        });
        // A failed compression is not kept: the next request tries again.
        started.catch(() => entry.encoded.delete(coding));
        entry.encoded.set(coding, started);
        return started;
      },
    };
  }

  /** An object that is not held: compressed per request. */
  function passThrough(object: StoredObject): CachedObject {
    return { object, body: (coding) => (coding === 'identity' ? Promise.resolve(object.body) : compressBody(object.body, coding)) };
  }

  function remember(key: string, object: StoredObject, trustedIn: number | null): CachedObject {
    drop(key);
    const entry: Entry = { object, etag: etagFor(object.meta.contentHash), validatedAt: now(), trustedIn, bytes: object.body.length, held: false, encoded: new Map() };
    if (maxBytes <= 0 || object.body.length > maxEntryBytes) return passThrough(object);
    entry.held = true;
    entries.set(key, entry);
    bytes += entry.bytes;
    evictFor(entry);
    return view(entry);
  }

  async function get(key: string): Promise<StoredObject | null> {
    try {
      return await store.get(key);
    } catch (error) {
      throw storageFailure(error, key, store.driver);
    }
  }

  /**
   * Reads or revalidates `key`. A load an announcement overtook (`load.invalidated`) hands its
   * answer to the requests that joined it but changes nothing held: a newer read decides.
   */
  async function load(key: string, state: Load): Promise<CachedObject | null> {
    const entry = entries.get(key);
    const current = () => !state.invalidated;
    if (entry === undefined) {
      const object = await get(key);
      if (object === null) {
        if (current()) rememberAbsent(key, trustFor(state));
        return null;
      }
      onLookup('miss');
      if (!current()) return passThrough(object);
      absent.delete(key);
      return remember(key, object, trustFor(state));
    }
    let meta: ObjectMeta | null;
    try {
      meta = await store.head(key);
    } catch (error) {
      onLookup('stale');
      logger?.warn({ key, error }, 'storage failed while revalidating a held object; serving the held copy');
      return view(entry);
    }
    if (meta === null) {
      if (current()) {
        drop(key);
        rememberAbsent(key, trustFor(state));
      }
      return null;
    }
    if (sameObject(meta, entry.etag)) {
      onLookup('revalidated');
      if (!current() || !entry.held) return passThrough({ ...entry.object, meta });
      // Same bytes; the metadata (cache policy, surrogate keys) may still have changed.
      entry.object = { ...entry.object, meta };
      entry.validatedAt = now();
      entry.trustedIn = trustFor(state);
      touch(key, entry);
      return view(entry);
    }
    let object: StoredObject | null;
    try {
      object = await get(key);
    } catch (error) {
      onLookup('stale');
      logger?.warn({ key, error }, 'storage failed while reading a changed object; serving the held copy');
      return view(entry);
    }
    if (object === null) {
      if (current()) {
        drop(key);
        rememberAbsent(key, trustFor(state));
      }
      return null;
    }
    onLookup('miss');
    return current() ? remember(key, object, trustFor(state)) : passThrough(object);
  }

  return {
    read(key, readOptions = {}) {
      const entry = entries.get(key);
      if (entry !== undefined && (readOptions.immutable === true || fresh(entry.validatedAt, entry.trustedIn))) {
        touch(key, entry);
        onLookup('hit');
        return Promise.resolve(view(entry));
      }
      const absentSince = entry === undefined ? absent.get(key) : undefined;
      if (absentSince !== undefined) {
        if (fresh(absentSince.at, absentSince.trustedIn)) return Promise.resolve(null);
        absent.delete(key);
      }
      const pending = inFlight.get(key);
      if (pending !== undefined) return pending.promise;
      const state: Load = { promise: Promise.resolve(null), startedIn: listening ? epoch : null, invalidated: false };
      state.promise = load(key, state).finally(() => {
        if (inFlight.get(key) === state) inFlight.delete(key);
      });
      inFlight.set(key, state);
      return state.promise;
    },
    invalidate(keys) {
      let touched = 0;
      for (const key of keys) {
        const entry = entries.get(key);
        if (entry !== undefined) {
          // Revalidated at its next request, in either mode (the freshMs window too).
          entry.trustedIn = null;
          entry.validatedAt = Number.NEGATIVE_INFINITY;
          touched += 1;
        }
        if (absent.delete(key)) touched += 1;
        const pending = inFlight.get(key);
        if (pending !== undefined) {
          pending.invalidated = true;
          inFlight.delete(key);
        }
      }
      return touched;
    },
    setListening(on) {
      if (on === listening) return;
      listening = on;
      epoch += 1;
    },
    listening: () => listening,
    stats: () => ({ bytes, entries: entries.size }),
    clear() {
      for (const key of [...entries.keys()]) drop(key);
      absent.clear();
    },
  };
}
