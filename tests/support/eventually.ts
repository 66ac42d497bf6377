/**
 * Polls `probe` until it returns something other than undefined, for tests that wait on the
 * pipeline (a render landing in storage, a page served fresh). Throws naming `what` on timeout, so
 * a failing test says what never happened.
 */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The parts of a BullMQ queue `jobSettled` reads. */
interface JobReader<J> {
  getJobState(jobId: string): Promise<string>;
  getJob(jobId: string): Promise<J | undefined>;
}

/** Waits until job `jobId` has completed or failed for good, and returns it as it then reads. */
export async function jobSettled<J>(queue: JobReader<J>, jobId: string, timeoutMs: number, intervalMs = 50): Promise<J> {
  return await eventually(
    async () => {
      const state = await queue.getJobState(jobId);
      if (state !== 'completed' && state !== 'failed') return undefined;
      // Read after the state says finished: a job read while its last attempt ran has stale counts.
      return await queue.getJob(jobId);
    },
    `job ${jobId} to finish`,
    timeoutMs,
    intervalMs,
  );
}
