/**
 * Reuse of upstream reads across renders (ADR 0029) on real parts: the sample upstream over HTTP (GETs counted where
 * they arrive), a real Redis for the dependency index, the filesystem store, the renderer, and
 * for coalescing ingest's producer and a real BullMQ render worker.
 *
 * - An edit made just before a request is always rendered, though the worker keeps an answer
 *   from before the edit (which a render requested before the edit may still use).
 * - A request that joins a job already waiting moves the job's freshness bound to its own time,
 *   and the render shows the edit made just before it.
 * - A whole-site publish fetches each shared answer once per worker, not once per page.
 * - The dependency index (and every stored page) is the same with reuse on and off.
 * - The cache stays within its bounds.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import type { PageRef } from '../../core/dependency-index.js';
import { createLogger } from '../../core/logger.js';
import { parseRenderJob, type RenderJob } from '../../core/queue.js';
import { listSitePages } from '../../core/site-pages.js';
import { pageKey } from '../../core/storage/keys.js';
import { createUpstreamClient } from '../../core/upstream/client.js';
import { ReadReuseCache } from '../../core/upstream/read-reuse.js';
import { NAV_LAYOUTS } from '../../infra/sample-upstream/data/nav.js';
import { createRenderProducer } from '../../ingest/producer.js';
import { DEFAULT_READ_REUSE, loadWorkerConfig } from '../../render-workers/config.js';
import { startRenderWorker, type RunningRenderWorker } from '../../render-workers/start.js';
import { startRendererHarness, type RendererHarness } from '../support/renderer.js';

const HEADER_LAYOUT = NAV_LAYOUTS.find((layout) => layout.elementId === 'HeaderLayout');
const HEADER_URL = '/layouts?type=layout&size=1&subtype=nav&elementId=HeaderLayout';

/** Upstream GETs as they arrive at the sample upstream, by path and query (test routes left out). */
function countGets(harness: RendererHarness): Map<string, number> {
  const gets = new Map<string, number>();
  harness.upstream.app.server.on('request', (request: IncomingMessage) => {
    const url = request.url ?? '';
    if (request.method === 'GET' && !url.startsWith('/__sample/')) gets.set(url, (gets.get(url) ?? 0) + 1);
  });
  return gets;
}

const total = (gets: Map<string, number>) => [...gets.values()].reduce((sum, n) => sum + n, 0);

/** The header's main menu of a stored page (render-workers/shell/header.tsx). */
function mainMenu(html: string): string {
  return /<nav class="main-menu"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
}

/** An editor's edit on the upstream: the header menu's "Opinion" entry renamed `to`. */
async function renameOpinion(harness: RendererHarness, to: string): Promise<void> {
  const layout = JSON.stringify(HEADER_LAYOUT);
  expect(layout).toContain('"name":"Opinion"');
  await harness.sample('PUT', '/__sample/layouts', JSON.parse(layout.replaceAll('"name":"Opinion"', `"name":"${to}"`)));
}

const job = (path: string, requestedAt: string, reason: RenderJob['reason'] = 'bulk-republish'): RenderJob => ({ site: 'news', path, reason, requestedAt });

/** Renders pages as one worker of concurrency 2 would, every job with the same request time (a publish wave). */
async function renderWave(harness: RendererHarness, pages: readonly PageRef[], requestedAt: string, each?: () => void): Promise<void> {
  // A GET stamped in the request's own millisecond is not reused (it may have started first):
  // the wave starts in a later one, so each request is fetched exactly once.
  while (Date.now() <= Date.parse(requestedAt)) await new Promise((resolve) => setTimeout(resolve, 1));
  const queue = [...pages];
  const lane = async () => {
    for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
      await harness.renderer.render({ site: page.site, path: page.path, reason: 'bulk-republish', requestedAt });
      each?.();
    }
  };
  await Promise.all([lane(), lane()]);
}

/** A request time strictly after everything before it (reuse compares whole milliseconds). */
async function requestNow(): Promise<string> {
  const before = Date.now();
  while (Date.now() === before) await new Promise((resolve) => setTimeout(resolve, 1));
  return new Date().toISOString();
}

let on: RendererHarness;
let cache: ReadReuseCache;
let gets: Map<string, number>;
let pages: PageRef[];

beforeAll(async () => {
  cache = new ReadReuseCache(DEFAULT_READ_REUSE);
  on = await startRendererHarness({ logLevel: 'silent', readReuse: cache });
  gets = countGets(on);
  const client = createUpstreamClient({ config: parseUpstreamConfig({ UPSTREAM_BASE_URL: on.upstream.url }), logger: createLogger({ component: 'read-reuse-test', level: 'silent' }) });
  pages = await listSitePages(client, ['news']);
}, 60_000);

afterAll(async () => {
  await on?.stop();
});

beforeEach(async () => {
  await on.sample('POST', '/__sample/reset');
  gets.clear();
});

describe('freshness', () => {
  it('renders an edit made just before the request, though the worker keeps an answer from before the edit', async () => {
    const names = ['Opinion', 'Opinion Pages', 'Views', 'Opinion'];
    for (let i = 1; i < names.length; i += 1) {
      const [from = '', to = ''] = [names[i - 1], names[i]];
      // A render requested before the edit keeps the header menu's answer.
      const beforeEdit = await requestNow();
      await on.renderer.render(job('/politics', beforeEdit));
      expect(mainMenu(await on.stored('/politics'))).toContain(`>${from}</a>`);
      await renameOpinion(on, to);
      // Another render of that request may use it: the edit came after the request.
      const fetchedBefore = gets.get(HEADER_URL) ?? 0;
      await on.renderer.render(job('/world', beforeEdit));
      expect(gets.get(HEADER_URL) ?? 0).toBe(fetchedBefore);
      expect(mainMenu(await on.stored('/world'))).toContain(`>${from}</a>`);
      // A request made after the edit never does: the worker asks again, and renders the edit.
      const afterEdit = await requestNow();
      await on.renderer.render(job('/world', afterEdit, 'event'));
      expect(gets.get(HEADER_URL) ?? 0).toBe(fetchedBefore + 1);
      const menu = mainMenu(await on.stored('/world'));
      expect(menu).toContain(`>${to}</a>`);
      expect(menu).not.toContain(`>${from}</a>`);
    }
  });

  it('moves a waiting job’s bound to a request that joins it, and renders the edit made just before that request', async () => {
    const prefix = on.redisPrefix;
    const logger = createLogger({ component: 'read-reuse-test', level: 'silent' });
    const producer = createRenderProducer({ redisUrl: on.redisUrl, prefix, logger });
    let worker: RunningRenderWorker | undefined;
    try {
      // A whole-site publish queued /politics; the worker has since read the menus (another page
      // of the wave), before the editor's edit.
      const wave = await requestNow();
      const queued = await producer.enqueue(job('/politics', wave));
      expect(queued.deduplicated).toBe(false);
      await on.renderer.render(job('/world', wave));
      expect(mainMenu(await on.stored('/world'))).toContain('>Opinion</a>');
      const fetched = gets.get(HEADER_URL) ?? 0;

      // The edit, then its content event: it joins the waiting job instead of adding one.
      await renameOpinion(on, 'Opinion Pages');
      const eventAt = await requestNow();
      const joined = await producer.enqueue(job('/politics', eventAt, 'event'));
      expect(joined).toMatchObject({ jobId: queued.jobId, deduplicated: true });
      const waiting = await producer.queue.getJob(queued.jobId ?? '');
      expect(parseRenderJob(waiting?.data).requestedAt).toBe(eventAt);

      // A real worker takes the job, started as its own process starts it (render-workers/start.ts)
      // on the harness's store and Redis and rendering through the harness's renderer, whose kept
      // answer is older than the job's bound now.
      worker = await startRenderWorker(
        {
          ...loadWorkerConfig({ REDIS_URL: on.redisUrl, QUEUE_PREFIX: prefix, WORKER_CONCURRENCY: '1' }),
          upstream: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: on.upstream.url }),
          metrics: undefined,
          recoverySweep: undefined,
        },
        { store: on.store, logger, scripts: [], wrapRenderer: () => on.renderer },
      );
      await expect.poll(async () => (await producer.queue.getJob(queued.jobId ?? ''))?.finishedOn, { timeout: 20_000, interval: 50 }).toBeDefined();
      expect(await (await producer.queue.getJob(queued.jobId ?? ''))?.isCompleted()).toBe(true);
      expect(gets.get(HEADER_URL) ?? 0).toBe(fetched + 1);
      const menu = mainMenu(await on.stored('/politics'));
      expect(menu).toContain('>Opinion Pages</a>');
      expect(menu).not.toContain('>Opinion</a>');
    } finally {
      await worker?.close();
      await producer.close();
    }
  });
});

describe('a whole-site publish', () => {
  let off: RendererHarness;
  let offGets: Map<string, number>;

  beforeAll(async () => {
    off = await startRendererHarness({ logLevel: 'silent', readReuse: false });
    offGets = countGets(off);
  }, 60_000);

  afterAll(async () => {
    await off?.stop();
  });

  it('fetches each shared answer once per worker, not once per page, and each wave asks again', { timeout: 240_000 }, async () => {
    const before = cache.stats();
    await renderWave(on, pages, await requestNow());
    const after = cache.stats();
    await renderWave(off, pages, await requestNow());

    // Every distinct request once per wave (the default bounds hold the whole sample site), but
    // an article read as its page's own subject, which is never kept (ADR 0049): its page reads
    // it, and so does each page at an old URL of it, to verify its redirect.
    expect(after.evictions - before.evictions).toBe(0);
    const repeated = [...gets].filter(([, n]) => n > 1);
    expect(JSON.stringify(repeated.filter(([url, n]) => !(url.startsWith('/api/article?') && n === 2)))).toBe('[]');
    expect(repeated.length).toBeLessThanOrEqual(2);
    expect(gets.get(HEADER_URL)).toBe(1);
    // Without reuse, once per page that shows the menus.
    expect(offGets.get(HEADER_URL) ?? 0).toBeGreaterThan(pages.length / 2);
    expect(total(gets)).toBe(gets.size + repeated.length);
    expect(total(gets)).toBeLessThan(total(offGets) / 3);
    // What reuse saved was answered from the cache or from a GET in flight.
    expect(after.hits + after.shared - before.hits - before.shared).toBe(total(offGets) - total(gets));

    // The next wave reads everything again, once (the same articles twice).
    gets.clear();
    await renderWave(on, pages, await requestNow());
    expect(JSON.stringify([...gets].filter(([, n]) => n > 1))).toBe(JSON.stringify(repeated));
    expect(gets.get(HEADER_URL)).toBe(1);
  });

  it('records the same dependency index, and stores the same pages, with reuse on and off', { timeout: 240_000 }, async () => {
    // One wave: each page after the first reuses what the pages before it fetched.
    await renderWave(on, pages, await requestNow());
    await renderWave(off, pages, await requestNow());
    expect(cache.stats().hits).toBeGreaterThan(pages.length);
    let recorded = 0;
    for (const page of pages) {
      const [withReuse, without] = await Promise.all([on.index.keysOf(page), off.index.keysOf(page)]);
      expect(withReuse.sort(), `${page.site}:${page.path}`).toEqual(without.sort());
      if (withReuse.length > 0) recorded += 1;
      const [a, b] = await Promise.all([on.store.get(pageKey(page.site, page.path, 'standard')), off.store.get(pageKey(page.site, page.path, 'standard'))]);
      // The two sample upstreams differ only in their address (image URLs name it).
      const html = (object: typeof a, harness: RendererHarness) => object?.body.toString('utf8').replaceAll(harness.upstream.url, 'UPSTREAM');
      expect(html(a, on), `${page.site}:${page.path}`).toBe(html(b, off));
      expect(a?.meta.surrogateKeys, `${page.site}:${page.path}`).toEqual(b?.meta.surrogateKeys);
    }
    // Every page but the crawler files reads upstream data.
    expect(recorded).toBeGreaterThan(pages.length * 0.9);
  });
});

describe('the bounds', () => {
  it('keeps the cache within its entries and bytes while a wave renders, dropping the least recently used', { timeout: 240_000 }, async () => {
    const small = new ReadReuseCache({ maxEntries: 25, maxBytes: 64 * 1024 });
    const bounded = await startRendererHarness({ logLevel: 'silent', readReuse: small });
    try {
      let largest = { entries: 0, bytes: 0 };
      await renderWave(bounded, pages.slice(0, 80), await requestNow(), () => {
        const { entries, bytes } = small.stats();
        largest = { entries: Math.max(largest.entries, entries), bytes: Math.max(largest.bytes, bytes) };
      });
      expect(largest.entries).toBeLessThanOrEqual(25);
      expect(largest.bytes).toBeLessThanOrEqual(64 * 1024);
      const stats = small.stats();
      expect(stats.evictions).toBeGreaterThan(0);
      // The shared answers are used by every page, so they stay while page answers pass through.
      expect(stats.hits).toBeGreaterThan(80);
    } finally {
      await bounded.stop();
    }
  });
});
