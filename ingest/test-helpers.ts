/**
 * Shared set-up for ingest's tests: a real Redis (tests/support/redis-server.ts), the producer,
 * the dependency index and a BullMQ Queue on the same prefix to inspect what was enqueued.
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DependencyIndex } from '../core/dependency-index.js';
import { createLogger, type Logger } from '../core/logger.js';
import { DEFAULT_RENDER_JOB, RENDER_QUEUE } from '../core/queue.js';
import { createRedis } from '../core/redis.js';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { createRenderProducer, type RenderProducer } from './producer.js';

export interface IngestTestKit {
  server: TestRedis;
  prefix: string;
  redis: Redis;
  producer: RenderProducer;
  index: DependencyIndex;
  /** An independent Queue on the same prefix, for assertions. */
  inspect: Queue;
  logger: Logger;
  /** Deletes every key under the test's prefix (never anything else). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startIngestTestKit(): Promise<IngestTestKit> {
  const server = await startTestRedis();
  const prefix = server.prefix;
  const logger = createLogger({ component: 'ingest-test', level: 'silent' });
  const redis = createRedis(server.url, { name: 'ingest-test' });
  const inspectConnection = createRedis(server.url, { name: 'ingest-test-inspect' });
  // No event window (every event renders as soon as it can): these tests look at queue states
  // right after an enqueue. The window has its own tests (producer.test.ts, "content events",
  // tests/integration/invalidation.test.ts).
  const producer = createRenderProducer({ redisUrl: server.url, prefix, logger, defaults: { ...DEFAULT_RENDER_JOB, eventDebounceMs: 0 } });
  const index = new DependencyIndex(redis, prefix);
  const inspect = new Queue(RENDER_QUEUE, { connection: inspectConnection, prefix });
  return {
    server,
    prefix,
    redis,
    producer,
    index,
    inspect,
    logger,
    async reset() {
      let cursor = '0';
      const match = `${prefix.replace(/[*?[\]\\]/g, (c) => `\\${c}`)}*`;
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    },
    async close() {
      await inspect.close();
      await producer.close();
      await inspectConnection.quit();
      await redis.quit();
      await server.stop();
    },
  };
}

/** Every job waiting to run (prioritized or plain waiting), in the order a worker would take them. */
export async function pendingJobs(queue: Queue) {
  const prioritized = await queue.getPrioritized(0, -1);
  const waiting = await queue.getWaiting(0, -1);
  return [...waiting, ...prioritized];
}
