/**
 * The negative cache of render on miss (docs/architecture.md "Render on miss"; ADR 0018): pages whose last
 * render produced nothing (upstream has no content at the path, or it was deleted). The render
 * worker records a page here when a render of it wrote no page; the edge router reads it before
 * asking for a `miss` render, so a dead link that readers or crawlers keep following costs one
 * render per TTL, not one per request.
 *
 * Redis layout (queue prefix's hash tag, so it lives beside the queue on a Cluster):
 *   {newsroom}:miss-none:<site>:<path>   STRING "1", expires after the TTL
 * The key only ever suppresses `miss` renders: events, schedules and editors render the page
 * whatever it says, and once a page is stored the edge serves it without looking here.
 */
import type { PageRef } from './dependency-index.js';
import { QUEUE_PREFIX } from './queue.js';
import type { RedisClient } from './redis.js';
import { redisKeys } from './redis-keys.js';

/**
 * Ten minutes: long enough that a crawler walking dead links re-renders each at most a few times
 * an hour, short enough that content created without an event (a tag that gains its first story)
 * is picked up by the next reader soon after.
 */
export const MISS_NEGATIVE_TTL_S = 600;

export class MissNegativeCache {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix = QUEUE_PREFIX,
    private readonly ttlSeconds = MISS_NEGATIVE_TTL_S,
  ) {}

  key(page: PageRef): string {
    return redisKeys(this.prefix).missNone(page);
  }

  /** Records that a render of `page` produced nothing (the worker, after a not-found outcome). */
  async record(page: PageRef): Promise<void> {
    await this.redis.set(this.key(page), '1', 'EX', this.ttlSeconds);
  }

  /** True while a render of `page` is known to produce nothing (the edge, before a miss render). */
  async has(page: PageRef): Promise<boolean> {
    return (await this.redis.exists(this.key(page))) === 1;
  }
}
