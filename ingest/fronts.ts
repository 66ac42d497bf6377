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
 * Key layout: core/dependency-index.ts.
 *
 * The keys are found with SCAN, which sees one server's keys: on a Redis Cluster it runs on every
 * master (core/redis.ts, masterNodes). With the prefix's {hash tag} they all sit on one master,
 * and the others answer nothing.
 */
import { masterNodes, type RedisClient } from '../core/redis.js';
import { parsePageRef, type PageRef } from '../core/dependency-index.js';
import { dataKeys, key } from '../core/upstream/data-keys.js';

const GLOB_SPECIAL = /[*?[\]\\]/g;

export async function listFrontPathsFromIndex(redis: RedisClient, prefix: string): Promise<PageRef[]> {
  const depsPrefix = `${prefix}:deps:`;
  // `front:` with nothing after it: dataKeys.front('') would digest the empty part.
  const match = `${depsPrefix.replace(GLOB_SPECIAL, (c) => `\\${c}`)}${key('front')}:*`;
  const fronts = new Map<string, PageRef>();
  for (const node of await masterNodes(redis)) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', match, 'COUNT', 500);
      cursor = next;
      for (const depsKey of keys) {
        const dataKey = depsKey.slice(depsPrefix.length);
        // Read through the client, not the node: on a Cluster it follows the slot if it moved.
        for (const member of await redis.smembers(depsKey)) {
          const ref = parsePageRef(member);
          // Compare keys, not paths: a long or unusual path is digested in the key (data-keys.ts),
          // so it can not be read back from the key name.
          if (ref && dataKeys.front(ref.path) === dataKey) fronts.set(member, ref);
        }
      }
    } while (cursor !== '0');
  }
  return [...fronts.values()].sort((a, b) => `${a.site}:${a.path}`.localeCompare(`${b.site}:${b.path}`));
}
