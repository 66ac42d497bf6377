/**
 * A render's bookkeeping after its storage writes, in one Redis round trip (ADR 0030:
 * an unchanged article render made 7 round trips before): the page's dependency set (core/dependency-index.ts), the write announcement
 * (core/page-announcements.ts, ADR 0028), and the editors' records of the render (core/page-status.ts:
 * the failure record cleared, the render logged).
 *
 * One Lua script rather than a MULTI: replacing the dependency set needs the previous set (which
 * data keys the page no longer reads) before it can write, and a MULTI cannot read and then decide.
 * The script runs the same commands, in the same order, as the separate calls it replaces:
 * DependencyIndex.record (SMEMBERS, then SREM / SADD / DEL / SADD), the PUBLISH of every announcement
 * message, then PageStatusStore.clearFailure (DEL, ZREM) and PageRenderLog.record (SET EX).
 *
 * Keys: every key it touches starts with the queue prefix and its {hash tag}, so all of them live in
 * one slot of a Redis Cluster. The `deps:<data key>` sets of data keys the page no longer reads are
 * only known inside the script, so the script builds those names from the prefix it is given (as
 * BullMQ's own scripts build job keys); the page's own keys are passed as KEYS.
 *
 * The editors' records must never fail the render they describe (render-workers/worker.ts): the
 * script runs them with `pcall`, and answers whether they were written. A record kept under a
 * different connection or prefix than the index is not written here: the caller writes it itself.
 *
 * Sent with EVALSHA, and with EVAL once when the server does not know the script yet (NOSCRIPT), as
 * ioredis's `defineCommand` does, without adding a method to a connection shared by other modules.
 */
import { createHash } from 'node:crypto';
import type { DependencyIndex, PageRef } from './dependency-index.js';
import { isDataKey, pageRefString } from './dependency-index.js';
import { PlatformError } from './errors.js';
import { encodePageWrites, pageWritesChannel } from './page-announcements.js';
import { PAGE_FAILURE_TTL_S, type PageRender, type PageRenderLog, type PageStatusStore } from './page-status.js';
import type { RedisClient } from './redis.js';

// KEYS[1] the page's dependency set; with the records, KEYS[2] its failure record, KEYS[3] the
// recovery set, KEYS[4] its render record.
// ARGV: 1 '1' to replace the dependency set, 2 the deps key prefix, 3 the page's member, 4 how many
// data keys, 5 the announcement channel, 6 how many messages, 7 '1' to clear the failure,
// 8 the recovery set member, 9 the render record JSON ('' for none), 10 its TTL in seconds, then
// the data keys, then the messages.
const COMMIT_SCRIPT = `
local dataCount = tonumber(ARGV[4])
local messageCount = tonumber(ARGV[6])
if ARGV[1] == '1' then
  local wanted = {}
  for i = 1, dataCount do wanted[ARGV[10 + i]] = true end
  for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
    if not wanted[key] then redis.call('SREM', ARGV[2] .. key, ARGV[3]) end
  end
  for i = 1, dataCount do redis.call('SADD', ARGV[2] .. ARGV[10 + i], ARGV[3]) end
  redis.call('DEL', KEYS[1])
  for i = 1, dataCount do redis.call('SADD', KEYS[1], ARGV[10 + i]) end
end
for i = 1, messageCount do redis.call('PUBLISH', ARGV[5], ARGV[10 + dataCount + i]) end
if #KEYS < 4 then return 0 end
local function fine(reply) return not (type(reply) == 'table' and reply.err ~= nil) end
local ok = true
if ARGV[7] == '1' then
  ok = fine(redis.pcall('DEL', KEYS[2])) and ok
  ok = fine(redis.pcall('ZREM', KEYS[3], ARGV[8])) and ok
end
if ARGV[9] ~= '' then ok = fine(redis.pcall('SET', KEYS[4], ARGV[9], 'EX', ARGV[10])) and ok end
if ok then return 1 end
return 0
`;

const COMMIT_SHA = createHash('sha1').update(COMMIT_SCRIPT).digest('hex');

/** The editors' records of a render, when the worker keeps them (render-workers/worker.ts). */
export interface PageRenderRecords {
  pageStatus?: PageStatusStore | undefined;
  renderLog?: PageRenderLog | undefined;
}

export interface PageRenderCommit {
  page: PageRef;
  /** The data keys the render read: they replace the page's dependency set. Omitted: the set is left alone. */
  dataKeys?: Iterable<string>;
  /** Storage keys written, deleted, or possibly so, to announce to the edge routers. */
  announce?: readonly string[];
  /** The render succeeded: its failure record is cleared (when the records are kept). */
  clearFailure?: boolean;
  /** The render, for the render log (when the records are kept). */
  render?: PageRender;
}

export interface PageRenderCommitResult {
  /** True when the records were written in the same round trip; false: the caller writes them. */
  recorded: boolean;
}

function sameScope(a: { redis: RedisClient; prefix: string }, b: { redis: RedisClient; prefix: string }): boolean {
  return a.redis === b.redis && a.prefix === b.prefix;
}

/**
 * Writes the render's bookkeeping (file header) in one round trip. REDIS_UNAVAILABLE (retried) when
 * Redis does not take it: the render job runs again and its retry announces and records again.
 */
export async function commitPageRender(index: DependencyIndex, commit: PageRenderCommit, records: PageRenderRecords = {}): Promise<PageRenderCommitResult> {
  const { redis, prefix } = index.scope;
  const { page } = commit;
  const dataKeys = commit.dataKeys === undefined ? null : [...new Set(commit.dataKeys)].filter(isDataKey);
  const messages = encodePageWrites(commit.announce ?? []);
  const { pageStatus, renderLog } = records;
  // Both records, and only when they live where the index does (one slot, one connection).
  const joined = pageStatus !== undefined && renderLog !== undefined && sameScope(pageStatus.scope, index.scope) && sameScope(renderLog.scope, index.scope);
  const keys = [index.pageKey(page), ...(joined ? [pageStatus.key(page), pageStatus.recoveryKey(), renderLog.key(page)] : [])];
  const args = [
    dataKeys === null ? '0' : '1',
    index.depsKeyPrefix(),
    pageRefString(page),
    String(dataKeys?.length ?? 0),
    pageWritesChannel(prefix),
    String(messages.length),
    joined && commit.clearFailure === true ? '1' : '0',
    joined ? pageStatus.recoveryMember(page) : '',
    joined && commit.render !== undefined ? JSON.stringify(commit.render) : '',
    String(PAGE_FAILURE_TTL_S),
    ...(dataKeys ?? []),
    ...messages,
  ];
  let reply: unknown;
  try {
    reply = await evalCommit(redis, keys, args);
  } catch (error) {
    throw new PlatformError('REDIS_UNAVAILABLE', `Could not record the render of ${page.site} ${page.path} (dependencies, ${commit.announce?.length ?? 0} announced storage key(s))`, {
      cause: error,
      details: { channel: pageWritesChannel(prefix), keys: (commit.announce ?? []).slice(0, 10) },
    });
  }
  return { recorded: joined && Number(reply) === 1 };
}

async function evalCommit(redis: RedisClient, keys: string[], args: string[]): Promise<unknown> {
  try {
    return await redis.evalsha(COMMIT_SHA, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return await redis.eval(COMMIT_SCRIPT, keys.length, ...keys, ...args);
  }
}
