/**
 * The whole pipeline for cross-service tests that write (ADR 0032; a test that only reads pages
 * uses the run's shared published site, tests/support/shared-stack.ts): Redis, the bundle, the
 * sample upstream on a free port, and every service wired by infra/local/stack.ts, on free ports.
 * Storage is the filesystem driver in a temp directory unless the test passes another.
 *
 * Under vitest.config.ts the bundle is the run's one build and Redis is the run's one server,
 * with a key prefix of this stack's own (removed when it stops); run any other way, the stack
 * builds the bundle and starts a redis-server of its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startStack, type Stack } from '../../infra/local/stack.js';
import { buildBundle } from '../../interactive-bundle/build.js';
import { startTestRedis, type TestRedis } from './redis-server.js';
import { sharedBundleDir, sharedRedisUrl } from './shared-stack.js';
import { testStackOptions, type TestStackOptions } from './stack-options.js';

export { TEST_ADMIN_TOKEN, TEST_WEBHOOK_SECRET, type TestStackOptions } from './stack-options.js';

export interface TestStack {
  stack: Stack;
  stop(): Promise<void>;
}

/**
 * A key prefix of this stack's own on the run's shared redis-server; `stop` deletes its keys.
 * The hash tag keeps every key of the prefix in one slot, as startTestRedis's do.
 */
function prefixOnSharedRedis(url: string): TestRedis {
  const prefix = `{t${process.pid}x${Math.random().toString(36).slice(2, 8)}}`;
  return {
    url,
    prefix,
    stop: async () => {
      const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
          cursor = next;
          if (keys.length > 0) await redis.unlink(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** A key prefix of the test's own on the run's redis-server, or a redis-server of its own outside vitest. */
export async function testRedis(): Promise<TestRedis> {
  const shared = sharedRedisUrl();
  return shared === null ? await startTestRedis() : prefixOnSharedRedis(shared);
}

/** The run's built bundle, or a build of its own into `dir/bundle` when the run has none. */
export async function testBundle(dir: string): Promise<string> {
  const shared = sharedBundleDir();
  if (shared !== null) return shared;
  const bundleDir = join(dir, 'bundle');
  await buildBundle({ outDir: bundleDir });
  return bundleDir;
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  return await onOwnResources('stack', async (redis, dir) => {
    const bundleDir = await testBundle(dir);
    return { stack: await startStack(testStackOptions({ redisUrl: redis.url, queuePrefix: redis.prefix, bundleDir, storageDir: join(dir, 'storage') }, options)) };
  });
}

/**
 * A stack's own resources: a Redis key prefix (testRedis) and a temporary directory named after
 * `name`. `start` builds the stack on them; both are released if it throws, and by the returned
 * `stop`, which closes the stack first.
 */
export async function onOwnResources<T extends { stack: Stack }>(name: string, start: (redis: TestRedis, dir: string) => Promise<T>): Promise<T & { stop(): Promise<void> }> {
  const redis = await testRedis();
  const dir = await mkdtemp(join(tmpdir(), `${name}-`));
  const release = async () => {
    await redis.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const started = await start(redis, dir);
    return {
      ...started,
      stop: async () => {
        await started.stack.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
