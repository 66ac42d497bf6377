/**
 * The dependency index (docs/architecture.md "Dependency index"): data key -> pages that read it, kept in Redis.
 *
 * A render records the data keys it read; the index replaces that page's previous set in one
 * MULTI so a page never depends on data it no longer reads. A content change names data keys and
 * the planner asks which pages read them.
 *
 * Redis layout (one hash tag so it runs on Redis Cluster):
 *   {newsroom}:deps:<dataKey>          SET of page refs "<site>:<path>"
 *   {newsroom}:pagedeps:<site>:<path>  SET of data keys the page read at its last render
 *   {newsroom}:deleted:<site>:<path>   deletion record (JSON), see markDeleted
 */
import { masterNodes, type RedisClient } from './redis.js';
import { isSiteId, type SiteId } from './isomorphic/sites.js';
import { isValidPagePath } from './storage/keys.js';
import { QUEUE_PREFIX } from './queue.js';
import { redisKeys } from './redis-keys.js';

export interface PageRef {
  site: SiteId;
  path: string;
}

/** Data keys are `kind:<id>` strings such as `article:123`, `category:/politics`, `menu`. */
const DATA_KEY = /^[a-z][a-z-]*(:[^\s]{1,300})*$/;

export function isDataKey(value: string): boolean {
  return value.length <= 400 && DATA_KEY.test(value);
}

const GLOB_SPECIAL = /[*?[\]\\]/g;

function escapeGlob(text: string): string {
  return text.replace(GLOB_SPECIAL, (c) => `\\${c}`);
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

/**
 * A content-delete event's word that the page at a path is gone (ingest writes it before it
 * enqueues the render). A render that then finds no content at the path removes the stored
 * variants, and writes the redirect when the event named one; a render that finds nothing
 * *without* such a record leaves storage alone, so an upstream that briefly answers 404 for live
 * content cannot unpublish it. Kept in Redis rather than in the job because coalescing may drop
 * the delete's job in favour of one already waiting for the same page.
 */
export interface DeletionRecord {
  /** Page path the deleted page should redirect to (301), when the event names one. */
  redirectTo?: string;
  /** The content event that deleted it. */
  eventId: string;
  /** ISO time the deletion was recorded. */
  at: string;
}

/** How long a deletion record outlives its event: long enough for any queued render to see it. */
export const DELETION_TTL_SECONDS = 30 * 24 * 3600;

export class DependencyIndex {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix = QUEUE_PREFIX,
  ) {}

  /**
   * The Redis connection and prefix the index lives in: the page fence's mark lives beside it
   * (core/page-fence.ts), so publishPage admits a render where it records its dependencies.
   */
  get scope(): { redis: RedisClient; prefix: string } {
    return { redis: this.redis, prefix: this.prefix };
  }

  private depsKey(dataKey: string): string {
    return redisKeys(this.prefix).dataKeyPages(dataKey);
  }

  /**
   * What every `deps:<dataKey>` key starts with: core/render-bookkeeping.ts's script builds the
   * keys of the data keys a page no longer reads from it (it learns them only inside Redis).
   */
  depsKeyPrefix(): string {
    return redisKeys(this.prefix).dataKeyPagesPrefix();
  }

  /** The set of data keys `ref` read at its last render (core/render-bookkeeping.ts replaces it). */
  pageKey(ref: PageRef): string {
    return redisKeys(this.prefix).pageDataKeys(ref);
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

  /**
   * Every data key starting with `dataKeyPrefix` that some page read, with the pages that read it
   * (members that are not page refs left out). Found with SCAN, which sees one server's keys: on a
   * Redis Cluster it runs on every master (core/redis.ts, masterNodes); with the prefix's {hash
   * tag} the keys all sit on one master, and the others answer nothing. Sets are read through the
   * client, not the node: on a Cluster it follows the slot if it moved.
   */
  async pagesByDataKeyPrefix(dataKeyPrefix: string): Promise<Map<string, PageRef[]>> {
    const setPrefix = this.depsKeyPrefix();
    const match = `${escapeGlob(setPrefix)}${escapeGlob(dataKeyPrefix)}*`;
    const found = new Map<string, PageRef[]>();
    for (const node of await masterNodes(this.redis)) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', match, 'COUNT', 500);
        cursor = next;
        for (const setKey of keys) {
          const pages = (await this.redis.smembers(setKey)).map(parsePageRef).filter((ref): ref is PageRef => ref !== null);
          found.set(setKey.slice(setPrefix.length), pages);
        }
      } while (cursor !== '0');
    }
    return found;
  }

  /** The data keys a page read at its last render. */
  async keysOf(page: PageRef): Promise<string[]> {
    return (await this.redis.smembers(this.pageKey(page))).sort();
  }

  /** Where the page's deletion record is kept (publish.ts clears it with its admission). */
  deletedKey(ref: PageRef): string {
    return redisKeys(this.prefix).deletion(ref);
  }

  /** Records that the page at `ref` was deleted upstream (see DeletionRecord). */
  async markDeleted(ref: PageRef, record: DeletionRecord): Promise<void> {
    await this.redis.set(this.deletedKey(ref), JSON.stringify(record), 'EX', DELETION_TTL_SECONDS);
  }

  /** The page's deletion record, or null (none, expired, or unreadable). */
  async deletion(ref: PageRef): Promise<DeletionRecord | null> {
    const raw = await this.redis.get(this.deletedKey(ref));
    if (raw === null) return null;
    try {
      const value = JSON.parse(raw) as Partial<DeletionRecord>;
      if (typeof value.eventId !== 'string' || typeof value.at !== 'string') return null;
      if (value.redirectTo !== undefined && (typeof value.redirectTo !== 'string' || !isValidPagePath(value.redirectTo))) return null;
      return { eventId: value.eventId, at: value.at, ...(value.redirectTo === undefined ? {} : { redirectTo: value.redirectTo }) };
    } catch {
      return null;
    }
  }

  /** Drops the deletion record: content exists at the path again. */
  async clearDeleted(ref: PageRef): Promise<void> {
    await this.redis.del(this.deletedKey(ref));
  }

  /** Forgets a page (it was deleted). */
  async forget(page: PageRef): Promise<void> {
    await this.record(page, []);
  }
}
