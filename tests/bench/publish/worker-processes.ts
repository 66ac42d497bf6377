/**
 * Render workers as real processes for the throughput section: each is
 * `render-workers/main.ts` as deployed, built into one module as the image builds it
 * (tests/support/service-bundle.ts, ADR 0057) and started with `node` and the worker's node flags
 * (render-workers/node-flags.ts), so its pid is the worker's and its CPU and memory can be read
 * from /proc. Configured only through its environment, like a container.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { RENDER_QUEUE } from '../../../core/queue.js';
import { WORKER_NODE_FLAGS } from '../../../render-workers/node-flags.js';
import { createRedis } from '../../../core/redis.js';
import { sharedServiceBundles } from '../../support/service-bundle.js';
import { peakRssMiB } from '../edge/processes.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface WorkerProcessesOptions {
  count: number;
  /** Environment of every worker (REDIS_URL, QUEUE_PREFIX, STORAGE_*, UPSTREAM_*, WORKER_CONCURRENCY, ...). */
  env: Record<string, string>;
  redisUrl: string;
  prefix: string;
  /** Write a V8 CPU profile of each worker into this directory when it exits (`--cpu-prof`). */
  cpuProfDir?: string;
}

export interface WorkerProcesses {
  pids: number[];
  /** User + system CPU ms the workers used so far (all of them together). */
  cpuMs(): Promise<number>;
  /** The same for the workers' main threads alone (mainThreadCpuMs). */
  mainThreadCpuMs(): Promise<number>;
  /** The part of cpuMs spent in the kernel, and the minor page faults taken (processKernelUsage), all workers together. */
  kernelUsage(): Promise<KernelUsage>;
  /** The largest peak resident set (VmHWM) of any one worker so far, MiB; NaN without /proc. */
  peakRssMiB(): Promise<number>;
  /** SIGTERM, and waits for every worker to exit (its graceful shutdown). */
  stop(): Promise<void>;
}

const TICKS_PER_SECOND = 100;

/** utime + stime of one process, ms (Linux /proc); 0 when it is gone or /proc is not there. */
export async function processCpuMs(pid: number): Promise<number> {
  return await statCpuMs(`/proc/${pid}/stat`);
}

/**
 * utime + stime of a process's main thread alone, ms: the thread that runs its JavaScript (and
 * what a `--cpu-prof` profile samples). The process's other threads are V8's (the garbage
 * collector's parallel and concurrent work, the optimising compiler) and libuv's thread pool
 * (file syncs, DNS); processCpuMs minus this is theirs. 0 when it is gone or /proc is not there.
 */
export async function mainThreadCpuMs(pid: number): Promise<number> {
  return await statCpuMs(`/proc/${pid}/task/${pid}/stat`);
}

/** What a process spent in the kernel: system CPU ms, and the minor page faults it took. */
export interface KernelUsage {
  systemMs: number;
  minorFaults: number;
}

/**
 * System CPU (stime) and minor page faults (minflt) of one process, all its threads, from /proc;
 * zeros when it is gone or /proc is not there. The kernel's part of a worker's CPU is what a
 * `--cpu-prof` profile cannot break down: file syncs, creates and links, socket writes (on
 * loopback the sender's thread also runs the receiving side), waking threads, and page faults,
 * each of which maps a fresh page of memory the process touched for the first time.
 */
export async function processKernelUsage(pid: number): Promise<KernelUsage> {
  const fields = await statFields(`/proc/${pid}/stat`);
  if (fields === null) return { systemMs: 0, minorFaults: 0 };
  const stime = Number(fields[12]);
  const minflt = Number(fields[7]);
  return { systemMs: Number.isFinite(stime) ? (stime * 1000) / TICKS_PER_SECOND : 0, minorFaults: Number.isFinite(minflt) ? minflt : 0 };
}

async function statCpuMs(file: string): Promise<number> {
  const fields = await statFields(file);
  if (fields === null) return 0;
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : 0;
}

/** The fields of a /proc stat file after the command name (state first: utime is [11], stime [12], minflt [7]); null when unreadable. */
async function statFields(file: string): Promise<string[] | null> {
  try {
    const stat = await readFile(file, 'utf8');
    // The command name is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU ms of a process and every process below it (the tsx CLI runs its script in a child). */
export async function processTreeCpuMs(root: number): Promise<number> {
  let entries: string[];
  try {
    entries = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  const parents = new Map<number, number>();
  await Promise.all(
    entries.map(async (name) => {
      try {
        const stat = await readFile(`/proc/${name}/stat`, 'utf8');
        parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // Gone meanwhile.
      }
    }),
  );
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of tree) total += await processCpuMs(pid);
  return total;
}

export async function startWorkerProcesses(options: WorkerProcessesOptions): Promise<WorkerProcesses> {
  const children: ChildProcess[] = [];
  const exits: Array<Promise<void>> = [];
  const stop = async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(exits);
  };
  const { files } = await sharedServiceBundles();
  for (let i = 0; i < options.count; i += 1) {
    const flags = options.cpuProfDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', options.cpuProfDir];
    const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, ...flags, files['render-worker']], {
      cwd: ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    exits.push(new Promise((resolve) => child.once('exit', () => resolve())));
  }
  // Ready when every worker has registered with the queue (BullMQ names its connections), which
  // main.ts does only after publishing the bundle assets.
  const connection = createRedis(options.redisUrl, { name: 'bench-worker-watch' });
  const queue = new Queue(RENDER_QUEUE, { connection, prefix: options.prefix });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const dead = children.find((child) => child.exitCode !== null);
      if (dead) throw new Error(`render worker exited with code ${dead.exitCode} before it was ready`);
      if ((await queue.getWorkersCount()) >= options.count) break;
      if (Date.now() > deadline) throw new Error(`${options.count} render workers did not register within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await queue.close();
    connection.disconnect();
  }
  const pids = children.map((child) => child.pid ?? 0);
  return {
    pids,
    cpuMs: async () => (await Promise.all(pids.map(processCpuMs))).reduce((a, b) => a + b, 0),
    mainThreadCpuMs: async () => (await Promise.all(pids.map(mainThreadCpuMs))).reduce((a, b) => a + b, 0),
    kernelUsage: async () =>
      (await Promise.all(pids.map(processKernelUsage))).reduce((a, b) => ({ systemMs: a.systemMs + b.systemMs, minorFaults: a.minorFaults + b.minorFaults }), { systemMs: 0, minorFaults: 0 }),
    peakRssMiB: async () => Math.max(...(await Promise.all(pids.map(async (pid) => (await peakRssMiB(pid)) ?? Number.NaN)))),
    stop,
  };
}
