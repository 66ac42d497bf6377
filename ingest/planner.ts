/**
 * The invalidation planner (docs/architecture.md, "Dependency index"): a content change names data keys, and
 * exactly the pages that read them are re-rendered, plus the content's own page on every site the
 * event concerns (events.ts: all sites unless the event names one).
 *
 * Deletes: `recordDeletions` writes the index's deletion record for the deleted content's own
 * page(s) before the jobs are enqueued; the render that finds nothing there then removes the
 * stored variants (or writes the redirect the event names). Dependants re-render like on any
 * other change, without the item.
 */
import type { DependencyIndex, PageRef } from '../core/dependency-index.js';
import { pageRefString } from '../core/dependency-index.js';
import { SITE_IDS, type SiteId } from '../core/isomorphic/sites.js';
import type { RenderJob } from '../core/queue.js';
import { dataKeysFor, type ContentEvent } from './events.js';

export interface PlanOptions {
  /** The request time written as requestedAt (publish latency is measured from it); now by default. */
  now?: Date;
}

/** The sites an event concerns. */
export function sitesOf(event: Pick<ContentEvent, 'site'>): readonly SiteId[] {
  return event.site === undefined ? SITE_IDS : [event.site];
}

/** The content's own page on each site the event concerns; none when the event has no path. */
export function ownPages(event: Pick<ContentEvent, 'site' | 'path'>): PageRef[] {
  const path = event.path;
  return path === undefined ? [] : sitesOf(event).map((site) => ({ site, path }));
}

export async function planRenders(event: ContentEvent, index: DependencyIndex, options: PlanOptions = {}): Promise<RenderJob[]> {
  const requestedAt = (options.now ?? new Date()).toISOString();
  const sites = new Set<SiteId>(sitesOf(event));
  const pages = new Map<string, PageRef>();
  // The content's own page first: it matters most to the editor who just saved it.
  for (const own of ownPages(event)) pages.set(pageRefString(own), own);
  for (const ref of await index.pagesFor(dataKeysFor(event))) {
    if (sites.has(ref.site) && !pages.has(pageRefString(ref))) pages.set(pageRefString(ref), ref);
  }
  return [...pages.values()].map((ref) => ({
    site: ref.site,
    path: ref.path,
    reason: 'event',
    requestedBy: 'webhook',
    requestedAt,
  }));
}

/** For a `deleted` event with a path: the deletion record of its own page on each site. */
export async function recordDeletions(event: ContentEvent, index: DependencyIndex, options: PlanOptions = {}): Promise<PageRef[]> {
  if (event.action !== 'deleted') return [];
  const at = (options.now ?? new Date()).toISOString();
  const pages = ownPages(event);
  for (const page of pages) {
    await index.markDeleted(page, { eventId: event.id, at, ...(event.redirectTo === undefined ? {} : { redirectTo: event.redirectTo }) });
  }
  return pages;
}
