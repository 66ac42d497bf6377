/**
 * The CPU readings the throughput section splits a worker's CPU with: the whole process, and its
 * main thread alone (the rest is V8's and libuv's threads). Read from /proc for this test process,
 * whose main thread runs this file (vitest.config.ts runs test files in forks, not threads).
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { mainThreadCpuMs, processCpuMs } from './worker-processes.js';

/** Keeps the calling thread busy for `ms` of wall time. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) Math.sqrt(Math.random());
}

describe('worker CPU by thread', () => {
  it('counts the main thread apart from the process', async () => {
    const mainBefore = await mainThreadCpuMs(process.pid);
    const allBefore = await processCpuMs(process.pid);
    spin(300);
    // Another thread of the same process: counted by the process, not by its main thread.
    const thread = new Worker('const until = Date.now() + 300; while (Date.now() < until) Math.sqrt(Math.random());', { eval: true });
    await new Promise((resolve, reject) => thread.once('exit', resolve).once('error', reject));
    const mainSpent = (await mainThreadCpuMs(process.pid)) - mainBefore;
    const allSpent = (await processCpuMs(process.pid)) - allBefore;
    // /proc counts in 10 ms ticks; a busy host may take some of the wall time away.
    expect(mainSpent).toBeGreaterThanOrEqual(150);
    expect(allSpent - mainSpent).toBeGreaterThanOrEqual(150);
    expect(mainSpent).toBeLessThanOrEqual(allSpent);
  });

  it('reads 0 for a process that is not there', async () => {
    expect(await mainThreadCpuMs(2 ** 22 + 1)).toBe(0);
    expect(await processCpuMs(2 ** 22 + 1)).toBe(0);
  });
});
