import { describe, expect, it } from 'vitest';
import { descheduledMs } from './lighthouse-disturbance.js';

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
