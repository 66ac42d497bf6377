/**
 * Step 5 of DESIGN.md's flow: write every rendered variant of one page to object storage, skipping
 * those whose content hash equals the stored one, then record the page's dependencies.
 */
import type { ObjectStore } from '../core/storage/types.js';
import { writeIfChanged } from '../core/storage/write.js';
import type { DependencyIndex, PageRef } from '../core/dependency-index.js';
import { key } from '../core/upstream/data-keys.js';

/** The content type of every stored HTML page. */
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

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
}

export interface PublishResult {
  written: string[];
  unchanged: string[];
  surrogateKeys: string[];
}

/**
 * The page's own surrogate key, so the CDN can purge one page by name. Built like the data keys
 * (core/upstream/data-keys.ts) so an overlong path is digested instead of breaking the write.
 */
export function pageSurrogateKey(page: PageRef): string {
  return key('page', page.site, page.path);
}

export async function publishPage(store: ObjectStore, index: DependencyIndex, input: PublishInput): Promise<PublishResult> {
  const surrogateKeys = [pageSurrogateKey(input.page), ...[...new Set(input.dataKeys)].sort()];
  const renderedAt = new Date().toISOString();
  const written: string[] = [];
  const unchanged: string[] = [];
  for (const object of input.objects) {
    const body = typeof object.body === 'string' ? Buffer.from(object.body, 'utf8') : object.body;
    const result = await writeIfChanged(store, object.key, body, {
      contentType: object.contentType,
      cacheControl: object.cacheControl,
      surrogateKeys,
      renderedAt,
      reason: input.reason,
      ...(input.jobId === undefined ? {} : { jobId: input.jobId }),
      ...(object.status === undefined ? {} : { status: object.status }),
    });
    (result.written ? written : unchanged).push(object.key);
  }
  for (const key of input.remove ?? []) {
    // head first: a delete is a write (and, later, a purge), so only what exists is removed.
    if ((await store.head(key)) !== null) {
      await store.delete(key);
      written.push(key);
    }
  }
  // Recorded after the writes: a page whose write failed keeps its previous dependencies, which
  // still describe what is stored.
  await index.record(input.page, input.dataKeys);
  return { written, unchanged, surrogateKeys };
}
