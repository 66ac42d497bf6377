/**
 * Starts a redis-server found on the PATH, for the embedded default (`npm start`) and for tests
 * (tests/support/redis-server.ts). Never touches a Redis it did not start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { Redis } from 'ioredis';
import { onFreePort, PortInUseError, saysAddressInUse } from './free-port.js';

export { freePort } from './free-port.js';

export const REDIS_INSTALL_HINT =
  'No redis-server on the PATH. Install one (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis) or set REDIS_URL to a running Redis.';

export interface RedisServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Working directory for the AOF file. */
  dir: string;
  /** Keep an append-only file so a restart loses no acknowledged job (docs/operations.md, Redis). */
  appendOnly: boolean;
  /** @internal For tests: where ports come from when `port` is 0 (free-port.ts's freePort). */
  ports?: () => Promise<number>;
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

/** How long a redis-server may take to be ready, an AOF replay included. */
const READY_TIMEOUT_MS = 10_000;

/**
 * Spawns `redis-server --port PORT --bind 127.0.0.1 ...args` (port 0 with `--unixsocket PATH`: a
 * socket alone) and resolves once it prints that it is ready to accept connections: its own word,
 * where a PING could be answered by another server that holds the port. Throws PortInUseError
 * when it exits because its port (or a Cluster node's bus port) is taken, for onFreePort to try
 * another; any other exit, or no readiness within 10 s, throws at once with its output.
 * `detached` gives it its own process group.
 */
export async function spawnRedisServer(port: number, args: readonly string[], options: { detached?: boolean } = {}): Promise<ChildProcess> {
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  // A Node process that exits without stopping it must not leave it behind.
  const orphanGuard = () => proc.kill('SIGKILL');
  process.once('exit', orphanGuard);
  proc.once('exit', () => process.off('exit', orphanGuard));

  let output = '';
  let timer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    // Read for as long as it runs: a full pipe would block its logging.
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4_000);
      // "Ready to accept connections" on TCP; "The server is now ready to accept connections at
      // PATH" when it listens on a Unix socket alone (Redis 7.0).
      if (/ready to accept connections/i.test(output)) resolve();
    };
    proc.stdout.on('data', collect);
    proc.stderr.on('data', collect);
    proc.once('error', (error) => reject(new Error(REDIS_INSTALL_HINT, { cause: error })));
    // 'close' rather than 'exit': by then its last words have been read.
    proc.once('close', (code, signal) => {
      const message = `redis-server on port ${port} exited during start-up (${signal ?? `code ${String(code)}`}):\n${output.trim()}`;
      reject(saysAddressInUse(output) ? new PortInUseError(message) : new Error(message));
    });
    timer = setTimeout(() => reject(new Error(`redis-server on port ${port} was not ready within ${READY_TIMEOUT_MS} ms:\n${output.trim()}`)), READY_TIMEOUT_MS);
  });
  try {
    await ready;
  } catch (error) {
    proc.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return proc;
}

export async function startRedisServer(options: RedisServerOptions): Promise<RunningRedisServer> {
  if (!hasRedisServer()) throw new Error(REDIS_INSTALL_HINT);
  await mkdir(options.dir, { recursive: true });
  const args = [
    '--dir', options.dir,
    '--save', '',
    '--appendonly', options.appendOnly ? 'yes' : 'no',
    // BullMQ needs every key kept (docs/architecture.md "Tool constraints").
    '--maxmemory-policy', 'noeviction',
  ];
  // Its own process group: a Ctrl-C in the terminal reaches only Node, which stops the services
  // first and Redis last (a worker finishing a job still needs Redis).
  const launch = async (port: number) => ({ port, child: await spawnRedisServer(port, args, { detached: true }) });
  const first = options.port === 0 ? await onFreePort(launch, { ports: options.ports }) : await launch(options.port);
  const { port } = first;
  let child = first.child;

  const kill = async (signal: NodeJS.Signals) => {
    const proc = child;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  };

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => kill('SIGKILL'),
    restart: async () => {
      await kill('SIGKILL');
      child = await spawnRedisServer(port, args, { detached: true });
    },
    stop: () => kill('SIGTERM'),
  };
}
