/**
 * Full publish and no-op republish: stored pages per second for the whole synthetic
 * site through the real pipeline (startStack: BullMQ queue, render worker, object store), with the
 * filesystem driver and with the S3 driver, beside the raw PUT rate of the same S3 endpoint in the
 * same run; then, with each driver, a second full publish with nothing changed, which must write 0
 * objects and send 0 purges.
 *
 * A whole publish of 10,000 articles (both editions) takes minutes on a 2-core machine, so one
 * publish per driver is run and its "runs" are equal chunks of it (the per-chunk rate); the
 * whole-publish rate is given beside them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseStorageConfig, type StorageConfig } from '../../core/config/storage.js';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { startStack, type Stack } from '../../infra/local/stack.js';
import { buildBundle } from '../../interactive-bundle/build.js';
import { startTestS3 } from '../support/s3rver.js';
import type { BenchContext } from './context.js';
import { startBenchRedis } from './publish/bench-redis.js';
import { timedPublish, type PublishRun } from './publish/publish-run.js';
import { rawPutRate } from './publish/raw-put.js';
import { startSyntheticUpstream } from './publish/upstream-process.js';
import { figure, type BenchFigure, type BenchSection } from './report.js';

/** Render jobs at once, as a worker replica runs them by default (render-workers/config.ts WORKER_CONCURRENCY). */
const WORKER_CONCURRENCY = 2;
/** PUTs per raw-rate run. */
const RAW_PUTS = 500;

/** A no-op republish's figures: it must write nothing and purge nothing; `label` prefixes the metric names. */
function noOpFigures(label: string, again: PublishRun): BenchFigure[] {
  return [
    figure(`${label}no-op republish: objects written`, 'objects', [again.objectsWritten], `must be 0; ${again.pages} pages re-rendered`),
    figure(`${label}no-op republish: purges sent`, 'purges', [again.purges], 'must be 0; the worker purges only after a write'),
    figure(`${label}no-op republish: pages per second`, 'pages/s', again.chunkRates.length > 0 ? again.chunkRates : [again.pages / again.seconds]),
  ];
}

async function withStack<T>(ctx: BenchContext, opts: { storage: StorageConfig; upstreamUrl: string; redisUrl: string; prefix: string; bundleDir: string }, body: (stack: Stack) => Promise<T>): Promise<T> {
  const stack = await startStack({
    redisUrl: opts.redisUrl,
    queuePrefix: opts.prefix,
    storage: opts.storage,
    upstream: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: opts.upstreamUrl }),
    sitePort: 0,
    adminPort: 0,
    adminToken: 'bench-admin-token-0123456789',
    webhookSecret: 'bench-webhook-secret-0123456789',
    bundleDir: opts.bundleDir,
    workerConcurrency: WORKER_CONCURRENCY,
    schedules: false,
    logLevel: 'silent',
    // One attempt: a failing page is reported, not retried for seconds inside a timed publish.
    renderJobDefaults: { attempts: 1, backoffMs: 10 },
  });
  try {
    return await body(stack);
  } finally {
    await stack.close();
    ctx.log('publish: stack closed');
  }
}

/** Mean body size of stored HTML pages, from a sample of the store's keys. */
async function meanHtmlBytes(stack: Stack, sample = 200): Promise<number> {
  let bytes = 0;
  let count = 0;
  for await (const key of stack.store.list('')) {
    if (count >= sample) break;
    const object = await stack.store.get(key);
    if (!object || !object.meta.contentType.startsWith('text/html')) continue;
    bytes += object.body.length;
    count += 1;
  }
  return count > 0 ? Math.round(bytes / count) : 50_000;
}

function publishFigures(driver: string, run: PublishRun): BenchFigure[] {
  const overall = run.pages / run.seconds;
  return [
    figure(`full publish, ${driver}: pages per second (per chunk)`, 'pages/s', run.chunkRates.length > 0 ? run.chunkRates : [overall], `${run.pages} pages (both editions) in ${run.seconds.toFixed(0)} s; ${run.failed} failed`),
    figure(`full publish, ${driver}: whole publish`, 'pages/s', [overall]),
    figure(`full publish, ${driver}: objects written per page`, 'objects', [run.objectsPerPage], `${run.objectsWritten} objects (standard, print, AMP, redirects, feeds)`),
  ];
}

export async function measurePublish(ctx: BenchContext): Promise<BenchSection> {
  const { options } = ctx;
  const chunks = Math.max(3, options.runs);
  const figures: BenchFigure[] = [];
  const notes: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'bench-publish-'));
  const redis = await startBenchRedis(options.redisUrl);
  let upstream;
  try {
    ctx.log('publish: building the bundle');
    await buildBundle({ outDir: join(dir, 'bundle') });
    ctx.log(`publish: starting the sample upstream with ${options.articles} synthetic articles`);
    upstream = await startSyntheticUpstream({ articles: options.articles, ...(options.upstreamUrl ? { external: options.upstreamUrl } : {}) });
    const common = { upstreamUrl: upstream.url, redisUrl: redis.url, bundleDir: join(dir, 'bundle') };

    // Filesystem driver: full publish, then the no-op republish.
    let htmlBytes = 50_000;
    await withStack(ctx, { ...common, prefix: `${redis.prefix}fs`, storage: { driver: 'fs', dir: join(dir, 'fs-store') } }, async (stack) => {
      ctx.log('publish: full publish, filesystem driver');
      const first = await timedPublish(stack, redis.url, `${redis.prefix}fs`, chunks, (message) => ctx.log(message));
      figures.push(...publishFigures('filesystem', first));
      htmlBytes = await meanHtmlBytes(stack);
      ctx.log('publish: no-op republish, filesystem driver');
      const again = await timedPublish(stack, redis.url, `${redis.prefix}fs`, chunks, (message) => ctx.log(message));
      figures.push(...noOpFigures('', again));
    });

    // S3 driver: the given endpoint, or s3rver in this process.
    const s3 = options.s3Endpoint === undefined ? await startTestS3({ bucket: 'bench' }) : undefined;
    try {
      const storage: Extract<StorageConfig, { driver: 's3' }> = s3
        ? { driver: 's3', endpoint: s3.endpoint, region: s3.region, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true }
        : (() => {
            const parsed = parseStorageConfig({ ...process.env, STORAGE_DRIVER: 's3', S3_ENDPOINT: options.s3Endpoint, S3_BUCKET: process.env.S3_BUCKET ?? 'bench' }, 'bench');
            if (parsed.driver !== 's3') throw new Error('unreachable: S3 storage expected');
            return parsed;
          })();
      await withStack(ctx, { ...common, prefix: `${redis.prefix}s3`, storage }, async (stack) => {
        ctx.log(`publish: full publish, S3 driver (${s3 ? 's3rver' : options.s3Endpoint})`);
        const run = await timedPublish(stack, redis.url, `${redis.prefix}s3`, chunks, (message) => ctx.log(message));
        figures.push(...publishFigures('S3', run));
        // The no-op republish on S3 too: each object's stat is a HEAD there (ADR 0051).
        ctx.log('publish: no-op republish, S3 driver');
        const again = await timedPublish(stack, redis.url, `${redis.prefix}s3`, chunks, (message) => ctx.log(message));
        figures.push(...noOpFigures('S3 ', again));
      });
      ctx.log(`publish: raw PUT rate, ${options.runs} runs of ${RAW_PUTS} PUTs of ${htmlBytes} bytes`);
      const rates: number[] = [];
      for (let run = 0; run < options.runs; run += 1) rates.push(await rawPutRate(storage, { bodyBytes: htmlBytes, concurrency: WORKER_CONCURRENCY, count: RAW_PUTS, run }));
      figures.push(figure('S3 raw PUT rate, same endpoint', 'PUT/s', rates, `${RAW_PUTS} PutObject of ${htmlBytes} B at concurrency ${WORKER_CONCURRENCY}; the ceiling for objects/s`));
      notes.push(`S3 endpoint: ${s3 ? 's3rver (in the bench process, sharing its CPU)' : options.s3Endpoint}.`);
    } finally {
      await s3?.stop();
    }
    if (process.env.NODE_ENV !== 'production') {
      notes.push('NODE_ENV is not "production": React ran its development build in this process (several times slower than deployed; run `NODE_ENV=production npm run bench`).');
    }
    notes.push(
      `${options.articles} synthetic articles plus the sample's pages, both editions (news and es); one render worker at concurrency ${WORKER_CONCURRENCY} in the bench process, the sample upstream in its own process, a private redis-server.`,
      `"Per chunk": one publish per driver, its progress cut into ${chunks} equal chunks; each chunk's rate is a run. A page is one render job (1 to 3 stored objects).`,
      'No-op republish: the same stack (filesystem, then S3) publishes everything again with nothing changed; objects written and purges come from the jobs\' results (the worker purges a page only when its render wrote something).',
    );
    return { name: 'publish', figures, notes };
  } finally {
    await upstream?.stop();
    await redis.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
