/**
 * How much the host, not the page, lengthened a Lighthouse run's main-thread tasks, and the run
 * scored without it (docs/adr/0056-lighthouse-scores-the-pages-cpu-time.md).
 *
 * Lighthouse's mobile preset simulates a phone from the trace of one unthrottled page load: each
 * main-thread task's wall time, multiplied by the CPU slowdown (4), and total blocking time counts
 * what every simulated task spends over 50 ms. A virtual machine whose CPU is taken away now and
 * then (another tenant, the hypervisor's quota) stretches the wall time of whatever task is
 * running, and the simulation multiplies that stretch as if it were the page's work. The trace
 * tells the two apart: each task carries its wall time (`dur`) and the time its thread was on a
 * CPU (`tdur`). On a quiet 2-core machine the page's would-be-long tasks spend 20-85 ms of a load
 * off the CPU; on a machine held to 0.8 of a CPU the same page's spend 240-600 ms, with the
 * same CPU time, and its score falls from 100 to 78-99 with total blocking time from 0 to 100-950 ms.
 */
import { auditFlowArtifacts, type Config, type Flags, type Result, type RunnerResult, type Trace } from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';

/** Lighthouse's threshold of a long task on the simulated phone. */
const LONG_TASK_MS = 50;

/** What this module reads of a top-level main-thread task: its trace event's times, in microseconds. */
export interface TaskTimes {
  event: { dur?: number; tdur?: number };
}

/**
 * Milliseconds that tasks which the simulation can make long (a wall time of at least
 * 50 ms / `cpuSlowdown`) spent off the CPU: the part of their simulated length that is the
 * host's. Tasks without a thread time count as spent on the CPU.
 */
export function descheduledMs(tasks: readonly TaskTimes[], cpuSlowdown: number): number {
  if (!(cpuSlowdown >= 1)) throw new Error(`CPU slowdown must be at least 1, got ${cpuSlowdown}`);
  let total = 0;
  for (const { event } of tasks) {
    const wall = (event.dur ?? 0) / 1000;
    if (wall < LONG_TASK_MS / cpuSlowdown || event.tdur === undefined) continue;
    total += Math.max(0, wall - event.tdur / 1000);
  }
  return total;
}

/** The page's top-level main-thread tasks in a run's trace, as Lighthouse finds them. */
async function topLevelTasks(trace: Trace) {
  const tasks = await MainThreadTasks.request(trace, { computedCache: new Map() });
  return tasks.filter((task) => task.parent === undefined);
}

/** descheduledMs of a run's trace (`result.artifacts.Trace`): its page's top-level main-thread tasks, as Lighthouse finds them. */
export async function traceDescheduledMs(trace: Trace, cpuSlowdown: number): Promise<number> {
  return descheduledMs(await topLevelTasks(trace), cpuSlowdown);
}

/** What onTheCpu reads and rewrites of a trace event (times in microseconds). */
export interface TimedEvent {
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * Shortens each of `tasks` (events of `events`, top-level tasks of one thread) to the time its
 * thread was on a CPU, in place: a task whose wall time exceeds its thread time ends that much
 * earlier, and the events of its thread that started inside it move and shrink in the same
 * proportion, so that what nested in the task still nests in it, in the same order. Tasks
 * without a thread time, or not longer than it, and every other thread's events are left as
 * they are. Returns `events` sorted by time again, as a trace is.
 */
export function onTheCpu<E extends TimedEvent>(events: E[], tasks: readonly E[]): E[] {
  const byThread = new Map<string, E[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key);
    if (list === undefined) byThread.set(key, [event]);
    else list.push(event);
  }
  for (const list of byThread.values()) list.sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    const wall = task.dur ?? 0;
    if (task.tdur === undefined || !(wall > task.tdur)) continue;
    const start = task.ts;
    const end = start + wall;
    const ratio = task.tdur / wall;
    const thread = byThread.get(`${task.pid}:${task.tid}`) ?? [];
    let index = firstAtOrAfter(thread, start);
    for (; index < thread.length && (thread[index] as E).ts < end; index += 1) {
      const event = thread[index] as E;
      if (event === task) continue;
      event.ts = start + (event.ts - start) * ratio;
      if (event.dur !== undefined) event.dur *= ratio;
    }
    task.dur = task.tdur;
  }
  return events.sort((a, b) => a.ts - b.ts);
}

/** The index of the first of `sorted` (by ts) at or after `ts`. */
function firstAtOrAfter(sorted: readonly TimedEvent[], ts: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as TimedEvent).ts < ts) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A copy of a run's trace in which each of the page's top-level main-thread tasks lasts the time
 * its thread was on a CPU (onTheCpu): the page's own work, without the host's stalls.
 */
export async function traceOnTheCpu(trace: Trace): Promise<Trace> {
  const copy = structuredClone(trace);
  const events = copy.traceEvents as unknown as TimedEvent[];
  const own = new Set(events);
  const tasks = (await topLevelTasks(copy)).map((task) => task.event as unknown as TimedEvent);
  if (tasks.some((task) => !own.has(task))) throw new Error("Lighthouse's main-thread tasks are no longer the trace's own events: the trace on the CPU cannot be made");
  onTheCpu(events, tasks);
  return copy;
}

/**
 * Lighthouse's performance result of a run (`lighthouse(url, flags)`) scored again on its trace on
 * the CPU (traceOnTheCpu), with the same flags and config (Lighthouse refuses settings other than
 * the gathering's): what the simulated phone makes of the page's
 * own work, the host's stalls taken out. The other artifacts (network records, page facts) are the
 * run's own.
 */
export async function performanceOnTheCpu(run: RunnerResult, flags: Flags, config?: Config): Promise<Result> {
  const trace = await traceOnTheCpu(run.artifacts.Trace);
  const flow = await auditFlowArtifacts({ gatherSteps: [{ artifacts: { ...run.artifacts, Trace: trace }, flags }] }, config);
  const lhr = flow.steps[0]?.lhr;
  if (lhr === undefined) throw new Error('Lighthouse gave no result for the trace on the CPU');
  return lhr;
}
