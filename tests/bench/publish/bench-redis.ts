/**
 * The Redis a bench section uses: `--redis-url` (or REDIS_URL) with a key prefix of its own, or a
 * private redis-server in a temp directory (never the shared 6379, never FLUSHALL).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedisServer } from '../../../infra/local/redis-server.js';

export interface BenchRedis {
  url: string;
  /** A {hash tagged} prefix unique to this run. */
  prefix: string;
  stop(): Promise<void>;
}

export async function startBenchRedis(external?: string): Promise<BenchRedis> {
  const prefix = `{bench${process.pid}x${Math.random().toString(36).slice(2, 8)}}`;
  if (external !== undefined) return { url: external, prefix, stop: () => Promise.resolve() };
  const dir = await mkdtemp(join(tmpdir(), 'bench-redis-'));
  const server = await startRedisServer({ port: 0, dir, appendOnly: false });
  return {
    url: server.url,
    prefix,
    stop: async () => {
      await server.kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
