/**
 * The options every test stack runs with (infra/local/stack.ts), kept free of vitest imports so
 * both test files (tests/support/stack.ts) and the run's global setup
 * (tests/support/global-setup.ts) start stacks the same way.
 */
import type { StorageConfig } from '../../core/config/storage.js';
import type { RenderJobDefaults } from '../../core/queue.js';
import type { StackOptions } from '../../infra/local/stack.js';
import type { ReadReuseSettings } from '../../render-workers/config.js';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

export interface TestStackOptions {
  storage?: StorageConfig;
  renderJobDefaults?: RenderJobDefaults;
  /** Start the sample upstream at this time (its dates move to it); fixed dates when omitted. */
  sampleNow?: Date;
  /** The worker's reuse of upstream answers (ADR 0029); on with its defaults when omitted. */
  readReuse?: ReadReuseSettings | false;
  /** The edge's per-client /api/ budget (StackOptions.rateLimit); the edge's defaults when omitted. */
  rateLimit?: { max: number; windowMs: number };
}

/** A test stack's options: free ports, its own sample upstream, no schedules, no logs. */
export function testStackOptions(where: { redisUrl: string; queuePrefix: string; bundleDir: string; storageDir: string }, options: TestStackOptions = {}): StackOptions {
  return {
    redisUrl: where.redisUrl,
    queuePrefix: where.queuePrefix,
    storage: options.storage ?? { driver: 'fs', dir: where.storageDir },
    sampleUpstreamPort: 0,
    sitePort: 0,
    adminPort: 0,
    adminToken: TEST_ADMIN_TOKEN,
    webhookSecret: TEST_WEBHOOK_SECRET,
    bundleDir: where.bundleDir,
    workerConcurrency: 2,
    schedules: false,
    logLevel: 'silent',
    ...(options.renderJobDefaults ? { renderJobDefaults: options.renderJobDefaults } : {}),
    ...(options.sampleNow ? { sampleNow: options.sampleNow } : {}),
    ...(options.readReuse === undefined ? {} : { readReuse: options.readReuse }),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
  };
}
