/**
 * The render-queue producer (docs/architecture.md, "Render job"). Every job ingest adds goes through here, so
 * each one is validated against the shared schema and carries the shared options (priority,
 * retries, coalescing by site and path) from core/queue.ts, content events are placed in their
 * page's coalescing window, and a request that joins a waiting job moves that job's freshness
 * bound (ingest/coalescing.ts, ADR 0027).
 */
import { randomUUID } from 'node:crypto';
import { Queue, type Job, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import type { Logger } from '../core/logger.js';
import { createRedis, type RedisClient } from '../core/redis.js';
import {
  DEFAULT_RENDER_JOB,
  EVENT_DEBOUNCE_MS,
  EVENT_MAX_WAIT_MS,
  PRIORITY,
  QUEUE_PREFIX,
  RENDER_QUEUE,
  parseRenderJob,
  renderDedupId,
  renderJobName,
  renderJobOptions,
  type RenderJob,
  type RenderJobDefaults,
} from '../core/queue.js';
import { PlatformError } from '../core/errors.js';
import { carryRequest, dedupNextKey, eventDelays } from './coalescing.js';
import { queueKeys } from '../core/redis-keys.js';

const BULK_CHUNK = 500;

/** Times one request is added before its answer is taken as it is (addOne). */
const MAX_ASKS = 3;

/** One job to add: BullMQ's name, data and options, its delay in its page's event window, and its priority. */
interface Entry {
  name: string;
  data: RenderJob;
  delayMs: number;
  priority: number;
  opts: JobsOptions & { jobId: string };
}

/** How a call's jobs are queued. */
export interface EnqueueOptions {
  /**
   * Their priority when it is not their reason's (core/queue.ts PRIORITY): an event's dependant
   * pages are queued at DEPENDANT_PRIORITY (ADR 0041).
   */
  priority?: number;
}

/**
 * How long ingest remembers which page a request queued behind an active render belongs to
 * (afterActiveKey). Long enough for the active render and all its retries; the key is only a
 * pointer, so an expired one merely turns a status look-up into "not found".
 */
const AFTER_ACTIVE_TTL_S = 24 * 3600;

/**
 * Ingest's own pointer from a request id to its deduplication id, written when a request is
 * queued behind an active render: BullMQ's next-job hash (coalescing.ts dedupNextKey) is keyed by
 * deduplication id, and a status look-up only has the job id. Custom job ids can not contain ":", so this never names a job.
 */
function afterActiveKey(queue: Queue, jobId: string): string {
  return queueKeys(queue).afterActive(jobId);
}

/** A request BullMQ holds behind an active render of the same page (see dedupNextKey). */
export interface QueuedAfterActive {
  id: string;
  /** The job data as stored (unvalidated). */
  data: unknown;
  /** Attempts the job will be allowed, from its stored options. */
  attempts: number | undefined;
}

const storedNext = z.object({ jid: z.string(), data: z.string(), opts: z.string() });
const storedOpts = z.object({ attempts: z.number().int().positive().optional() });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The request `id` when it is queued behind an active render of its page, or null (it is a real
 * job by now, was replaced by a newer request for the page, or never existed).
 */
export async function findQueuedAfterActive(queue: Queue, id: string): Promise<QueuedAfterActive | null> {
  const client = await queue.getBackend().client;
  const dedupId = await client.get(afterActiveKey(queue, id));
  if (dedupId === null) return null;
  const stored = storedNext.safeParse(await client.hgetall(dedupNextKey(queue, dedupId)));
  if (!stored.success || stored.data.jid !== id) return null;
  const opts = storedOpts.safeParse(parseJson(stored.data.opts));
  return { id, data: parseJson(stored.data.data), attempts: opts.success ? opts.data.attempts : undefined };
}

export interface RenderProducerOptions {
  /** A shared connection; the producer does not close it. Takes precedence over redisUrl. */
  connection?: RedisClient;
  /** Used when no connection is given; the producer opens and closes its own connection. */
  redisUrl?: string;
  /** BullMQ key prefix with a {hash tag}; defaults to QUEUE_PREFIX. */
  prefix?: string;
  logger: Logger;
  /** Attempts, backoff and the content-event window; defaults to DEFAULT_RENDER_JOB. */
  defaults?: RenderJobDefaults;
}

export interface EnqueueResult {
  /**
   * The id of the job that will carry this request: a new job, the pending one it joined, or a
   * request queued behind an active render (its job appears when that render finishes).
   */
  jobId: string | undefined;
  /** True when a render of the same site and path was already pending and absorbed this request. */
  deduplicated: boolean;
  /**
   * True when `jobId` waits behind a render of the page that is already running; until that
   * render finishes, its status is 'queued-after-active' (republish.ts, jobStatus).
   */
  queuedAfterActive: boolean;
}

export interface RenderProducer {
  /** The underlying queue (dashboard, job look-ups). */
  readonly queue: Queue;
  enqueue(job: RenderJob, options?: EnqueueOptions): Promise<EnqueueResult>;
  /** One round trip for many jobs (BullMQ addBulk); results are in input order. */
  enqueueMany(jobs: readonly RenderJob[], options?: EnqueueOptions): Promise<EnqueueResult[]>;
  close(): Promise<void>;
}

export function createRenderProducer(options: RenderProducerOptions): RenderProducer {
  const ownsConnection = options.connection === undefined;
  let connection: RedisClient;
  if (options.connection) {
    connection = options.connection;
  } else if (options.redisUrl) {
    connection = createRedis(options.redisUrl, { name: 'ingest-producer', logger: options.logger });
  } else {
    throw new PlatformError('CONFIG_INVALID', 'createRenderProducer needs a connection or a redisUrl');
  }
  const log = options.logger.child({ module: 'producer' });
  const defaults = options.defaults ?? DEFAULT_RENDER_JOB;
  const queue = new Queue(RENDER_QUEUE, { connection, prefix: options.prefix ?? QUEUE_PREFIX });

  const window = { windowMs: defaults.eventDebounceMs ?? EVENT_DEBOUNCE_MS, maxWaitMs: defaults.eventMaxWaitMs ?? EVENT_MAX_WAIT_MS };

  const entryFor = (data: RenderJob, delayMs: number, priority: number): Entry => {
    // Our own id, so we can tell whether BullMQ kept this job or returned the pending one it was
    // coalesced into (a deduplicated add returns the existing job's id). No ":" (BullMQ refuses
    // it in custom ids) and not an integer.
    const jobId = `r-${randomUUID()}`;
    return { name: renderJobName(data), data, delayMs, priority, opts: { ...renderJobOptions(data, defaults, { delayMs, priority }), jobId } };
  };

  /** The jobs' entries, content events placed in their pages' windows in one round trip. */
  const place = async (jobs: readonly RenderJob[], options: EnqueueOptions): Promise<Entry[]> => {
    const priorityOf = (data: RenderJob): number => options.priority ?? PRIORITY[data.reason];
    const events = jobs.filter((data) => data.reason === 'event');
    const delays = await eventDelays(
      connection,
      queue,
      events.map((data) => renderDedupId(data.site, data.path)),
      window,
    );
    let next = 0;
    return jobs.map((data) => {
      if (data.reason !== 'event') return entryFor(data, 0, priorityOf(data));
      const delay = delays[next] ?? 0;
      next += 1;
      return entryFor(data, delay, priorityOf(data));
    });
  };

  /**
   * Works out which job will carry a request BullMQ coalesced into an existing one, and binds it
   * to the request's time (ingest/coalescing.ts carryRequest), from what Redis holds now in one
   * atomic step, not from the existing job's state: that may have changed since `add` (a waiting
   * job picked up by a worker meanwhile would look like "queued behind an active job").
   *
   * - BullMQ's next-job hash holds our id: the existing job was running, so keepLastIfActive kept
   *   this request to run after it, under our own id (core/queue.ts, renderJobOptions). It may have
   *   read data older than this request. Remember its page so a status look-up can find it.
   * - Our job exists: the same, and the running job has finished meanwhile; ours is now queued.
   * - The hash holds another id: a newer request for the page waits behind a running render. It
   *   starts after this request was made, whichever way BullMQ treated ours (kept and then
   *   replaced, or dropped because the existing job had not started), so it carries this request;
   *   its freshness bound is now at least ours.
   * - The page's job has not started: it absorbed this request and its freshness bound moved to
   *   this request's time. It keeps its own priority, so when it is less urgent (a sweep
   *   absorbing an editor's republish) it adopted this request and its priority is raised:
   *   "editor republish first" (docs/architecture.md "Render job", priorities) must hold for a page that is already queued.
   * - None of these: the job BullMQ folded this request into started after `add` answered, with
   *   the older bound. Undefined: the caller asks again, and the request is kept behind that
   *   render. A `miss` needs no bound (any render stores what upstream has; ADR 0018): it stays
   *   with the job it joined.
   */
  const resolveCoalesced = async (entry: Entry, existingId: string): Promise<EnqueueResult | undefined> => {
    const { data } = entry;
    const ourId = entry.opts.jobId;
    const dedupId = renderDedupId(data.site, data.path);
    const carriers = await carryRequest(connection, queue, ourId, data, entry.priority);
    if (carriers.nextId === ourId || carriers.ownJob) {
      if (!carriers.ownJob) await connection.set(afterActiveKey(queue, ourId), dedupId, 'EX', AFTER_ACTIVE_TTL_S);
      return { jobId: ourId, deduplicated: false, queuedAfterActive: true };
    }
    if (carriers.nextId !== undefined) {
      // Its own enqueue writes this pointer too, but may not have yet: write it so the id answered
      // here can be looked up at once.
      await connection.set(afterActiveKey(queue, carriers.nextId), dedupId, 'EX', AFTER_ACTIVE_TTL_S);
      return { jobId: carriers.nextId, deduplicated: true, queuedAfterActive: true };
    }
    if (carriers.pending) {
      if (carriers.pending.adopted) await raisePriority(carriers.pending.id, carriers.pending.state, data, entry.priority);
      return { jobId: carriers.pending.id, deduplicated: true, queuedAfterActive: false };
    }
    if (data.reason === 'miss') return { jobId: existingId, deduplicated: true, queuedAfterActive: false };
    return undefined;
  };

  const raisePriority = async (jobId: string, state: 'prioritized' | 'delayed' | 'waiting', data: RenderJob, priority: number): Promise<void> => {
    try {
      const existing: Job | undefined = await queue.getJob(jobId);
      if (!existing) return;
      await existing.changePriority({ priority });
      // A trailing event render waiting out its window (ingest/coalescing.ts): the more urgent
      // request does not wait.
      if (state === 'delayed' && data.reason !== 'event') await existing.promote();
      log.debug({ jobId, reason: data.reason }, 'raised the priority of a coalesced render');
    } catch (error) {
      // It started meanwhile: it renders data at least as new as this request anyway.
      log.warn({ error, jobId }, 'could not raise the priority of a coalesced render');
    }
  };

  /** What became of an added entry; undefined when it must be asked again (resolveCoalesced). */
  const settle = async (entry: Entry, job: Job): Promise<EnqueueResult | undefined> => {
    const ourId = entry.opts.jobId;
    const result = job.id !== undefined && job.id !== ourId ? await resolveCoalesced(entry, job.id) : { jobId: job.id, deduplicated: false, queuedAfterActive: false };
    if (result) log.debug({ ...result, site: entry.data.site, path: entry.data.path, reason: entry.data.reason, delayMs: entry.delayMs }, 'render enqueued');
    return result;
  };

  /**
   * Adds one entry, asking again (under a new id, same place in the window) while the job it
   * joined starts under it. Each retry needs a worker to take the page's job within one round
   * trip, so a second is rare and a third rarer; the last answer is returned as it is.
   */
  const addOne = async (first: Entry): Promise<EnqueueResult> => {
    let entry = first;
    for (let ask = 1; ; ask += 1) {
      const job = await queue.add(entry.name, entry.data, entry.opts);
      const result = await settle(entry, job);
      if (result) return result;
      if (ask >= MAX_ASKS) {
        log.warn({ jobId: job.id, site: entry.data.site, path: entry.data.path }, 'a coalesced render kept starting before its freshness bound moved');
        return { jobId: job.id, deduplicated: true, queuedAfterActive: false };
      }
      entry = entryFor(entry.data, entry.delayMs, entry.priority);
    }
  };

  return {
    queue,
    async enqueue(input, options = {}) {
      // Validate here, not only in the worker: a bad job must fail at the producer with a clear
      // error instead of sitting in the queue until a worker refuses it.
      const data = parseRenderJob(input);
      const [entry] = await place([data], options);
      if (!entry) throw new PlatformError('INTERNAL_ERROR', 'render producer: no entry for a job');
      return await addOne(entry);
    },
    async enqueueMany(inputs, options = {}) {
      // Validate everything before adding anything: one bad job refuses the whole batch.
      const jobs = inputs.map((input) => parseRenderJob(input));
      const results: EnqueueResult[] = [];
      // Chunks bound the size of one pipeline when a change touches every page (a menu edit).
      for (let start = 0; start < jobs.length; start += BULK_CHUNK) {
        const chunk = await place(jobs.slice(start, start + BULK_CHUNK), options);
        const added = await queue.addBulk(chunk);
        for (const [i, entry] of chunk.entries()) {
          const job = added[i];
          if (!job) {
            results.push({ jobId: undefined, deduplicated: false, queuedAfterActive: false });
            continue;
          }
          results.push((await settle(entry, job)) ?? (await addOne(entryFor(entry.data, entry.delayMs, entry.priority))));
        }
      }
      return results;
    },
    async close() {
      await queue.close();
      if (ownsConnection) await connection.quit().catch(() => connection.disconnect());
    },
  };
}
