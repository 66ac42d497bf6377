/**
 * Content hashing and the skip-if-unchanged write (docs/architecture.md, "The path of a change",
 * step 5: an object whose content hash and serving metadata are unchanged is not written or purged).
 *
 * Every write here is conditional (ADR 0023): it names the version it read, so a write by another
 * process between the read and the write is never overwritten blind; the write then reads again
 * and decides again. With a `guard` (the page fence, core/page-fence.ts), the guard runs with the
 * write too, atomically with it on the filesystem driver.
 */
import { createHash } from 'node:crypto';
import { isPlatformError, PlatformError } from '../errors.js';
import { timeSync } from '../phase-timer.js';
import type { ObjectMeta, ObjectStat, ObjectStore, WriteCondition } from './types.js';

/**
 * The hash contentHash computed for each Buffer, so that `put` (core/storage/meta.ts
 * checkPutMeta) does not hash the same bytes a second time. Buffers handed to storage are not
 * changed after they are hashed (writeIfChanged hashes the bytes it then puts).
 */
const hashedBuffers = new WeakMap<Buffer, string>();

/** sha256 hex of the body. Over the bytes only: `renderedAt` changes on every render. */
export function contentHash(body: Buffer | string): string {
  const hash = timeSync('hash', () => createHash('sha256').update(body).digest('hex')); // bench phase timer (core/phase-timer.ts)
  if (typeof body !== 'string') hashedBuffers.set(body, hash);
  return hash;
}

/** contentHash of `body`, computed once per Buffer (see hashedBuffers). */
export function contentHashOnce(body: Buffer): string {
  return hashedBuffers.get(body) ?? contentHash(body);
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
  /**
   * The page fence's admission (core/page-fence.ts pageFenceGate), checked again as the write
   * lands (WriteCondition.guard): false reports the write `stale`, because a render holding a
   * higher token was admitted meanwhile, even one whose bytes were unchanged.
   */
  guard?: () => Promise<boolean>;
  /**
   * The writer believes the key holds no object (publishPage: the page's first admitted render,
   * core/page-fence.ts 'first'). The first attempt then skips the read and writes create-only
   * (`ifVersion: null`), without `beforeWrite`: a create replaces nothing. When an object is there
   * after all, storage refuses the create and the write reads and decides as usual, `beforeWrite`
   * included. Saves a read per object on a page's first publish (on S3, a HEAD answered 404).
   */
  expectAbsent?: boolean;
}

/**
 * Conditional writes a key may need before one lands: each retry means another process wrote the
 * key between this one's read and write, so a handful is already an unusual fight.
 */
export const CONDITIONAL_WRITE_ATTEMPTS = 5;

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
 * With `meta.fence`, a stored object with a higher fence is left alone and reported `stale`; so is
 * every write the `guard` refuses. The write names the version it read: when another process
 * wrote the key meanwhile, the object is read again and the decision made again; when what is
 * read then is this very write (storage carried out a request whose answer was lost), it counts
 * as written (isOwnWrite).
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
  let calledBeforeWrite = false;
  /** A put of these bytes was sent and answered version-changed (see isOwnWrite). */
  let refused = false;
  for (let attempt = 1; ; attempt += 1) {
    if (attempt === 1 && options.expectAbsent === true) {
      const created = await store.put(key, bytes, full, { ifVersion: null, ...(options.guard ? { guard: options.guard } : {}) });
      if (created === 'written') return { written: true, contentHash: hash };
      if (created === 'fenced') return { written: false, contentHash: hash, stale: true };
      refused = true;
      continue;
    }
    const { stored, condition } = await readForWrite(store, key, options.guard);
    if (refused && stored !== null && isOwnWrite(stored, full)) return { written: true, contentHash: hash };
    if (isStaleWrite(stored, full.fence)) return { written: false, contentHash: hash, stale: true };
    if (stored && stored.contentHash === hash && servedTheSame(stored, full)) {
      return { written: false, contentHash: hash };
    }
    if (!calledBeforeWrite) {
      calledBeforeWrite = true;
      // A write the guard refuses must not leave a kept version behind either.
      if (options.beforeWrite && options.guard && !(await options.guard())) return { written: false, contentHash: hash, stale: true };
      await options.beforeWrite?.(stored);
    }
    const outcome = await store.put(key, bytes, full, condition);
    if (outcome === 'written') return { written: true, contentHash: hash };
    if (outcome === 'fenced') return { written: false, contentHash: hash, stale: true };
    refused = true;
    if (attempt >= CONDITIONAL_WRITE_ATTEMPTS) throw keptChanging(key, 'write');
  }
}

export type FencedDeleteResult = 'deleted' | 'absent' | 'stale';

/**
 * Deletes `key` unless the stored object carries a higher fence than `fence` (or the guard
 * refuses), conditionally on the version read, as writeIfChanged writes. `beforeDelete` runs once,
 * just before the first delete is sent (publishPage keeps the previous version there).
 */
export async function deleteUnlessNewer(
  store: ObjectStore,
  key: string,
  fence: number | undefined,
  options: { guard?: () => Promise<boolean>; beforeDelete?: () => Promise<void> } = {},
): Promise<FencedDeleteResult> {
  let calledBefore = false;
  /** A delete was sent and answered version-changed: gone now, it may well have been this one's. */
  let refused = false;
  for (let attempt = 1; ; attempt += 1) {
    const { stored, condition } = await readForWrite(store, key, options.guard);
    // A corrupt object reads as null: it is removed like any other.
    if (stored === null && condition.ifVersion === null) return refused ? 'deleted' : 'absent';
    if (isStaleWrite(stored, fence)) return 'stale';
    if (!calledBefore) {
      calledBefore = true;
      if (options.beforeDelete && options.guard && !(await options.guard())) return 'stale';
      await options.beforeDelete?.();
    }
    const outcome = await store.delete(key, condition);
    if (outcome === 'written') return 'deleted';
    if (outcome === 'fenced') return 'stale';
    refused = true;
    if (attempt >= CONDITIONAL_WRITE_ATTEMPTS) throw keptChanging(key, 'delete');
  }
}

/** The stored metadata (null when there is none or it is unreadable) and the condition a write must carry. */
async function readForWrite(
  store: ObjectStore,
  key: string,
  guard: (() => Promise<boolean>) | undefined,
): Promise<{ stored: ObjectMeta | null; condition: WriteCondition }> {
  let stat: ObjectStat | null;
  try {
    stat = await store.stat(key);
  } catch (error) {
    if (!isPlatformError(error, 'STORED_OBJECT_CORRUPT')) throw error;
    // Unreadable: replaced whatever version it is (the guard still applies).
    return { stored: null, condition: guard ? { guard } : {} };
  }
  return { stored: stat?.meta ?? null, condition: { ifVersion: stat?.version ?? null, ...(guard ? { guard } : {}) } };
}

function keptChanging(key: string, operation: string): PlatformError {
  return new PlatformError('STORAGE_FAILED', `${key} changed under each of ${CONDITIONAL_WRITE_ATTEMPTS} conditional ${operation}s; giving up for now`, {
    // Contention, not an outage: storage answered, another writer was first (render-workers/storage-breaker.ts).
    details: { key, operation, contention: true },
  });
}

/**
 * Whether the stored object is this very write: the same bytes with the same render bookkeeping
 * (time, reason, job, fence). A write the driver retried after storage had stored it, its answer
 * lost on the way (a connection reset), is refused on the retry, since the version it names is no
 * longer there. Read again, the key holds the write itself, and it must count as written: its
 * caller purges the CDN for written keys only, so reporting it unchanged would leave the CDN
 * serving the page it replaced. A delete is the same: gone after a refused delete, the object is
 * reported deleted. At worst an object another writer stored alike, or deleted, is purged once
 * more.
 */
function isOwnWrite(stored: ObjectMeta, written: ObjectMeta): boolean {
  return (
    stored.contentHash === written.contentHash &&
    stored.renderedAt === written.renderedAt &&
    stored.reason === written.reason &&
    stored.jobId === written.jobId &&
    stored.fence === written.fence &&
    servedTheSame(stored, written)
  );
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
