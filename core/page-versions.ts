/**
 * Earlier versions of each page, and rollback to one of them (editors keep the
 * previous versions of each page and roll a page back to one of them in one step; ADR 0009).
 *
 * A version is a snapshot of every stored variant of one page (standard, AMP, print, redirect
 * record) as it was live at one moment. publishPage takes one just before it replaces or deletes a
 * variant (never for a render that changes nothing), and a rollback takes one before it restores,
 * so a rollback can be rolled back. Snapshots are plain copies with their metadata under
 * `{site}/versions{path}/_v/<id>/` (core/storage/keys.ts); the edge router never maps a request
 * there. The newest `keep` versions of a page are kept (default 10).
 *
 * A version id is `<time the version went live, compact ISO>-<8 hex of its variants' hashes>`: it
 * sorts by time, and the same state snapshotted twice (two racing writers) gets the same id, so
 * the second copy overwrites the first with the same bytes.
 *
 * Crawler files, feeds and the 404 page are not versioned: they are rebuilt from the pages and
 * lists, and editors roll back pages.
 */
import { createHash } from 'node:crypto';
import type { PageRef } from './dependency-index.js';
import { PlatformError } from './errors.js';
import { PAGE_VARIANTS, pageKey, pageVersionKey, pageVersionsPrefix, parseVersionKey, type PageVariant } from './storage/keys.js';
import type { ObjectMeta, ObjectStore, StoredObject } from './storage/types.js';
import { deleteUnlessNewer, writeIfChanged } from './storage/write.js';

export const DEFAULT_KEEP_VERSIONS = 10;

export interface PageVersionVariant {
  variant: PageVariant;
  /** Where the copy is kept. */
  key: string;
  contentHash: string;
  renderedAt: string;
  reason: string;
  jobId: string | null;
  status: number;
}

export interface PageVersion {
  id: string;
  /** When this version went live (the newest renderedAt of its variants). */
  renderedAt: string;
  variants: PageVersionVariant[];
}

function compactTime(iso: string): string {
  return iso.replace(/[-:.]/g, '').replace(/\+0000$/, 'Z');
}

/** The id of a page state; see the file header. */
export function versionIdFor(objects: ReadonlyArray<{ variant: PageVariant; meta: Pick<ObjectMeta, 'renderedAt' | 'contentHash'> }>): string {
  const newest = objects.map((o) => new Date(o.meta.renderedAt).toISOString()).sort().at(-1) ?? new Date(0).toISOString();
  const digest = createHash('sha256');
  for (const o of [...objects].sort((a, b) => (a.variant < b.variant ? -1 : 1))) digest.update(`${o.variant}:${o.meta.contentHash}\n`);
  return `${compactTime(newest)}-${digest.digest('hex').slice(0, 8)}`;
}

/** Every stored variant of the page, read and verified against its hash. */
export async function readLiveVariants(store: ObjectStore, page: PageRef): Promise<Map<PageVariant, StoredObject>> {
  const objects = await Promise.all(PAGE_VARIANTS.map((variant) => store.get(pageKey(page.site, page.path, variant))));
  const live = new Map<PageVariant, StoredObject>();
  PAGE_VARIANTS.forEach((variant, i) => {
    const object = objects[i];
    if (object) live.set(variant, object);
  });
  return live;
}

/** The keys of every kept version of the page, by version id (from the listing alone). */
async function versionKeys(store: ObjectStore, page: PageRef): Promise<Map<string, Array<{ key: string; variant: PageVariant }>>> {
  const byId = new Map<string, Array<{ key: string; variant: PageVariant }>>();
  for await (const key of store.list(pageVersionsPrefix(page.site, page.path))) {
    const parsed = parseVersionKey(key);
    // A page whose own path has a `_v` segment keeps its versions under this prefix too.
    if (!parsed || parsed.site !== page.site || parsed.path !== page.path) continue;
    const keys = byId.get(parsed.version) ?? [];
    keys.push({ key, variant: parsed.variant });
    byId.set(parsed.version, keys);
  }
  return byId;
}

/** Version ids sort by the time the version went live: newest first. */
function newestFirst(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}

/** Every kept version of the page, newest first. */
export async function listVersions(store: ObjectStore, page: PageRef): Promise<PageVersion[]> {
  const versions: PageVersion[] = [];
  for (const [id, keys] of await versionKeys(store, page)) {
    const variants: PageVersionVariant[] = [];
    for (const { key, variant } of keys) {
      const meta = await store.head(key);
      if (!meta) continue;
      variants.push({ variant, key, contentHash: meta.contentHash, renderedAt: meta.renderedAt, reason: meta.reason, jobId: meta.jobId ?? null, status: meta.status ?? 200 });
    }
    if (variants.length === 0) continue;
    versions.push({
      id,
      renderedAt: variants.map((v) => new Date(v.renderedAt).toISOString()).sort().at(-1) ?? '',
      variants: variants.sort((a, b) => PAGE_VARIANTS.indexOf(a.variant) - PAGE_VARIANTS.indexOf(b.variant)),
    });
  }
  return versions.sort((a, b) => newestFirst(a.id, b.id));
}

/**
 * Deletes all but the newest `keep` versions of the page; returns the ids removed. Decided from
 * the listing alone: a version's id is in its keys and sorts by time, so no object is read.
 */
export async function pruneVersions(store: ObjectStore, page: PageRef, keep: number): Promise<string[]> {
  const byId = await versionKeys(store, page);
  const removed = [...byId.keys()].sort(newestFirst).slice(Math.max(keep, 0));
  await Promise.all(removed.flatMap((id) => (byId.get(id) ?? []).map(({ key }) => store.delete(key))));
  return removed;
}

export interface SnapshotOptions {
  /**
   * Versions to keep; older ones are deleted after the snapshot. Default DEFAULT_KEEP_VERSIONS.
   * `prune: false` leaves that to the caller (publishPage prunes once the page is written, so the
   * listing is not on the way to the new page).
   */
  keep?: number;
  prune?: boolean;
  /** The live variants, when the caller has already read them. */
  live?: Map<PageVariant, StoredObject>;
}

/**
 * Copies the page's live variants into a new version and prunes old versions. Returns the version
 * id, or null when nothing of the page is stored (there is nothing to go back to). The variants
 * are read, and copied, concurrently: a page's variants are independent objects.
 */
export async function snapshotPage(store: ObjectStore, page: PageRef, options: SnapshotOptions = {}): Promise<string | null> {
  const live = options.live ?? (await readLiveVariants(store, page));
  if (live.size === 0) return null;
  const id = versionIdFor([...live.entries()].map(([variant, object]) => ({ variant, meta: object.meta })));
  await Promise.all([...live].map(([variant, object]) => store.put(pageVersionKey(page.site, page.path, id, variant), object.body, object.meta)));
  if (options.prune !== false) await pruneVersions(store, page, options.keep ?? DEFAULT_KEEP_VERSIONS);
  return id;
}

export interface RestoreOptions {
  /** The version to restore; default: the newest kept version whose content differs from the live page. */
  version?: string;
  /** The rollback's fencing token (core/page-fence.ts); a variant written by a later render is not overwritten. */
  fence?: number;
  /**
   * The token's admission (core/page-fence.ts pageFenceGate), asked by every write and delete
   * just before it lands: none lands once a render holding a higher token was admitted. The token
   * in the stored objects cannot say that for a variant the later render removed (nothing is
   * stored to carry it), so without the guard the rollback would put that variant back.
   */
  guard?: () => Promise<boolean>;
  /** Recorded as the restored objects' jobId, e.g. "rollback:<editor>". */
  jobId?: string;
  /** Versions to keep after the snapshot of the live page. */
  keep?: number;
  now?: () => Date;
}

export interface RestoreResult {
  /** The version restored. */
  version: string;
  /** The snapshot of the page as it was before the rollback (null when nothing was live). */
  previous: string | null;
  /** Variants written back, with their bytes' hash and size. */
  restored: Array<{ variant: PageVariant; key: string; contentHash: string; bytes: number; written: boolean }>;
  /** Live variants the version did not have, deleted so the page is exactly that version. */
  removed: string[];
  /** Keys left alone because a render that started after the rollback already replaced or removed them. */
  stale: string[];
  /** The version's surrogate keys (its page key and the data keys it was rendered from). */
  surrogateKeys: string[];
}

function sameContent(live: Map<PageVariant, StoredObject>, version: PageVersion): boolean {
  if (live.size !== version.variants.length) return false;
  return version.variants.every((v) => live.get(v.variant)?.meta.contentHash === v.contentHash);
}

/**
 * Rolls the page back to a kept version in one step: every variant of the version is written
 * back as the live object (reason 'rollback', renderedAt now), and live variants the version did
 * not have are deleted, so the page is byte for byte that version. The live page is kept as a
 * version first. VERSION_NOT_FOUND when there is no such version (or none to go back to).
 */
export async function restoreVersion(store: ObjectStore, page: PageRef, options: RestoreOptions = {}): Promise<RestoreResult> {
  const versions = await listVersions(store, page);
  const live = await readLiveVariants(store, page);
  const target =
    options.version === undefined ? versions.find((v) => !sameContent(live, v)) : versions.find((v) => v.id === options.version);
  if (!target) {
    throw new PlatformError(
      'VERSION_NOT_FOUND',
      options.version === undefined
        ? `No earlier version of ${page.site} ${page.path} is kept`
        : `No version ${options.version} of ${page.site} ${page.path} is kept`,
    );
  }
  // Read the whole version before anything changes: the snapshot below may prune it.
  const objects = new Map<PageVariant, StoredObject>();
  for (const variant of target.variants) {
    const object = await store.get(variant.key);
    if (!object) throw new PlatformError('VERSION_NOT_FOUND', `Version ${target.id} of ${page.site} ${page.path} was removed meanwhile`);
    objects.set(variant.variant, object);
  }
  const keep = options.keep ?? DEFAULT_KEEP_VERSIONS;
  const previous = await snapshotPage(store, page, { live, keep });
  const renderedAt = (options.now?.() ?? new Date()).toISOString();
  const result: RestoreResult = { version: target.id, previous, restored: [], removed: [], stale: [], surrogateKeys: [] };
  const surrogate = new Set<string>();
  for (const [variant, object] of objects) {
    const key = pageKey(page.site, page.path, variant);
    // The version's serving metadata, with this rollback's bookkeeping.
    const { contentHash: _hash, jobId: _jobId, fence: _fence, ...served } = object.meta;
    const write = await writeIfChanged(store, key, object.body, {
      ...served,
      renderedAt,
      reason: 'rollback',
      ...(options.jobId === undefined ? {} : { jobId: options.jobId }),
      ...(options.fence === undefined ? {} : { fence: options.fence }),
    }, options.guard ? { guard: options.guard } : {});
    if (write.stale) {
      result.stale.push(key);
      continue;
    }
    for (const k of object.meta.surrogateKeys) surrogate.add(k);
    result.restored.push({ variant, key, contentHash: write.contentHash, bytes: object.body.length, written: write.written });
  }
  for (const variant of live.keys()) {
    if (objects.has(variant)) continue;
    const key = pageKey(page.site, page.path, variant);
    // Conditional on the version read, like the writes above (ADR 0023).
    const removed = await deleteUnlessNewer(store, key, options.fence, options.guard ? { guard: options.guard } : {});
    if (removed === 'stale') result.stale.push(key);
    else if (removed === 'deleted') result.removed.push(key);
  }
  result.surrogateKeys = [...surrogate].sort();
  return result;
}
