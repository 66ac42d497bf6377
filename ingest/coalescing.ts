/**
 * How ingest coalesces render requests for one page beyond what BullMQ's deduplication does
 * (core/queue.ts renderJobOptions, ADR 0003, ADR 0027):
 *
 * - **When an event renders** (`eventDelays`): the first content event for a page renders at once;
 *   an event that comes within the window of a render of the page starting is put off into one
 *   trailing render, which starts once the events pause for the window (at most the max wait after
 *   the first event it carries). So a burst renders twice, and an isolated edit waits for nothing.
 * - **What a coalesced job promises** (`carryRequest`): a request that joins a job that has not
 *   started moves that job's freshness bound (`requestedAt`, docs/architecture.md "Render job",
 *   ADR 0029) to its own time, in the same atomic step that checks the job has not started; a
 *   worker reads the job's data when it takes it, so it sees the moved bound.
 *
 * Both are Lua scripts. The first keeps its own key per page; the second reads BullMQ 6.7's keys:
 * `de:<dedupId>` (the page's current job), `dn:<dedupId>` (the request kept behind a running
 * render, dedupNextKey below) and the state sets `prioritized`, `delayed`, `wait`, `paused` (a job
 * in none of them has started or finished). Re-read BullMQ's deduplicateJob and getState scripts
 * when upgrading it: these are not public APIs. Every key is under the queue's prefix, so its
 * {hash tag} keeps them in one Redis Cluster slot.
 */
import type { Queue } from 'bullmq';
import { z } from 'zod';
import { PlatformError } from '../core/errors.js';
import { renderDedupId, type RenderJob } from '../core/queue.js';
import type { RedisClient } from '../core/redis.js';
import { queueKeys } from '../core/redis-keys.js';

/**
 * ISO instants compared as text once normalised: the schema's form (core/queue.ts) is
 * `YYYY-MM-DDTHH:MM:SS[.fraction]Z`; the fraction is padded to nanoseconds so "…:00Z" sorts
 * before "…:00.5Z". An unreadable value reads as nil (older than anything).
 */
const LUA_INSTANT = `
local function instant(iso)
  if type(iso) ~= 'string' then return nil end
  local whole, fraction = string.match(iso, '^(%d%d%d%d%-%d%d%-%d%dT%d%d:%d%d:%d%d)%.?(%d*)Z$')
  if not whole then return nil end
  return whole .. string.sub(fraction .. '000000000', 1, 9)
end
`;

/**
 * BullMQ's state of a job that has not started: 'prioritized' or 'waiting' (a worker may take it
 * now) or 'delayed' (a trailing event render, or a retry in backoff); nil when it is running, has
 * finished or does not exist. Needs the keys of `prioritized`, `delayed`, `wait` and `paused`.
 */
const LUA_PENDING = `
local function pending(id, prioritized, delayed, wait, paused)
  if redis.call('ZSCORE', prioritized, id) then return 'prioritized' end
  if redis.call('ZSCORE', delayed, id) then return 'delayed' end
  if redis.call('LPOS', wait, id) or redis.call('LPOS', paused, id) then return 'waiting' end
  return nil
end
`;

/**
 * KEYS: each page's window key. ARGV[1]: the window (ms), ARGV[2]: the max wait (ms). Replies each
 * page's delay in ms.
 *
 * The window key holds `start`, when the page's latest event render starts or started, and
 * `deadline`, the latest start of the trailing render being put off. An event:
 * - `window` or more after `start`: the leading edge, renders now (delay 0, start = now);
 * - while a trailing render is put off (start ahead): moves it to now + window, capped at the
 *   deadline (BullMQ's `reschedule` moves the waiting job, core/queue.ts);
 * - within `window` after a render started: opens a trailing render at now + window, with the
 *   deadline now + max wait.
 * The delay is where the event's render goes if it needs a job of its own: an event that finds a
 * render of the page queued and not started joins it whatever its delay (BullMQ deduplication,
 * which moves only a delayed job), and one that finds it running is kept behind it with this
 * delay. So the delay never depends on the job's state read here, which a worker may change
 * before the add. Pages of one call are decided in order, so a page named twice gets one leading
 * render. TIME is Redis's clock, the same for every ingest replica (Redis 5+ replicates a script's
 * effects, so a script that reads the clock may write).
 */
const EVENT_DELAYS_SCRIPT = `
-- Milliseconds since 1970 as digits: a Lua number (a double) could print in exponent form.
local function ms(n) return string.format('%d', n) end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local maxWait = tonumber(ARGV[2])
local delays = {}
for i = 1, #KEYS do
  local saved = redis.call('HMGET', KEYS[i], 'start', 'deadline')
  local start = tonumber(saved[1])
  local deadline = tonumber(saved[2])
  local delay = 0
  if not start or now >= start + window then
    redis.call('HSET', KEYS[i], 'start', ms(now))
    redis.call('HDEL', KEYS[i], 'deadline')
    redis.call('PEXPIRE', KEYS[i], ms(window))
  else
    if start <= now or not deadline then deadline = now + maxWait end
    local nextStart = math.min(now + window, deadline)
    redis.call('HSET', KEYS[i], 'start', ms(nextStart), 'deadline', ms(deadline))
    redis.call('PEXPIRE', KEYS[i], ms(nextStart + window - now))
    delay = nextStart - now
  end
  delays[#delays + 1] = delay
end
return delays
`;

export interface EventWindow {
  /** core/queue.ts RenderJobDefaults.eventDebounceMs; 0 turns the window off. */
  windowMs: number;
  /** core/queue.ts RenderJobDefaults.eventMaxWaitMs; at least the window. */
  maxWaitMs: number;
}

/** Ingest's key for a page's event window (see EVENT_DELAYS_SCRIPT). */
export function eventWindowKey(queue: Queue, dedupId: string): string {
  return queueKeys(queue).eventWindow(dedupId);
}

/**
 * Ingest's record of the latest requestedAt among the page's coalesced requests (CARRY_SCRIPT).
 * It only needs to outlive the jobs that wait for the page; a lost one can only let a request
 * delivered out of order lower the bound of the request kept behind a running render.
 */
export function requestBoundKey(queue: Queue, dedupId: string): string {
  return queueKeys(queue).requestBound(dedupId);
}

/** How long a request bound is kept: longer than a render and its retries take. */
const REQUEST_BOUND_TTL_MS = 24 * 3600 * 1000;

/** BullMQ's key naming the page's current job (deduplication id -> job id). */
function dedupKey(queue: Queue, dedupId: string): string {
  return queue.toKey(`de:${dedupId}`);
}

/**
 * BullMQ 6.7's hash for the request kept behind an active job of the same deduplication id
 * (`deduplication.keepLastIfActive`): `<queue>:dn:<dedupId>` with fields name, data, opts and
 * `jid`, the id the job will get (scripts storeDeduplicatedNextJob in addStandardJob /
 * addPrioritizedJob, requeueDeduplicatedJob in moveToFinished). The job itself does not exist
 * until the active one finishes, so `queue.getJob` can not see it.
 */
export function dedupNextKey(queue: Queue, dedupId: string): string {
  return queue.toKey(`dn:${dedupId}`);
}

function stateKeys(queue: Queue): string[] {
  return [queue.toKey('prioritized'), queue.toKey('delayed'), queue.toKey('wait'), queue.toKey('paused')];
}

const delaysReply = z.array(z.number().int().nonnegative());

/**
 * The delay (ms) each content event's render waits, in input order, decided in one round trip.
 * Takes the pages' deduplication ids (core/queue.ts renderDedupId).
 */
export async function eventDelays(redis: RedisClient, queue: Queue, dedupIds: readonly string[], window: EventWindow): Promise<number[]> {
  if (dedupIds.length === 0) return [];
  if (window.windowMs <= 0) return dedupIds.map(() => 0);
  const keys = dedupIds.map((id) => eventWindowKey(queue, id));
  const reply: unknown = await redis.eval(EVENT_DELAYS_SCRIPT, keys.length, ...keys, String(window.windowMs), String(Math.max(window.windowMs, window.maxWaitMs)));
  const delays = delaysReply.safeParse(reply);
  if (!delays.success || delays.data.length !== dedupIds.length) {
    throw new PlatformError('INTERNAL_ERROR', `event window: Redis answered ${JSON.stringify(reply)} for ${dedupIds.length} pages`);
  }
  return delays.data;
}

/**
 * KEYS: [1] our job, [2] the page's `dn:` hash, [3] its `de:` key, [4..7] prioritized, delayed,
 * wait, paused, [8] the page's request bound (requestBoundKey), [9] the urgency of the requests
 * kept behind its running render (nextUrgencyKey). ARGV: [1] the queue's key prefix (a job's key
 * is it plus the id), [2] our requestedAt, [3] our priority, [4] our job data (JSON), [5] how
 * long the request bound is kept (ms).
 *
 * One atomic step, so no worker takes a job between the check that it has not started and the
 * move of its bound. The bound is the latest requestedAt of every coalesced request for the page
 * so far, ours included (kept in KEYS[8]): BullMQ replaces the request kept behind a running
 * render with the newest one *delivered*, which may have been made before the one it replaced.
 * Every request counted was made before now, so any job that starts after now may take it:
 * - the request kept behind a running render (`dn:`), if any, gets requestedAt = the later of its
 *   own and the bound: it becomes a job only when that render finishes, so it starts after now;
 *   and the most urgent priority of every request kept behind that render so far (KEYS[9], "the
 *   running job's id|priority"), since BullMQ keeps only the newest request's options: an
 *   editor's save (an event's own page) followed by another event's dependant request must not
 *   render at the dependant priority (ADR 0041);
 * - the page's current job, when it has not started: the same; or, when ours is more urgent (a
 *   lower priority number), it adopts our data (reason, requestedBy) with that requestedAt, and
 *   the caller raises its priority.
 * Replies { our job exists (0/1), dn's job id or '', the pending job's id or '', its state or '',
 * adopted (0/1) }.
 */
const CARRY_SCRIPT = `
${LUA_INSTANT}
${LUA_PENDING}
local function decode(raw)
  if not raw then return nil end
  local ok, value = pcall(cjson.decode, raw)
  if ok and type(value) == 'table' then return value end
  return nil
end
local function later(a, b)
  local ia, ib = instant(a), instant(b)
  if ia and (not ib or ia > ib) then return a end
  return b
end
local bound = later(ARGV[2], redis.call('GET', KEYS[8]))
redis.call('SET', KEYS[8], bound, 'PX', ARGV[5])
-- Moves the stored job data's requestedAt to the bound when the bound is later; with 'adopt',
-- replaces the data by ours, with the later of the two.
local function carry(hash, adopt)
  local stored = decode(redis.call('HGET', hash, 'data'))
  if not stored then return end
  local data = stored
  if adopt then data = cjson.decode(ARGV[4]) end
  local requestedAt = later(bound, stored['requestedAt'])
  if adopt or requestedAt ~= stored['requestedAt'] then
    data['requestedAt'] = requestedAt
    redis.call('HSET', hash, 'data', cjson.encode(data))
  end
end

local ours = redis.call('EXISTS', KEYS[1])
local nextId = redis.call('HGET', KEYS[2], 'jid') or ''
local current = redis.call('GET', KEYS[3])
if nextId ~= '' then
  carry(KEYS[2], false)
  -- The most urgent request kept behind this running job (current) sets the next job's priority.
  local opts = decode(redis.call('HGET', KEYS[2], 'opts'))
  if opts and current then
    local urgent = tonumber(ARGV[3])
    local kept = tonumber(opts['priority'])
    if kept and kept > 0 and kept < urgent then urgent = kept end
    local seen = redis.call('GET', KEYS[9])
    if seen then
      local runningId, priority = string.match(seen, '^(.*)|(%d+)$')
      if runningId == current and tonumber(priority) < urgent then urgent = tonumber(priority) end
    end
    redis.call('SET', KEYS[9], current .. '|' .. urgent, 'PX', ARGV[5])
    if kept ~= urgent then
      opts['priority'] = urgent
      redis.call('HSET', KEYS[2], 'opts', cjson.encode(opts))
    end
  end
end
local state = current and pending(current, KEYS[4], KEYS[5], KEYS[6], KEYS[7])
local adopted = 0
if state then
  local jobKey = ARGV[1] .. current
  local priority = tonumber(redis.call('HGET', jobKey, 'priority')) or 0
  if priority > tonumber(ARGV[3]) then
    carry(jobKey, true)
    adopted = 1
  else
    carry(jobKey, false)
  end
  return { ours, nextId, current, state, adopted }
end
return { ours, nextId, '', '', adopted }
`;

const carryReply = z.tuple([z.number(), z.string(), z.string(), z.enum(['prioritized', 'delayed', 'waiting', '']), z.number()]);

/** Which jobs carry a request BullMQ coalesced into another (see CARRY_SCRIPT). */
export interface Carriers {
  /** The request's own job exists: it was kept behind a running render, which has finished. */
  ownJob: boolean;
  /** The id of the request kept behind a running render of the page (maybe this one). */
  nextId: string | undefined;
  /** The page's job that has not started, now bound to this request's time. */
  pending: { id: string; state: 'prioritized' | 'delayed' | 'waiting'; adopted: boolean } | undefined;
}

/**
 * Binds a coalesced request to the jobs that will serve it: see CARRY_SCRIPT. When it answers no
 * own job, no next request and no pending job, the job BullMQ coalesced the request into started
 * (or finished) before its bound could move: the caller must ask again.
 */
export async function carryRequest(redis: RedisClient, queue: Queue, ownId: string, data: RenderJob, priority: number): Promise<Carriers> {
  const dedupId = renderDedupId(data.site, data.path);
  const keys = [queue.toKey(ownId), dedupNextKey(queue, dedupId), dedupKey(queue, dedupId), ...stateKeys(queue), requestBoundKey(queue, dedupId), queueKeys(queue).nextUrgency(dedupId)];
  const reply: unknown = await redis.eval(
    CARRY_SCRIPT,
    keys.length,
    ...keys,
    queue.toKey(''),
    data.requestedAt,
    String(priority),
    JSON.stringify(data),
    String(REQUEST_BOUND_TTL_MS),
  );
  const parsed = carryReply.safeParse(reply);
  if (!parsed.success) throw new PlatformError('INTERNAL_ERROR', `coalescing: Redis answered ${JSON.stringify(reply)} for ${dedupId}`);
  const [own, nextId, pendingId, state, adopted] = parsed.data;
  return {
    ownJob: own === 1,
    nextId: nextId === '' ? undefined : nextId,
    pending: pendingId === '' || state === '' ? undefined : { id: pendingId, state, adopted: adopted === 1 },
  };
}
