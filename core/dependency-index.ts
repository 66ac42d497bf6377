/**
 * The dependency index (DESIGN.md): data key -> pages that read it, kept in Redis.
 *
 * A render records the data keys it read; the index replaces that page's previous set in one
 * MULTI so a page never depends on data it no longer reads. A content change names data keys and
 * the planner asks which pages read them.
 *
 * Redis layout (one hash tag so it runs on Redis Cluster):
 *   {newsroom}:deps:<dataKey>          SET of page refs "<site>:<path>"
 *   {newsroom}:pagedeps:<site>:<path>  SET of data keys the page read at its last render
 */
import type { Redis } from 'ioredis';
import { isSiteId, type SiteId } from './isomorphic/sites.js';
import { isValidPagePath } from './storage/keys.js';
import { QUEUE_PREFIX } from './queue.js';

export interface PageRef {
  site: SiteId;
  path: string;
}

/** Data keys are `kind:<id>` strings such as `article:123`, `category:/politics`, `menu`. */
const DATA_KEY = /^[a-z][a-z-]*(:[^\s]{1,300})*$/;

export function isDataKey(value: string): boolean {
  return value.length <= 400 && DATA_KEY.test(value);
}

export function pageRefString(ref: PageRef): string {
  return `${ref.site}:${ref.path}`;
}

export function parsePageRef(value: string): PageRef | null {
  const colon = value.indexOf(':');
  const site = value.slice(0, colon);
  const path = value.slice(colon + 1);
  if (colon < 0 || !isSiteId(site) || !isValidPagePath(path)) return null;
  return { site, path };
}

export class DependencyIndex {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = QUEUE_PREFIX,
  ) {}

  private depsKey(dataKey: string): string {
    return `${this.prefix}:deps:${dataKey}`;
  }

  private pageKey(ref: PageRef): string {
    return `${this.prefix}:pagedeps:${pageRefString(ref)}`;
  }

  /** Replaces the set of data keys `page` depends on. */
  async record(page: PageRef, dataKeys: Iterable<string>): Promise<void> {
    const next = [...new Set(dataKeys)].filter(isDataKey);
    const member = pageRefString(page);
    const previous = await this.redis.smembers(this.pageKey(page));
    const stale = previous.filter((k) => !next.includes(k));
    const tx = this.redis.multi();
    for (const key of stale) tx.srem(this.depsKey(key), member);
    for (const key of next) tx.sadd(this.depsKey(key), member);
    tx.del(this.pageKey(page));
    if (next.length > 0) tx.sadd(this.pageKey(page), ...next);
    await tx.exec();
  }

  /** Pages that read any of the given data keys, deduplicated. */
  async pagesFor(dataKeys: Iterable<string>): Promise<PageRef[]> {
    const keys = [...new Set(dataKeys)].filter(isDataKey).map((k) => this.depsKey(k));
    if (keys.length === 0) return [];
    const members = await this.redis.sunion(...keys);
    return members
      .sort()
      .map(parsePageRef)
      .filter((ref): ref is PageRef => ref !== null);
  }

  /** The data keys a page read at its last render. */
  async keysOf(page: PageRef): Promise<string[]> {
    return (await this.redis.smembers(this.pageKey(page))).sort();
  }

  /** Forgets a page (it was deleted). */
  async forget(page: PageRef): Promise<void> {
    await this.record(page, []);
  }
}
