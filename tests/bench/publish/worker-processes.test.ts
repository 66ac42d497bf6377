/**
 * The CPU readings the throughput section splits a worker's CPU with: the whole process, its
 * main thread alone (the rest is V8's and libuv's threads), and its kernel time and page faults.
 * Read from /proc for this test process, whose main thread runs this file (vitest.config.ts runs
 * test files in forks, not threads).
 */
import { runInThisContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { mainThreadCpuMs, processCpuMs, processKernelUsage } from './worker-processes.js';

/**
 * Source that keeps the thread running it busy until the process has used `ms` more CPU: counted
 * in CPU, not wall time, so a host busy with other work (the whole suite in parallel) only makes it
 * take longer. The process's other threads are idle meanwhile, so nearly all of it is that
 * thread's. A block of its own, so the main thread can run it as a script and a worker as its
 * source.
 */
const spinSource = (ms: number): string => `{
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ${ms}) break;
    for (let i = 0; i < 10000; i += 1) Math.sqrt(Math.random());
  }
}`;

describe('worker CPU by thread', () => {
  it('counts the main thread apart from the process', { timeout: 60_000 }, async () => {
    const mainBefore = await mainThreadCpuMs(process.pid);
    const allBefore = await processCpuMs(process.pid);
    runInThisContext(spinSource(300));
    // Another thread of the same process: counted by the process, not by its main thread, which
    // waits for it idle.
    const thread = new Worker(spinSource(300), { eval: true });
    await new Promise((resolve, reject) => thread.once('exit', resolve).once('error', reject));
    const mainSpent = (await mainThreadCpuMs(process.pid)) - mainBefore;
    const allSpent = (await processCpuMs(process.pid)) - allBefore;
    // /proc counts in 10 ms ticks, and V8's own threads may take a little of each 300 ms.
    expect(mainSpent).toBeGreaterThanOrEqual(200);
    expect(allSpent - mainSpent).toBeGreaterThanOrEqual(200);
    expect(mainSpent).toBeLessThanOrEqual(allSpent);
  });

  it('counts the page faults of fresh memory and the kernel time they take', { timeout: 60_000 }, async () => {
    const before = await processKernelUsage(process.pid);
    // 64 MiB touched a page at a time: each 4 KiB page is a fault the first time it is written.
    const fresh = Buffer.allocUnsafeSlow(64 * 1024 * 1024);
    for (let offset = 0; offset < fresh.length; offset += 4096) fresh[offset] = 1;
    const after = await processKernelUsage(process.pid);
    expect(after.minorFaults - before.minorFaults).toBeGreaterThanOrEqual(0.9 * (fresh.length / 4096));
    // Mapping 16,384 pages is kernel work; /proc counts it in 10 ms ticks.
    expect(after.systemMs - before.systemMs).toBeGreaterThan(0);
    expect(after.systemMs).toBeLessThanOrEqual(await processCpuMs(process.pid));
  });

  it('reads 0 for a process that is not there', async () => {
    expect(await mainThreadCpuMs(2 ** 22 + 1)).toBe(0);
    expect(await processCpuMs(2 ** 22 + 1)).toBe(0);
    expect(await processKernelUsage(2 ** 22 + 1)).toEqual({ systemMs: 0, minorFaults: 0 });
  });
});
