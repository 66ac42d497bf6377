/**
 * A page writer in a process of its own, for the fencing race test (ADR
 * 0023). It publishes with the real publishPage, store and Redis fence, so two of them
 * race exactly as two render workers' publishes do; only the page's bytes and token come from the
 * test instead of a render. Run with tsx; configured by env:
 *   REDIS_URL, QUEUE_PREFIX       the Redis and prefix of the fence and dependency index
 *   STORE=fs, STORAGE_DIR         the filesystem store, or
 *   STORE=s3, S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY  an S3-protocol server
 *
 * Commands arrive on stdin, one JSON line each:
 *   { id, path, fence, html, startAt?, hold?, release? }
 * It waits until `startAt` (ms since epoch) so two processes start a round together, publishes the
 * page's standard and AMP variants with `html`, and prints { id, result } (or { id, error }). With
 * `hold`, each of the two keys stops once inside the publish (the variants are written
 * concurrently), and once both are held it prints { id, holding }; they stay there until the file
 * `release` exists:
 *   'after-stat'  after the key's first read for writing, before it writes that key (the window
 *                 between a check and a write, ADR 0009's first gap);
 *   'in-guard'    after the key's write guard admitted it, before the write lands (on the
 *                 filesystem, a write that replaces an object is then inside the key lock, which
 *                 another process's read must wait for; a create takes no lock, ADR 0052).
 */
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { DependencyIndex } from '../../../core/dependency-index.js';
import { createRedis } from '../../../core/redis.js';
import { CACHE_POLICIES } from '../../../core/storage/cache-policy.js';
import { createFsStore } from '../../../core/storage/fs-driver.js';
import { pageKey } from '../../../core/storage/keys.js';
import { createS3Store } from '../../../core/storage/s3-driver.js';
import type { ObjectStore } from '../../../core/storage/types.js';
import { HTML_CONTENT_TYPE, publishPage } from '../../../render-workers/publish.js';

interface Command {
  id: number;
  path: string;
  fence: number;
  html: string;
  startAt?: number;
  hold?: 'after-stat' | 'in-guard';
  release?: string;
}

function say(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ ...line, pid: process.pid })}\n`);
}

function need(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`fence-writer: ${name} is not set`);
  return value;
}

function openStore(): ObjectStore {
  if (process.env.STORE === 's3') {
    return createS3Store({
      endpoint: need('S3_ENDPOINT'),
      region: 'us-east-1',
      bucket: need('S3_BUCKET'),
      accessKeyId: need('S3_ACCESS_KEY_ID'),
      secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
      createBucket: true,
    });
  }
  return createFsStore({ root: need('STORAGE_DIR'), durable: false });
}

async function waitForFile(path: string): Promise<void> {
  while (!existsSync(path)) await new Promise((r) => setTimeout(r, 10));
}

/** Both variants of the page are held (see the header): the publish writes them concurrently. */
const HELD_KEYS = 2;

/**
 * The store, stopping where the command asks (see the header): every key the publish handles
 * stops there once, and `holding` is said when all of them are held, so the other writer starts
 * with this one's whole publish paused at that point.
 */
function holding(store: ObjectStore, command: Command): ObjectStore {
  const { hold, release } = command;
  if (hold === undefined || release === undefined) return store;
  const held = new Set<string>();
  const stop = async (key: string): Promise<void> => {
    if (held.has(key)) return;
    held.add(key);
    if (held.size === HELD_KEYS) say({ id: command.id, holding: hold });
    await waitForFile(release);
  };
  if (hold === 'after-stat') {
    return {
      ...store,
      stat: async (key) => {
        const read = await store.stat(key);
        await stop(key);
        return read;
      },
    };
  }
  return {
    ...store,
    put: (key, body, meta, condition) => {
      const guard = condition?.guard;
      if (held.has(key) || guard === undefined) return store.put(key, body, meta, condition);
      return store.put(key, body, meta, {
        ...condition,
        guard: async () => {
          const admitted = await guard();
          if (admitted) await stop(key);
          return admitted;
        },
      });
    },
  };
}

function main(): void {
  const redis = createRedis(need('REDIS_URL'), { name: 'fence-writer' });
  const index = new DependencyIndex(redis, need('QUEUE_PREFIX'));
  const store = openStore();
  const run = async (command: Command): Promise<void> => {
    const wait = (command.startAt ?? 0) - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const page = { site: 'news', path: command.path } as const;
    const object = (variant: 'standard' | 'amp') => ({
      key: pageKey('news', command.path, variant),
      body: `${command.html}<!-- ${variant} -->`,
      contentType: HTML_CONTENT_TYPE,
      cacheControl: CACHE_POLICIES.html,
    });
    try {
      const result = await publishPage(holding(store, command), index, {
        page,
        objects: [object('standard'), object('amp')],
        dataKeys: ['article:race'],
        reason: 'event',
        jobId: `writer-${process.pid}-${command.id}`,
        fence: command.fence,
        keepVersions: 0,
      });
      say({ id: command.id, result });
    } catch (error) {
      say({ id: command.id, error: error instanceof Error ? error.message : String(error) });
    }
  };
  createInterface({ input: process.stdin }).on('line', (line) => {
    void run(JSON.parse(line) as Command);
  });
  process.stdin.once('end', () => {
    void Promise.all([redis.quit(), store.close()]).finally(() => process.exit(0));
  });
  say({ ready: true });
}

try {
  main();
} catch (error) {
  console.error('fence-writer failed to start:', error instanceof Error ? error.message : String(error));
  process.exit(1);
}
