/**
 * The whole pipeline in one process: sample upstream, ingest (admin server, webhook, schedules,
 * dashboard), render worker and edge router, on one Redis and one object store. `npm start` runs
 * it on the embedded default; the integration tests run it against s3rver or the filesystem.
 * Each service is the same code its own `main.ts` runs in production; only the wiring is shared.
 */
import { QueueEvents, type Queue } from 'bullmq';
import type { DestinationStream } from 'pino';
import { DependencyIndex, type PageRef } from '../../core/dependency-index.js';
import { createLogger, type Logger } from '../../core/logger.js';
import { RENDER_QUEUE, type RenderJobDefaults, type RenderReason } from '../../core/queue.js';
import { createRedis } from '../../core/redis.js';
import { SITE_IDS, type SiteId } from '../../core/isomorphic/sites.js';
import type { StorageConfig } from '../../core/config/storage.js';
import { parseUpstreamConfig, type UpstreamConfig } from '../../core/config/upstream.js';
import { createStore } from '../../core/storage/create-store.js';
import type { ObjectStore } from '../../core/storage/types.js';
import type { UpstreamClient } from '../../core/upstream/client.js';
import { createEditionClients } from '../../core/upstream/clients.js';
import { loadEdgeConfig } from '../../edge-router/config.js';
import { startEdgeRouter } from '../../edge-router/start.js';
import type { RenderOnMissLimits } from '../../edge-router/render-on-miss.js';
import type { RenderProducer } from '../../ingest/producer.js';
import { DEFAULT_RECOVERY_SWEEP, type RecoverySweepSettings } from '../../render-workers/recovery-sweep.js';
import type { RetryPolicy } from '../../render-workers/retry-policy.js';
import { DEFAULT_READ_REUSE, loadWorkerConfig, type ReadReuseSettings, type WorkerConfig } from '../../render-workers/config.js';
import { startRenderWorker } from '../../render-workers/start.js';
import { loadIngestConfig } from '../../ingest/config.js';
import { startIngest } from '../../ingest/start.js';
import { portTaken } from '../../core/http-listen.js';
import { listSitePages } from '../../core/site-pages.js';
import type { Dataset } from '../sample-upstream/data/index.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../sample-upstream/server.js';

export interface StackOptions {
  redisUrl: string;
  queuePrefix: string;
  storage: StorageConfig;
  /** Upstream settings; when `startSampleUpstream` is set its base URL is filled in. */
  upstream?: UpstreamConfig;
  /** Start the sample upstream on this port (0 = free port). Omit to use `upstream` as given. */
  sampleUpstreamPort?: number;
  /** The sample upstream's starting content; its starter dataset when omitted. */
  sampleDataset?: Dataset;
  /**
   * The sample upstream's start time: its dates move so the newest story and the schedule week
   * are current (infra/sample-upstream/sample-clock.ts). Omitted: the dataset's fixed dates.
   */
  sampleNow?: Date;
  sitePort: number;
  adminPort: number;
  host?: string;
  adminToken: string;
  webhookSecret: string;
  /** Public origin of the news site; defaults to the edge router's address. The Spanish edition is es.<that host>. */
  publicOrigin?: string;
  bundleDir: string;
  workerConcurrency: number;
  schedules: boolean;
  logLevel: string;
  /** Where every service's JSON log lines go (stdout when omitted). */
  logDestination?: DestinationStream;
  defaultSite?: SiteId;
  /** Attempts and backoff of render jobs (core/queue.ts defaults when omitted). */
  renderJobDefaults?: RenderJobDefaults;
  /** The worker's retry policy (render-workers/retry-policy.ts defaults when omitted). */
  retryPolicy?: RetryPolicy;
  /**
   * The worker's recovery sweep (render-workers/recovery-sweep.ts). Omitted: on with its defaults
   * when `schedules` is on (both queue renders by themselves), else off.
   */
  recoverySweep?: RecoverySweepSettings | false;
  /**
   * Render on miss at the edge (ADR 0018): true or limits to turn it on (`npm start` does, from
   * EDGE_RENDER_ON_MISS); off when omitted, so tests that count jobs see only their own.
   */
  renderOnMiss?: boolean | Partial<RenderOnMissLimits>;
  /**
   * The edge holds hot pages until the worker announces a write (ADR 0028; `npm start` does, from
   * EDGE_WRITE_ANNOUNCEMENTS); off when omitted, so tests that write storage directly see their
   * writes at the next request.
   */
  writeAnnouncements?: boolean;
  /**
   * The worker's reuse of upstream answers fetched after a render's request (ADR 0029): its
   * bounds, or false for none. On with the worker's defaults when omitted, as a deployed worker.
   */
  readReuse?: ReadReuseSettings | false;
  /**
   * The render worker's and the edge router's internal /metrics listeners, as their own processes
   * serve them (WORKER_METRICS_PORT, EDGE_METRICS_PORT; port 0: any free one). Omitted: none (the
   * admin server's /metrics only).
   */
  metrics?: { host: string; workerPort?: number; edgePort?: number };
  /** The sample upstream's log: its own destination and level (default: the stack's). */
  sampleUpstreamLog?: { destination: DestinationStream; level: string };
  /**
   * Run the render worker in this process (default). False: the caller runs one elsewhere on the
   * stack's Redis, queue prefix and storage (the latency bench's worker process, as deployed).
   */
  renderWorker?: boolean;
  /**
   * The edge's per-client budget of /api/ requests (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS;
   * edge-router/config.ts defaults when omitted). A tool that stands in for many readers from one
   * address (`npm run screenshots`) raises it.
   */
  rateLimit?: { max: number; windowMs: number };
}

export interface Stack {
  siteUrl: string;
  adminUrl: string;
  /** The public origin of each site the pages name (PUBLIC_ORIGIN, PUBLIC_ORIGIN_ES of a worker). */
  publicOrigins: Record<SiteId, string>;
  /** Every /metrics address the stack serves: ingest's on the admin server, the worker's and the edge's when `metrics` asked for them. */
  metricsUrls: { ingest: string; worker?: string; edge?: string };
  upstreamUrl: string;
  store: ObjectStore;
  producer: RenderProducer;
  queue: Queue;
  index: DependencyIndex;
  upstream: UpstreamClient;
  logger: Logger;
  /**
   * Enqueues every page the upstream has and resolves when each has been rendered (or failed),
   * calling `onProgress` after each.
   */
  publishSite(options?: {
    reason?: RenderReason;
    onProgress?: (done: number, total: number) => void;
    /** Only these sites (default: every site). Tests that read one site publish only it. */
    sites?: readonly SiteId[];
    /**
     * Only the listed pages this keeps (default: every one). Tests that read a few pages publish
     * those and what they depend on, not the whole site.
     */
    only?: (page: PageRef) => boolean;
  }): Promise<PublishSummary>;
  close(): Promise<void>;
}

export interface PublishSummary {
  total: number;
  completed: number;
  /** Pages that failed for good; `path` is `<site>:<path>`. */
  failed: Array<{ path: string; reason: string }>;
  durationMs: number;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const host = options.host ?? '127.0.0.1';
  const log = (component: string) => createLogger({ component, level: options.logLevel, ...(options.logDestination ? { destination: options.logDestination } : {}) });
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) {
      await close().catch(() => {});
    }
  };

  try {
    let sample: RunningSampleUpstream | undefined;
    let upstreamConfig = options.upstream ?? parseUpstreamConfig({});
    if (options.sampleUpstreamPort !== undefined) {
      const port = options.sampleUpstreamPort;
      sample = await startSampleUpstream({
        port,
        host,
        logger: options.sampleUpstreamLog
          ? createLogger({ component: 'sample-upstream', level: options.sampleUpstreamLog.level, destination: options.sampleUpstreamLog.destination })
          : log('sample-upstream'),
        ...(options.sampleNow === undefined ? {} : { now: options.sampleNow }),
        ...(options.sampleDataset === undefined ? {} : { dataset: options.sampleDataset }),
      }).catch((error: unknown) => {
        throw portTaken(error, port, host, 'SAMPLE_UPSTREAM_PORT') ?? error;
      });
      const started = sample;
      closers.push(() => started.close());
      upstreamConfig = parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: sample.url });
    }

    const store = await createStore(options.storage);
    closers.push(() => store.close());

    const redis = createRedis(options.redisUrl, { name: 'stack' });
    closers.push(async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    const index = new DependencyIndex(redis, options.queuePrefix);

    const workerLog = log('render-worker');
    const metricsUrls: Stack['metricsUrls'] = { ingest: '' };
    // The edge router, started as its own process starts it (edge-router/start.ts), on this
    // stack's store. Locally the Spanish edition is served at es.localhost (browsers resolve
    // *.localhost to loopback).
    const edgeConfig = loadEdgeConfig({
      PORT: String(options.sitePort),
      HOST: host,
      SITE: options.defaultSite ?? 'news',
      SITE_HOSTS: 'es.localhost=es',
      LOG_LEVEL: options.logLevel,
      REDIS_URL: options.redisUrl,
      QUEUE_PREFIX: options.queuePrefix,
      EDGE_METRICS_PORT: options.metrics?.edgePort === undefined ? 'off' : String(options.metrics.edgePort),
      ...(options.metrics ? { EDGE_METRICS_HOST: options.metrics.host } : {}),
      EDGE_RENDER_ON_MISS: String(options.renderOnMiss !== undefined && options.renderOnMiss !== false),
      EDGE_WRITE_ANNOUNCEMENTS: String(options.writeAnnouncements === true),
      ...(options.rateLimit ? { RATE_LIMIT_MAX: String(options.rateLimit.max), RATE_LIMIT_WINDOW_MS: String(options.rateLimit.windowMs) } : {}),
    });
    if (edgeConfig.renderOnMiss !== undefined && typeof options.renderOnMiss === 'object') {
      edgeConfig.renderOnMiss.limits = { ...edgeConfig.renderOnMiss.limits, ...options.renderOnMiss };
    }
    const edge = await startEdgeRouter(edgeConfig, upstreamConfig, {
      store,
      logger: log('edge-router'),
      // The process-wide figures are counted once, with the worker's.
      processMetrics: false,
      ...(options.renderJobDefaults ? { jobDefaults: options.renderJobDefaults } : {}),
    });
    closers.push(() => edge.close());
    const siteUrl = edge.url;
    if (edge.metricsUrl !== undefined) metricsUrls.edge = edge.metricsUrl;
    const publicOrigin = options.publicOrigin ?? siteUrl.replace('127.0.0.1', 'localhost');
    const publicOrigins = { news: publicOrigin, es: publicOrigin.replace('://', '://es.') };

    let upstream: UpstreamClient;
    if (options.renderWorker === false) {
      upstream = createEditionClients({ config: upstreamConfig, logger: log('stack') }).news.upstream;
    } else {
      // The render worker, started as its own process starts it (render-workers/start.ts), on this
      // stack's store: its settings are the worker's defaults (render-workers/config.ts) with the
      // stack's choices over them.
      const sweepSettings = options.recoverySweep ?? (options.schedules ? DEFAULT_RECOVERY_SWEEP : false);
      const workerConfig: WorkerConfig = {
        ...loadWorkerConfig({
          REDIS_URL: options.redisUrl,
          QUEUE_PREFIX: options.queuePrefix,
          WORKER_CONCURRENCY: String(options.workerConcurrency),
          PUBLIC_ORIGIN: publicOrigins.news,
          PUBLIC_ORIGIN_ES: publicOrigins.es,
          BUNDLE_DIR: options.bundleDir,
          LOG_LEVEL: options.logLevel,
          WORKER_METRICS_PORT: options.metrics?.workerPort === undefined ? 'off' : String(options.metrics.workerPort),
          ...(options.metrics ? { WORKER_METRICS_HOST: options.metrics.host } : {}),
        }),
        storage: options.storage,
        upstream: upstreamConfig,
        ...(options.retryPolicy ? { retryPolicy: options.retryPolicy } : {}),
        recoverySweep: sweepSettings === false ? undefined : sweepSettings,
        readReuse: options.readReuse === false ? undefined : (options.readReuse ?? DEFAULT_READ_REUSE),
      };
      const running = await startRenderWorker(workerConfig, { store, logger: workerLog });
      closers.push(async () => {
        await running.close();
      });
      if (running.metricsUrl !== undefined) metricsUrls.worker = running.metricsUrl;
      upstream = running.editions.news.upstream;
    }

    // Ingest, started as its own process starts it (ingest/start.ts), on this stack's store.
    const ingest = await startIngest(
      {
        ...loadIngestConfig({
          ADMIN_TOKEN: options.adminToken,
          WEBHOOK_SECRET: options.webhookSecret,
          REDIS_URL: options.redisUrl,
          QUEUE_PREFIX: options.queuePrefix,
          ADMIN_PORT: String(options.adminPort),
          ADMIN_HOST: host,
          SCHEDULES_ENABLED: String(options.schedules),
          LOG_LEVEL: options.logLevel,
        }),
        upstream: upstreamConfig,
        storage: options.storage,
      },
      { store, logger: log('ingest'), ...(options.renderJobDefaults ? { jobDefaults: options.renderJobDefaults } : {}) },
    );
    closers.push(() => ingest.close());
    const { producer, url: adminUrl } = ingest;
    metricsUrls.ingest = `${adminUrl}/metrics`;

    // QueueEvents blocks on its connection, so BullMQ duplicates the client it is given and
    // closes only its copy: this one is closed here.
    const eventsConnection = createRedis(options.redisUrl, { blocking: true, name: 'stack-events' });
    const events = new QueueEvents(RENDER_QUEUE, { connection: eventsConnection, prefix: options.queuePrefix });
    closers.push(async () => {
      await events.close();
      eventsConnection.disconnect();
    });
    await events.waitUntilReady();

    const stack: Stack = {
      siteUrl,
      adminUrl,
      publicOrigins,
      metricsUrls,
      upstreamUrl: sample?.url ?? '',
      store,
      producer,
      queue: producer.queue,
      index,
      upstream,
      logger: log('stack'),
      async publishSite({ reason = 'sweep', onProgress, sites = SITE_IDS, only } = {}) {
        const started = performance.now();
        // Every page of both sites (the Spanish edition is a second site over the same content,
        // spec 1 §1), the crawler files, and the es translation statement.
        const listed = await listSitePages(upstream, sites);
        const targets = only === undefined ? listed : listed.filter(only);
        const paths = targets.map((t) => `${t.site}:${t.path}`);
        /** job id -> page path, for jobs not yet seen to finish. */
        const pending = new Map<string, string>();
        const failed: PublishSummary['failed'] = [];
        let completed = 0;
        let allSettled = () => {};
        const done = new Promise<void>((resolve) => {
          allSettled = resolve;
        });
        const settle = (jobId: string, failure?: string) => {
          const path = pending.get(jobId);
          if (path === undefined) return;
          pending.delete(jobId);
          if (failure === undefined) completed += 1;
          else failed.push({ path, reason: failure });
          onProgress?.(completed + failed.length, paths.length);
          if (pending.size === 0) allSettled();
        };
        // QueueEvents reports `failed` only when a job has failed for good (retries are other
        // events), so every `failed` settles its job.
        const onCompleted = ({ jobId }: { jobId: string }) => settle(jobId);
        const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => settle(jobId, failedReason);
        events.on('completed', onCompleted);
        events.on('failed', onFailed);
        try {
          const requestedAt = new Date().toISOString();
          const results = await producer.enqueueMany(targets.map(({ site, path }) => ({ site, path, reason, requestedBy: 'publish-site', requestedAt })));
          results.forEach((result, i) => {
            if (result.jobId !== undefined) pending.set(result.jobId, paths[i] ?? '');
          });
          onProgress?.(0, paths.length);
          // Jobs that finished before they were in `pending` (a fast worker) are settled here.
          for (const jobId of [...pending.keys()]) {
            const job = await producer.queue.getJob(jobId);
            const state = job ? await job.getState() : 'unknown';
            if (state === 'completed') settle(jobId);
            else if (state === 'failed') settle(jobId, job?.failedReason ?? 'failed');
          }
          if (pending.size > 0) await done;
        } finally {
          events.off('completed', onCompleted);
          events.off('failed', onFailed);
        }
        return { total: paths.length, completed, failed, durationMs: Math.round(performance.now() - started) };
      },
      close: closeAll,
    };
    return stack;
  } catch (error) {
    await closeAll();
    throw error;
  }
}
