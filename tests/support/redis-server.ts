/**
 * A real redis-server for tests, on a free port, in a temp directory, started and stopped by the
 * test that needs it (TOOLCHAIN.md: never share the session's 6379, never FLUSHALL a server you
 * did not start). With `REDIS_URL` set, tests use that server instead, with a unique key prefix.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startRedisServer } from '../../infra/local/redis-server.js';

export { freePort };

export interface TestRedis {
  url: string;
  /** A key prefix unique to this test run; use it for queues and the dependency index. */
  prefix: string;
  stop(): Promise<void>;
  /** Kills the server (SIGKILL) and starts it again on the same port (absent with REDIS_URL). */
  restart?(): Promise<void>;
}

export async function startTestRedis(options: { appendOnly?: boolean } = {}): Promise<TestRedis> {
  const prefix = `{t${process.pid}x${Math.random().toString(36).slice(2, 8)}}`;
  const external = process.env.REDIS_URL;
  if (external) return { url: external, prefix, stop: async () => {} };

  const dir = await mkdtemp(join(tmpdir(), 'test-redis-'));
  const server = await startRedisServer({ port: 0, dir, appendOnly: options.appendOnly ?? false });
  return {
    url: server.url,
    prefix,
    stop: async () => {
      await server.kill();
      await rm(dir, { recursive: true, force: true });
    },
    restart: () => server.restart(),
  };
}
