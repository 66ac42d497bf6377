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
 *
 * Knowing that a value is the one last written must cost less than writing it: a publish saves
 * an article's side lists (kilobytes of JSON) with every article. Those values are mostly shared
 * frozen objects (kept upstream answers, core/upstream/read-reuse.ts, and what renders derive from
 * them, render-workers/shared/derived.ts) inside a few new arrays and objects, so each value is
 * first reduced to a short stand-in (`standInOf`) in which a frozen object is its identity. The
 * same stand-in is the same JSON; only a value whose stand-in changed is serialised and digested.
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

/** Frozen objects' identities in stand-ins: a number per object, never given to another. */
const identities = new WeakMap<object, number>();
let lastIdentity = 0;

/** Characters beyond which a stand-in is abandoned: a value mostly not frozen is cheaper to serialise once. */
export const STAND_IN_MAX_CHARS = 2_000;

/** An array of Array.prototype, or an object of Object.prototype or none: what JSON spells out as it is. */
function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return Array.isArray(value) ? proto === Array.prototype : proto === Object.prototype || proto === null;
}

/**
 * A short text that is equal for two values only when their JSON is equal: arrays and plain
 * objects spelled out, primitives as JSON, and a frozen plain object or array as its identity.
 * Frozen values are deep-frozen here (read-reuse.ts deepFreeze, derived.ts), so an object's JSON
 * cannot change while it lives. undefined when the value is not made of those (a Date, a class
 * instance, a toJSON), or its stand-in would pass STAND_IN_MAX_CHARS: the caller serialises it.
 */
export function standInOf(value: unknown): string | undefined {
  return appendStandIn('', value);
}

/** `out` followed by the stand-in of `item`, or undefined (see standInOf). */
function appendStandIn(out: string, item: unknown): string | undefined {
  if (out.length > STAND_IN_MAX_CHARS) return undefined;
  switch (typeof item) {
    case 'string':
      return out + JSON.stringify(item);
    case 'number':
    case 'boolean':
      return out + String(item);
    case 'function':
      // JSON would call a function's toJSON.
      if ('toJSON' in item) return undefined;
      return out + '~';
    case 'undefined':
    case 'symbol':
      // JSON leaves these out of objects and writes null in arrays: the same token either way.
      return out + '~';
    case 'bigint':
      return undefined;
  }
  if (item === null) return out + 'null';
  const object = item as object;
  if (!isPlain(object) || 'toJSON' in object) return undefined;
  if (Object.isFrozen(object)) {
    let identity = identities.get(object);
    if (identity === undefined) identities.set(object, (identity = (lastIdentity += 1)));
    return `${out}#${identity}`;
  }
  let next: string | undefined = out;
  if (Array.isArray(object)) {
    next += '[';
    for (const element of object as unknown[]) {
      next = appendStandIn(next, element);
      if (next === undefined) return undefined;
      next += ',';
    }
    return next.length > STAND_IN_MAX_CHARS ? undefined : next + ']';
  }
  next += '{';
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    next = appendStandIn(next + JSON.stringify(key) + ':', (object as Record<string, unknown>)[key]);
    if (next === undefined) return undefined;
    next += ',';
  }
  return next.length > STAND_IN_MAX_CHARS ? undefined : next + '}';
}

export class RedisLastGoodStore implements LastGoodStore {
  /**
   * Key -> digest of the JSON this process last wrote, when, and the stand-in of the last value
   * found to have that JSON (standInOf: the same stand-in needs no JSON or digest to know it is
   * the same value). Insertion order = age.
   */
  private readonly written = new Map<string, { digest: string; at: number; standIn?: string | undefined }>();

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
    const redisKey = this.key(site, key);
    const standIn = standInOf(value);
    const previous = this.written.get(redisKey);
    if (standIn !== undefined && previous?.standIn === standIn && this.now() - previous.at < REWRITE_AFTER_MS) return;
    const json = JSON.stringify(value);
    if (json === undefined || json.length > LAST_GOOD_MAX_BYTES) return;
    const digest = createHash('sha1').update(json).digest('base64');
    const at = this.now();
    if (previous !== undefined && previous.digest === digest && at - previous.at < REWRITE_AFTER_MS) {
      previous.standIn = standIn;
      return;
    }
    this.written.delete(redisKey);
    this.written.set(redisKey, { digest, at, standIn });
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
