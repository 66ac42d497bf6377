/**
 * Every Redis key and channel name the services use, in one place: callers ask this module for a
 * name and never build one. (BullMQ's own keys, and the ones a queue builds with `Queue.toKey`,
 * are BullMQ's.) Every name starts with the queue prefix, whose {hash tag} (core/queue.ts) puts
 * all of them in one slot of a Redis Cluster beside the queue, so one script or MULTI may touch
 * any of them.
 *
 * | name | type | owner |
 * |---|---|---|
 * | `<prefix>:deps:<data key>` | set of pages that read the data key | core/dependency-index.ts |
 * | `<prefix>:pagedeps:<site>:<path>` | set of data keys the page read | core/dependency-index.ts |
 * | `<prefix>:deleted:<site>:<path>` | the page's deletion record | core/dependency-index.ts |
 * | `<prefix>:fence:<site>:<path>`, `<prefix>:fence-mark:<site>:<path>` | fencing counter, highest admitted token | core/page-fence.ts |
 * | `<prefix>:page-failure:<site>:<path>`, `<prefix>:page-failures:recovery`, `<prefix>:page-render:<site>:<path>` | failure record, recovery set, last render | core/page-status.ts |
 * | `<prefix>:miss-none:<site>:<path>` | render-on-miss negative cache | core/miss-cache.ts |
 * | `<prefix>:last-good:<site>:<data key>` | last good side data | core/last-good.ts |
 * | `<prefix>:page-writes` | pub/sub channel of write announcements | core/page-announcements.ts |
 * | `<prefix>:schedule:<name>:<minute>` | one schedule tick's lock | ingest/schedules.ts |
 * | `<prefix>:webhook:event:<id>` | a content event seen (replay guard) | ingest/webhook.ts |
 * | `<prefix>:admin-auth-failures:<ip>` | failed admin logins of a client | ingest/auth.ts |
 * | `<prefix>:recovery-sweep:lock` | one recovery sweep at a time | render-workers/recovery-sweep.ts |
 *
 * Ingest's own keys inside the render queue's namespace (`<prefix>:render:…`, built with BullMQ's
 * `Queue.toKey` so they follow the queue's name) are `queueKeys` below; BullMQ's own (job hashes,
 * state sets, `de:<id>`, `dn:<id>`) stay BullMQ's, named where they are read.
 *
 * | name | type | owner |
 * |---|---|---|
 * | `<queue>:ingest-event-window:<site>:<path>` | HASH: a page's event window | ingest/coalescing.ts |
 * | `<queue>:ingest-request-bound:<site>:<path>` | the latest requestedAt of a page's requests | ingest/coalescing.ts |
 * | `<queue>:ingest-after-active:<job id>` | a request queued behind a running render | ingest/producer.ts |
 * | `<queue>:republish-scope:<id>:summary\|jobs\|queued` | a scope's answer, job ids, queued paths | ingest/republish.ts |
 */
import type { SiteId } from './isomorphic/sites.js';

/** A page as key names spell it (the same `<site>:<path>` the dependency sets hold as members). */
interface PageName {
  site: SiteId;
  path: string;
}

function page(ref: PageName): string {
  return `${ref.site}:${ref.path}`;
}

/** The names of the last prefixes first asked for (the oldest dropped first): a process uses one or two (tests, a few more). */
const namesByPrefix = new Map<string, RedisKeys>();
const REMEMBERED_PREFIXES = 16;

/**
 * The key names under one queue prefix. The same object for the same prefix: the render path asks
 * for names several times a job, and building the table each time was a measurable share of it.
 */
export function redisKeys(prefix: string): RedisKeys {
  let names = namesByPrefix.get(prefix);
  if (names === undefined) {
    names = keyNames(prefix);
    if (namesByPrefix.size >= REMEMBERED_PREFIXES) namesByPrefix.delete(namesByPrefix.keys().next().value ?? '');
    namesByPrefix.set(prefix, names);
  }
  return names;
}

function keyNames(prefix: string) {
  return Object.freeze({
    /** What every `deps:<data key>` set's name starts with (the bookkeeping script builds names from it). */
    dataKeyPagesPrefix: (): string => `${prefix}:deps:`,
    dataKeyPages: (dataKey: string): string => `${prefix}:deps:${dataKey}`,
    pageDataKeys: (ref: PageName): string => `${prefix}:pagedeps:${page(ref)}`,
    deletion: (ref: PageName): string => `${prefix}:deleted:${page(ref)}`,
    fence: (ref: PageName): string => `${prefix}:fence:${page(ref)}`,
    fenceMark: (ref: PageName): string => `${prefix}:fence-mark:${page(ref)}`,
    pageFailure: (ref: PageName): string => `${prefix}:page-failure:${page(ref)}`,
    recoverySet: (): string => `${prefix}:page-failures:recovery`,
    pageRender: (ref: PageName): string => `${prefix}:page-render:${page(ref)}`,
    missNone: (ref: PageName): string => `${prefix}:miss-none:${page(ref)}`,
    lastGood: (site: string, dataKey: string): string => `${prefix}:last-good:${site}:${dataKey}`,
    pageWritesChannel: (): string => `${prefix}:page-writes`,
    /** `tick` is `schedule:<name>:<minute>` (ingest/schedules.ts tickKey). */
    scheduleTick: (tick: string): string => `${prefix}:${tick}`,
    webhookEvent: (eventId: string): string => `${prefix}:webhook:event:${eventId}`,
    adminAuthFailures: (client: string): string => `${prefix}:admin-auth-failures:${client}`,
    recoverySweepLock: (): string => `${prefix}:recovery-sweep:lock`,
  });
}

export type RedisKeys = ReturnType<typeof keyNames>;

/** Ingest's key names inside a BullMQ queue's namespace (`queue.toKey`). */
export function queueKeys(queue: { toKey(type: string): string }) {
  return {
    eventWindow: (dedupId: string): string => queue.toKey(`ingest-event-window:${dedupId}`),
    requestBound: (dedupId: string): string => queue.toKey(`ingest-request-bound:${dedupId}`),
    /** The most urgent priority of the requests kept behind the page's running render (ingest/coalescing.ts). */
    nextUrgency: (dedupId: string): string => queue.toKey(`ingest-next-urgency:${dedupId}`),
    afterActive: (jobId: string): string => queue.toKey(`ingest-after-active:${jobId}`),
    republishScope: (id: string, part: 'summary' | 'jobs' | 'queued'): string => queue.toKey(`republish-scope:${id}:${part}`),
  };
}
