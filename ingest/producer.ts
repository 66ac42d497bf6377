/**
 * The render-queue producer (DESIGN.md, "Render job"). Every job ingest adds goes through here, so
 * each one is validated against the shared schema and carries the shared options (priority,
 * retries, coalescing by site and path) from core/queue.ts.
 */
import { randomUUID } from 'node:crypto';
import { Queue, type Job } from 'bullmq';
import { z } from 'zod';
import type { Logger } from '../core/logger.js';
import { createRedis, type RedisClient } from '../core/redis.js';
import {
  DEFAULT_RENDER_JOB,
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

const BULK_CHUNK = 500;

/**
 * How long ingest remembers which page a request queued behind an active render belongs to
 * (afterActiveKey). Long enough for the active render and all its retries; the key is only a
 * pointer, so an expired one merely turns a status look-up into "not found".
 */
const AFTER_ACTIVE_TTL_S = 24 * 3600;

/**
 * BullMQ 6.7's hash for the request kept behind an active job of the same deduplication id
 * (`deduplication.keepLastIfActive`): `<queue>:dn:<dedupId>` with fields name, data, opts and
 * `jid`, the id the job will get (scripts storeDeduplicatedNextJob in addStandardJob /
 * addPrioritizedJob, requeueDeduplicatedJob in moveToFinished). The job itself does not exist
 * until the active one finishes, so `queue.getJob` can not see it. Re-read those scripts when
 * upgrading BullMQ: this is not a public API.
 */
function dedupNextKey(queue: Queue, dedupId: string): string {
  return queue.toKey(`dn:${dedupId}`);
}

/**
 * Ingest's own pointer from a request id to its deduplication id, written when a request is
 * queued behind an active render: BullMQ's hash above is keyed by deduplication id, and a status
 * look-up only has the job id. Custom job ids can not contain ":", so this never names a job.
 */
function afterActiveKey(queue: Queue, jobId: string): string {
  return queue.toKey(`ingest-after-active:${jobId}`);
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
  /** Attempts and backoff; defaults to DEFAULT_RENDER_JOB. */
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
  enqueue(job: RenderJob): Promise<EnqueueResult>;
  /** One round trip for many jobs (BullMQ addBulk); results are in input order. */
  enqueueMany(jobs: readonly RenderJob[]): Promise<EnqueueResult[]>;
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

  const prepare = (input: RenderJob) => {
    // Validate here, not only in the worker: a bad job must fail at the producer with a clear
    // error instead of sitting in the queue until a worker refuses it.
    const data = parseRenderJob(input);
    // Our own id, so we can tell whether BullMQ kept this job or returned the pending one it was
    // coalesced into (a deduplicated add returns the existing job's id). No ":" (BullMQ refuses
    // it in custom ids) and not an integer.
    const jobId = `r-${randomUUID()}`;
    return { name: renderJobName(data), data, opts: { ...renderJobOptions(data, defaults), jobId } };
  };

  /**
   * Works out which job will carry a request BullMQ coalesced into an existing one, from what BullMQ
   * stored, not from the existing job's state now: that may have changed since `add` (a waiting job
   * picked up by a worker meanwhile would look like "queued behind an active job").
   *
   * - BullMQ's next-job hash holds our id: the existing job was running, so keepLastIfActive kept
   *   this request to run after it, under our own id (core/queue.ts, renderJobOptions). It may have
   *   read data older than this request. Remember its page so a status look-up can find it.
   * - Our job exists: the same, and the running job has finished meanwhile; ours is now queued.
   * - The hash holds another id: a newer request for the page waits behind a running render. It
   *   starts after this request was made, whichever way BullMQ treated ours (kept and then
   *   replaced, or dropped because the existing job had not started), so it carries this request.
   * - Otherwise the existing job had not started and absorbed this request; it will render the page.
   *   It keeps its own priority, so when it is less urgent (a sweep absorbing an editor's
   *   republish) raise it and adopt the newer request: "editor republish first" (DESIGN.md,
   *   priorities) must hold for a page that is already queued. (Unresolvable corner: kept, replaced
   *   and promoted all before we look. Then the existing job is answered though the newer one
   *   carries this request; it needs two more events for the page within this round trip.)
   */
  const resolveCoalesced = async (ourId: string, existingId: string, data: RenderJob): Promise<EnqueueResult> => {
    const dedupId = renderDedupId(data.site, data.path);
    // One MULTI: both answers describe the same moment, so a promotion between them can not hide us.
    const replies = await connection.multi().hget(dedupNextKey(queue, dedupId), 'jid').exists(queue.toKey(ourId)).exec();
    const nextId = replies?.[0]?.[1];
    const ourJobExists = replies?.[1]?.[1] === 1;
    if (nextId === ourId || ourJobExists) {
      if (!ourJobExists) await connection.set(afterActiveKey(queue, ourId), dedupId, 'EX', AFTER_ACTIVE_TTL_S);
      return { jobId: ourId, deduplicated: false, queuedAfterActive: true };
    }
    if (typeof nextId === 'string') {
      // Its own enqueue writes this pointer too, but may not have yet: write it so the id answered
      // here can be looked up at once.
      await connection.set(afterActiveKey(queue, nextId), dedupId, 'EX', AFTER_ACTIVE_TTL_S);
      return { jobId: nextId, deduplicated: true, queuedAfterActive: true };
    }
    await raisePriorityIfPending(existingId, data);
    return { jobId: existingId, deduplicated: true, queuedAfterActive: false };
  };

  const raisePriorityIfPending = async (existingId: string, data: RenderJob): Promise<void> => {
    const existing: Job | undefined = await queue.getJob(existingId);
    if (!existing || existing.priority <= PRIORITY[data.reason]) return;
    const state = await existing.getState();
    if (state !== 'prioritized' && state !== 'waiting' && state !== 'delayed') return;
    try {
      await existing.updateData(data);
      await existing.changePriority({ priority: PRIORITY[data.reason] });
      // A content event's render debouncing (core/queue.ts eventDebounceMs): the more urgent
      // request does not wait out the window.
      if (state === 'delayed' && data.reason !== 'event') await existing.promote();
      log.debug({ jobId: existingId, reason: data.reason }, 'raised the priority of a coalesced render');
    } catch (error) {
      // It started meanwhile: it renders data at least as new as this request anyway.
      log.warn({ error, jobId: existingId }, 'could not raise the priority of a coalesced render');
    }
  };

  const settle = async (ourId: string, job: Job, data: RenderJob): Promise<EnqueueResult> => {
    const result: EnqueueResult =
      job.id !== undefined && job.id !== ourId ? await resolveCoalesced(ourId, job.id, data) : { jobId: job.id, deduplicated: false, queuedAfterActive: false };
    log.debug({ ...result, site: data.site, path: data.path, reason: data.reason }, 'render enqueued');
    return result;
  };

  return {
    queue,
    async enqueue(input) {
      const entry = prepare(input);
      const job = await queue.add(entry.name, entry.data, entry.opts);
      return await settle(entry.opts.jobId, job, entry.data);
    },
    async enqueueMany(inputs) {
      // Validate everything before adding anything: one bad job refuses the whole batch.
      const entries = inputs.map(prepare);
      const results: EnqueueResult[] = [];
      // Chunks bound the size of one pipeline when a change touches every page (a menu edit).
      for (let start = 0; start < entries.length; start += BULK_CHUNK) {
        const chunk = entries.slice(start, start + BULK_CHUNK);
        const jobs = await queue.addBulk(chunk);
        for (const [i, entry] of chunk.entries()) {
          const job = jobs[i];
          results.push(job ? await settle(entry.opts.jobId, job, entry.data) : { jobId: undefined, deduplicated: false, queuedAfterActive: false });
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
