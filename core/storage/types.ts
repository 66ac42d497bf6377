/**
 * The object-storage contract (docs/architecture.md, "Stored object metadata"). Two drivers implement it, S3 and the
 * local filesystem, and both pass `contract.ts`. Keys come from `keys.ts` only.
 */

/** What every stored object carries besides its bytes. */
export interface ObjectMeta {
  contentType: string;
  /** Cache-Control for the CDN and browsers, chosen by the writer (see cache-policy.ts). */
  cacheControl: string;
  /** CDN surrogate keys: the page's own key plus every data key it read. */
  surrogateKeys: string[];
  /** sha256 hex of the body; a write with the same hash is skipped. */
  contentHash: string;
  /** ISO time the content was rendered. */
  renderedAt: string;
  /** Why it was rendered: the render job's reason, or 'deploy' for assets. */
  reason: string;
  /** The render job that wrote it, when there was one. */
  jobId?: string;
  /** HTTP status to answer with (200 unless stated; the 404 page says 404). */
  status?: number;
  /**
   * The fencing token of the render that wrote it (core/page-fence.ts): a write carrying a lower
   * token than the stored one is refused, so a slow render never overwrites a newer one (ADR 0009).
   */
  fence?: number;
}

export interface StoredObject {
  body: Buffer;
  meta: ObjectMeta;
  /** Opaque version tag for conditional reads; derived from contentHash. */
  etag: string;
}

/** What `stat` returns: the metadata and the version a conditional write names. */
export interface ObjectStat {
  meta: ObjectMeta;
  /**
   * Opaque tag of the stored object: it changes whenever the body changes, and on drivers whose
   * versions follow metadata ('fs') whenever anything stored changes. S3 uses the ETag, which is
   * the MD5 of the body only (ADR 0023).
   */
  version: string;
}

/**
 * A conditional write (ADR 0023): the write lands only if the key still holds the version the
 * writer read, and the guard (the page fence's last check) still admits it.
 */
export interface WriteCondition {
  /** The version `stat` returned; null: only if the key holds no object; undefined: any. */
  ifVersion?: string | null;
  /**
   * Runs after the version matched, just before the write lands; false abandons the write. On
   * 'fs' a write that may replace an object runs it inside the key's write lock, so it is atomic
   * with the write across processes; a create (`ifVersion: null`) on 'fs', and every write on
   * 's3', runs it just before the write (S3 has no lock to hold it in; ADR 0052).
   */
  guard?: () => Promise<boolean>;
}

/**
 * How a write ended: 'written' (or deleted), 'version-changed' (the key no longer holds
 * `ifVersion`: read it again and decide again), 'fenced' (the guard refused).
 */
export type WriteOutcome = 'written' | 'version-changed' | 'fenced';

export interface ObjectStore {
  /** Driver name for logs and metrics ("s3", "fs"). */
  readonly driver: string;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The metadata only, or null when there is none. */
  head(key: string): Promise<ObjectMeta | null>;
  /**
   * The metadata and version, for a writer about to decide (writeIfChanged). On 'fs' it waits for
   * a conditional write of the key in progress in any process, so what it returns is settled.
   */
  stat(key: string): Promise<ObjectStat | null>;
  /**
   * Stores body and metadata together. Atomic for readers: a concurrent `get` sees the old object
   * or the new one, never a mix and never a partial body. With a condition, the write lands only
   * if it holds (see WriteCondition); without one it always lands and answers 'written'.
   */
  put(key: string, body: Buffer, meta: ObjectMeta, condition?: WriteCondition): Promise<WriteOutcome>;
  /**
   * Removes the object; removing a missing object is not an error. With a condition, as `put`
   * (a missing object with a version named is 'version-changed'; `ifVersion: null`, "only if
   * there is none", deletes nothing).
   */
  delete(key: string, condition?: WriteCondition): Promise<WriteOutcome>;
  /** Every key under a prefix, in lexicographic order. */
  list(prefix: string): AsyncIterable<string>;
  /** Releases sockets and handles. */
  close(): Promise<void>;
}

export function etagFor(contentHash: string): string {
  return `"${contentHash.slice(0, 32)}"`;
}
