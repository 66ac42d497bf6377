/**
 * Fencing tokens for page writes (a render never writes an older version over a newer one,
 * even with two workers racing on the same page; ADR 0009).
 *
 * A render takes a token for its page when it starts, before it reads upstream; publishPage stores
 * the token with every object it writes (ObjectMeta.fence) and refuses to replace an object that
 * carries a higher one. A render that started later read newer data, so its token wins, whatever
 * order the writes land in. A rollback takes a token too, so a render that was already running
 * when the editor rolled back cannot undo the rollback.
 *
 * Redis layout (under the queue prefix's hash tag, beside the dependency index):
 *   {newsroom}:fence:<site>:<path>        a counter, INCR per render
 *   {newsroom}:fence-mark:<site>:<path>   the highest token admitted to publish the page
 *
 * The mark closes the two gaps ADR 0009 left (ADR 0023). A render that publishes is *admitted*
 * first: the mark rises to its token, or the render is refused when a higher token was admitted.
 * A render whose bytes equal the stored ones writes nothing, so the token stored with the objects
 * stays old; the mark is where its token goes up instead, and every conditional write checks the
 * mark again as its guard (core/storage/types.ts WriteCondition), so an older, slower render is
 * refused after it, with no storage write per unchanged page.
 *
 * The counter is seeded with the Redis server clock in microseconds when it does not exist. Tokens
 * therefore keep growing across a Redis that lost its data (the embedded default runs without
 * persistence) or a key that expired: otherwise a fresh counter would start at 1 below the tokens
 * already stored, and every render of the page would be refused as stale. So the key can expire
 * after a month without renders (pages that no longer exist do not keep keys forever).
 */
import type { RedisClient } from './redis.js';
import type { PageRef } from './dependency-index.js';
import { PlatformError } from './errors.js';
import { QUEUE_PREFIX } from './queue.js';
import { redisKeys } from './redis-keys.js';

/** A counter untouched this long is dropped; the clock seed keeps later tokens higher anyway. */
export const FENCE_TTL_MS = 30 * 24 * 3600 * 1000;

export function fenceKey(page: PageRef, prefix = QUEUE_PREFIX): string {
  return redisKeys(prefix).fence(page);
}

// TIME is [seconds, microseconds] as strings; the seed is built as a string because Lua numbers
// are doubles and print in exponent form. INCR's reply is an integer (below 2^53 for millennia).
// Redis 5+ replicates a script's effects, so a script that reads the clock is allowed to write.
const TAKE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  local t = redis.call('TIME')
  redis.call('SET', KEYS[1], t[1] .. string.format('%06d', tonumber(t[2])))
end
local token = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return token
`;

/**
 * A new fencing token for the page, higher than every token taken for it before. Take it at the
 * start of a render (before any upstream read) and pass it to publishPage as `fence`.
 */
export async function takePageFence(redis: RedisClient, page: PageRef, prefix = QUEUE_PREFIX): Promise<number> {
  const reply = await redis.eval(TAKE_SCRIPT, 1, fenceKey(page, prefix), String(FENCE_TTL_MS));
  const token = Number(reply);
  if (!Number.isSafeInteger(token) || token < 0) throw new PlatformError('INTERNAL_ERROR', `page fence: Redis answered ${String(reply)} for ${fenceKey(page, prefix)}`);
  return token;
}

/** The last token taken for the page, or null when none is known (status page, tests). */
export async function currentPageFence(redis: RedisClient, page: PageRef, prefix = QUEUE_PREFIX): Promise<number | null> {
  const value = await redis.get(fenceKey(page, prefix));
  return value === null ? null : Number(value);
}

export function fenceMarkKey(page: PageRef, prefix = QUEUE_PREFIX): string {
  return redisKeys(prefix).fenceMark(page);
}

// Tokens are integers below 2^53, which Lua's doubles hold exactly; the mark is SET from the
// argument string, so it is never printed in exponent form. Answers 0 (refused), 1 (admitted) or
// 2 (admitted, and no render of the page had been admitted before: there was no mark). KEYS[2..]
// (publishPage's stale deletion record) are deleted first, whatever the answer, as they were when
// a pipeline sent the DEL ahead of the script.
const ADMIT_SCRIPT = `
for i = 2, #KEYS do redis.call('DEL', KEYS[i]) end
local stored = redis.call('GET', KEYS[1])
local mark = tonumber(stored or '0')
local token = tonumber(ARGV[1])
if mark > token then return 0 end
if mark < token then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) else redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if stored then return 1 end
return 2
`;

/**
 * How an admission ended: 'refused' (a render holding a higher token was admitted first),
 * 'admitted', or 'first' (admitted, and the page had no mark: no render of it was admitted in the
 * last FENCE_TTL_MS, as far as this Redis knows). 'first' is a hint, not a fact: a Redis that lost
 * its data, or objects written without a fence, also read as 'first'; publishPage only uses it to
 * try create-only writes, which storage itself refuses when an object is there after all.
 */
export type PageAdmission = 'refused' | 'admitted' | 'first';

/**
 * Admits the render holding `token` to publish the page: the mark rises to the token, unless a
 * render holding a higher token was admitted first ('refused': every write of this render is
 * stale). Atomic in Redis, so across processes exactly the renders whose token is at least every
 * token admitted before them get through.
 */
export async function admitPageRender(
  redis: RedisClient,
  page: PageRef,
  token: number,
  prefix = QUEUE_PREFIX,
  options: { deleteFirst?: readonly string[] } = {},
): Promise<PageAdmission> {
  if (!Number.isSafeInteger(token) || token < 0) throw new PlatformError('INTERNAL_ERROR', `page fence: ${String(token)} is not a fencing token`);
  const deleteFirst = options.deleteFirst ?? [];
  // `deleteFirst` (publishPage's stale deletion record) rides in the script, in the same round
  // trip: an ioredis pipeline on a connection BullMQ has defined its scripts on costs more client
  // CPU to build than the admission itself (it copies every defined script onto the pipeline).
  const reply: unknown = await redis.eval(ADMIT_SCRIPT, 1 + deleteFirst.length, fenceMarkKey(page, prefix), ...deleteFirst, String(token), String(FENCE_TTL_MS));
  const answer = Number(reply);
  return answer === 2 ? 'first' : answer === 1 ? 'admitted' : 'refused';
}

/** admitPageRender as a yes or no: what each write's guard asks (pageFenceGate). */
export async function admitPageFence(
  redis: RedisClient,
  page: PageRef,
  token: number,
  prefix = QUEUE_PREFIX,
  options: { deleteFirst?: readonly string[] } = {},
): Promise<boolean> {
  return (await admitPageRender(redis, page, token, prefix, options)) !== 'refused';
}

/** The highest token admitted to publish the page, or null when none is known (status, tests). */
export async function pageFenceMark(redis: RedisClient, page: PageRef, prefix = QUEUE_PREFIX): Promise<number | null> {
  const value = await redis.get(fenceMarkKey(page, prefix));
  return value === null ? null : Number(value);
}

/** Where the page fence lives: the Redis connection and key prefix (a DependencyIndex carries both). */
export interface PageFenceScope {
  redis: RedisClient;
  prefix: string;
}

/**
 * The render's admission, bound to its page and token: what publishPage and its writes' guards call.
 *
 * Guards asked before the event loop's next check phase share one admission, sent from it
 * (setImmediate): a render's variant writes often reach their guards together. On S3 they ask in
 * one turn; on the filesystem each asks from its own sync's completion, and completions that
 * arrive together run one after another in one poll phase, each a turn of its own, so an admission
 * sent on the next tick would go once per completion. A guard promises that no render holding a
 * higher token had been admitted when it was asked (ADR 0023); a shared admission still runs after
 * every one of its callers asked, and each write still waits for the answer before it lands, so
 * each gets exactly that promise. A guard asked once the admission has been sent waits for the
 * next.
 */
export function pageFenceGate(scope: PageFenceScope, page: PageRef, token: number): () => Promise<boolean> {
  let next: Promise<boolean> | undefined;
  return () => {
    next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      next = undefined;
      return admitPageFence(scope.redis, page, token, scope.prefix);
    });
    return next;
  };
}
