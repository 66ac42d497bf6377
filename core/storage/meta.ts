/**
 * Validation of object metadata, shared by the drivers: on write (a writer bug is refused with
 * OBJECT_META_INVALID before anything is stored) and on read (stored metadata is untrusted data at
 * the boundary; anything malformed is STORED_OBJECT_CORRUPT).
 *
 * Every field ends up in an HTTP header somewhere (Content-Type, Cache-Control, Surrogate-Key at
 * the edge, x-amz-meta-* in S3), so strings must be printable ASCII, and a surrogate key is one
 * header token (no spaces: the Surrogate-Key header is space-separated).
 */
import { z } from 'zod';
import { PlatformError } from '../errors.js';
import { etagFor, type ObjectMeta, type StoredObject } from './types.js';
import { contentHash, contentHashOnce } from './write.js';

const headerText = z.string().regex(/^[\x20-\x7E]*$/, 'must be printable ASCII');

export const objectMetaSchema = z.object({
  contentType: headerText.min(1).max(200),
  cacheControl: headerText.min(1).max(500),
  surrogateKeys: z.array(z.string().regex(/^[\x21-\x7E]+$/, 'must be printable ASCII without spaces').max(256)).max(2000),
  contentHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 hex digest'),
  renderedAt: z.iso.datetime({ offset: true }),
  reason: headerText.min(1).max(100),
  jobId: headerText.min(1).max(200).optional(),
  status: z.number().int().min(100).max(599).optional(),
  fence: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** Parses metadata read back from storage; throws STORED_OBJECT_CORRUPT naming the key. */
export function parseStoredMeta(data: unknown, key: string): ObjectMeta {
  const result = objectMetaSchema.safeParse(data);
  if (result.success) return result.data;
  throw new PlatformError('STORED_OBJECT_CORRUPT', `Stored object ${key} has malformed metadata: ${z.prettifyError(result.error)}`, {
    details: { key },
  });
}

/**
 * Checks what a writer passes to `put`: valid metadata whose contentHash is the body's hash (the
 * hash is what `writeIfChanged` compares and what readers verify, so a wrong one is a bug).
 */
export function checkPutMeta(key: string, body: Buffer, meta: ObjectMeta): ObjectMeta {
  const result = objectMetaSchema.safeParse(meta);
  if (!result.success) {
    throw new PlatformError('OBJECT_META_INVALID', `Refusing to store ${key}: ${z.prettifyError(result.error)}`, { details: { key } });
  }
  // Hashed once: the writer (writeIfChanged) hashed these same bytes to fill in contentHash.
  if (contentHashOnce(body) !== result.data.contentHash) {
    throw new PlatformError('OBJECT_META_INVALID', `Refusing to store ${key}: contentHash is not the sha256 of the body`, {
      details: { key },
    });
  }
  return result.data;
}

/**
 * Builds the StoredObject a `get` returns after checking the body against its recorded hash, so a
 * torn, truncated or bit-rotted object is never served as if it were good.
 */
export function verifiedObject(key: string, body: Buffer, meta: ObjectMeta): StoredObject {
  if (contentHash(body) !== meta.contentHash) {
    throw new PlatformError('STORED_OBJECT_CORRUPT', `Stored object ${key} does not match its content hash`, { details: { key } });
  }
  return { body, meta, etag: etagFor(meta.contentHash) };
}
