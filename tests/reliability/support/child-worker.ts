/**
 * Starts tests/reliability/support/worker-process.ts as a separate OS process
 * and follows what it prints: one JSON line per event (ready, renderStart, renderEnd, blocking,
 * workerError) or log line. The test can then SIGKILL it mid-job, as an OOM kill or a lost node
 * would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ChildWorkerOptions {
  redisUrl: string;
  prefix: string;
  storageDir: string;
  upstreamUrl: string;
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** Extra environment (RELIABILITY_BLOCK_PATH, UPSTREAM_TIMEOUT_MS, ...). */
  env?: Record<string, string>;
}

export interface ChildWorker {
  pid: number;
  /** Every JSON line printed so far. */
  lines: Array<Record<string, unknown>>;
  /** Resolves with the first line (already printed or still to come) that matches. */
  waitFor(match: (line: Record<string, unknown>) => boolean, what: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends the signal and resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  readonly exited: boolean;
}

export async function startChildWorker(options: ChildWorkerOptions): Promise<ChildWorker> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/reliability/support/worker-process.ts'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      REDIS_URL: options.redisUrl,
      QUEUE_PREFIX: options.prefix,
      STORAGE_DRIVER: 'fs',
      STORAGE_DIR: options.storageDir,
      UPSTREAM_STAGE: 'local',
      UPSTREAM_BASE_URL: options.upstreamUrl,
      WORKER_CONCURRENCY: '1',
      WORKER_LOCK_DURATION_MS: String(options.lockDurationMs),
      WORKER_STALLED_INTERVAL_MS: String(options.stalledIntervalMs),
      WORKER_METRICS_PORT: 'off',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const lines: Array<Record<string, unknown>> = [];
  const listeners = new Set<() => void>();
  let stderr = '';
  let exited = false;
  const exitListeners = new Set<() => void>();
  child.once('exit', () => {
    exited = true;
    for (const listener of exitListeners) listener();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (text) => {
      try {
        lines.push(JSON.parse(text) as Record<string, unknown>);
      } catch {
        lines.push({ text });
      }
      for (const listener of listeners) listener();
    });
  }
  // A test that fails half-way must not leave a worker behind.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.off('exit', orphanGuard));

  const waitFor: ChildWorker['waitFor'] = (match, what, timeoutMs = 30_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (found) {
          cleanup();
          resolve(found);
        }
      };
      const onExit = () => {
        cleanup();
        reject(new Error(`worker ${String(child.pid)} exited before ${what}; stderr: ${stderr.slice(-2000)}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${what} from worker ${String(child.pid)}; stderr: ${stderr.slice(-2000)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
        exitListeners.delete(onExit);
      };
      listeners.add(check);
      exitListeners.add(onExit);
      check();
      if (exited) onExit();
    });

  const worker: ChildWorker = {
    pid: child.pid ?? -1,
    lines,
    waitFor,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (exited) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
    get exited() {
      return exited;
    },
  };
  await waitFor((line) => line.ready === true, 'the worker to be ready', 60_000);
  return worker;
}
