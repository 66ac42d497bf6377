/**
 * Content hashing and the skip-if-unchanged write (DESIGN.md, "Object storage": "A write whose
 * content hash equals the stored one is skipped (no write, no purge)").
 */
import { createHash } from 'node:crypto';
import { isPlatformError } from '../errors.js';
import type { ObjectMeta, ObjectStore } from './types.js';

/** sha256 hex of the body. Over the bytes only: `renderedAt` changes on every render. */
export function contentHash(body: Buffer | string): string {
  return createHash('sha256').update(body).digest('hex');
}

export interface WriteResult {
  /** False when the stored object already had this content (the caller skips the CDN purge). */
  written: boolean;
  contentHash: string;
  /**
   * True when nothing was written because the stored object carries a higher fencing token than
   * this write (a newer render already wrote it, ADR 0009). `written` is false then.
   */
  stale?: boolean;
}

export interface WriteOptions {
  /**
   * Called once, just before the object is replaced (not when the write is skipped), with the
   * stored metadata or null: publishPage keeps the page's previous version here.
   */
  beforeWrite?: (stored: ObjectMeta | null) => Promise<void>;
}

/**
 * True when a write carrying `fence` must not replace an object stored with `stored.fence`:
 * both are known and the stored one is higher. A write or an object without a token is never
 * refused (writers from before fencing, asset deploys).
 */
export function isStaleWrite(stored: Pick<ObjectMeta, 'fence'> | null, fence: number | undefined): boolean {
  return stored?.fence !== undefined && fence !== undefined && stored.fence > fence;
}

/**
 * Writes `body` unless the stored object has the same content hash.
 *
 * Besides the hash, the fields that decide how the object is *served* (content type, cache policy,
 * status, surrogate keys) must match too: otherwise a change of cache policy, or a page that now
 * depends on one more data key with identical HTML, would never reach storage. The render
 * bookkeeping (`renderedAt`, `reason`, `jobId`, `fence`) changes every time and never forces a write.
 * A stored object that cannot be read (STORED_OBJECT_CORRUPT) is overwritten.
 *
 * With `meta.fence`, a stored object with a higher fence is left alone and reported `stale`.
 */
export async function writeIfChanged(
  store: ObjectStore,
  key: string,
  body: Buffer | string,
  meta: Omit<ObjectMeta, 'contentHash'>,
  options: WriteOptions = {},
): Promise<WriteResult> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const hash = contentHash(bytes);
  const full: ObjectMeta = { ...meta, contentHash: hash };
  let stored: ObjectMeta | null;
  try {
    stored = await store.head(key);
  } catch (error) {
    if (!isPlatformError(error, 'STORED_OBJECT_CORRUPT')) throw error;
    stored = null;
  }
  if (isStaleWrite(stored, full.fence)) return { written: false, contentHash: hash, stale: true };
  if (stored && stored.contentHash === hash && servedTheSame(stored, full)) {
    return { written: false, contentHash: hash };
  }
  await options.beforeWrite?.(stored);
  await store.put(key, bytes, full);
  return { written: true, contentHash: hash };
}

function servedTheSame(a: ObjectMeta, b: ObjectMeta): boolean {
  return (
    a.contentType === b.contentType &&
    a.cacheControl === b.cacheControl &&
    (a.status ?? 200) === (b.status ?? 200) &&
    sameSet(a.surrogateKeys, b.surrogateKeys)
  );
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((k) => right.has(k));
}
