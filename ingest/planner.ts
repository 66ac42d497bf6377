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

/**
 * An event's renders: the content's own page on each site first, then every other page that reads
 * what it changed (its dependants), each page once. The two are queued at different priorities
 * (core/queue.ts PRIORITY.event and DEPENDANT_PRIORITY, ADR 0041): the editor who saved an article
 * looks at its page first, and home and the fronts that list it follow.
 */
export interface PlannedRenders {
  own: RenderJob[];
  dependants: RenderJob[];
}

export async function planRenders(event: ContentEvent, index: DependencyIndex, options: PlanOptions = {}): Promise<PlannedRenders> {
  const requestedAt = (options.now ?? new Date()).toISOString();
  const sites = new Set<SiteId>(sitesOf(event));
  const own = new Map<string, PageRef>();
  for (const page of ownPages(event)) own.set(pageRefString(page), page);
  const dependants = new Map<string, PageRef>();
  for (const ref of await index.pagesFor(dataKeysFor(event))) {
    const id = pageRefString(ref);
    if (sites.has(ref.site) && !own.has(id)) dependants.set(id, ref);
  }
  const job = (ref: PageRef): RenderJob => ({ site: ref.site, path: ref.path, reason: 'event', requestedBy: 'webhook', requestedAt });
  return { own: [...own.values()].map(job), dependants: [...dependants.values()].map(job) };
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
