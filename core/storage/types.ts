/**
 * The object-storage contract (DESIGN.md, "Object storage"). Two drivers implement it, S3 and the
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

export interface ObjectStore {
  /** Driver name for logs and metrics ("s3", "fs"). */
  readonly driver: string;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The metadata only, or null when there is none. */
  head(key: string): Promise<ObjectMeta | null>;
  /**
   * Stores body and metadata together. Atomic for readers: a concurrent `get` sees the old object
   * or the new one, never a mix and never a partial body.
   */
  put(key: string, body: Buffer, meta: ObjectMeta): Promise<void>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a prefix, in lexicographic order. */
  list(prefix: string): AsyncIterable<string>;
  /** Releases sockets and handles. */
  close(): Promise<void>;
}

export function etagFor(contentHash: string): string {
  return `"${contentHash.slice(0, 32)}"`;
}
