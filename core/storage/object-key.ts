/**
 * Key rules every ObjectStore driver enforces before it touches storage. Keys are built by
 * `keys.ts`; this is defence in depth (docs/architecture.md, "Storage keys": no upstream id or
 * request path can name a key outside its site's prefix), so a driver refuses anything keys.ts could never produce
 * instead of trusting its caller. Both drivers apply the same rules, so they accept the same keys.
 */
import { PlatformError } from '../errors.js';

export const OBJECT_KEY_LIMITS = {
  /** S3's own limit on a key, in bytes (keys are ASCII here, so characters). */
  maxLength: 1024,
  /**
   * keys.ts allows 200-character path segments; the filesystem driver adds a suffix and a temp
   * name around a segment and must stay under the usual 255-byte file-name limit.
   */
  maxSegmentLength: 200,
} as const;

// The characters keys.ts produces: slug characters, no leading dot (so no ".", "..", hidden or
// temp files), no percent-escapes, no backslashes, "/" only as the separator.
const KEY_SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
const PREFIX_CHARS = /^[A-Za-z0-9._~/-]*$/;

export function isObjectKeySegment(segment: string): boolean {
  return segment.length <= OBJECT_KEY_LIMITS.maxSegmentLength && KEY_SEGMENT.test(segment);
}

/** Throws INVALID_PATH unless `key` is a well-formed object key. */
export function assertObjectKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > OBJECT_KEY_LIMITS.maxLength) {
    throw new PlatformError('INVALID_PATH', 'An object key must be a non-empty string of at most 1024 characters', {
      details: { key: typeof key === 'string' ? key.slice(0, 100) : typeof key },
    });
  }
  for (const segment of key.split('/')) {
    if (!isObjectKeySegment(segment)) {
      throw new PlatformError('INVALID_PATH', `Invalid object key segment ${JSON.stringify(segment.slice(0, 40))}`, {
        details: { key: key.slice(0, 100) },
      });
    }
  }
}

/**
 * Throws INVALID_PATH unless `prefix` is a usable list prefix: "" (everything), or complete valid
 * segments each followed by "/", optionally followed by the start of a segment ("news/pages/a").
 */
export function assertListPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== 'string' || prefix.length > OBJECT_KEY_LIMITS.maxLength || !PREFIX_CHARS.test(prefix)) {
    throw new PlatformError('INVALID_PATH', 'Invalid list prefix', {
      details: { prefix: typeof prefix === 'string' ? prefix.slice(0, 100) : typeof prefix },
    });
  }
  const complete = prefix.split('/').slice(0, -1);
  for (const segment of complete) {
    if (!isObjectKeySegment(segment)) {
      throw new PlatformError('INVALID_PATH', `Invalid list prefix segment ${JSON.stringify(segment.slice(0, 40))}`, {
        details: { prefix: prefix.slice(0, 100) },
      });
    }
  }
}
