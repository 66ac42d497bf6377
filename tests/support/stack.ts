/**
 * The whole pipeline for cross-service tests: a real redis-server, a fresh bundle build, the
 * sample upstream on a free port, and every service wired by infra/local/stack.ts, on free ports.
 * Storage is the filesystem driver in a temp directory unless the test passes another.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorageConfig } from '../../core/config/storage.js';
import type { RenderJobDefaults } from '../../core/queue.js';
import { startStack, type Stack } from '../../infra/local/stack.js';
import type { ReadReuseSettings } from '../../render-workers/config.js';
import { buildBundle } from '../../interactive-bundle/build.js';
import { startTestRedis } from './redis-server.js';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

export interface TestStackOptions {
  storage?: StorageConfig;
  renderJobDefaults?: RenderJobDefaults;
  /** Start the sample upstream at this time (its dates move to it); fixed dates when omitted. */
  sampleNow?: Date;
  /** The worker's reuse of upstream answers (ADR 0029); on with its defaults when omitted. */
  readReuse?: ReadReuseSettings | false;
}

export interface TestStack {
  stack: Stack;
  stop(): Promise<void>;
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const redis = await startTestRedis();
  const dir = await mkdtemp(join(tmpdir(), 'stack-'));
  try {
    await buildBundle({ outDir: join(dir, 'bundle') });
    const stack = await startStack({
      redisUrl: redis.url,
      queuePrefix: redis.prefix,
      storage: options.storage ?? { driver: 'fs', dir: join(dir, 'storage') },
      sampleUpstreamPort: 0,
      sitePort: 0,
      adminPort: 0,
      adminToken: TEST_ADMIN_TOKEN,
      webhookSecret: TEST_WEBHOOK_SECRET,
      bundleDir: join(dir, 'bundle'),
      workerConcurrency: 2,
      schedules: false,
      logLevel: 'silent',
      ...(options.renderJobDefaults ? { renderJobDefaults: options.renderJobDefaults } : {}),
      ...(options.sampleNow ? { sampleNow: options.sampleNow } : {}),
      ...(options.readReuse === undefined ? {} : { readReuse: options.readReuse }),
    });
    return {
      stack,
      stop: async () => {
        await stack.close();
        await redis.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await redis.stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
