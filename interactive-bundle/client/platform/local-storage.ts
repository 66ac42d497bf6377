/**
 * Local storage with expiry (spec 2 §3 "Local storage entry: value and optional expiry
 * timestamp"; §4 "An expired entry is removed on read and reads as missing"; §5 "Updating a missing
 * local-storage entry logs 'LocalStorage Item Not Found' and returns false. Storage availability is
 * tested by a write-and-delete probe"; §8 "unavailable storage logs a warning and returns false").
 *
 * Each entry is stored as JSON `{ value, expiry? }`, expiry in epoch milliseconds. A stored string
 * that is not such an entry (written by other code) reads as missing and is left alone. The clock
 * and the storage are parameters so the rules are unit-tested without a browser.
 */

/** Spec 2 §5, exactly. */
export const ITEM_NOT_FOUND_MESSAGE = 'LocalStorage Item Not Found';
export const STORAGE_UNAVAILABLE_MESSAGE = 'LocalStorage is not available';
const PROBE_KEY = '__storage_probe__';

export type StoredValue = string | number | boolean | null | StoredValue[] | { [key: string]: StoredValue };

/** The stored form (spec 2 §3). */
export interface StorageEntry {
  value: StoredValue;
  /** Epoch ms after which the entry is gone; none = never expires. */
  expiry?: number;
}

export interface ExpiringStorageOptions {
  /** Default: window.localStorage, read lazily (reading it can throw in a locked-down browser). */
  storage?: () => Storage;
  now?: () => number;
  /** Default: console. */
  logger?: Pick<Console, 'warn' | 'error'>;
}

/** A stored string as an entry, or null when it is not one. */
export function parseEntry(raw: string | null): StorageEntry | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !('value' in parsed)) return null;
  const { value, expiry } = parsed as { value: StoredValue; expiry?: unknown };
  if (expiry !== undefined && (typeof expiry !== 'number' || !Number.isFinite(expiry))) return null;
  return expiry === undefined ? { value } : { value, expiry };
}

export function isExpired(entry: StorageEntry, now: number): boolean {
  return entry.expiry !== undefined && entry.expiry <= now;
}

export interface ExpiringStorage {
  /** Write-and-delete probe (spec 2 §5). */
  isAvailable(): boolean;
  /** Stores `value`, expiring `ttlMs` from now when given; false when storage is unavailable. */
  set(key: string, value: StoredValue, ttlMs?: number): boolean;
  /** The value, or undefined when missing or expired (an expired entry is removed). */
  get(key: string): StoredValue | undefined;
  /** Replaces the value of an existing entry, keeping its expiry; false and a log when missing. */
  update(key: string, value: StoredValue): boolean;
  remove(key: string): boolean;
}

export function createExpiringStorage(options: ExpiringStorageOptions = {}): ExpiringStorage {
  const storageOf = options.storage ?? (() => window.localStorage);
  const now = options.now ?? Date.now;
  const logger = options.logger ?? console;

  const isAvailable = (): boolean => {
    try {
      const storage = storageOf();
      storage.setItem(PROBE_KEY, PROBE_KEY);
      storage.removeItem(PROBE_KEY);
      return true;
    } catch {
      return false;
    }
  };

  /** The storage, or null after logging the warning (spec 2 §8). */
  const usable = (): Storage | null => {
    if (isAvailable()) return storageOf();
    logger.warn(STORAGE_UNAVAILABLE_MESSAGE);
    return null;
  };

  const write = (storage: Storage, key: string, entry: StorageEntry): boolean => {
    try {
      storage.setItem(key, JSON.stringify(entry));
      return true;
    } catch (error) {
      // Quota exceeded, typically: a setter failure is a warning only (spec 1 §8, spec 2 §8).
      logger.warn(STORAGE_UNAVAILABLE_MESSAGE, error);
      return false;
    }
  };

  /** The live entry at key, removing it when expired. */
  const read = (storage: Storage, key: string): StorageEntry | null => {
    const entry = parseEntry(storage.getItem(key));
    if (entry === null) return null;
    if (isExpired(entry, now())) {
      storage.removeItem(key);
      return null;
    }
    return entry;
  };

  return {
    isAvailable,
    set(key, value, ttlMs) {
      const storage = usable();
      if (storage === null) return false;
      const entry: StorageEntry = ttlMs === undefined ? { value } : { value, expiry: now() + ttlMs };
      return write(storage, key, entry);
    },
    get(key) {
      const storage = usable();
      if (storage === null) return undefined;
      return read(storage, key)?.value;
    },
    update(key, value) {
      const storage = usable();
      if (storage === null) return false;
      const entry = read(storage, key);
      if (entry === null) {
        logger.error(ITEM_NOT_FOUND_MESSAGE);
        return false;
      }
      return write(storage, key, { ...entry, value });
    },
    remove(key) {
      const storage = usable();
      if (storage === null) return false;
      storage.removeItem(key);
      return true;
    },
  };
}
