/**
 * The BullMQ render worker (DESIGN.md, "Render job"). One job renders every variant of one page.
 *
 * Failure kinds (STYLE.md): invalid job data and errors whose catalogue entry says `retry: false`
 * become UnrecoverableError (no retry, visible on the dashboard with the reason); everything else
 * is retried with the queue's exponential backoff. Nothing is written unless the render succeeded,
 * so a failing upstream leaves the last good page in storage.
 */
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { isPlatformError, PlatformError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { parseRenderJob, RENDER_QUEUE, type RenderJob } from '../core/queue.js';
import type { RenderOutcome, PageRenderer } from './render-page.js';

export interface RenderWorkerOptions {
  /** A connection with `maxRetriesPerRequest: null` (core/redis.ts, blocking). */
  connection: Redis;
  prefix: string;
  concurrency: number;
  renderer: PageRenderer;
  logger: Logger;
  /** Lock time per job; a worker that stalls past it loses the job to another. Default 60 s. */
  lockDurationMs?: number;
}

export function createRenderWorker(options: RenderWorkerOptions): Worker<unknown, RenderOutcome> {
  const log = options.logger;
  const worker = new Worker<unknown, RenderOutcome>(
    RENDER_QUEUE,
    async (job: Job<unknown, RenderOutcome>) => {
      let data: RenderJob;
      try {
        data = parseRenderJob(job.data);
      } catch (error) {
        throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
      }
      const started = performance.now();
      try {
        const outcome = await options.renderer.render(data, job.id);
        log.info(
          {
            job: { id: job.id, reason: data.reason, attempt: job.attemptsMade + 1 },
            page: { site: data.site, path: data.path, kind: outcome.kind },
            written: outcome.written.length,
            unchanged: outcome.unchanged.length,
            durationMs: Math.round(performance.now() - started),
          },
          outcome.written.length > 0 ? 'page rendered' : 'page unchanged',
        );
        return outcome;
      } catch (error) {
        log.warn(
          { job: { id: job.id, reason: data.reason, attempt: job.attemptsMade + 1 }, page: data, error },
          'render failed',
        );
        if (isPlatformError(error) && !error.retry) throw new UnrecoverableError(`${error.code}: ${error.message}`);
        if (error instanceof PlatformError) throw new Error(`${error.code}: ${error.message}`, { cause: error });
        throw error;
      }
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? 60_000,
      autorun: true,
    },
  );
  worker.on('error', (error) => log.error({ error }, 'worker error'));
  return worker;
}
