/**
 * Step 5 of the flow (docs/architecture.md "The path of a change"): write every rendered variant of one page to object storage, skipping
 * those whose content hash equals the stored one, then record the page's dependencies, announce its
 * keys and (given the worker's records) the render, in one Redis round trip (ADR 0030).
 *
 * Two guards, so editors can roll back and renders never go back in time (ADR 0009):
 * - Versions: just before the first variant of the page is replaced or deleted, every live variant
 *   is copied to the page's versions area (core/page-versions.ts), so an editor can roll back. A
 *   render that changes nothing copies nothing.
 * - Write order: with a `fence` (core/page-fence.ts, taken when the render started), an object
 *   stored by a render that started later is never replaced; those keys are reported `stale`, and
 *   the dependency index is left to the newer render. Across processes (ADR 0023) the render is
 *   first admitted in Redis (the page's mark rises to its token, or a higher token was admitted
 *   and every key is stale), and every write and delete is conditional on the version it read
 *   with the admission checked again as its guard; so a newer render whose bytes were unchanged
 *   still fences an older one out, and no write lands between another's check and write.
 *   Publishes of one page in this process also run one at a time.
 *
 * And one so a partial failure never makes a page worse (docs/architecture.md "Page kinds"): a `degraded` render (part of its data failed and the page says so, such as
 * a live event whose live blog failed) keeps a stored page that was not degraded: nothing is
 * written, every key is reported `kept`, and the stored page's dependencies stay. Degraded pages
 * carry the DEGRADED_SURROGATE_KEY, which is how a later degraded render tells them from good ones
 * (and how an operator finds them at the CDN).
 */
import type { DependencyIndex, PageRef } from '../core/dependency-index.js';
import { pageRefString } from '../core/dependency-index.js';
import { announcePageWrites } from '../core/page-announcements.js';
import { admitPageRender, pageFenceGate } from '../core/page-fence.js';
import type { PageRender } from '../core/page-status.js';
import { commitPageRender, type PageRenderRecords } from '../core/render-bookkeeping.js';
import { DEFAULT_KEEP_VERSIONS, pruneVersions, snapshotPage } from '../core/page-versions.js';
import { pageSurrogateKey as corePageSurrogateKey } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import { deleteUnlessNewer, writeIfChanged } from '../core/storage/write.js';
import { isVariantOfPage as isPageVariant } from './page-objects.js';

/** Surrogate key of every object a degraded render wrote (see the header). */
export const DEGRADED_SURROGATE_KEY = 'degraded';

export { HTML_CONTENT_TYPE } from './page-objects.js';

export interface RenderedObject {
  key: string;
  body: string | Buffer;
  contentType: string;
  cacheControl: string;
  status?: number;
}

export interface PublishInput {
  page: PageRef;
  objects: RenderedObject[];
  /** Data keys read while rendering; they become the page's surrogate keys too. */
  dataKeys: string[];
  /** Keys that must not exist after this render (a moved article's old variants, a stale redirect). */
  remove?: string[];
  reason: string;
  jobId?: string;
  /**
   * The render's fencing token (core/page-fence.ts `takePageFence`, taken before the render read
   * upstream). Stored with every object; an object stored with a higher token is left alone.
   * Without it, writes are not ordered (renders from before fencing).
   */
  fence?: number;
  /** Earlier versions kept per page; 0 keeps none. Default DEFAULT_KEEP_VERSIONS (10). */
  keepVersions?: number;
  /** Why the render is degraded (see the header): a stored good page is kept instead. */
  degraded?: string;
  /**
   * Content is at the path: the page's deletion record (DependencyIndex.markDeleted) no longer
   * applies. Deleted in the admission's round trip, just before it (where the renderer used to
   * delete it in a round trip of its own).
   */
  clearDeletion?: boolean;
  /**
   * The editors' records of this render (core/page-status.ts), written in the publish's one
   * bookkeeping round trip (core/render-bookkeeping.ts) when they live where the index does;
   * `PublishResult.recorded` says whether they were. The count of objects written, whether a good
   * page was kept, and the time are filled in here.
   */
  records?: { stores: PageRenderRecords; render: Omit<PageRender, 'at' | 'written' | 'kept'> };
}

export interface PublishResult {
  written: string[];
  unchanged: string[];
  /** Keys not written because a render that started later already wrote them (fence). */
  stale: string[];
  /** Keys not written because the render was degraded and a good page is stored (see the header). */
  kept: string[];
  surrogateKeys: string[];
  /** The version the previous live page was kept as, or null when nothing live was replaced. */
  previousVersion: string | null;
  /** Whether `input.records` were written (see PublishInput.records). */
  recorded: boolean;
}

/**
 * The page's own surrogate key, so the CDN can purge one page by name. Built in
 * core/storage/keys.ts (ingest purges it after a rollback); re-exported for the render side.
 */
export function pageSurrogateKey(page: PageRef): string {
  return corePageSurrogateKey(page);
}

/** The tail of the publishes queued per page in this process. */
const pending = new Map<string, Promise<unknown>>();

async function onePageAtATime<T>(page: PageRef, run: () => Promise<T>): Promise<T> {
  const id = pageRefString(page);
  const before = pending.get(id) ?? Promise.resolve();
  const mine = before.then(run, run);
  const tail = mine.catch(() => undefined);
  pending.set(id, tail);
  try {
    return await mine;
  } finally {
    if (pending.get(id) === tail) pending.delete(id);
  }
}

/** Whether any of the page's variant keys holds an object that a render which was not degraded wrote. */
async function storesGoodPage(store: ObjectStore, keys: string[]): Promise<boolean> {
  for (const key of keys) {
    const stored = await store.head(key);
    if (stored !== null && !stored.surrogateKeys.includes(DEGRADED_SURROGATE_KEY)) return true;
  }
  return false;
}

/**
 * Publishes one page, then records its dependencies and announces its keys to the edge routers'
 * hot caches (core/page-announcements.ts, ADR 0028), with the editors' records of the render when
 * given, in one Redis round trip (core/render-bookkeeping.ts, ADR 0030). Every key the publish
 * handled is announced, written or not: a worker killed between a write and its announcement
 * leaves the job to run again, and that run finds the bytes unchanged; announcing them anyway is
 * what makes the edge revalidate. A publish that failed part way announces what it may have
 * written (best effort) and fails as it would have; bookkeeping Redis refuses fails the job
 * (REDIS_UNAVAILABLE, retried). Old versions beyond the kept number are pruned after that round
 * trip, so readers never wait for the housekeeping (ADR 0040).
 */
export async function publishPage(store: ObjectStore, index: DependencyIndex, input: PublishInput): Promise<PublishResult> {
  const keys = [...input.objects.map((object) => object.key), ...(input.remove ?? [])];
  const { redis, prefix } = index.scope;
  return await onePageAtATime(input.page, async () => {
    let result: PublishResult;
    let prune: (() => Promise<void>) | undefined;
    try {
      ({ result, prune } = await publish(store, index, input));
    } catch (error) {
      await announcePageWrites(redis, prefix, keys).catch(() => undefined);
      throw error;
    }
    // Recorded after the writes: a page whose write failed keeps its previous dependencies, which
    // still describe what is stored. A stale render leaves them to the newer render that wrote,
    // and a degraded one that kept the good page leaves the good page's.
    const recordIndex = result.stale.length === 0 && result.kept.length === 0;
    const records = input.records;
    const { recorded } = await commitPageRender(
      index,
      {
        page: input.page,
        ...(recordIndex ? { dataKeys: input.dataKeys } : {}),
        announce: keys,
        clearFailure: records !== undefined,
        ...(records === undefined
          ? {}
          : { render: { at: new Date().toISOString(), ...records.render, written: result.written.length, kept: result.kept.length > 0 } }),
      },
      records?.stores,
    );
    // Old versions go once the new page is announced, off the way to the readers. Pruning never
    // fails a publish whose page is written: a later snapshot prunes again.
    await prune?.().catch(() => undefined);
    return { ...result, recorded };
  });
}

/** A publish's result, and the pruning of old versions left for after its announcement. */
interface Published {
  result: PublishResult;
  prune?: () => Promise<void>;
}

async function publish(store: ObjectStore, index: DependencyIndex, input: PublishInput): Promise<Published> {
  const { page, fence } = input;
  const surrogateKeys = [pageSurrogateKey(page), ...(input.degraded === undefined ? [] : [DEGRADED_SURROGATE_KEY]), ...[...new Set(input.dataKeys)].sort()];
  const renderedAt = new Date().toISOString();
  const keep = input.keepVersions ?? DEFAULT_KEEP_VERSIONS;
  const result: PublishResult = { written: [], unchanged: [], stale: [], kept: [], surrogateKeys, previousVersion: null, recorded: false };
  const { redis, prefix } = index.scope;
  const deletionRecord = input.clearDeletion === true ? [index.deletedKey(page)] : [];

  // Only the page's own variants are versioned (not the 404 page home writes, nor crawler files).
  const isVariantOfPage = (key: string): boolean => isPageVariant(page, key);
  if (input.degraded !== undefined && (await storesGoodPage(store, input.objects.map((object) => object.key).filter(isVariantOfPage)))) {
    if (deletionRecord.length > 0) await redis.del(...deletionRecord);
    result.kept = input.objects.map((object) => object.key);
    return { result };
  }

  // Admitted once before anything is read for writing, then checked again by every write. The
  // admission must stay a round trip of its own before the first storage read (ADR 0023, 0030): a
  // newer render is admitted before it reads, so no older write can land after its read.
  const guard = fence === undefined ? undefined : pageFenceGate(index.scope, page, fence);
  if (guard === undefined && deletionRecord.length > 0) await redis.del(...deletionRecord);
  const admission = fence === undefined ? undefined : await admitPageRender(redis, page, fence, prefix, { deleteFirst: deletionRecord });
  if (admission === 'refused') {
    result.stale = [...input.objects.map((object) => object.key), ...(input.remove ?? [])];
    return { result };
  }
  // The page's first admitted render: its objects are written create-only without a read first,
  // and with nothing live there is no version to keep (core/storage/write.ts `expectAbsent`; an
  // object that is there after all is read and decided on as usual). Removals still read first.
  const expectAbsent = admission === 'first';

  // The live page is kept as a version once, before the first of its variants is replaced or
  // deleted: every write or delete that will change a variant awaits the same snapshot. Only such
  // writes are given the hook: the guard checked before it (so a refused write keeps no version)
  // is a Redis round trip, wasted for a key that is not versioned.
  let snapshot: Promise<void> | undefined;
  const keepsVersion = (key: string): boolean => keep > 0 && isVariantOfPage(key);
  const keepPrevious = (): Promise<void> => {
    snapshot ??= (async () => {
      // Nothing has been replaced yet (the others wait for this), so this is the live page. Old
      // versions are pruned after the page is announced (publishPage), off the way to the readers.
      result.previousVersion = await snapshotPage(store, page, { keep, prune: false });
    })();
    return snapshot;
  };

  // A page's variants are independent objects: written concurrently (each conditional on the
  // version it read, with the fence as its guard), then the removals, so a path that changes kind
  // has its new page before the old variants go. Results are reported in the input's order.
  const writes = await settleAll(
    input.objects.map(async (object) => {
      const body = typeof object.body === 'string' ? Buffer.from(object.body, 'utf8') : object.body;
      return await writeIfChanged(
        store,
        object.key,
        body,
        {
          contentType: object.contentType,
          cacheControl: object.cacheControl,
          surrogateKeys,
          renderedAt,
          reason: input.reason,
          ...(input.jobId === undefined ? {} : { jobId: input.jobId }),
          ...(object.status === undefined ? {} : { status: object.status }),
          ...(fence === undefined ? {} : { fence }),
        },
        { ...(keepsVersion(object.key) ? { beforeWrite: keepPrevious } : {}), ...(guard ? { guard } : {}), ...(expectAbsent ? { expectAbsent } : {}) },
      );
    }),
  );
  input.objects.forEach((object, i) => {
    const write = writes[i];
    (write?.stale ? result.stale : write?.written ? result.written : result.unchanged).push(object.key);
  });
  const removals = input.remove ?? [];
  // Read first: a delete is a write (and a purge), so only what exists is removed.
  const removed = await settleAll(
    removals.map((key) => deleteUnlessNewer(store, key, fence, { ...(keepsVersion(key) ? { beforeDelete: keepPrevious } : {}), ...(guard ? { guard } : {}) })),
  );
  removals.forEach((key, i) => {
    if (removed[i] === 'stale') result.stale.push(key);
    else if (removed[i] === 'deleted') result.written.push(key);
  });
  // Only after a version was kept (nothing live, nothing kept: nothing to prune).
  if (snapshot === undefined || result.previousVersion === null) return { result };
  return {
    result,
    prune: async () => {
      await pruneVersions(store, page, keep);
    },
  };
}

/**
 * Promise.all that waits for every operation before it fails: a publish that fails reports only
 * once nothing it started is still in flight, so what it announces covers every write that may
 * land (publishPage's header).
 */
async function settleAll<T>(operations: Array<Promise<T>>): Promise<T[]> {
  const settled = await Promise.allSettled(operations);
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}
