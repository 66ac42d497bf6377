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
}

/**
 * Writes `body` unless the stored object has the same content hash.
 *
 * Besides the hash, the fields that decide how the object is *served* (content type, cache policy,
 * status, surrogate keys) must match too: otherwise a change of cache policy, or a page that now
 * depends on one more data key with identical HTML, would never reach storage. The render
 * bookkeeping (`renderedAt`, `reason`, `jobId`) changes every time and never forces a write.
 * A stored object that cannot be read (STORED_OBJECT_CORRUPT) is overwritten.
 */
export async function writeIfChanged(
  store: ObjectStore,
  key: string,
  body: Buffer | string,
  meta: Omit<ObjectMeta, 'contentHash'>,
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
  if (stored && stored.contentHash === hash && servedTheSame(stored, full)) {
    return { written: false, contentHash: hash };
  }
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
