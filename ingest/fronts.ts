/**
 * Which section fronts exist, for the 5-minute fronts schedule (schedules.ts).
 *
 * A page that renders as a section front records `front:<its path>` (dataKeys.front), and only
 * such a page does, so the dependency index already knows every front that has been rendered once:
 * the pages recorded under a `front:` key that is their own. `npm start` publishes the whole site
 * first, so the list is complete after the first publish; a front never rendered is rendered on a
 * miss.
 *
 * Not `category:<path>`, which a front reads too: a deleted article at a two-segment path
 * (rendered as not-found) also reads its own path as a category, and was refreshed forever.
 * The dependency index lists them (DependencyIndex.pagesByDataKeyPrefix): its key layout is its own.
 */
import type { RedisClient } from '../core/redis.js';
import { DependencyIndex, pageRefString, type PageRef } from '../core/dependency-index.js';
import { dataKeys, key } from '../core/upstream/data-keys.js';

export async function listFrontPathsFromIndex(redis: RedisClient, prefix: string): Promise<PageRef[]> {
  // `front:` with nothing after it: dataKeys.front('') would digest the empty part.
  const byDataKey = await new DependencyIndex(redis, prefix).pagesByDataKeyPrefix(`${key('front')}:`);
  const fronts = new Map<string, PageRef>();
  for (const [dataKey, pages] of byDataKey) {
    for (const ref of pages) {
      // Compare keys, not paths: a long or unusual path is digested in the key (data-keys.ts),
      // so it can not be read back from the key name.
      if (dataKeys.front(ref.path) === dataKey) fronts.set(pageRefString(ref), ref);
    }
  }
  return [...fronts.values()].sort((a, b) => `${a.site}:${a.path}`.localeCompare(`${b.site}:${b.path}`));
}
