/**
 * The BullMQ render worker (docs/architecture.md, "Render job"). One job renders every variant of one page.
 *
 * Failure kinds (docs/architecture.md "Principles"): invalid job data and errors whose catalogue entry says `retry: false`
 * become UnrecoverableError (no retry, visible on the dashboard with the reason); everything else
 * is retried by the worker's retry policy (retry-policy.ts, BullMQ `settings.backoffStrategy`): a
 * capped exponential backoff, for a whole retry window when a dependency failed (ADR 0024), as
 * delayed jobs, so waiting holds no worker. Nothing is written unless the render succeeded, so a
 * failing upstream leaves the last good page in storage. The page's failure record says whether
 * the failure was the job's last; a last one on a dependency waits for the recovery sweep.
 * While storage fails renders of several pages in a row, renders fail at once without rendering
 * and one a second tries storage (storage-breaker.ts, ADR 0044): an outage no longer costs a whole
 * render and its upstream reads per retry.
 *
 * After a render that wrote or deleted objects, the page's own surrogate key is purged from the
 * CDN (docs/architecture.md "The flow", step 6; ADR 0008). Every variant of the page carries that key, so one key
 * drops them all; a render that changed nothing purges nothing.
 *
 * Shutdown (`shutdown`): stop taking jobs, let the active renders finish within a deadline, then
 * hand back the ones still running so another worker starts them at once, instead of leaving them
 * locked until the stall check notices (lock duration plus stalled interval: a minute or more).
 *
 * A render that stored no page (upstream has nothing at the path, or it was deleted) is recorded
 * in the negative cache of render on miss (core/miss-cache.ts, ADR 0018), so the edge router stops
 * asking for renders of that path for a while.
 */
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { RedisClient } from '../core/redis.js';
import type { Purger } from '../core/cdn/types.js';
import { isPlatformError, PlatformError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { MissNegativeCache } from '../core/miss-cache.js';
import type { PageRenderLog, PageStatusStore } from '../core/page-status.js';
import { failureCode, type RenderMetrics } from '../core/metrics.js';
import { parseRenderJob, RENDER_QUEUE, type RenderJob } from '../core/queue.js';
import { pageSurrogateKey } from './publish.js';
import type { OutcomeKind, RenderOutcome, PageRenderer } from './render-page.js';
import { DEFAULT_RETRY_POLICY, isDependencyFailure, isFinalAttempt, nextRetryDelay, type RetryPolicy } from './retry-policy.js';
import { createStorageBreaker, type StorageBreakerChange, type StorageBreakerOptions } from './storage-breaker.js';
import { createStorageWaits } from './storage-waits.js';

/** Default lock per job: a render (a few upstream calls and a React render) is far shorter. */
export const DEFAULT_LOCK_DURATION_MS = 60_000;
/** Default stall check interval (BullMQ's own default). */
export const DEFAULT_STALLED_INTERVAL_MS = 30_000;

export interface RenderWorkerOptions {
  /** A connection with `maxRetriesPerRequest: null` (core/redis.ts, blocking). */
  connection: RedisClient;
  prefix: string;
  concurrency: number;
  renderer: PageRenderer;
  logger: Logger;
  /** Lock time per job; a worker that stalls past it loses the job to another. Default 60 s. */
  lockDurationMs?: number;
  /**
   * How often this worker looks for jobs whose lock expired (their worker died or blocked) and
   * moves them back to wait. A killed worker's job restarts within lock duration plus this.
   * Default 30 s (BullMQ's default).
   */
  stalledIntervalMs?: number;
  /** CDN purger (core/cdn/purger.ts). Default: none, nothing is purged. */
  purger?: Purger;
  /** Render metrics (core/metrics.ts). Default: none recorded. */
  metrics?: RenderMetrics<OutcomeKind>;
  /**
   * Keeps each page's last failure for the editors' page status (core/page-status.ts). Required
   * (ADR 0035), like the renderer's fence: no worker runs without the editors' records.
   */
  pageStatus: PageStatusStore;
  /** Keeps each page's last render and its outcome, stale side data included (core/page-status.ts). Required. */
  renderLog: PageRenderLog;
  /** Pages whose render stored nothing, for render on miss (core/miss-cache.ts). Default: none kept. */
  negativeCache?: MissNegativeCache;
  /** When failed renders are tried again (retry-policy.ts). Default DEFAULT_RETRY_POLICY. */
  retryPolicy?: RetryPolicy;
  /**
   * When renders stop rendering while storage refuses writes (storage-breaker.ts, ADR 0044).
   * Default DEFAULT_STORAGE_BREAKER; `probeEveryMs: 0` turns it off.
   */
  storageBreaker?: StorageBreakerOptions;
  /**
   * Writes the storage probe object (recovery-sweep.ts `storageProbe`). While the breaker is open
   * the worker tries it once a probe interval and, when storage takes it, queues one waiting render
   * to try storage for real (storage-waits.ts). Default: none; renders probe as they arrive.
   */
  storageProbe?: () => Promise<void>;
}

/** Render outcomes that leave no page at the path (render-page.ts). */
const NO_PAGE_KINDS: ReadonlySet<OutcomeKind> = new Set<OutcomeKind>(['not-found', 'deleted']);

export interface ShutdownOptions {
  /** How long active renders may run on before they are handed back to the queue. */
  deadlineMs: number;
}

export interface ShutdownReport {
  /** Ids of the jobs handed back to the queue because they outlived the deadline. */
  released: string[];
}

export interface RenderWorker extends Worker<unknown, RenderOutcome> {
  /**
   * Graceful stop: takes no new job, waits up to `deadlineMs` for the active ones, then moves
   * those still running back to the queue (their lock released, their attempt not counted) and
   * closes. Resolves when the worker is closed.
   */
  shutdown(options: ShutdownOptions): Promise<ShutdownReport>;
}

/** A job this worker is rendering: what shutdown needs to hand it back. */
interface ActiveJob {
  job: Job<unknown, RenderOutcome>;
  token: string | undefined;
  /** Ends the processor at once (the render itself cannot be interrupted and is abandoned). */
  abandon(error: Error): void;
}

export function createRenderWorker(options: RenderWorkerOptions): RenderWorker {
  const log = options.logger;
  const { purger, metrics } = options;
  const retryPolicy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
  const active = new Map<string, ActiveJob>();
  const breaker = createStorageBreaker(options.storageBreaker);
  const waits = createStorageWaits({ connection: options.connection, prefix: options.prefix, logger: log, probe: options.storageProbe, breaker });
  /** Logs a change of the breaker; an open starts probing storage, a close queues the storage waits at once (storage-waits.ts). */
  const onBreakerChange = (change: StorageBreakerChange | undefined) => {
    if (change?.state === 'open') {
      log.warn({ storageFailures: change.count, error: change.lastError }, 'storage is failing renders of several pages in a row: renders wait for their retries without rendering, one a second tries storage');
      waits.opened();
    } else if (change?.state === 'closed') {
      log.info({ refused: change.count }, 'storage stored a page again: renders go ahead');
      waits.closed();
    }
  };

  const worker = new Worker<unknown, RenderOutcome>(
    RENDER_QUEUE,
    async (job: Job<unknown, RenderOutcome>, token?: string) => {
      let data: RenderJob;
      try {
        data = parseRenderJob(job.data);
      } catch (error) {
        metrics?.failed(failureCode(error));
        throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
      }
      const started = performance.now();
      const jobId = job.id ?? `${data.site}:${data.path}`;
      let abandon: (error: Error) => void = () => {};
      const abandoned = new Promise<never>((_resolve, reject) => {
        abandon = reject;
      });
      active.set(jobId, { job, token, abandon });
      try {
        // The page status and render log go with the render's own bookkeeping round trip when the
        // renderer can write them there (core/render-bookkeeping.ts); otherwise they are written below.
        const records = { pageStatus: options.pageStatus, renderLog: options.renderLog };
        breaker.admit();
        const outcome = await Promise.race([options.renderer.render(data, job.id, records), abandoned]);
        const changed = outcome.written.length > 0;
        onBreakerChange(breaker.succeeded(changed));
        const renderSeconds = (performance.now() - started) / 1000;
        metrics?.rendered({
          kind: outcome.kind,
          reason: data.reason,
          renderSeconds,
          latencySeconds: (Date.now() - Date.parse(data.requestedAt)) / 1000,
          changed,
        });
        log.info(
          {
            job: { id: job.id, reason: data.reason, attempt: job.attemptsMade + 1 },
            page: { site: data.site, path: data.path, kind: outcome.kind },
            written: outcome.written.length,
            unchanged: outcome.unchanged.length,
            ...(outcome.staleData ? { staleData: outcome.staleData } : {}),
            ...(outcome.missingData ? { missingData: outcome.missingData } : {}),
            durationMs: Math.round(renderSeconds * 1000),
          },
          changed ? 'page rendered' : 'page unchanged',
        );
        // Bookkeeping for the page status: never fails the render it describes.
        if (outcome.recorded !== true) {
          options.pageStatus.clearFailure({ site: data.site, path: data.path }).catch((error: unknown) => log.warn({ error }, 'could not clear the page failure record'));
          options.renderLog
            .record(
              { site: data.site, path: data.path },
              {
                at: new Date().toISOString(),
                jobId: job.id ?? null,
                reason: data.reason,
                kind: outcome.kind,
                written: outcome.written.length,
                staleData: outcome.staleData ?? [],
                missingData: outcome.missingData ?? [],
                kept: (outcome.kept?.length ?? 0) > 0,
              },
            )
            .catch((error: unknown) => log.warn({ error }, 'could not record the page render'));
        }
        if (NO_PAGE_KINDS.has(outcome.kind)) {
          await options.negativeCache?.record({ site: data.site, path: data.path }).catch((error: unknown) => log.warn({ error }, 'could not record the page in the miss negative cache'));
        }
        if (changed && purger) {
          // Not awaited: the batcher holds the key for its window and sends it with others, and a
          // CDN that is slow or down must not hold the job (or fail it: purge never rejects, it
          // logs). The purger tracks the request, and main.ts closes it after the worker, which
          // sends what is pending before the process exits.
          void purger.purge([pageSurrogateKey({ site: data.site, path: data.path })]);
        }
        if (outcome.kept !== undefined && outcome.kept.length > 0) {
          // A degraded render (side data with no good copy anywhere, core/upstream/side-data.ts)
          // kept the stored good page. The render is not done, and the job may carry an edit: it
          // is retried like the failed read it is, so the page is published once the data answers.
          // (With no good page stored, the degraded page was the best there is, and was published.)
          throw new PlatformError('UPSTREAM_UNAVAILABLE', `side data failed with no good copy anywhere (${(outcome.missingData ?? []).join(', ') || 'degraded'}); the stored page is kept`);
        }
        return outcome;
      } catch (error) {
        // Handed back at shutdown: not a failure, BullMQ leaves the job where shutdown put it.
        if (error instanceof DelayedError) throw error;
        onBreakerChange(breaker.failed(`${data.site}:${data.path}`, error));
        metrics?.failed(failureCode(error));
        const unrecoverable = isPlatformError(error) && !error.retry;
        // BullMQ's own decision, worked out ahead so the record can say this was the last attempt.
        const final = unrecoverable || isFinalAttempt(job.attemptsMade, job.opts, error, retryPolicy);
        const fields = { job: { id: job.id, reason: data.reason, attempt: job.attemptsMade + 1, final }, page: data, error };
        if (final) log.error(fields, 'render failed for good');
        else log.warn(fields, 'render failed');
        const message = isPlatformError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
        await options.pageStatus
          .recordFailure(
            { site: data.site, path: data.path },
            {
              jobId: job.id,
              reason: data.reason,
              message,
              at: new Date(),
              code: isPlatformError(error) ? error.code : undefined,
              final,
              recoverable: final && !unrecoverable && isDependencyFailure(error),
            },
          )
          .catch((statusError: unknown) => log.warn({ error: statusError }, 'could not record the page failure'));
        if (unrecoverable) throw new UnrecoverableError(`${error.code}: ${error.message}`);
        if (error instanceof PlatformError) throw new Error(`${error.code}: ${error.message}`, { cause: error });
        throw error;
      } finally {
        active.delete(jobId);
      }
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
      stalledInterval: options.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
      autorun: true,
      // For jobs whose backoff type is RENDER_BACKOFF (core/queue.ts): -1 fails the job for good.
      settings: {
        backoffStrategy: (attemptsMade, _type, error, job) => {
          const backoff = job?.opts.backoff;
          const first = typeof backoff === 'object' ? (backoff.delay ?? 0) : (backoff ?? 0);
          return nextRetryDelay(attemptsMade, error, first, retryPolicy);
        },
      },
    },
  );
  worker.on('error', (error) => log.error({ error }, 'worker error'));
  // The waits' queue handle shares the worker's connection, which the worker's owner closes.
  worker.on('closed', () => void waits.stop());

  /**
   * Moves each still-running job back to the queue. `moveToDelayed(now)` rather than
   * `moveToWait`: it releases the lock without counting an attempt, keeps the job's priority when
   * it is promoted, and, unlike moveToWait for a prioritized job, wakes workers blocked waiting for
   * work, so one picks it up at once. The processor is then ended with DelayedError, which tells
   * BullMQ the job was moved on purpose.
   */
  const releaseActive = async (): Promise<string[]> => {
    const released: string[] = [];
    await Promise.all(
      [...active.entries()].map(async ([id, entry]) => {
        try {
          if (entry.token === undefined) throw new Error('no lock token');
          await entry.job.moveToDelayed(Date.now(), entry.token);
          released.push(id);
          log.warn({ job: { id, name: entry.job.name } }, 'render outlived the shutdown deadline; handed back to the queue');
        } catch (error) {
          log.error({ job: { id, name: entry.job.name }, error }, 'could not hand a render back to the queue; it restarts when its lock expires');
        }
        entry.abandon(new DelayedError('released at shutdown'));
      }),
    );
    return released;
  };

  const shutdown = async ({ deadlineMs }: ShutdownOptions): Promise<ShutdownReport> => {
    log.info({ active: active.size, deadlineMs }, 'render worker stopping: taking no new jobs, waiting for active renders');
    // close() stops fetching at once and resolves when the active jobs have finished.
    const closing = worker.close();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), deadlineMs);
    });
    const first = await Promise.race([closing.then(() => 'closed' as const), deadline]);
    clearTimeout(timer);
    if (first === 'closed') return { released: [] };
    const released = await releaseActive();
    await closing;
    return { released };
  };

  return Object.assign(worker, { shutdown });
}
