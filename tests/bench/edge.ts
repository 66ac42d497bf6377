/**
 * Edge serving and memory.
 *
 * Every part is its own process, so each figure is that process's own:
 *   1. a render worker (`render-workers/main.ts`) publishes the news site of the sample upstream
 *      into filesystem storage; its peak RSS (VmHWM) after that publish is the worker figure;
 *   2. four edge routers (`edge-router/main.ts`) serve that storage: one with the hot cache
 *      (default 64 MiB; the article is held with its compressed bodies after the first request,
 *      and revalidated by a metadata read on every request, ADR 0011: also what an edge that
 *      listens does while it cannot hear announcements), one with EDGE_HOT_CACHE_BYTES=0 (every
 *      request reads storage and compresses: cold), one with the hot cache and
 *      EDGE_HOT_CACHE_FRESH_MS=1000 (no storage call within a second: what the freshness rule
 *      costs), and one listening for write announcements on the bench's Redis
 *      (EDGE_WRITE_ANNOUNCEMENTS=true, ADR 0028: no storage call until a write is announced);
 *   3. nginx serves the same article's bytes, plain and precompressed (gzip_static);
 *   4. autocannon, in its own process, loads each in turn with a browser's Accept-Encoding;
 *      req/s and p50/p99 per target, and the edge / nginx ratios, per run;
 *   5. the hot edge router's peak RSS after its load runs is the edge figure.
 * Access logs are off on both servers (LOG_LEVEL=warn, nginx access_log off): the figure is the
 * serving path. The edge answers a browser with br, nginx with gzip (precompressed) or identity.
 */
import { gzipSync } from 'node:zlib';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queue } from 'bullmq';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { createRedis } from '../../core/redis.js';
import { createUpstreamClients } from '../../core/upstream/clients.js';
import { createRenderProducer } from '../../ingest/producer.js';
import { listSitePages } from '../../render-workers/site-pages.js';
import { WORKER_NODE_FLAGS } from '../../render-workers/node-flags.js';
import type { BenchContext } from './context.js';
import { BROWSER_HEADERS, runLoad, type LoadResult } from './edge/autocannon.js';
import { startBenchBase, type BenchBase } from './edge/base.js';
import { findNginx, NGINX_INSTALL_HINT, startNginx, type RunningNginx } from './edge/nginx.js';
import { freePort, peakRssMiB, startProcess, waitForHttp, type RunningProcess } from './edge/processes.js';
import { sharedServiceBundles } from '../support/service-bundle.js';
import { figure, type BenchFigure, type BenchSection } from './report.js';

/** The article every target serves (the sample dataset's first article). */
export const EDGE_ARTICLE_PATH = '/politics/senate-panel-advances-rural-broadband-bill';

/** Load settings: keep-alive connections and seconds per target per run. */
const CONNECTIONS = 10;
const DURATION_SEC = 5;
const WARMUP_SEC = 1;
/** The validity window of the third edge router (the default is 0: revalidate every hit). */
const FRESH_WINDOW_MS = 1000;
/** The edge router that holds hot pages until a write is announced (ADR 0028). */
const ANNOUNCED = 'edge hot, write announcements heard';

interface Target {
  name: string;
  url: string;
}

/** Waits until the render queue has nothing waiting, delayed or running. */
async function waitForIdleQueue(queue: Queue, worker: RunningProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (worker.child.exitCode !== null) throw new Error(`render worker exited:\n${worker.recentOutput()}`);
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
    if (Object.values(counts).every((n) => n === 0)) return;
    if (Date.now() > deadline) throw new Error(`render queue not idle after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    await sleep(200);
  }
}

/** Publishes the news site with a render worker in its own process; returns its peak RSS and the page count. */
async function publishWithWorkerProcess(ctx: BenchContext, base: BenchBase, storageDir: string): Promise<{ peakMiB: number | undefined; pages: number; failed: number; seconds: number }> {
  const logger = createLogger({ component: 'bench-edge', level: 'silent' });
  // As deployed: the image's build of render-workers/main.ts (ADR 0057).
  const { files } = await sharedServiceBundles();
  const worker = startProcess('render-worker', process.execPath, [...WORKER_NODE_FLAGS, files['render-worker']], {
    ...process.env,
    REDIS_URL: base.redisUrl,
    QUEUE_PREFIX: base.prefix,
    STORAGE_DRIVER: 'fs',
    STORAGE_DIR: storageDir,
    UPSTREAM_STAGE: 'local',
    UPSTREAM_BASE_URL: base.upstreamUrl,
    BUNDLE_DIR: base.bundleDir,
    WORKER_METRICS_PORT: 'off',
    WORKER_CONCURRENCY: '2',
    LOG_LEVEL: 'warn',
  });
  const redis = createRedis(base.redisUrl, { name: 'bench-edge' });
  const producer = createRenderProducer({ connection: redis, prefix: base.prefix, logger });
  try {
    const { upstream } = createUpstreamClients({ config: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: base.upstreamUrl }), logger });
    const pages = await listSitePages(upstream, ['news']);
    const started = performance.now();
    const requestedAt = new Date().toISOString();
    await producer.enqueueMany(pages.map(({ site, path }) => ({ site, path, reason: 'sweep' as const, requestedBy: 'bench-edge', requestedAt })));
    ctx.log(`edge: worker process publishing ${pages.length} news pages`);
    await waitForIdleQueue(producer.queue, worker, 600_000);
    const seconds = (performance.now() - started) / 1000;
    const failed = await producer.queue.getJobCountByTypes('failed');
    const peakMiB = await peakRssMiB(worker.pid);
    await producer.queue.obliterate({ force: true });
    return { peakMiB, pages: pages.length, failed, seconds };
  } finally {
    await producer.close();
    await redis.quit().catch(() => redis.disconnect());
    await worker.stop(25_000);
  }
}

async function startEdge(name: string, storageDir: string, base: BenchBase, extra: Record<string, string>): Promise<{ proc: RunningProcess; url: string }> {
  const port = await freePort();
  // As deployed: the image's build of edge-router/main.ts (ADR 0057).
  const { files } = await sharedServiceBundles();
  const proc = startProcess(name, process.execPath, [files['edge-router']], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    STORAGE_DRIVER: 'fs',
    STORAGE_DIR: storageDir,
    EDGE_METRICS_PORT: 'off',
    LOG_LEVEL: 'warn',
    UPSTREAM_STAGE: 'local',
    UPSTREAM_BASE_URL: base.upstreamUrl,
    ...extra,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, proc);
  return { proc, url };
}

/** The article's stored bytes as the edge serves them (identity), written where nginx serves them. */
async function writeNginxRoot(edgeUrl: string, root: string): Promise<{ bytes: number; gzipBytes: number }> {
  const response = await fetch(`${edgeUrl}${EDGE_ARTICLE_PATH}`, { headers: { 'accept-encoding': 'identity' } });
  if (response.status !== 200) throw new Error(`edge answered ${response.status} for ${EDGE_ARTICLE_PATH}: was it published?`);
  const body = Buffer.from(await response.arrayBuffer());
  const file = join(root, EDGE_ARTICLE_PATH);
  await mkdir(dirname(file), { recursive: true });
  // nginx's worker drops root privileges (to nobody): the temp directory (mkdtemp: 0700) must be
  // readable by it.
  await chmod(dirname(root), 0o755);
  await writeFile(file, body);
  const gz = gzipSync(body, { level: 9 });
  await writeFile(`${file}.gz`, gz);
  return { bytes: body.length, gzipBytes: gz.length };
}

/** Waits until an edge router's /metrics says it hears write announcements (ADR 0028). */
async function waitForListening(metricsUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await fetch(metricsUrl).then((response) => response.text(), () => '');
    if (/^newsroom_edge_write_announcements_listening 1$/m.test(text)) return;
    if (Date.now() > deadline) throw new Error(`the edge router behind ${metricsUrl} never subscribed to write announcements`);
    await sleep(100);
  }
}

/** One browser-like request: the target must answer 200 (a 403 or 404 would measure nothing). */
async function probe(target: Target): Promise<void> {
  const response = await fetch(target.url, { headers: BROWSER_HEADERS });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${target.name} answered ${response.status} for ${target.url}`);
}

function loadFigures(name: string, results: readonly LoadResult[]): BenchFigure[] {
  const errors = results.reduce((n, r) => n + r.errors + r.non2xx, 0);
  const note = errors > 0 ? `${errors} errors or non-2xx answers` : undefined;
  return [
    figure(`${name}: requests per second`, 'req/s', results.map((r) => r.requestsPerSec), note),
    figure(`${name}: latency p50`, 'ms', results.map((r) => r.latencyP50Ms)),
    figure(`${name}: latency p99`, 'ms', results.map((r) => r.latencyP99Ms)),
  ];
}

export async function measureEdge(ctx: BenchContext): Promise<BenchSection> {
  // The sample upstream's own news site, even with --upstream-url: the bench serves its first
  // article, and a real site's whole site map would make the publish step the whole benchmark.
  const base = await startBenchBase(ctx, 'edge', { ownUpstream: true });
  const notes: string[] = [];
  const figures: BenchFigure[] = [];
  const running: Array<{ stop(): Promise<void> }> = [];
  try {
    const storageDir = join(base.dir, 'storage');
    const publish = await publishWithWorkerProcess(ctx, base, storageDir);
    notes.push(
      `worker process published ${publish.pages} news pages of the sample dataset in ${publish.seconds.toFixed(1)} s (concurrency 2, ${publish.failed} failed)` +
        '; the synthetic site is not used here: one article is served, and worker memory is for this publish',
    );

    const hot = await startEdge('edge-router (hot)', storageDir, base, {});
    running.push(hot.proc);
    const cold = await startEdge('edge-router (cold)', storageDir, base, { EDGE_HOT_CACHE_BYTES: '0' });
    running.push(cold.proc);
    // The price of ADR 0011's freshness rule (every hit asks storage for the metadata): the same
    // hot page served with a 1 s validity window instead.
    const fresh = await startEdge('edge-router (hot, 1 s window)', storageDir, base, { EDGE_HOT_CACHE_FRESH_MS: String(FRESH_WINDOW_MS) });
    running.push(fresh.proc);
    // Listening for write announcements; measured only once its subscription is confirmed.
    const announcedMetricsPort = await freePort();
    const announced = await startEdge('edge-router (hot, announcements)', storageDir, base, {
      EDGE_WRITE_ANNOUNCEMENTS: 'true',
      REDIS_URL: base.redisUrl,
      QUEUE_PREFIX: base.prefix,
      EDGE_METRICS_PORT: String(announcedMetricsPort),
      EDGE_METRICS_HOST: '127.0.0.1',
    });
    running.push(announced.proc);
    await waitForListening(`http://127.0.0.1:${announcedMetricsPort}/metrics`);

    const targets: Target[] = [
      { name: 'edge hot (hot cache)', url: `${hot.url}${EDGE_ARTICLE_PATH}` },
      { name: 'edge cold (EDGE_HOT_CACHE_BYTES=0)', url: `${cold.url}${EDGE_ARTICLE_PATH}` },
      { name: `edge hot, EDGE_HOT_CACHE_FRESH_MS=${FRESH_WINDOW_MS}`, url: `${fresh.url}${EDGE_ARTICLE_PATH}` },
      { name: ANNOUNCED, url: `${announced.url}${EDGE_ARTICLE_PATH}` },
    ];
    const nginxBinary = findNginx();
    let nginxPlain: RunningNginx | undefined;
    let nginxGz: RunningNginx | undefined;
    if (nginxBinary === undefined) {
      notes.push(`nginx rows skipped: ${NGINX_INSTALL_HINT}`);
      ctx.log(`edge: ${NGINX_INSTALL_HINT}`);
    } else {
      const root = join(base.dir, 'nginx-root');
      const sizes = await writeNginxRoot(hot.url, root);
      nginxPlain = await startNginx(nginxBinary, { prefix: join(base.dir, 'nginx-plain'), root, port: await freePort(), gzipStatic: false });
      running.push(nginxPlain);
      nginxGz = await startNginx(nginxBinary, { prefix: join(base.dir, 'nginx-gz'), root, port: await freePort(), gzipStatic: true });
      running.push(nginxGz);
      await waitForHttp(`${nginxPlain.url}${EDGE_ARTICLE_PATH}`, nginxPlain.process);
      await waitForHttp(`${nginxGz.url}${EDGE_ARTICLE_PATH}`, nginxGz.process);
      targets.push({ name: 'nginx plain', url: `${nginxPlain.url}${EDGE_ARTICLE_PATH}` }, { name: 'nginx precompressed (gzip_static)', url: `${nginxGz.url}${EDGE_ARTICLE_PATH}` });
      notes.push(`article ${EDGE_ARTICLE_PATH}: ${sizes.bytes} bytes, ${sizes.gzipBytes} gzipped (level 9, the .gz nginx serves); the edge answers br (quality 5)`);
    }

    for (const target of targets) await probe(target);
    // A warm-up pass: the hot cache holds the article and its br body, JIT and sockets are warm.
    for (const target of targets) await runLoad({ url: target.url, connections: CONNECTIONS, durationSec: WARMUP_SEC, headers: BROWSER_HEADERS });

    const results = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
    for (let run = 0; run < ctx.options.runs; run += 1) {
      // Targets interleaved in each run, so a noisy neighbour spreads over all of them.
      for (const target of targets) {
        ctx.log(`edge: run ${run + 1}/${ctx.options.runs} ${target.name}`);
        results.get(target.name)?.push(await runLoad({ url: target.url, connections: CONNECTIONS, durationSec: DURATION_SEC, headers: BROWSER_HEADERS }));
      }
    }
    for (const target of targets) figures.push(...loadFigures(target.name, results.get(target.name) ?? []));

    const ratio = (a: string, b: string, label: string) => {
      const as = results.get(a);
      const bs = results.get(b);
      if (as === undefined || bs === undefined || bs.length === 0) return;
      figures.push(figure(label, 'ratio', as.map((r, i) => r.requestsPerSec / (bs[i]?.requestsPerSec ?? Number.NaN)), 'edge req/s ÷ nginx req/s, per run'));
    };
    if (nginxBinary !== undefined) {
      ratio('edge hot (hot cache)', 'nginx precompressed (gzip_static)', 'edge hot ÷ nginx precompressed');
      ratio('edge hot (hot cache)', 'nginx plain', 'edge hot ÷ nginx plain');
      ratio(`edge hot, EDGE_HOT_CACHE_FRESH_MS=${FRESH_WINDOW_MS}`, 'nginx precompressed (gzip_static)', `edge hot with a ${FRESH_WINDOW_MS} ms window ÷ nginx precompressed`);
      ratio(ANNOUNCED, 'nginx precompressed (gzip_static)', 'edge hot with write announcements ÷ nginx precompressed (target ≥ 0.8)');
      ratio('edge cold (EDGE_HOT_CACHE_BYTES=0)', 'nginx plain', 'edge cold ÷ nginx plain');
    }

    // Memory: peak RSS of each process after its work.
    const hotPeak = await peakRssMiB(hot.proc.pid);
    const coldPeak = await peakRssMiB(cold.proc.pid);
    const announcedPeak = await peakRssMiB(announced.proc.pid);
    if (publish.peakMiB !== undefined) figures.push(figure('render worker peak RSS (after publishing the news site)', 'MiB', [publish.peakMiB], 'VmHWM of the worker process'));
    if (hotPeak !== undefined) figures.push(figure('edge router peak RSS (hot cache, after the load runs)', 'MiB', [hotPeak], 'VmHWM; hot cache bound 64 MiB'));
    if (announcedPeak !== undefined) figures.push(figure('edge router peak RSS (write announcements heard, after the load runs)', 'MiB', [announcedPeak], 'VmHWM; hot cache bound 64 MiB'));
    if (coldPeak !== undefined) figures.push(figure('edge router peak RSS (hot cache off, after the load runs)', 'MiB', [coldPeak], 'VmHWM'));
    if (publish.peakMiB === undefined) notes.push('peak RSS needs /proc (Linux): not measured here');
    notes.push(
      `autocannon in its own process, ${CONNECTIONS} connections, ${DURATION_SEC} s per target per run after a ${WARMUP_SEC} s warm-up, Accept-Encoding "${BROWSER_HEADERS['accept-encoding'] ?? ''}"`,
      'load generator, servers and the bench share this machine\'s cores: compare ratios, not absolutes',
    );
    return { name: 'edge', figures, notes };
  } finally {
    for (const r of running.reverse()) await r.stop().catch(() => {});
    await base.stop();
  }
}
