/**
 * The render-queue producer (DESIGN.md, "Render job"). Every job ingest adds goes through here, so
 * each one is validated against the shared schema and carries the shared options (priority,
 * retries, coalescing by site and path) from core/queue.ts.
 */
import { randomUUID } from 'node:crypto';
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../core/logger.js';
import { createRedis } from '../core/redis.js';
import {
  DEFAULT_RENDER_JOB,
  PRIORITY,
  QUEUE_PREFIX,
  RENDER_QUEUE,
  parseRenderJob,
  renderJobName,
  renderJobOptions,
  type RenderJob,
  type RenderJobDefaults,
} from '../core/queue.js';
import { PlatformError } from '../core/errors.js';

const BULK_CHUNK = 500;

export interface RenderProducerOptions {
  /** A shared connection; the producer does not close it. Takes precedence over redisUrl. */
  connection?: Redis;
  /** Used when no connection is given; the producer opens and closes its own connection. */
  redisUrl?: string;
  /** BullMQ key prefix with a {hash tag}; defaults to QUEUE_PREFIX. */
  prefix?: string;
  logger: Logger;
  /** Attempts and backoff; defaults to DEFAULT_RENDER_JOB. */
  defaults?: RenderJobDefaults;
}

export interface EnqueueResult {
  /** The id of the job that will carry this request: a new job, or the pending one it joined. */
  jobId: string | undefined;
  /** True when a render of the same site and path was already pending and absorbed this request. */
  deduplicated: boolean;
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
  let connection: Redis;
  if (options.connection) {
    connection = options.connection;
  } else if (options.redisUrl) {
    connection = createRedis(options.redisUrl, { name: 'ingest-producer' });
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
   * Works out which job will carry a request BullMQ coalesced into an existing one.
   *
   * - The pending job has not started: it will render the page; its id is the answer. It keeps its
   *   own priority, so when it is less urgent (a sweep absorbing an editor's republish) raise it and
   *   adopt the newer request: "editor republish first" (DESIGN.md, priorities) must hold for a
   *   page that is already queued.
   * - It has started: it may have read data older than this request, so keepLastIfActive stored
   *   this request to run after it, under our own id (core/queue.ts, renderJobOptions). A later
   *   request for the same page may replace that copy before it runs; it then renders newer data.
   */
  const resolveCoalesced = async (ourId: string, existingId: string, data: RenderJob): Promise<string> => {
    const existing: Job | undefined = await queue.getJob(existingId);
    const state = existing ? await existing.getState() : 'unknown';
    if (!existing || (state !== 'prioritized' && state !== 'waiting' && state !== 'delayed')) return ourId;
    if (existing.priority > PRIORITY[data.reason]) {
      try {
        await existing.updateData(data);
        await existing.changePriority({ priority: PRIORITY[data.reason] });
        log.debug({ jobId: existingId, reason: data.reason }, 'raised the priority of a coalesced render');
      } catch (error) {
        // It started meanwhile; keepLastIfActive has the request queued behind it.
        log.warn({ error, jobId: existingId }, 'could not raise the priority of a coalesced render');
      }
    }
    return existingId;
  };

  const settle = async (ourId: string, job: Job, data: RenderJob): Promise<EnqueueResult> => {
    const deduplicated = job.id !== undefined && job.id !== ourId;
    const jobId = deduplicated && job.id !== undefined ? await resolveCoalesced(ourId, job.id, data) : job.id;
    log.debug({ jobId, site: data.site, path: data.path, reason: data.reason, deduplicated }, 'render enqueued');
    return { jobId, deduplicated };
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
          results.push(job ? await settle(entry.opts.jobId, job, entry.data) : { jobId: undefined, deduplicated: false });
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
