/**
 * Publish throughput with worker processes (`npm run bench -- --only throughput`):
 * the whole synthetic site published by one and by two real render-worker processes
 * (render-workers/main.ts, configured by environment as deployed), with the filesystem driver and
 * the S3 driver (s3rver; with `--moto`, moto_server too, as the project's tests use them),
 * each beside the raw PUT rate of the same S3 endpoint measured in the same run.
 *
 * Every part runs in a process of its own: the sample upstream, each worker, s3rver, a private
 * redis-server; the bench process only enqueues (one addBulk, as `npm run republish` does) and
 * counts completions. Each publish starts from an empty store and queue (a first publish: every
 * page is written).
 *
 * Concurrency is chosen from the measurement: one worker publishes a sample of the site at each
 * candidate WORKER_CONCURRENCY, and the best rate wins (a larger one only when it is more than 5%
 * faster). Both the one- and the two-process publishes then run every worker at that concurrency.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueueEvents } from 'bullmq';
import { parseStorageConfig } from '../../core/config/storage.js';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { DEFAULT_RENDER_JOB, RENDER_QUEUE, type RenderJob } from '../../core/queue.js';
import { createRedis } from '../../core/redis.js';
import { createStore } from '../../core/storage/create-store.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { listSitePages } from '../../core/site-pages.js';
import { createUpstreamClients } from '../../core/upstream/clients.js';
import { createRenderProducer } from '../../ingest/producer.js';
import { buildBundle } from '../../interactive-bundle/build.js';
import { motoUnavailableReason, startTestMoto } from '../support/moto.js';
import type { BenchContext } from './context.js';
import { startBenchRedis } from './publish/bench-redis.js';
import { rawPutRate } from './publish/raw-put.js';
import { startS3Process } from './publish/s3-process.js';
import { startSyntheticUpstream } from './publish/upstream-process.js';
import { processTreeCpuMs, startWorkerProcesses } from './publish/worker-processes.js';
import { figure, summarise, type BenchFigure, type BenchSection } from './report.js';

/** WORKER_CONCURRENCY values tried (render-workers/config.ts default: 2). */
export const CONCURRENCY_CANDIDATES = [2, 4, 8] as const;
/** Pages in the sample each candidate publishes, in each calibration round. */
const CALIBRATION_PAGES = 1200;
/** Calibration rounds: each publishes the sample once per candidate, in alternating order. */
const CALIBRATION_ROUNDS = 2;
/** PUTs per raw-rate run. */
const RAW_PUTS = 500;

/**
 * The concurrency to run with: the fastest, except that a higher one must beat every lower
 * candidate by more than `margin` (more jobs in flight cost memory and latency for nothing).
 */
export function chooseConcurrency(samples: ReadonlyArray<{ concurrency: number; pagesPerSecond: number }>, margin = 0.05): number {
  const sorted = [...samples].sort((a, b) => a.concurrency - b.concurrency);
  let best = sorted[0];
  if (best === undefined) throw new Error('chooseConcurrency needs at least one sample');
  for (const sample of sorted.slice(1)) if (sample.pagesPerSecond > best.pagesPerSecond * (1 + margin)) best = sample;
  return best.concurrency;
}

/** The candidates in the order each calibration round runs them: forwards, then backwards, and so on. */
export function calibrationOrder<T>(candidates: readonly T[], rounds: number): T[][] {
  return Array.from({ length: rounds }, (_, round) => (round % 2 === 0 ? [...candidates] : [...candidates].reverse()));
}

/** Progress marks of a publish turned into per-chunk rates (pages/s and objects/s). */
export function chunkRates(marks: ReadonlyArray<{ done: number; objects: number; at: number }>): { pages: number[]; objects: number[] } {
  const pages: number[] = [];
  const objects: number[] = [];
  for (let i = 1; i < marks.length; i += 1) {
    const a = marks[i - 1];
    const b = marks[i];
    if (a === undefined || b === undefined || b.at <= a.at || b.done <= a.done) continue;
    pages.push(((b.done - a.done) * 1000) / (b.at - a.at));
    objects.push(((b.objects - a.objects) * 1000) / (b.at - a.at));
  }
  return { pages, objects };
}

/** Objects a completed job wrote, from its return value (as QueueEvents delivers it: JSON text or parsed). */
export function writtenCount(returnvalue: unknown): number {
  let value = returnvalue;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return 0;
    }
  }
  if (typeof value !== 'object' || value === null || !('written' in value)) return 0;
  return Array.isArray(value.written) ? value.written.length : 0;
}

/** Mean size of the HTML pages a filesystem store holds, from a sample of its keys. */
async function meanHtmlBytes(root: string, sample = 200): Promise<number> {
  const store = createFsStore({ root });
  let bytes = 0;
  let count = 0;
  try {
    for await (const key of store.list('')) {
      if (count >= sample) break;
      const object = await store.get(key);
      if (!object || !object.meta.contentType.startsWith('text/html')) continue;
      bytes += object.body.length;
      count += 1;
    }
  } finally {
    await store.close();
  }
  return count > 0 ? Math.round(bytes / count) : 50_000;
}

/** Busy and total jiffies of the whole machine (/proc/stat), to say how loaded it was. */
async function machineTicks(): Promise<{ busy: number; total: number }> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((a, b) => a + b, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

type S3EndpointKind = 's3rver' | 'moto' | 'external';

interface S3Endpoint {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The server's process, for its CPU per page (s3rver only). */
  pid?: number;
  stop(): Promise<void>;
}

/**
 * s3rver in its own process; moto_server (tests/support/moto.ts: it honours conditional writes,
 * s3rver ignores them) with its bucket created; or the `--s3-endpoint` given, with S3_* credentials.
 */
/**
 * `directory`: where s3rver keeps its objects, removed with the section's directory at the end.
 * Removing a server's objects when it stops freed tens of thousands of inodes, and on this disk
 * (ext4 without a journal, ADR 0047) the next server's file creations stepped over each of them
 * for minutes: half of its CPU in one measured run.
 */
async function startS3Endpoint(kind: S3EndpointKind, external: string | undefined, directory: string): Promise<S3Endpoint> {
  if (kind === 's3rver') return await startS3Process('bench', directory);
  if (kind === 'moto') {
    const moto = await startTestMoto({ bucket: 'bench' });
    const store = await createStore({ driver: 's3', endpoint: moto.endpoint, region: moto.region, bucket: moto.bucket, accessKeyId: moto.accessKeyId, secretAccessKey: moto.secretAccessKey, forcePathStyle: true }, { createBucket: true });
    // The driver creates the bucket on its first call.
    await store.head('bench-create-bucket');
    await store.close();
    return moto;
  }
  const parsed = parseStorageConfig({ ...process.env, STORAGE_DRIVER: 's3', S3_ENDPOINT: external, S3_BUCKET: process.env.S3_BUCKET ?? 'bench' }, 'bench');
  if (parsed.driver !== 's3') throw new Error('unreachable: S3 storage expected');
  return {
    endpoint: parsed.endpoint ?? external ?? '',
    bucket: parsed.bucket,
    region: parsed.region,
    ...(parsed.accessKeyId !== undefined && parsed.secretAccessKey !== undefined ? { accessKeyId: parsed.accessKeyId, secretAccessKey: parsed.secretAccessKey } : {}),
    stop: () => Promise.resolve(),
  };
}

interface PublishRunResult {
  pages: number;
  failed: number;
  objects: number;
  seconds: number;
  pagesPerSecond: number[];
  objectsPerSecond: number[];
  workerCpuMsPerPage: number;
  /** The part of workerCpuMsPerPage on the workers' main threads (the rest is V8's and libuv's threads). */
  workerMainThreadCpuMsPerPage: number;
  /** The part of workerCpuMsPerPage spent in the kernel (all threads). */
  workerKernelCpuMsPerPage: number;
  /** Minor page faults the workers took per page. */
  workerPageFaultsPerPage: number;
  upstreamCpuMsPerPage: number;
  s3CpuMsPerPage: number | null;
  /** Cores the whole machine kept busy during the publish (anyone's processes). */
  machineBusyCores: number;
  /** The largest peak resident set of one worker process during the publish (its whole life), MiB. */
  workerPeakRssMiB: number;
}

interface PublishSetup {
  redisUrl: string;
  prefix: string;
  targets: readonly RenderJob[];
  processes: number;
  concurrency: number;
  /** STORAGE_* variables. */
  storageEnv: Record<string, string>;
  upstreamUrl: string;
  upstreamPid: number | null;
  s3Pid?: number;
  bundleDir: string;
  chunks: number;
  cpuProfDir?: string;
}

/** One publish of `targets` by `processes` worker processes; resolves when every job settled. */
async function publishWithWorkers(ctx: BenchContext, setup: PublishSetup): Promise<PublishRunResult> {
  const workers = await startWorkerProcesses({
    count: setup.processes,
    redisUrl: setup.redisUrl,
    prefix: setup.prefix,
    ...(setup.cpuProfDir === undefined ? {} : { cpuProfDir: setup.cpuProfDir }),
    env: {
      NODE_ENV: 'production',
      REDIS_URL: setup.redisUrl,
      QUEUE_PREFIX: setup.prefix,
      WORKER_CONCURRENCY: String(setup.concurrency),
      UPSTREAM_STAGE: 'local',
      UPSTREAM_BASE_URL: setup.upstreamUrl,
      BUNDLE_DIR: setup.bundleDir,
      LOG_LEVEL: 'warn',
      WORKER_METRICS_PORT: 'off',
      WORKER_RECOVERY_SWEEP_MS: 'off',
      CDN_PURGE: 'none',
      ...setup.storageEnv,
    },
  });
  const connection = createRedis(setup.redisUrl, { blocking: true, name: 'bench-throughput-events' });
  const events = new QueueEvents(RENDER_QUEUE, { connection, prefix: setup.prefix });
  const producer = createRenderProducer({
    redisUrl: setup.redisUrl,
    prefix: setup.prefix,
    logger: createLogger({ component: 'bench-throughput', level: 'silent' }),
    // One attempt: a failing page is reported, not retried for seconds inside a timed publish.
    defaults: { ...DEFAULT_RENDER_JOB, attempts: 1, backoffMs: 10 },
  });
  try {
    await events.waitUntilReady();
    const total = setup.targets.length;
    const step = Math.max(1, Math.ceil(total / setup.chunks));
    let completed = 0;
    let failed = 0;
    let objects = 0;
    const marks: Array<{ done: number; objects: number; at: number }> = [];
    let settle = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    let lastLog = performance.now();
    const progress = () => {
      const done = completed + failed;
      const last = marks.at(-1);
      if (last !== undefined && (done - last.done >= step || done === total)) marks.push({ done, objects, at: performance.now() });
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        ctx.log(`throughput: ${done}/${total}`);
      }
      if (done >= total) settle();
    };
    events.on('completed', ({ returnvalue }) => {
      completed += 1;
      objects += writtenCount(returnvalue);
      progress();
    });
    events.on('failed', () => {
      failed += 1;
      progress();
    });
    const cpuBefore = { workers: await workers.cpuMs(), workersMain: await workers.mainThreadCpuMs(), workersKernel: await workers.kernelUsage(), upstream: setup.upstreamPid === null ? 0 : await processTreeCpuMs(setup.upstreamPid), s3: setup.s3Pid === undefined ? 0 : await processTreeCpuMs(setup.s3Pid) };
    const machineBefore = await machineTicks();
    const started = performance.now();
    marks.push({ done: 0, objects: 0, at: started });
    await producer.enqueueMany(setup.targets);
    // QueueEvents reads a capped stream: should it miss a completion, the queue's own counts end the wait.
    const counted = (async () => {
      while (completed + failed < total) {
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        const counts = await producer.queue.getJobCounts('completed', 'failed');
        if ((counts.completed ?? 0) + (counts.failed ?? 0) >= total && completed + failed < total) {
          ctx.log(`throughput: ${total - completed - failed} completion events missed; the queue counts them done`);
          completed = counts.completed ?? completed;
          failed = counts.failed ?? failed;
          progress();
        }
      }
    })();
    await settled;
    const seconds = (performance.now() - started) / 1000;
    const machineAfter = await machineTicks();
    const cpuAfter = { workers: await workers.cpuMs(), workersMain: await workers.mainThreadCpuMs(), workersKernel: await workers.kernelUsage(), upstream: setup.upstreamPid === null ? 0 : await processTreeCpuMs(setup.upstreamPid), s3: setup.s3Pid === undefined ? 0 : await processTreeCpuMs(setup.s3Pid) };
    const workerPeakRssMiB = await workers.peakRssMiB();
    await counted;
    const rates = chunkRates(marks);
    const pages = completed;
    const perPage = (ms: number) => (pages > 0 ? ms / pages : Number.NaN);
    const machineTotal = machineAfter.total - machineBefore.total;
    const cores = (await import('node:os')).cpus().length;
    return {
      pages,
      failed,
      objects,
      seconds,
      pagesPerSecond: rates.pages.length > 0 ? rates.pages : [pages / seconds],
      objectsPerSecond: rates.objects.length > 0 ? rates.objects : [objects / seconds],
      workerCpuMsPerPage: perPage(cpuAfter.workers - cpuBefore.workers),
      workerMainThreadCpuMsPerPage: perPage(cpuAfter.workersMain - cpuBefore.workersMain),
      workerKernelCpuMsPerPage: perPage(cpuAfter.workersKernel.systemMs - cpuBefore.workersKernel.systemMs),
      workerPageFaultsPerPage: perPage(cpuAfter.workersKernel.minorFaults - cpuBefore.workersKernel.minorFaults),
      upstreamCpuMsPerPage: setup.upstreamPid === null ? Number.NaN : perPage(cpuAfter.upstream - cpuBefore.upstream),
      s3CpuMsPerPage: setup.s3Pid === undefined ? null : perPage(cpuAfter.s3 - cpuBefore.s3),
      machineBusyCores: machineTotal > 0 ? (cores * (machineAfter.busy - machineBefore.busy)) / machineTotal : Number.NaN,
      workerPeakRssMiB,
    };
  } finally {
    await producer.close();
    await events.close();
    connection.disconnect();
    await workers.stop();
  }
}

function runFigures(label: string, run: PublishRunResult, setup: Pick<PublishSetup, 'processes' | 'concurrency'>): BenchFigure[] {
  const who = `${setup.processes} worker process${setup.processes === 1 ? '' : 'es'} × concurrency ${setup.concurrency}`;
  const cpu = `worker CPU ${run.workerCpuMsPerPage.toFixed(1)} ms/page (main threads ${run.workerMainThreadCpuMsPerPage.toFixed(1)}, V8's and libuv's threads ${(run.workerCpuMsPerPage - run.workerMainThreadCpuMsPerPage).toFixed(1)}; in the kernel ${run.workerKernelCpuMsPerPage.toFixed(1)}, ${run.workerPageFaultsPerPage.toFixed(0)} page faults a page), upstream ${run.upstreamCpuMsPerPage.toFixed(1)} ms/page${run.s3CpuMsPerPage === null ? '' : `, s3rver ${run.s3CpuMsPerPage.toFixed(1)} ms/page`}; machine busy ${run.machineBusyCores.toFixed(2)} cores`;
  return [
    figure(`${label}, ${setup.processes} proc: pages per second (per chunk)`, 'pages/s', run.pagesPerSecond, `${who}; ${run.pages} pages in ${run.seconds.toFixed(0)} s (${(run.pages / run.seconds).toFixed(1)}/s whole), ${run.failed} failed`),
    figure(`${label}, ${setup.processes} proc: objects per second (per chunk)`, 'objects/s', run.objectsPerSecond, `${run.objects} objects (${(run.objects / Math.max(1, run.pages)).toFixed(2)} per page); ${cpu}`),
    figure(`${label}, ${setup.processes} proc: peak RSS of a worker`, 'MiB', [run.workerPeakRssMiB], `VmHWM of the largest worker process over its life (start-up and the publish), at concurrency ${setup.concurrency}; issue 17: ≤ 256 MiB`),
  ];
}

export async function measureThroughput(ctx: BenchContext): Promise<BenchSection> {
  const { options } = ctx;
  const chunks = Math.max(3, options.runs);
  const figures: BenchFigure[] = [];
  const notes: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'bench-throughput-'));
  const redis = await startBenchRedis(options.redisUrl);
  let upstream;
  try {
    ctx.log('throughput: building the bundle');
    const bundleDir = join(dir, 'bundle');
    await buildBundle({ outDir: bundleDir });
    ctx.log(`throughput: starting the sample upstream with ${options.articles} synthetic articles`);
    upstream = await startSyntheticUpstream({ articles: options.articles, ...(options.upstreamUrl ? { external: options.upstreamUrl } : {}) });
    const config = parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: upstream.url });
    const { upstream: client } = createUpstreamClients({ config, logger: createLogger({ component: 'bench-throughput', level: 'silent' }) });
    const requestedAt = new Date().toISOString();
    const targets: RenderJob[] = (await listSitePages(client)).map(({ site, path }) => ({ site, path, reason: 'sweep', requestedBy: 'bench-throughput', requestedAt }));
    const common = { redisUrl: redis.url, upstreamUrl: upstream.url, upstreamPid: upstream.pid, bundleDir, chunks, ...(options.cpuProfDir === undefined ? {} : { cpuProfDir: options.cpuProfDir }) };
    let runId = 0;
    let lastFsDir = '';
    const fsEnv = () => {
      lastFsDir = join(dir, `fs-${(runId += 1)}`);
      return { STORAGE_DRIVER: 'fs', STORAGE_DIR: lastFsDir };
    };

    // Concurrency from the measurement: an evenly spread sample of the site, one worker.
    const every = Math.max(1, Math.floor(targets.length / CALIBRATION_PAGES));
    const sample = targets.filter((_, i) => i % every === 0).slice(0, CALIBRATION_PAGES);
    // Two rounds, the second in reverse order, so that a minute when the machine is busy (another
    // tenant) slows every candidate a little rather than one a lot; each candidate's rate is the
    // median of its chunks over both rounds.
    const seen = new Map<number, { rates: number[]; cpu: number[]; busy: number[] }>();
    for (const order of calibrationOrder(CONCURRENCY_CANDIDATES, CALIBRATION_ROUNDS)) {
      for (const concurrency of order) {
        const round = (seen.get(concurrency)?.cpu.length ?? 0) + 1;
        ctx.log(`throughput: calibrating (round ${round}), 1 worker at concurrency ${concurrency} on ${sample.length} pages`);
        const run = await publishWithWorkers(ctx, { ...common, prefix: `${redis.prefix}c${concurrency}r${round}`, targets: sample, processes: 1, concurrency, storageEnv: fsEnv(), chunks: 3 });
        const entry = seen.get(concurrency) ?? { rates: [], cpu: [], busy: [] };
        entry.rates.push(...run.pagesPerSecond);
        entry.cpu.push(run.workerCpuMsPerPage);
        entry.busy.push(run.machineBusyCores);
        seen.set(concurrency, entry);
      }
    }
    const calibration: Array<{ concurrency: number; pagesPerSecond: number }> = [];
    for (const concurrency of CONCURRENCY_CANDIDATES) {
      const entry = seen.get(concurrency);
      if (entry === undefined) continue;
      calibration.push({ concurrency, pagesPerSecond: summarise(entry.rates).median });
      const list = (values: number[], digits: number) => values.map((v) => v.toFixed(digits)).join(' / ');
      figures.push(figure(`calibration: 1 proc at concurrency ${concurrency}, filesystem`, 'pages/s', entry.rates, `${sample.length} pages spread over the site, ${CALIBRATION_ROUNDS} rounds × 3 chunks; worker CPU ${list(entry.cpu, 1)} ms/page, machine busy ${list(entry.busy, 2)} cores`));
    }
    const concurrency = chooseConcurrency(calibration);
    notes.push(`Concurrency chosen from the calibration: WORKER_CONCURRENCY=${concurrency} (candidates ${CONCURRENCY_CANDIDATES.join(', ')}; a higher one must be more than 5% faster), for every worker below.`);

    for (const processes of [1, 2]) {
      ctx.log(`throughput: filesystem, ${processes} worker process(es), ${targets.length} pages`);
      const run = await publishWithWorkers(ctx, { ...common, prefix: `${redis.prefix}f${processes}`, targets, processes, concurrency, storageEnv: fsEnv() });
      figures.push(...runFigures('filesystem', run, { processes, concurrency }));
    }
    const bodyBytes = await meanHtmlBytes(lastFsDir);

    // S3 endpoints: the given one, or s3rver in its own process and, with --moto, moto_server
    // (opt-in: a publish to it runs at about 10 pages/s here, an hour for the default 10,000 articles).
    const motoMissing = options.moto ? motoUnavailableReason() : null;
    const endpoints: S3EndpointKind[] = options.s3Endpoint !== undefined ? ['external'] : ['s3rver', ...(options.moto && motoMissing === null ? (['moto'] as const) : [])];
    if (motoMissing !== null) notes.push(`moto rows skipped: ${motoMissing}.`);
    for (const kind of endpoints) {
      for (const processes of [1, 2]) {
        // A fresh server per publish, so each starts from an empty bucket.
        const s3 = await startS3Endpoint(kind, options.s3Endpoint, join(dir, `${kind}-${processes}`));
        try {
          const label = kind === 'external' ? 'S3' : `S3 ${kind}`;
          const storageEnv: Record<string, string> = {
            STORAGE_DRIVER: 's3',
            S3_ENDPOINT: s3.endpoint,
            S3_BUCKET: s3.bucket,
            S3_REGION: s3.region,
            S3_FORCE_PATH_STYLE: 'true',
            ...(s3.accessKeyId !== undefined && s3.secretAccessKey !== undefined ? { S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey } : {}),
          };
          ctx.log(`throughput: ${label} (${s3.endpoint}), ${processes} worker process(es), ${targets.length} pages`);
          const run = await publishWithWorkers(ctx, { ...common, prefix: `${redis.prefix}${kind}${processes}`, targets, processes, concurrency, storageEnv, ...(s3.pid === undefined ? {} : { s3Pid: s3.pid }) });
          figures.push(...runFigures(label, run, { processes, concurrency }));
          // The same endpoint's raw PUT rate, right after, at the publish's jobs in flight, with bodies
          // of the mean size of a stored page (from the filesystem publish). At least three rounds,
          // as the publish is cut into at least three chunks: one round of RAW_PUTS lasts under a
          // second, and single rounds of it moved from 589 to 1,110 PUT/s on one endpoint.
          const inFlight = processes * concurrency;
          const putRates: number[] = [];
          for (let r = 0; r < chunks; r += 1) {
            putRates.push(
              await rawPutRate(
                { driver: 's3', endpoint: s3.endpoint, bucket: s3.bucket, region: s3.region, forcePathStyle: true, ...(s3.accessKeyId !== undefined && s3.secretAccessKey !== undefined ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : {}) },
                { bodyBytes, concurrency: inFlight, count: RAW_PUTS, run: r },
              ),
            );
          }
          const raw = summarise(putRates).median;
          figures.push(figure(`${label}, ${processes} proc: raw PUT rate, same endpoint`, 'PUT/s', putRates, `${RAW_PUTS} PutObject of ${bodyBytes} B at concurrency ${inFlight}, from the bench process`));
          const objectRate = summarise(run.objectsPerSecond).median;
          figures.push(figure(`${label}, ${processes} proc: objects/s ÷ raw PUT/s`, 'ratio', [objectRate / raw], 'target ≥ 0.8'));
        } finally {
          await s3.stop();
        }
      }
    }
    notes.push(
      `${options.articles} synthetic articles, ${targets.length} pages (both editions, crawler files); each publish starts from an empty store and queue, one attempt per job. "Per chunk": each publish's progress cut into ${chunks} equal chunks, each chunk's rate a run. Issue 17 target: filesystem ≥ 400 pages/s for 10,000 articles on a 2-core machine.`,
      'Processes: each worker is render-workers/main.ts as the image runs it (its esbuild build, infra/build-services.ts, run with node and the worker\'s node flags; NODE_ENV=production, LOG_LEVEL=warn, no metrics server, no recovery sweep, CDN_PURGE=none); the sample upstream, s3rver, moto_server and redis-server run in processes of their own. CPU per page is read from /proc for the workers, the upstream and s3rver; "machine busy" counts every process on the machine, other users\' included. A worker\'s CPU is also split by thread: its main thread runs the JavaScript (what --cpu-prof samples); the rest is V8\'s garbage collector and optimising compiler threads and libuv\'s thread pool (file syncs), which a profile does not show. "In the kernel" is the workers\' system CPU across those threads (file syncs, creates and links, socket writes, thread wake-ups, page faults), which a profile does not break down; "page faults" are the minor faults they took, each a fresh page of memory touched for the first time.',
    );
    return { name: 'publish throughput (worker processes)', figures, notes };
  } finally {
    await upstream?.stop();
    await redis.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
