/**
 * Publish latency (content-change event to new HTML served by the edge router,
 * p50, p95, p99 over at least 200 events at a steady rate, with the queue idle and again behind a
 * backlog of 10,000 sweep jobs).
 *
 * The pipeline runs as deployed: ingest and the edge router as infra/local/stack.ts wires them,
 * in this process; the render worker (concurrency 2) as render-workers/main.ts in a process of its
 * own; the sample upstream serving the synthetic site (`--articles`) in another, as the CMS is in
 * production: its CPU is not the platform's. One Redis, filesystem storage. Until 2026-11-27 the
 * worker and the upstream ran in this process too, and every render shared one event loop with
 * the upstream's answers, ingest, the edge router and the poller (`npm start`'s topology). Before measuring it publishes home, the section
 * fronts and the articles the samples edit, on both sites, so the dependency index knows who
 * reads them: an edit to a new article re-renders its page, home and its section front.
 *
 * A sample: PATCH the headline in the sample upstream, then either POST the signed content event
 * (reason `event`, priority 2: the first event of a page renders at once, later ones within the
 * event window join one trailing render, ADR 0027) or an editor's republish (reason `republish`,
 * priority 1), then poll the edge router (every 5 ms, backing off to 200 ms for slow samples)
 * until it serves the new headline. Samples start at a steady rate whether or not the last one
 * finished (open loop), round-robin over the newest synthetic articles.
 *
 * Backlog: 10,000 sweep jobs (priority 7) enqueued before the samples start, over the synthetic
 * articles' paths (real renders; beyond `--articles`, paths the upstream does not have). Event
 * and republish jobs outrank them (core/queue.ts PRIORITY); they still wait for a render slot.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queue } from 'bullmq';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { SITE_IDS } from '../../core/isomorphic/sites.js';
import { EVENT_DEBOUNCE_MS, PRIORITY, type RenderJob } from '../../core/queue.js';
import { startStack, type Stack } from '../../infra/local/stack.js';
import { SYNTHETIC_SECTIONS, syntheticArticle, syntheticArticlePath } from '../../infra/sample-upstream/synthetic/index.js';
import { buildBundle } from '../../interactive-bundle/build.js';
import { startTestRedis } from '../support/redis-server.js';
import { startSyntheticUpstream } from './publish/upstream-process.js';
import { startWorkerProcesses } from './publish/worker-processes.js';
import type { BenchContext } from './context.js';
import { describePhases, type CompletedRender } from './latency/breakdown.js';
import { steadySamples, type BenchArticle, type LatencyEndpoints, type Trigger } from './latency/events.js';
import { figure, quantile, type BenchFigure, type BenchSection } from './report.js';

/** Event samples per scenario over all runs (at least 200 events, so p99 rests on two samples or more), and at least per run. */
export const EVENTS_TOTAL = 200;
const EVENTS_MIN_PER_RUN = 100;
/** Editor republishes per scenario over all runs, and at least per run. */
export const REPUBLISHES_TOTAL = 50;
const REPUBLISHES_MIN_PER_RUN = 25;
/**
 * The steady rate samples start at. Each event re-renders about six pages (its article, home and
 * its front, on both sites; home and fronts coalesce within the event window): 2 a second is what one
 * worker of concurrency 2 keeps up with on a 2-core machine. At 4 a second the queue grew without
 * bound and latency measured the backlog the events themselves made.
 */
export const SAMPLES_PER_SECOND = 2;
export const BACKLOG_JOBS = 10_000;
/** The newest synthetic articles are the ones edited (they are on home and their front). */
const EDITED_ARTICLES = 40;
const SAMPLE_TIMEOUT_MS = 60_000;
const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const WEBHOOK_SECRET = 'bench-webhook-secret-0123456789';

function benchArticle(index: number): BenchArticle {
  const record = syntheticArticle(index);
  const header: Record<string, unknown> = typeof record.header === 'object' && record.header !== null ? { ...record.header } : {};
  return { id: record.id, path: syntheticArticlePath(index), header };
}

async function waitForIdle(queue: Queue, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
    if (Object.values(counts).every((n) => n === 0)) return;
    if (Date.now() > deadline) throw new Error(`render queue not idle after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    await sleep(200);
  }
}

/** The render jobs BullMQ kept as completed (at most its removeOnComplete count), as the breakdown reads them. */
async function completedRenders(queue: Queue): Promise<CompletedRender[]> {
  const jobs = await queue.getJobs(['completed'], 0, 11_999);
  return jobs.flatMap((job) => {
    const data = job.data as Partial<RenderJob>;
    if (job.processedOn === undefined || job.finishedOn === undefined || data.path === undefined || data.site === undefined || data.reason === undefined) return [];
    return [{ path: data.path, site: data.site, reason: data.reason, timestamp: job.timestamp, processedOn: job.processedOn, finishedOn: job.finishedOn }];
  });
}

async function enqueueAll(stack: Stack, jobs: readonly RenderJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += 1000) await stack.producer.enqueueMany(jobs.slice(i, i + 1000));
}

/** Waiting sweep jobs still ahead of nothing but each other (prioritized + waiting). */
async function backlogSize(queue: Queue): Promise<number> {
  const counts = await queue.getJobCounts('waiting', 'prioritized');
  return (counts.waiting ?? 0) + (counts.prioritized ?? 0);
}

export interface ScenarioResult {
  latencies: number[];
  failures: string[];
}

/**
 * p50, p95 and p99 of one scenario: each the median (min, max) over runs of that run's quantile,
 * and in the note the quantile of every sample of every run pooled (at least 200 events).
 */
export function latencyFigures(label: string, runs: readonly ScenarioResult[], note?: string): BenchFigure[] {
  const usable = runs.filter((r) => r.latencies.length > 0);
  if (usable.length === 0) return [];
  const pooled = usable.flatMap((r) => r.latencies);
  const failed = runs.reduce((n, r) => n + r.failures.length, 0);
  const row = (q: number, name: string, extra?: string) =>
    figure(`${label}: ${name}`, 'ms', usable.map((r) => quantile(r.latencies, q)), [`all ${pooled.length} pooled: ${Math.round(quantile(pooled, q))} ms`, extra].filter(Boolean).join('; '));
  return [
    row(0.5, 'p50', [failed > 0 ? `${failed} timed out (${SAMPLE_TIMEOUT_MS / 1000} s)` : undefined, note].filter(Boolean).join('; ')),
    row(0.95, 'p95'),
    row(0.99, 'p99'),
  ];
}

export async function measureLatency(ctx: BenchContext): Promise<BenchSection> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-latency-'));
  const stops: Array<() => Promise<void>> = [];
  const notes: string[] = [];
  try {
    const redis = ctx.options.redisUrl === undefined ? await startTestRedis() : undefined;
    if (redis) stops.push(() => redis.stop());
    const redisUrl = redis?.url ?? ctx.options.redisUrl ?? '';
    const prefix = `{benchlat${process.pid}${Math.random().toString(36).slice(2, 6)}}`;

    // The sample upstream with the synthetic site: samples edit it through /__sample/, which only
    // the sample upstream has, so this section always starts its own (even with --upstream-url).
    ctx.log(`latency: synthetic site of ${ctx.options.articles} articles (sample upstream in its own process)`);
    const upstream = await startSyntheticUpstream({ articles: ctx.options.articles });
    stops.push(() => upstream.stop());
    await buildBundle({ outDir: join(dir, 'bundle') });
    const stack = await startStack({
      redisUrl,
      queuePrefix: prefix,
      storage: { driver: 'fs', dir: join(dir, 'storage') },
      upstream: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: upstream.url }),
      sitePort: 0,
      adminPort: 0,
      adminToken: ADMIN_TOKEN,
      webhookSecret: WEBHOOK_SECRET,
      bundleDir: join(dir, 'bundle'),
      workerConcurrency: 2,
      schedules: false,
      logLevel: 'silent',
      renderWorker: false,
    });
    stops.push(async () => {
      await stack.queue.obliterate({ force: true }).catch(() => {});
      await stack.close();
    });
    // The render worker as deployed: render-workers/main.ts in a process of its own, configured by
    // its environment, on the stack's Redis, queue and storage.
    const worker = await startWorkerProcesses({
      count: 1,
      redisUrl,
      prefix,
      env: {
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: prefix,
        WORKER_CONCURRENCY: '2',
        PUBLIC_ORIGIN: stack.publicOrigins.news,
        PUBLIC_ORIGIN_ES: stack.publicOrigins.es,
        BUNDLE_DIR: join(dir, 'bundle'),
        STORAGE_DRIVER: 'fs',
        STORAGE_DIR: join(dir, 'storage'),
        UPSTREAM_STAGE: 'local',
        UPSTREAM_BASE_URL: upstream.url,
        WORKER_METRICS_PORT: 'off',
        WORKER_RECOVERY_SWEEP_MS: 'off',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
      },
    });
    // Stopped before the stack (stops run in reverse): its graceful shutdown needs Redis.
    stops.push(() => worker.stop());
    const endpoints: LatencyEndpoints = { upstreamUrl: upstream.url, adminUrl: stack.adminUrl, siteUrl: stack.siteUrl, webhookSecret: WEBHOOK_SECRET, adminToken: ADMIN_TOKEN };

    const edited = Math.min(EDITED_ARTICLES, ctx.options.articles);
    const articles = Array.from({ length: edited }, (_, i) => benchArticle(i));
    const requestedAt = new Date().toISOString();
    const firstPages = ['/', ...SYNTHETIC_SECTIONS.map((s) => `/${s}`), ...articles.map((a) => a.path)];
    ctx.log(`latency: publishing ${firstPages.length * SITE_IDS.length} pages (home, fronts, edited articles) on both sites`);
    await enqueueAll(
      stack,
      SITE_IDS.flatMap((site) => firstPages.map((path) => ({ site, path, reason: 'sweep' as const, requestedBy: 'bench-latency', requestedAt }))),
    );
    await waitForIdle(stack.queue, 600_000);

    const eventsPerRun = Math.max(EVENTS_MIN_PER_RUN, Math.ceil(EVENTS_TOTAL / ctx.options.runs));
    const republishesPerRun = Math.max(REPUBLISHES_MIN_PER_RUN, Math.ceil(REPUBLISHES_TOTAL / ctx.options.runs));
    const results: Record<string, ScenarioResult[]> = {};
    const record = (key: string, result: ScenarioResult) => (results[key] ??= []).push(result);
    const backlogLeft: number[] = [];
    const phaseNotes: string[] = [];

    for (let run = 0; run < ctx.options.runs; run += 1) {
      for (const backlog of [false, true]) {
        const scenario = backlog ? 'backlog' : 'idle';
        if (backlog) {
          const at = new Date().toISOString();
          const sweeps = Array.from({ length: BACKLOG_JOBS }, (_, i) => ({
            site: 'news' as const,
            // Past the edited articles, so a sweep never coalesces with a sample's page.
            path: syntheticArticlePath(edited + i),
            reason: 'sweep' as const,
            requestedBy: 'bench-backlog',
            requestedAt: at,
          }));
          ctx.log(`latency: run ${run + 1}: enqueueing ${BACKLOG_JOBS} sweep jobs`);
          await enqueueAll(stack, sweeps);
        }
        for (const trigger of ['event', 'republish'] as Trigger[]) {
          // Idle means idle: what the previous phase enqueued has rendered (the backlog stays).
          if (!backlog) await waitForIdle(stack.queue, 600_000);
          const count = trigger === 'event' ? eventsPerRun : republishesPerRun;
          ctx.log(`latency: run ${run + 1}/${ctx.options.runs} ${scenario}: ${count} ${trigger} samples at ${SAMPLES_PER_SECOND}/s`);
          const tag = `r${run}${scenario}${trigger}${Date.now().toString(36)}`;
          // The queue's shape every 10 s: a backlog of event jobs means the worker could not keep up.
          const monitor = setInterval(() => {
            void stack.queue.getJobCounts('prioritized', 'waiting', 'active', 'delayed').then(
              (counts) => ctx.log(`latency:   queue ${Object.entries(counts).map(([state, n]) => `${state} ${n}`).join(', ')}`),
              () => {},
            );
          }, 10_000);
          const result = await steadySamples({ endpoints, articles, trigger, count, perSecond: SAMPLES_PER_SECOND, tag, timeoutMs: SAMPLE_TIMEOUT_MS }).finally(() => clearInterval(monitor));
          record(`${scenario}:${trigger}`, result);
          phaseNotes.push(...describePhases(`run ${run + 1} ${scenario} ${trigger}`, result.samples, await completedRenders(stack.queue)));
          for (const failure of result.failures.slice(0, 3)) ctx.log(`latency: sample failed: ${failure}`);
        }
        if (backlog) {
          backlogLeft.push(await backlogSize(stack.queue));
          // Drop what is left of the backlog (waiting and prioritized), then let running renders end.
          await stack.queue.drain();
        }
        await waitForIdle(stack.queue, 600_000);
      }
    }

    const figures: BenchFigure[] = [
      ...latencyFigures('content event, queue idle', results['idle:event'] ?? [], `the first event of a page renders at once; one within ${EVENT_DEBOUNCE_MS} ms of the page's last waits for the trailing render (ADR 0027)`),
      ...latencyFigures(`content event, behind ${BACKLOG_JOBS} sweep jobs`, results['backlog:event'] ?? [], `event priority ${PRIORITY.event} vs sweep ${PRIORITY.sweep}`),
      ...latencyFigures('editor republish, queue idle', results['idle:republish'] ?? [], 'no event window'),
      ...latencyFigures(`editor republish, behind ${BACKLOG_JOBS} sweep jobs`, results['backlog:republish'] ?? [], `republish priority ${PRIORITY.republish} vs sweep ${PRIORITY.sweep}`),
    ];
    if (backlogLeft.length > 0) figures.push(figure('sweep jobs still waiting when the backlog samples ended', 'jobs', backlogLeft, `of ${BACKLOG_JOBS}: the samples ran behind a backlog throughout when > 0`));
    notes.push(
      `a sample = PATCH the headline in the sample upstream, signed webhook (or POST /admin/republish), poll the edge (5 ms, backing off to 200 ms after 5 s; conditional requests) until the new headline is served`,
      `${SAMPLES_PER_SECOND} samples/s, round-robin over the ${edited} newest synthetic articles (each edit re-renders its page, home and its front on both sites)`,
      `priorities (core/queue.ts): ${Object.entries(PRIORITY).map(([reason, p]) => `${reason} ${p}`).join(', ')}; lower runs first`,
      `backlog paths: synthetic articles ${edited}..${edited + BACKLOG_JOBS - 1}${ctx.options.articles < edited + BACKLOG_JOBS ? `, of which ${Math.max(0, ctx.options.articles - edited)} exist (the rest render nothing: upstream 404)` : ''}`,
      'processes as deployed: the render worker (render-workers/main.ts, concurrency 2) and the sample upstream each in its own; ingest, the edge router and the poller share the bench\'s event loop',
      'where the time went (tests/bench/latency/breakdown.ts; each slow sample as total=change to job added+added to taken+render+render done to served, ms):',
      ...phaseNotes,
    );
    return { name: 'latency', figures, notes };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}
