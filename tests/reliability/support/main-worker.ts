/**
 * Starts render-workers/main.ts, the production entry point (bundle publish, retry policy,
 * recovery sweep, graceful SIGTERM), as its own OS process configured by environment, and keeps
 * the JSON log lines it prints. It runs as the image runs it: built into one module
 * (tests/support/service-bundle.ts, ADR 0057) and started with `node` and the worker's node flags.
 *
 * Storage faults by file mode: root ignores file modes, so when the tests run as root the worker
 * runs as an unprivileged user (`UNPRIVILEGED`, nobody) and the test makes its storage directory
 * read-only with chmod, as a read-only mount or a revoked permission would be for a real worker.
 * Run as anyone else, the worker runs as the test's own user and chmod works as it is.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { WORKER_NODE_FLAGS } from '../../../render-workers/node-flags.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

/** The user the worker runs as when the tests run as root (nobody); undefined otherwise. */
export const UNPRIVILEGED: { uid: number; gid: number } | undefined = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

/**
 * Lets the worker's user reach `dir` (its parents made by mkdtemp are 0700) and own `storageDir`,
 * so it can write there until the test takes that away.
 */
export async function shareWithWorker(dir: string, storageDir: string): Promise<void> {
  await chmod(dir, 0o755);
  await run('chmod', ['-R', 'a+rX', dir]);
  if (UNPRIVILEGED) await run('chown', ['-R', `${UNPRIVILEGED.uid}:${UNPRIVILEGED.gid}`, storageDir]);
}

/** Every directory and file under `dir` read-only (true) or writable again by its owner (false). */
export async function setReadOnly(dir: string, readOnly: boolean): Promise<void> {
  await run('chmod', ['-R', readOnly ? 'a-w' : 'u+w', dir]);
}

export interface MainWorker {
  pid: number;
  /** Every JSON log line printed so far. */
  lines: Array<Record<string, unknown>>;
  /** What it printed on stderr (start-up errors). */
  stderr(): string;
  /** SIGTERM, then SIGKILL if it has not exited within 15 s; resolves when it has exited. */
  stop(): Promise<void>;
}

/** `bundle`: the built worker (tests/support/service-bundle.ts `buildServiceBundles`). */
export function startMainWorker(bundle: string, env: Record<string, string>): MainWorker {
  const child: ChildProcess = spawn(process.execPath, [...WORKER_NODE_FLAGS, bundle], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(UNPRIVILEGED ?? {}),
    // NODE_ENV=production as the image sets it (infra/docker/Dockerfile): React's production build.
    env: { PATH: process.env.PATH ?? '', HOME: env.HOME ?? '/tmp', NODE_ENV: 'production', WORKER_METRICS_PORT: 'off', ...env },
  });
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  let exited = child.exitCode !== null;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => (exited = true));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (text) => {
      try {
        lines.push(JSON.parse(text) as Record<string, unknown>);
      } catch {
        lines.push({ text });
      }
    });
  }
  // A test that fails half-way must not leave a worker behind.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  void exit.then(() => process.off('exit', orphanGuard));
  return {
    pid: child.pid ?? -1,
    lines,
    stderr: () => stderr,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
