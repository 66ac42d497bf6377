/**
 * A real redis-server for tests, on a free port, in a temp directory, started and stopped by the
 * test that needs it (TOOLCHAIN.md: never share the session's 6379, never FLUSHALL a server you
 * did not start). With `REDIS_URL` set, tests use that server instead and a unique key prefix.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface TestRedis {
  url: string;
  /** A key prefix unique to this test run; use it for queues and the dependency index. */
  prefix: string;
  stop(): Promise<void>;
  /** Kills the server (SIGKILL) and starts it again on the same port; for reliability tests. */
  restart?(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPing(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch (error) {
      lastError = error;
    } finally {
      client.disconnect();
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server at ${url} did not answer PING within ${timeoutMs} ms`, { cause: lastError });
}

export async function startTestRedis(options: { appendOnly?: boolean } = {}): Promise<TestRedis> {
  const prefix = `{t${process.pid}x${Math.random().toString(36).slice(2, 8)}}`;
  const external = process.env.REDIS_URL;
  if (external) return { url: external, prefix, stop: async () => {} };

  const dir = await mkdtemp(join(tmpdir(), 'test-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port', String(port),
        '--bind', '127.0.0.1',
        '--dir', dir,
        '--save', '',
        '--appendonly', options.appendOnly ? 'yes' : 'no',
        '--maxmemory-policy', 'noeviction',
      ],
      { stdio: 'ignore' },
    );
    child.once('error', (error) => {
      throw new Error('redis-server could not start: is it installed? (apt-get install -y redis-server)', { cause: error });
    });
    await waitForPing(url, 10_000);
  };
  const kill = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  };
  await start();
  return {
    url,
    prefix,
    stop: async () => {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
    restart: async () => {
      await kill();
      await start();
    },
  };
}
