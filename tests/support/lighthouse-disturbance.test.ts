import { describe, expect, it } from 'vitest';
import { descheduledMs, onTheCpu, type TimedEvent } from './lighthouse-disturbance.js';

/** A top-level task of `wallMs` that was on the CPU for `cpuMs` (trace events count microseconds). */
function task(wallMs: number, cpuMs?: number) {
  return { event: { dur: wallMs * 1000, ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }) } };
}

describe('descheduledMs', () => {
  it('sums the time off the CPU of the tasks the simulated slowdown can make long', () => {
    // At 4x a task is long from 12.5 ms of wall time: the 10 ms task's 8 ms off the CPU is not counted.
    expect(descheduledMs([task(30, 12), task(20, 20), task(10, 2), task(12.5, 2.5)], 4)).toBe(18 + 0 + 10);
  });

  it('counts more tasks on a slower simulated phone', () => {
    expect(descheduledMs([task(10, 2)], 4)).toBe(0);
    expect(descheduledMs([task(10, 2)], 10)).toBe(8);
  });

  it('counts a task without a thread time, or with more thread time than wall time, as on the CPU', () => {
    expect(descheduledMs([task(80), task(40, 41)], 4)).toBe(0);
  });

  it('refuses a slowdown under 1', () => {
    expect(() => descheduledMs([], 0.5)).toThrow('CPU slowdown must be at least 1, got 0.5');
  });
});

/** An event of thread 1 of process 1, at `atMs` for `wallMs` (with `cpuMs` on the CPU when given). */
function event(name: string, atMs: number, wallMs?: number, cpuMs?: number, tid = 1): TimedEvent & { name: string } {
  return { name, pid: 1, tid, ts: atMs * 1000, ...(wallMs === undefined ? {} : { dur: wallMs * 1000 }), ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }) };
}

function times(events: ReadonlyArray<TimedEvent & { name: string }>): string[] {
  return events.map((e) => `${e.name}@${e.ts / 1000}${e.dur === undefined ? '' : `+${e.dur / 1000}`}`);
}

describe('onTheCpu', () => {
  it('shortens a task to its thread time and moves and shrinks what it holds in proportion', () => {
    const task = event('task', 10, 100, 25);
    const child = event('script', 60, 40);
    const mark = event('paint-mark', 90);
    const next = event('next-task', 200, 10, 10);
    const events = [task, child, mark, next];
    expect(times(onTheCpu(events, [task, next]))).toEqual(['task@10+25', 'script@22.5+10', 'paint-mark@30', 'next-task@200+10']);
  });

  it("leaves other threads' events, tasks without a thread time and tasks as long as it as they are", () => {
    const task = event('task', 0, 80, 20);
    const otherThread = event('network', 40, 30, undefined, 2);
    const unknown = event('no-thread-time', 100, 60);
    const inside = event('inside-unknown', 120, 10);
    const busy = event('busy', 200, 50, 50);
    const events = [task, otherThread, unknown, inside, busy];
    expect(times(onTheCpu(events, [task, unknown, busy]))).toEqual(['task@0+20', 'network@40+30', 'no-thread-time@100+60', 'inside-unknown@120+10', 'busy@200+50']);
  });

  it('keeps the trace in time order after moving events earlier than another thread', () => {
    const task = event('task', 0, 100, 10);
    const late = event('late-in-task', 90, 5);
    const otherThread = event('other', 50, 1, undefined, 2);
    expect(times(onTheCpu([task, otherThread, late], [task]))).toEqual(['task@0+10', 'late-in-task@9+0.5', 'other@50+1']);
  });
});
