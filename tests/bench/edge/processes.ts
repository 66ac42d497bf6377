/**
 * Child processes for the benchmarks (edge serving and memory): a service started as
 * its own process, so its peak memory is its own and a load generator never shares its event loop.
 *
 * A service runs as `node <its build>` (tests/support/service-bundle.ts, ADR 0057), as the image
 * runs it: one process whose pid is the service itself, so /proc/<pid>/status describes it. Its
 * output is kept in a ring of recent lines, shown when it fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export { freePort } from '../../../infra/local/redis-server.js';

export interface RunningProcess {
  readonly name: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** The last lines the process wrote (stdout and stderr), for error messages. */
  recentOutput(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
}

const OUTPUT_LINES = 40;

/** Starts any command as a child process that dies with the bench. */
export function startProcess(name: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): RunningProcess {
  const child = spawn(command, [...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line);
      if (lines.length > OUTPUT_LINES) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => process.off('exit', orphanGuard));
  const pid = child.pid;
  return {
    name,
    pid,
    child,
    recentOutput: () => lines.join('\n'),
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves once `url` answers (any status below 500), or throws with the process's last output. */
export async function waitForHttp(url: string, proc: RunningProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with code ${String(proc.child.exitCode)}:\n${proc.recentOutput()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return;
      lastError = new Error(`HTTP ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await sleep(100);
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs} ms (${String(lastError)}):\n${proc.recentOutput()}`);
}

/**
 * A process's peak resident set size in MiB: VmHWM of /proc/<pid>/status (Linux). Undefined when
 * the file is not there (another OS, or the process is gone).
 */
export async function peakRssMiB(pid: number): Promise<number | undefined> {
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  return parseVmHwmMiB(status);
}

/** VmHWM ("VmHWM:   123456 kB") of a /proc/<pid>/status text, in MiB. */
export function parseVmHwmMiB(status: string): number | undefined {
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  return match?.[1] === undefined ? undefined : Number(match[1]) / 1024;
}
