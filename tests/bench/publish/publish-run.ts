/**
 * One whole-site publish through the real pipeline (infra/local/stack.ts startStack and its
 * publishSite), timed in chunks, with what the worker did counted from its job results: objects
 * written, and the CDN purges the worker sends (render-workers/worker.ts purges a page's surrogate
 * key exactly when its render wrote something, so a job that wrote objects is one purge).
 */
import { QueueEvents } from 'bullmq';
import { RENDER_QUEUE } from '../../../core/queue.js';
import { createRedis } from '../../../core/redis.js';
import type { Stack } from '../../../infra/local/stack.js';

export interface PublishRun {
  pages: number;
  failed: number;
  seconds: number;
  /** Pages per second of each chunk of the publish (chunks of equal page counts). */
  chunkRates: number[];
  objectsWritten: number;
  /** Purges the worker sends: one per job that wrote objects. */
  purges: number;
  /** Bytes of the stored bodies are not in job results; objects per page helps read the rates. */
  objectsPerPage: number;
}

interface Outcome {
  written?: unknown[];
}

function parseOutcome(value: unknown): Outcome {
  if (typeof value === 'string') {
    try {
      return parseOutcome(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null ? value : {};
}

export async function timedPublish(stack: Stack, redisUrl: string, prefix: string, chunks: number, log: (message: string) => void): Promise<PublishRun> {
  const connection = createRedis(redisUrl, { blocking: true, name: 'bench-events' });
  const events = new QueueEvents(RENDER_QUEUE, { connection, prefix });
  await events.waitUntilReady();
  let objectsWritten = 0;
  let purges = 0;
  events.on('completed', ({ returnvalue }) => {
    const written = parseOutcome(returnvalue).written?.length ?? 0;
    objectsWritten += written;
    if (written > 0) purges += 1;
  });
  const marks: Array<{ done: number; at: number }> = [];
  let nextMark = 0;
  let lastLog = 0;
  const started = performance.now();
  try {
    const summary = await stack.publishSite({
      onProgress: (done, total) => {
        const step = Math.max(1, Math.ceil(total / chunks));
        if (done === 0 && marks.length === 0) marks.push({ done: 0, at: performance.now() });
        if (done >= nextMark + step || done === total) {
          nextMark = done;
          marks.push({ done, at: performance.now() });
        }
        if (performance.now() - lastLog > 10_000) {
          lastLog = performance.now();
          log(`publish: ${done}/${total}`);
        }
      },
    });
    // QueueEvents may deliver the last completions just after publishSite resolved.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const chunkRates: number[] = [];
    for (let i = 1; i < marks.length; i += 1) {
      const a = marks[i - 1];
      const b = marks[i];
      if (a && b && b.at > a.at && b.done > a.done) chunkRates.push(((b.done - a.done) * 1000) / (b.at - a.at));
    }
    const seconds = (performance.now() - started) / 1000;
    return { pages: summary.completed, failed: summary.failed.length, seconds, chunkRates, objectsWritten, purges, objectsPerPage: summary.completed > 0 ? objectsWritten / summary.completed : 0 };
  } finally {
    await events.close();
    connection.disconnect();
  }
}
