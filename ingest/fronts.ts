/**
 * Which section fronts exist, for the 5-minute fronts schedule (schedules.ts).
 *
 * A front reads its own category (`category:<path>`, events.ts) when it renders, so the dependency
 * index already knows every front that has been rendered once: the pages recorded under
 * `category:<path>` whose own path is `<path>`. `npm start` publishes the whole site first, so
 * the list is complete after the first publish; a front never rendered is rendered on a miss.
 * Key layout: core/dependency-index.ts.
 */
import type { Redis } from 'ioredis';
import { parsePageRef, type PageRef } from '../core/dependency-index.js';
import { dataKeys } from '../core/upstream/data-keys.js';

const GLOB_SPECIAL = /[*?[\]\\]/g;

export async function listFrontPathsFromIndex(redis: Redis, prefix: string): Promise<PageRef[]> {
  const keyPrefix = `${prefix}:deps:${dataKeys.category('')}`;
  const match = `${keyPrefix.replace(GLOB_SPECIAL, (c) => `\\${c}`)}*`;
  const fronts = new Map<string, PageRef>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const categoryPath = key.slice(keyPrefix.length);
      for (const member of await redis.smembers(key)) {
        const ref = parsePageRef(member);
        if (ref && ref.path === categoryPath) fronts.set(member, ref);
      }
    }
  } while (cursor !== '0');
  return [...fronts.values()].sort((a, b) => `${a.site}:${a.path}`.localeCompare(`${b.site}:${b.path}`));
}
