/**
 * A stack of a test file's own that starts from a copy of the run's shared published site
 * (ADR 0032), for tests that write (send content events, republish, fault the upstream) but need
 * the state a whole-site publish of both editions leaves: every stored page, and in Redis the
 * dependency index, page fences, page status and last good side data.
 *
 * The copy is the shared publish's, byte for byte: its storage directory copied to one of the
 * file's own, and its Redis keys copied under the file's own key prefix (BullMQ's queue keys
 * excepted: the file's queue starts empty). The stack is then started on the copies as
 * tests/support/stack.ts starts one, with a sample upstream of its own in the state the shared
 * site was published from. Nothing is written to the shared site.
 *
 * Not for a test that compares stored bytes across a re-render: the sample upstream names its
 * images on the address it is reached on (infra/sample-upstream/server.ts), so a page the fork
 * renders again carries its own upstream's port where the copy carries the shared one's.
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { RENDER_QUEUE } from '../../core/queue.js';
import { startStack, type PublishSummary } from '../../infra/local/stack.js';
import { openSharedSite } from './shared-stack.js';
import { testStackOptions, type TestStackOptions } from './stack-options.js';
import { onOwnResources, testBundle, type TestStack } from './stack.js';

export interface ForkedStack extends TestStack {
  /** The shared site's one publish of both editions, which the copy holds. */
  published: PublishSummary;
  /** The directory of the stack's storage (the fs driver): the file's copy of the shared site's. */
  storageDir: string;
}

/** Copies every key under `from:` to the same name under `to:`, except the render queue's. */
async function copyKeys(redisUrl: string, from: string, to: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const queueKeys = `${from}:${RENDER_QUEUE}:`;
  let copied = 0;
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${from}:*`, 'COUNT', 1000);
      cursor = next;
      const pipeline = redis.pipeline();
      for (const key of keys) {
        if (key.startsWith(queueKeys)) continue;
        pipeline.copy(key, `${to}${key.slice(from.length)}`);
        copied += 1;
      }
      await pipeline.exec();
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return copied;
}

/** Starts a stack on a copy of the shared published site (storage and Redis state). */
export async function startForkedStack(options: Omit<TestStackOptions, 'storage' | 'sampleNow'> = {}): Promise<ForkedStack> {
  const shared = await openSharedSite();
  await shared.close();
  if (shared.storage.driver !== 'fs') throw new Error(`a forked site needs the fs driver; the shared site uses ${shared.storage.driver}`);
  const sharedDir = shared.storage.dir;
  return await onOwnResources('forked-site', async (redis, dir) => {
    const storageDir = join(dir, 'storage');
    await cp(sharedDir, storageDir, { recursive: true });
    const copied = await copyKeys(redis.url, shared.queuePrefix, redis.prefix);
    if (copied === 0) throw new Error(`no Redis key of the shared site (prefix ${shared.queuePrefix}) was found to copy`);
    const bundleDir = await testBundle(dir);
    const stack = await startStack(testStackOptions({ redisUrl: redis.url, queuePrefix: redis.prefix, bundleDir, storageDir }, options));
    return { stack, published: shared.published, storageDir };
  });
}
