/**
 * The last good copy of each piece of side data (core/upstream/side-data.ts), kept in Redis so
 * that every render worker can fall back on a copy any of them read.
 *
 * Redis layout (queue prefix's hash tag):
 *   {newsroom}:last-good:<site>:<side-data key>   STRING  JSON of the value, expires after LAST_GOOD_TTL_S
 *
 * A whole-site publish reads the menus once per page; writing them once per page would be one
 * Redis write per page for nothing. A process therefore writes a key only when the value differs
 * from what it last wrote, or when that write is older than REWRITE_AFTER_MS (so the expiry keeps
 * moving while the data is in use). The memory of what was written is bounded (MAX_REMEMBERED).
 */
import { createHash } from 'node:crypto';
import type { RedisClient } from './redis.js';
import { QUEUE_PREFIX } from './queue.js';
import type { LastGoodStore } from './upstream/side-data.js';
import { redisKeys } from './redis-keys.js';

/** A copy unused for this long is dropped: side data that old is no better than none. */
export const LAST_GOOD_TTL_S = 30 * 24 * 3600;
const REWRITE_AFTER_MS = 60 * 60 * 1000;
const MAX_REMEMBERED = 10_000;
/** A value larger than this is not kept (a menu is a few kB; this is a runaway list). */
export const LAST_GOOD_MAX_BYTES = 1_000_000;

export class RedisLastGoodStore implements LastGoodStore {
  /**
   * Key -> digest of the value this process last wrote, when, and the value itself when it was
   * frozen (a reused upstream answer, core/upstream/read-reuse.ts: it cannot have changed, so the
   * same object needs no JSON or digest to know it is the same value). Insertion order = age.
   */
  private readonly written = new Map<string, { digest: string; at: number; same?: WeakRef<object> }>();

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix = QUEUE_PREFIX,
    private readonly now: () => number = Date.now,
  ) {}

  key(site: string, key: string): string {
    return redisKeys(this.prefix).lastGood(site, key);
  }

  async load(site: string, key: string): Promise<unknown> {
    const json = await this.redis.get(this.key(site, key));
    if (json === null) return undefined;
    try {
      return JSON.parse(json) as unknown;
    } catch {
      return undefined;
    }
  }

  async save(site: string, key: string, value: unknown): Promise<void> {
    const frozen = typeof value === 'object' && value !== null && Object.isFrozen(value) ? value : undefined;
    if (frozen !== undefined) {
      const previous = this.written.get(this.key(site, key));
      if (previous?.same?.deref() === frozen && this.now() - previous.at < REWRITE_AFTER_MS) return;
    }
    const json = JSON.stringify(value);
    if (json === undefined || json.length > LAST_GOOD_MAX_BYTES) return;
    const redisKey = this.key(site, key);
    const digest = createHash('sha1').update(json).digest('base64');
    const previous = this.written.get(redisKey);
    const at = this.now();
    if (previous !== undefined && previous.digest === digest && at - previous.at < REWRITE_AFTER_MS) {
      if (frozen !== undefined) previous.same = new WeakRef(frozen);
      return;
    }
    this.written.delete(redisKey);
    this.written.set(redisKey, { digest, at, ...(frozen === undefined ? {} : { same: new WeakRef(frozen) }) });
    if (this.written.size > MAX_REMEMBERED) {
      const oldest = this.written.keys().next().value;
      if (oldest !== undefined) this.written.delete(oldest);
    }
    try {
      await this.redis.set(redisKey, json, 'EX', LAST_GOOD_TTL_S);
    } catch (error) {
      // Not written: the next good read must try again.
      this.written.delete(redisKey);
      throw error;
    }
  }
}
