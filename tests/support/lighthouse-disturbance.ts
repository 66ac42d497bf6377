/**
 * How much the host, not the page, lengthened a Lighthouse run's main-thread tasks
 * (docs/adr/0053-lighthouse-judges-the-runs-the-host-left-alone.md).
 *
 * Lighthouse's mobile preset simulates a phone from the trace of one unthrottled page load: each
 * main-thread task's wall time, multiplied by the CPU slowdown (4), and total blocking time counts
 * what every simulated task spends over 50 ms. A virtual machine whose CPU is taken away now and
 * then (another tenant, the hypervisor's quota) stretches the wall time of whatever task is
 * running, and the simulation multiplies that stretch as if it were the page's work. The trace
 * tells the two apart: each task carries its wall time (`dur`) and the time its thread was on a
 * CPU (`tdur`). On a quiet 2-core machine the page's would-be-long tasks spend 20-85 ms of a load
 * off the CPU; on a machine held to 0.8 of a CPU the same page's spend 240-600 ms, with the
 * same CPU time, and its score falls from 100 to 81-99 with total blocking time from 0 to 110-740 ms.
 */
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import type { Trace } from 'lighthouse';

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

/** descheduledMs of a run's trace (`result.artifacts.Trace`): its page's top-level main-thread tasks, as Lighthouse finds them. */
export async function traceDescheduledMs(trace: Trace, cpuSlowdown: number): Promise<number> {
  const tasks = await MainThreadTasks.request(trace, { computedCache: new Map() });
  return descheduledMs(
    tasks.filter((task) => task.parent === undefined),
    cpuSlowdown,
  );
}
