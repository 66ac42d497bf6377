/**
 * `npm run bench`: the pipeline's performance as numbers anyone can reproduce. Each
 * section brings up the parts it measures (a private redis-server, storage, the sample upstream
 * serving a synthetic site), runs several times, and reports median, min and max. Prints a table
 * to stdout and writes the same figures as JSON.
 *
 *   npm run bench                                  every section, 10,000 articles, 5 runs
 *   npm run bench -- --articles 2000 --runs 3      smaller and quicker
 *   npm run bench -- --only render-cost,edge       some sections
 *   npm run bench -- --scale                       also the 10,000 vs 100,000 page scale check
 *   npm run bench -- --only throughput             publish rate with 1 and 2 worker processes, fs and S3
 *   npm run bench -- --only throughput --moto      ... and moto_server as a second S3 endpoint
 *   npm run bench -- --only render-cost --cpu-prof prof   also V8 CPU profiles (flame graphs) in prof/
 *   npm run bench -- --redis-url redis://host:6379 --s3-endpoint http://minio:9000 --upstream-url http://cms
 *
 * Sections: render-cost (CPU per job, split by phase), publish (full publish, raw PUT rate, no-op
 * republish), throughput (worker processes), latency (event to
 * served HTML, idle and behind a backlog), edge (hot and cold requests beside nginx; memory),
 * bundle, scale (with --scale).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measureBundle } from './bundle.js';
import type { BenchContext, BenchOptions } from './context.js';
import { measureEdge } from './edge.js';
import { measureLatency } from './latency.js';
import { measurePublish } from './publish.js';
import { measureRenderCost } from './render-cost.js';
import { positiveInt, renderTable, type BenchSection } from './report.js';
import { measureScale } from './scale.js';
import { measureThroughput } from './throughput.js';

const SECTIONS: ReadonlyArray<{ name: string; run: (ctx: BenchContext) => Promise<BenchSection>; onlyWithScale?: boolean }> = [
  { name: 'render-cost', run: measureRenderCost },
  { name: 'publish', run: measurePublish },
  { name: 'throughput', run: measureThroughput },
  { name: 'latency', run: measureLatency },
  { name: 'edge', run: measureEdge },
  { name: 'bundle', run: measureBundle },
  { name: 'scale', run: measureScale, onlyWithScale: true },
];

export function parseBenchArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      articles: { type: 'string' },
      runs: { type: 'string' },
      out: { type: 'string' },
      only: { type: 'string' },
      'redis-url': { type: 'string' },
      's3-endpoint': { type: 'string' },
      'upstream-url': { type: 'string' },
      scale: { type: 'boolean' },
      'cpu-prof': { type: 'string' },
      moto: { type: 'boolean' },
    },
    strict: true,
  });
  const only = (values.only ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = only.filter((name) => !SECTIONS.some((section) => section.name === name));
  if (unknown.length > 0) throw new Error(`--only: unknown section ${unknown.join(', ')} (sections: ${SECTIONS.map((s) => s.name).join(', ')})`);
  const redisUrl = values['redis-url'] ?? env.REDIS_URL;
  return {
    articles: positiveInt(values.articles, 'articles', 10_000),
    runs: positiveInt(values.runs, 'runs', 5),
    out: values.out ?? 'bench-results.json',
    only,
    ...(redisUrl ? { redisUrl } : {}),
    ...(values['s3-endpoint'] ? { s3Endpoint: values['s3-endpoint'] } : {}),
    ...(values['upstream-url'] ? { upstreamUrl: values['upstream-url'] } : {}),
    scale: values.scale ?? only.includes('scale'),
    moto: values.moto ?? false,
    ...(values['cpu-prof'] ? { cpuProfDir: resolve(values['cpu-prof']) } : {}),
  };
}

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2));
  if (options.cpuProfDir !== undefined) await mkdir(options.cpuProfDir, { recursive: true });
  const started = Date.now();
  const ctx: BenchContext = {
    options,
    log: (message) => process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`),
  };
  const chosen = SECTIONS.filter((section) => (options.only.length > 0 ? options.only.includes(section.name) : !section.onlyWithScale || options.scale));
  const results: BenchSection[] = [];
  for (const section of chosen) {
    ctx.log(`${section.name}: start`);
    results.push(await section.run(ctx));
  }
  const machine = { node: process.version, platform: process.platform, arch: process.arch, cpus: (await import('node:os')).cpus().length };
  await writeFile(options.out, `${JSON.stringify({ at: new Date().toISOString(), machine, options, sections: results }, null, 2)}\n`);
  process.stdout.write(`${renderTable(results)}\n\nJSON: ${options.out}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
