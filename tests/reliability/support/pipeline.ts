/**
 * The render side of the pipeline in this process, wired as render-workers/main.ts and ingest wire
 * it (producer, dependency index, page fence, page status, render worker), on the Redis, store
 * and upstream a fault test hands it. The test breaks one of those parts and
 * watches what the producer, the worker and the stored pages do.
 */
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { parseUpstreamConfig } from '../../../core/config/upstream.js';
import { DependencyIndex } from '../../../core/dependency-index.js';
import { createLogger } from '../../../core/logger.js';
import { RedisLastGoodStore } from '../../../core/last-good.js';
import { takePageFence } from '../../../core/page-fence.js';
import { PageRenderLog, PageStatusStore } from '../../../core/page-status.js';
import type { RenderJob, RenderJobDefaults } from '../../../core/queue.js';
import { createRedis } from '../../../core/redis.js';
import type { ObjectStore } from '../../../core/storage/types.js';
import { createUpstreamClients } from '../../../core/upstream/clients.js';
import { createRenderProducer, type RenderProducer } from '../../../ingest/producer.js';
import { createPageRenderer } from '../../../render-workers/render-page.js';
import { createRenderWorker, type RenderWorker } from '../../../render-workers/worker.js';

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
  /** Errors the producer's and the index's Redis connections reported (an outage shows here). */
  connectionErrors: string[];
  enqueue(path: string): Promise<string>;
  close(): Promise<void>;
}

export function startPipeline(options: PipelineOptions): Pipeline {
  const logger = createLogger({ component: 'reliability', level: 'silent' });
  const redis: Redis = createRedis(options.redisUrl, { name: 'reliability-index' });
  const connection: Redis = createRedis(options.redisUrl, { blocking: true, name: 'reliability-worker' });
  // The producer's connection as ingest's createRenderProducer opens it (core/redis.ts settings),
  // opened here so its errors during an outage are counted instead of printed by ioredis.
  const producerConnection: Redis = createRedis(options.redisUrl, { name: 'ingest-producer' });
  const producer = createRenderProducer({ connection: producerConnection, prefix: options.prefix, logger, defaults: options.defaults });
  const connectionErrors: string[] = [];
  const onError = (error: Error) => connectionErrors.push(error.message);
  for (const emitter of [redis, producerConnection]) emitter.on('error', onError);
  producer.queue.on('error', onError);
  const index = new DependencyIndex(redis, options.prefix);
  const clients = createUpstreamClients({
    config: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: options.upstreamUrl, UPSTREAM_TIMEOUT_MS: String(options.upstreamTimeoutMs) }),
    logger,
  });
  const renderer = createPageRenderer({
    store: options.store,
    index,
    ...clients,
    logger,
    publicOrigins: { news: 'https://www.example.test', es: 'https://es.example.test' },
    scripts: ['/assets/client-RELIABILITY.js'],
    takeFence: (page) => takePageFence(redis, page, options.prefix),
    lastGood: new RedisLastGoodStore(redis, options.prefix),
  });
  const worker = createRenderWorker({
    connection,
    prefix: options.prefix,
    concurrency: options.concurrency ?? 2,
    renderer,
    logger,
    pageStatus: new PageStatusStore(redis, options.prefix),
    renderLog: new PageRenderLog(redis, options.prefix),
    ...(options.lockDurationMs === undefined ? {} : { lockDurationMs: options.lockDurationMs }),
    ...(options.stalledIntervalMs === undefined ? {} : { stalledIntervalMs: options.stalledIntervalMs }),
  });
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
      await worker.close(true);
      connection.disconnect();
      await producer.close();
      producerConnection.disconnect();
      redis.disconnect();
    },
  };
}
