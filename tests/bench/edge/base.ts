/**
 * What the latency and edge benchmarks both stand on: a Redis (a private redis-server, or
 * `--redis-url` with a key prefix of this run's own), the sample upstream (or `--upstream-url`
 * unless the section needs the sample's own content),
 * a fresh bundle build, and a temp directory for storage. Each section starts its own and stops
 * it, so sections stay independent (tests/bench/context.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSampleUpstream } from '../../../infra/sample-upstream/server.js';
import { buildBundle } from '../../../interactive-bundle/build.js';
import { startTestRedis } from '../../support/redis-server.js';
import type { BenchContext } from '../context.js';

export interface BenchBase {
  dir: string;
  redisUrl: string;
  /** A queue prefix with a {hash tag}, unique to this run. */
  prefix: string;
  upstreamUrl: string;
  bundleDir: string;
  /** Stops what this started (never an external Redis or upstream) and removes the temp directory. */
  stop(): Promise<void>;
}

export interface BenchBaseOptions {
  /** Start the sample upstream even when `--upstream-url` is given (the section needs its content). */
  ownUpstream?: boolean;
}

export async function startBenchBase(ctx: BenchContext, name: string, options: BenchBaseOptions = {}): Promise<BenchBase> {
  const dir = await mkdtemp(join(tmpdir(), `bench-${name}-`));
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const prefix = `{bench${process.pid}${name.replace(/[^a-z]/g, '')}${Math.random().toString(36).slice(2, 6)}}`;
    let redisUrl = ctx.options.redisUrl;
    if (redisUrl === undefined) {
      const redis = await startTestRedis();
      stops.push(() => redis.stop());
      redisUrl = redis.url;
    }
    let upstreamUrl = options.ownUpstream === true ? undefined : ctx.options.upstreamUrl;
    if (upstreamUrl === undefined) {
      const upstream = await startSampleUpstream({ port: 0 });
      stops.push(() => upstream.close());
      upstreamUrl = upstream.url;
    }
    const bundleDir = join(dir, 'bundle');
    await buildBundle({ outDir: bundleDir });
    return { dir, redisUrl, prefix, upstreamUrl, bundleDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
