/**
 * The render pipeline without the queue, on real parts: the sample upstream over HTTP, the
 * filesystem store in a temp directory, a real Redis for the dependency index. For tests that
 * render pages directly and read what was stored.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { DependencyIndex } from '../../core/dependency-index.js';
import { createLogger } from '../../core/logger.js';
import type { RenderJob } from '../../core/queue.js';
import type { SiteId } from '../../core/isomorphic/sites.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { pageKey, type PageVariant } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { createEditionClients } from '../../core/upstream/clients.js';
import type { Dataset } from '../../infra/sample-upstream/data/index.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { RedisLastGoodStore } from '../../core/last-good.js';
import { takePageFence } from '../../core/page-fence.js';
import { createPageRenderer, type PageRenderer, type RenderOutcome } from '../../render-workers/render-page.js';
import { DEFAULT_READ_REUSE } from '../../render-workers/config.js';
import { ReadReuseCache } from '../../core/upstream/read-reuse.js';
import { startTestRedis, type TestRedis } from './redis-server.js';
import { sampleRequest } from './sample-client.js';

/** The clock every harness render uses: pages are deterministic, the copyright year is 2026. */
export const HARNESS_NOW = new Date('2026-03-01T12:00:00Z');
export const HARNESS_ORIGIN = 'https://www.example.test';
export const HARNESS_ORIGIN_ES = 'https://es.example.test';
export const HARNESS_SCRIPT = '/assets/client-TEST.js';

export interface RendererHarness {
  upstream: RunningSampleUpstream;
  store: ObjectStore;
  index: DependencyIndex;
  renderer: PageRenderer;
  /** Every JSON log line the renderer wrote, parsed. */
  logLines: Array<Record<string, unknown>>;
  /** Renders a page of `site` (default news). */
  render(path: string, reason?: RenderJob['reason'], site?: SiteId): Promise<RenderOutcome>;
  /** The stored body of a page variant of `site` (default news); throws when there is none. */
  stored(path: string, variant?: PageVariant, site?: SiteId): Promise<string>;
  /** The harness's Redis and the key prefix its renders use (dependency index, fences, last good copies). */
  redisUrl: string;
  redisPrefix: string;
  /**
   * Forgets every last good copy of side data (core/last-good.ts), as a fresh Redis would: a side
   * read that fails next falls back to the spec's empty value.
   */
  forgetSideData(): Promise<void>;
  /** Calls the sample upstream's test routes (/__sample/...). */
  sample(method: string, path: string, body?: unknown): Promise<void>;
  stop(): Promise<void>;
}

export interface RendererHarnessOptions {
  logLevel?: string;
  /**
   * The renderer's reuse of upstream answers (ADR 0029): a cache of its own with the worker's
   * default bounds unless given one (kept answers are frozen, so a render that changed shared
   * data would fail here), or false for none.
   */
  readReuse?: ReadReuseCache | false;
  /**
   * The address the renderer's Redis connection dials instead of the server's (a proxy in front
   * of it, tests/support/tcp-proxy.ts), given the server's.
   */
  redisVia?: (serverUrl: string) => Promise<string>;
  /** The sample upstream's starting content; its starter dataset when omitted. */
  dataset?: Dataset;
}

export async function startRendererHarness(options: RendererHarnessOptions = {}): Promise<RendererHarness> {
  const upstream = await startSampleUpstream({ port: 0, ...(options.dataset === undefined ? {} : { dataset: options.dataset }) });
  const redisServer: TestRedis = await startTestRedis();
  const redis = new Redis(options.redisVia ? await options.redisVia(redisServer.url) : redisServer.url);
  const dir = await mkdtemp(join(tmpdir(), 'render-'));
  const store = createFsStore({ root: dir });
  const index = new DependencyIndex(redis, redisServer.prefix);
  const logLines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    component: 'render-test',
    level: options.logLevel ?? 'debug',
    destination: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    }),
  });
  const readReuse = options.readReuse === false ? undefined : (options.readReuse ?? new ReadReuseCache(DEFAULT_READ_REUSE));
  const editions = createEditionClients({ config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '5000' }), logger });
  const renderer = createPageRenderer({ store, index, ...editions.news, editions, logger, publicOrigins: { news: HARNESS_ORIGIN, es: HARNESS_ORIGIN_ES }, scripts: [HARNESS_SCRIPT], now: () => HARNESS_NOW, takeFence: (page) => takePageFence(redis, page, redisServer.prefix), lastGood: new RedisLastGoodStore(redis, redisServer.prefix), ...(readReuse === undefined ? {} : { readReuse }) });

  return {
    upstream,
    store,
    index,
    renderer,
    logLines,
    redisUrl: redisServer.url,
    redisPrefix: redisServer.prefix,
    async forgetSideData() {
      const keys = await redis.keys(`${redisServer.prefix}:last-good:*`);
      if (keys.length > 0) await redis.del(...keys);
    },
    render: (path, reason = 'republish', site = 'news') => renderer.render({ site, path, reason, requestedAt: new Date().toISOString() }),
    async stored(path, variant = 'standard', site = 'news') {
      const object = await store.get(pageKey(site, path, variant));
      if (!object) throw new Error(`nothing stored for ${site} ${path} (${variant})`);
      return object.body.toString('utf8');
    },
    async sample(method, path, body) {
      await sampleRequest(upstream.url, method, path, body);
    },
    async stop() {
      await upstream.close();
      redis.disconnect();
      await redisServer.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a renderer harness before the calling file's tests and stops it after them; `ready`
 * receives it (assign it to the file's own variable). Call at module level.
 */
export function useRendererHarness(ready: (harness: RendererHarness) => void, options?: Parameters<typeof startRendererHarness>[0]): void {
  let harness: RendererHarness | undefined;
  beforeAll(async () => {
    harness = await startRendererHarness(options);
    ready(harness);
  });
  afterAll(async () => {
    await harness?.stop();
  });
}
