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

const PRINTABLE = /^[\x20-\x7E]*$/;
const TOKEN = /^[\x21-\x7E]+$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** `Date.prototype.toISOString`'s form, the one every writer uses for renderedAt. */
const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function isHeaderText(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max && PRINTABLE.test(value);
}

function isIntIn(value: unknown, min: number, max: number): value is number {
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
}

/**
 * The metadata every writer produces, recognised without zod: a strict subset of what
 * objectMetaSchema accepts (renderedAt only in toISOString's form, and only a real instant), checked
 * in plain loops. A publish validates a few hundred surrogate keys per page, and zod's per-element
 * work was about 1.3% of a worker's CPU in a full publish (issue 17). Anything this does not
 * recognise goes to objectMetaSchema, which accepts it or names what is wrong; meta.test.ts checks
 * that nothing is recognised here that the schema refuses.
 */
function wellFormedMeta(data: unknown): ObjectMeta | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const meta = data as Record<keyof ObjectMeta, unknown>;
  const { surrogateKeys, renderedAt, contentHash: hash, jobId, status, fence } = meta;
  if (!isHeaderText(meta.contentType, 1, 200) || !isHeaderText(meta.cacheControl, 1, 500) || !isHeaderText(meta.reason, 1, 100)) return undefined;
  if (typeof hash !== 'string' || !SHA256_HEX.test(hash)) return undefined;
  if (typeof renderedAt !== 'string' || !ISO_UTC_MS.test(renderedAt)) return undefined;
  const instant = new Date(renderedAt);
  if (Number.isNaN(instant.getTime()) || instant.toISOString() !== renderedAt) return undefined;
  if (!Array.isArray(surrogateKeys) || surrogateKeys.length > 2000) return undefined;
  for (const surrogateKey of surrogateKeys as unknown[]) {
    if (typeof surrogateKey !== 'string' || surrogateKey.length > 256 || !TOKEN.test(surrogateKey)) return undefined;
  }
  if (jobId !== undefined && !isHeaderText(jobId, 1, 200)) return undefined;
  if (status !== undefined && !isIntIn(status, 100, 599)) return undefined;
  if (fence !== undefined && !isIntIn(fence, 0, Number.MAX_SAFE_INTEGER)) return undefined;
  // The known fields only, as the schema's parse returns them.
  const known: ObjectMeta = { contentType: meta.contentType, cacheControl: meta.cacheControl, surrogateKeys: [...(surrogateKeys as string[])], contentHash: hash, renderedAt, reason: meta.reason };
  if (jobId !== undefined) known.jobId = jobId;
  if (status !== undefined) known.status = status;
  if (fence !== undefined) known.fence = fence;
  return known;
}

/** Parses metadata read back from storage; throws STORED_OBJECT_CORRUPT naming the key. */
export function parseStoredMeta(data: unknown, key: string): ObjectMeta {
  const known = wellFormedMeta(data);
  if (known !== undefined) return known;
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
  let checked = wellFormedMeta(meta);
  if (checked === undefined) {
    const result = objectMetaSchema.safeParse(meta);
    if (!result.success) {
      throw new PlatformError('OBJECT_META_INVALID', `Refusing to store ${key}: ${z.prettifyError(result.error)}`, { details: { key } });
    }
    checked = result.data;
  }
  // Hashed once: the writer (writeIfChanged) hashed these same bytes to fill in contentHash.
  if (contentHashOnce(body) !== checked.contentHash) {
    throw new PlatformError('OBJECT_META_INVALID', `Refusing to store ${key}: contentHash is not the sha256 of the body`, {
      details: { key },
    });
  }
  return checked;
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
