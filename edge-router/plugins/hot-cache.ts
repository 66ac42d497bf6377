/**
 * An in-process cache of hot stored objects (issue 6, "Serving"; ADR 0011): a popular page, the
 * 404 page and the bundle assets are kept in memory with their compressed bodies, so they are not
 * read from object storage, nor compressed, on every request.
 *
 * Bounded by bytes: at most `maxBytes` of bodies (plain plus compressed) are held, the least
 * recently used dropped first; an object larger than `maxEntryBytes` is never held. Keys come from
 * core/storage/keys.ts only (valid paths), so a hostile client can churn the cache but not grow it.
 *
 * Freshness: a held object is revalidated by a metadata read (`store.head`, no body) before it is
 * served, unless it was validated less than `freshMs` ago (default 0: always). Same content hash:
 * the held body is served with the fresh metadata. Another hash: the body is read again. Gone: the
 * entry is dropped. Concurrent reads of one key share one head and one get (request coalescing),
 * so a burst of CDN misses after a purge costs storage one round trip.
 *
 * The bound on serving an old page (ADR 0011): with `freshMs` 0, a request that starts after a
 * write has completed gets the new page; with `freshMs` F, within F ms of the write. F > 0 also
 * lets a CDN that refetches right after the purge re-cache the old page until its s-maxage, which
 * is why the default is 0. Immutable objects (hashed assets) are never revalidated while held.
 *
 * When storage fails while revalidating, the held copy is served (and counted as `stale`): the
 * edge stays up through a storage blip for the pages readers are actually reading.
 *
 * Absent keys: with `freshMs` F > 0, a key storage did not have is remembered as absent for F ms
 * (at most MAX_ABSENT_KEYS of them), under the same bound as a held object. Every page request
 * also reads the page's redirect record, which almost never exists (page-store.ts); a profile of
 * a hot article (issue 9) showed that miss, a failed open per request, as the largest storage
 * cost once the page itself was fresh. With F = 0 (the default) nothing is remembered.
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
  /** How long a validated object is served without asking storage again. Default 0 (ADR 0011). */
  freshMs: number;
}

export const HOT_CACHE_DEFAULTS: HotCacheSettings = { maxBytes: 64 * 1024 * 1024, freshMs: 0 };

/** Most keys remembered as absent (freshMs > 0); the oldest is forgotten first. */
export const MAX_ABSENT_KEYS = 10_000;

/** How a read was answered, for the metrics (newsroom_edge_hot_cache_lookups_total). */
export type HotCacheResult = 'hit' | 'miss' | 'stale';

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

interface Entry {
  object: StoredObject;
  etag: string;
  validatedAt: number;
  bytes: number;
  held: boolean;
  encoded: Map<ContentCoding, Promise<Buffer>>;
}

function sameObject(meta: ObjectMeta, etag: string): boolean {
  return etagFor(meta.contentHash) === etag;
}

export function createHotCache(options: HotCacheOptions): ObjectReader {
  const { store } = options;
  const maxBytes = options.maxBytes ?? HOT_CACHE_DEFAULTS.maxBytes;
  const maxEntryBytes = options.maxEntryBytes ?? Math.min(2 * 1024 * 1024, Math.floor(maxBytes / 4));
  const freshMs = options.freshMs ?? HOT_CACHE_DEFAULTS.freshMs;
  const now = options.now ?? Date.now;
  const onLookup = options.onLookup ?? (() => undefined);
  const logger = options.logger;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CachedObject | null>>();
  /** Key -> when storage last said it had no such object (only when freshMs > 0). */
  const absent = new Map<string, number>();
  let bytes = 0;

  function rememberAbsent(key: string): void {
    if (freshMs <= 0) return;
    absent.delete(key);
    absent.set(key, now());
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

  function remember(key: string, object: StoredObject): CachedObject {
    drop(key);
    const entry: Entry = { object, etag: etagFor(object.meta.contentHash), validatedAt: now(), bytes: object.body.length, held: false, encoded: new Map() };
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

  async function load(key: string): Promise<CachedObject | null> {
    const entry = entries.get(key);
    if (entry === undefined) {
      const object = await get(key);
      if (object === null) {
        rememberAbsent(key);
        return null;
      }
      absent.delete(key);
      onLookup('miss');
      return remember(key, object);
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
      drop(key);
      rememberAbsent(key);
      return null;
    }
    if (sameObject(meta, entry.etag)) {
      // Same bytes; the metadata (cache policy, surrogate keys) may still have changed.
      entry.object = { ...entry.object, meta };
      entry.validatedAt = now();
      touch(key, entry);
      onLookup('hit');
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
      drop(key);
      rememberAbsent(key);
      return null;
    }
    onLookup('miss');
    return remember(key, object);
  }

  return {
    read(key, readOptions = {}) {
      const entry = entries.get(key);
      if (entry !== undefined && (readOptions.immutable === true || now() - entry.validatedAt < freshMs)) {
        touch(key, entry);
        onLookup('hit');
        return Promise.resolve(view(entry));
      }
      const absentSince = entry === undefined ? absent.get(key) : undefined;
      if (absentSince !== undefined) {
        if (now() - absentSince < freshMs) return Promise.resolve(null);
        absent.delete(key);
      }
      const pending = inFlight.get(key);
      if (pending !== undefined) return pending;
      const started = load(key).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
    stats: () => ({ bytes, entries: entries.size }),
    clear() {
      for (const key of [...entries.keys()]) drop(key);
      absent.clear();
    },
  };
}
