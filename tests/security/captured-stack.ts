/**
 * The whole pipeline (infra/local/stack.ts) with every service's JSON log lines captured, for the
 * security tests that read the logs: a rejected upstream path must leave
 * a logged reason, and no secret may appear in any line. Like tests/support/stack.ts, but the
 * caller picks the secrets and the storage, and gets the log lines and the temp directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { StorageConfig } from '../../core/config/storage.js';
import { startStack, type Stack } from '../../infra/local/stack.js';
import { buildBundle } from '../../interactive-bundle/build.js';
import { startTestRedis } from '../support/redis-server.js';

export interface CapturedStackOptions {
  adminToken: string;
  webhookSecret: string;
  /** Storage; the filesystem driver under `dir/storage` when omitted. */
  storage?: (dir: string) => StorageConfig;
}

export interface CapturedStack {
  stack: Stack;
  /** Every log line every service wrote so far, as written (one JSON object each). */
  logLines: string[];
  /** The temp directory: `bundle/` (the built bundle) and `storage/` (the fs store). */
  dir: string;
  stop(): Promise<void>;
}

export async function startCapturedStack(options: CapturedStackOptions): Promise<CapturedStack> {
  const redis = await startTestRedis();
  const dir = await mkdtemp(join(tmpdir(), 'captured-stack-'));
  const logLines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logLines.push(line);
      callback();
    },
  });
  try {
    await buildBundle({ outDir: join(dir, 'bundle') });
    const stack = await startStack({
      redisUrl: redis.url,
      queuePrefix: redis.prefix,
      storage: options.storage?.(dir) ?? { driver: 'fs', dir: join(dir, 'storage') },
      sampleUpstreamPort: 0,
      sitePort: 0,
      adminPort: 0,
      adminToken: options.adminToken,
      webhookSecret: options.webhookSecret,
      bundleDir: join(dir, 'bundle'),
      workerConcurrency: 2,
      schedules: false,
      logLevel: 'debug',
      logDestination: destination,
    });
    return {
      stack,
      logLines,
      dir,
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
