/**
 * Starts a redis-server found on the PATH, for the embedded default (`npm start`) and for tests
 * (tests/support/redis-server.ts). Never touches a Redis it did not start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export const REDIS_INSTALL_HINT =
  'No redis-server on the PATH. Install one (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis) or set REDIS_URL to a running Redis.';

export interface RedisServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Working directory for the AOF file. */
  dir: string;
  /** Keep an append-only file so a restart loses no acknowledged job (DESIGN.md, ops). */
  appendOnly: boolean;
}

export interface RunningRedisServer {
  url: string;
  port: number;
  /** SIGKILL, for fault tests. */
  kill(): Promise<void>;
  /** Starts it again on the same port and directory. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function hasRedisServer(): boolean {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
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

export async function waitForRedis(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    // Refused connections while the server starts are expected; connect() reports them below.
    client.on('error', () => {});
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

export async function startRedisServer(options: RedisServerOptions): Promise<RunningRedisServer> {
  if (!hasRedisServer()) throw new Error(REDIS_INSTALL_HINT);
  await mkdir(options.dir, { recursive: true });
  const port = options.port === 0 ? await freePort() : options.port;
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const start = async () => {
    const proc = spawn(
      'redis-server',
      [
        '--port', String(port),
        '--bind', '127.0.0.1',
        '--dir', options.dir,
        '--save', '',
        '--appendonly', options.appendOnly ? 'yes' : 'no',
        // BullMQ needs every key kept (TOOLCHAIN.md).
        '--maxmemory-policy', 'noeviction',
      ],
      // Its own process group: a Ctrl-C in the terminal reaches only Node, which stops the
      // services first and Redis last (a worker finishing a job still needs Redis).
      { stdio: 'ignore', detached: true },
    );
    child = proc;
    const orphanGuard = () => proc.kill('SIGKILL');
    process.once('exit', orphanGuard);
    proc.once('exit', () => process.off('exit', orphanGuard));
    const exited = new Promise<never>((_, reject) => {
      proc.once('exit', (code) => reject(new Error(`redis-server exited with code ${String(code)} (is port ${port} taken?)`)));
      proc.once('error', (error) => reject(new Error(REDIS_INSTALL_HINT, { cause: error })));
    });
    exited.catch(() => {});
    await Promise.race([waitForRedis(url, 10_000), exited]);
  };

  const kill = async (signal: NodeJS.Signals) => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  };

  await start();
  return {
    url,
    port,
    kill: () => kill('SIGKILL'),
    restart: async () => {
      await kill('SIGKILL');
      await start();
    },
    stop: () => kill('SIGTERM'),
  };
}
