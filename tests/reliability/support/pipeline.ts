/**
 * The render side of the pipeline in this process: ingest's producer, and the render worker started
 * by the function render-workers/main.ts starts it with (render-workers/start.ts), on the Redis,
 * store and upstream a fault test hands it. The test breaks one of those parts and
 * watches what the producer, the worker and the stored pages do.
 */
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { parseUpstreamConfig } from '../../../core/config/upstream.js';
import { createLogger } from '../../../core/logger.js';
import type { RenderJob, RenderJobDefaults } from '../../../core/queue.js';
import { createRedis } from '../../../core/redis.js';
import type { ObjectStore } from '../../../core/storage/types.js';
import { createRenderProducer, type RenderProducer } from '../../../ingest/producer.js';
import { loadWorkerConfig } from '../../../render-workers/config.js';
import { startRenderWorker } from '../../../render-workers/start.js';
import type { RenderWorker } from '../../../render-workers/worker.js';

export interface PipelineOptions {
  redisUrl: string;
  prefix: string;
  /** The store the worker writes through. */
  store: ObjectStore;
  upstreamUrl: string;
  upstreamTimeoutMs: number;
  defaults: RenderJobDefaults;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  concurrency?: number;
}

export interface Pipeline {
  producer: RenderProducer;
  worker: RenderWorker;
  /** Every attempt that failed, with the error the worker gave BullMQ (its message is the job's failedReason). */
  attemptFailures: Array<{ jobId: string; path: string; message: string }>;
  /** Errors the producer's Redis connection reported (an outage shows here). */
  connectionErrors: string[];
  enqueue(path: string): Promise<string>;
  close(): Promise<void>;
}

export async function startPipeline(options: PipelineOptions): Promise<Pipeline> {
  const logger = createLogger({ component: 'reliability', level: 'silent' });
  // The producer's connection as ingest's createRenderProducer opens it (core/redis.ts settings),
  // opened here so its errors during an outage are counted instead of printed by ioredis.
  const producerConnection: Redis = createRedis(options.redisUrl, { name: 'ingest-producer' });
  const producer = createRenderProducer({ connection: producerConnection, prefix: options.prefix, logger, defaults: options.defaults });
  const connectionErrors: string[] = [];
  const onError = (error: Error) => connectionErrors.push(error.message);
  producerConnection.on('error', onError);
  producer.queue.on('error', onError);
  // The worker as its own process starts it (render-workers/start.ts, ADR 0035), on the test's
  // store; no bundle, metrics endpoint, recovery sweep or read reuse, and a short shutdown deadline.
  const config = loadWorkerConfig({
    REDIS_URL: options.redisUrl,
    QUEUE_PREFIX: options.prefix,
    WORKER_CONCURRENCY: String(options.concurrency ?? 2),
    WORKER_SHUTDOWN_DEADLINE_MS: '1000',
    ...(options.lockDurationMs === undefined ? {} : { WORKER_LOCK_DURATION_MS: String(options.lockDurationMs) }),
    ...(options.stalledIntervalMs === undefined ? {} : { WORKER_STALLED_INTERVAL_MS: String(options.stalledIntervalMs) }),
  });
  const running = await startRenderWorker(
    {
      ...config,
      publicOrigins: { news: 'https://www.example.test', es: 'https://es.example.test' },
      upstream: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: options.upstreamUrl, UPSTREAM_TIMEOUT_MS: String(options.upstreamTimeoutMs) }),
      metrics: undefined,
      recoverySweep: undefined,
      readReuse: undefined,
    },
    { store: options.store, logger, scripts: ['/assets/client-RELIABILITY.js'] },
  );
  const worker = running.worker;
  const attemptFailures: Pipeline['attemptFailures'] = [];
  worker.on('failed', (job: Job | undefined, error: Error) => {
    const data = job?.data as Partial<RenderJob> | undefined;
    attemptFailures.push({ jobId: job?.id ?? '', path: data?.path ?? '', message: error.message });
  });
  return {
    producer,
    worker,
    attemptFailures,
    connectionErrors,
    async enqueue(path) {
      const job: RenderJob = { site: 'news', path, reason: 'republish', requestedBy: 'reliability test', requestedAt: new Date().toISOString() };
      const { jobId } = await producer.enqueue(job);
      if (jobId === undefined) throw new Error(`no job id for ${path}`);
      return jobId;
    },
    async close() {
      await running.close();
      await producer.close();
      producerConnection.disconnect();
    },
  };
}
