/**
 * The invalidation planner (DESIGN.md, "Dependency index"): a content change names data keys, and
 * exactly the pages that read them are re-rendered, plus the content's own page.
 *
 * Deletes: for now a delete is planned like an update. The dependants re-render without the item
 * and the worker finds the content itself gone; removing the stored page is a later change.
 */
import type { DependencyIndex, PageRef } from '../core/dependency-index.js';
import { pageRefString } from '../core/dependency-index.js';
import type { RenderJob } from '../core/queue.js';
import { dataKeysFor, type ContentEvent } from './events.js';

export interface PlanOptions {
  /** The request time written as requestedAt (publish latency is measured from it); now by default. */
  now?: Date;
}

export async function planRenders(event: ContentEvent, index: DependencyIndex, options: PlanOptions = {}): Promise<RenderJob[]> {
  const requestedAt = (options.now ?? new Date()).toISOString();
  const pages = new Map<string, PageRef>();
  // The content's own page first: it matters most to the editor who just saved it.
  if (event.path !== undefined) {
    const own: PageRef = { site: event.site, path: event.path };
    pages.set(pageRefString(own), own);
  }
  for (const ref of await index.pagesFor(dataKeysFor(event))) {
    if (!pages.has(pageRefString(ref))) pages.set(pageRefString(ref), ref);
  }
  return [...pages.values()].map((ref) => ({
    site: ref.site,
    path: ref.path,
    reason: 'event',
    requestedBy: 'webhook',
    requestedAt,
  }));
}
