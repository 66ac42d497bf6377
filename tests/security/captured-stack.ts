/**
 * The whole pipeline (infra/local/stack.ts) with every service's JSON log lines captured, for the
 * security tests that read the logs: a rejected upstream path must leave
 * a logged reason, and no secret may appear in any line. Like tests/support/stack.ts, but the
 * caller picks the secrets and the storage, and gets the log lines and the temp directory.
 */
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { StorageConfig } from '../../core/config/storage.js';
import type { Dataset } from '../../infra/sample-upstream/data/index.js';
import { startStack, type Stack } from '../../infra/local/stack.js';
import { buildBundle } from '../../interactive-bundle/build.js';
import { onOwnResources, testBundle } from '../support/stack.js';

export interface CapturedStackOptions {
  adminToken: string;
  webhookSecret: string;
  /** Storage; the filesystem driver under `dir/storage` when omitted. */
  storage?: (dir: string) => StorageConfig;
  /**
   * Build the bundle into `dir/bundle` with this process's environment, instead of reading the
   * run's one build (a test that checks what the build takes from the environment).
   */
  ownBundle?: boolean;
  /** The sample upstream's starting content; its starter dataset when omitted. */
  sampleDataset?: Dataset;
}

export interface CapturedStack {
  stack: Stack;
  /** Every log line every service wrote so far, as written (one JSON object each). */
  logLines: string[];
  /** The temp directory: `storage/` (the fs store), and `bundle/` when `ownBundle` asked for it. */
  dir: string;
  /** The built bundle the stack serves: `dir/bundle`, or the run's one build. */
  bundleDir: string;
  stop(): Promise<void>;
}

export async function startCapturedStack(options: CapturedStackOptions): Promise<CapturedStack> {
  const logLines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logLines.push(line);
      callback();
    },
  });
  // The run's redis-server under a key prefix of this stack's own (tests/support/stack.ts).
  return await onOwnResources('captured-stack', async (redis, dir) => {
    let bundleDir: string;
    if (options.ownBundle === true) {
      bundleDir = join(dir, 'bundle');
      await buildBundle({ outDir: bundleDir });
    } else {
      bundleDir = await testBundle(dir);
    }
    const stack = await startStack({
      redisUrl: redis.url,
      queuePrefix: redis.prefix,
      storage: options.storage?.(dir) ?? { driver: 'fs', dir: join(dir, 'storage') },
      sampleUpstreamPort: 0,
      sitePort: 0,
      adminPort: 0,
      adminToken: options.adminToken,
      webhookSecret: options.webhookSecret,
      bundleDir,
      workerConcurrency: 2,
      schedules: false,
      logLevel: 'debug',
      logDestination: destination,
      ...(options.sampleDataset === undefined ? {} : { sampleDataset: options.sampleDataset }),
    });
    return { stack, logLines, dir, bundleDir };
  });
}
