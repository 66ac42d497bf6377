/**
 * Scale (`npm run bench -- --scale`): the time to plan and render one
 * content-change event at 10,000 and at 100,000 articles (--articles and ten times that), and the memory the dependency index and a
 * full storage listing take, to show neither grows with the site.
 *
 * For each size: the sample upstream serves that many synthetic articles (its own process); the
 * home page, the section fronts and one article per section are rendered for real, and every other
 * article page (both editions) gets the dependency-index entry its render would record (the keys of
 * a rendered article of the same section, with its own article keys), so the index holds an entry
 * for every page without rendering them all. Then:
 *   plan   = ingest/planner.ts planRenders for an edit of one article (with the real index);
 *   render = rendering the pages that plan names (real renderer, HTTP upstream, filesystem store);
 *   index  = Redis used_memory per page;
 *   list   = peak retained heap (after a full GC every 10,000 keys) while iterating store.list over
 *            a store holding one object per page.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis } from 'ioredis';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { DependencyIndex, type PageRef } from '../../core/dependency-index.js';
import { createLogger } from '../../core/logger.js';
import { takePageFence } from '../../core/page-fence.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { pageKey } from '../../core/storage/keys.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import { createUpstreamClients } from '../../core/upstream/clients.js';
import { SYNTHETIC_SECTIONS, syntheticArticle, syntheticArticlePath } from '../../infra/sample-upstream/synthetic/index.js';
import { planRenders } from '../../ingest/planner.js';
import type { ContentEvent } from '../../ingest/events.js';
import { createPageRenderer } from '../../render-workers/render-page.js';
import type { BenchContext } from './context.js';
import { startBenchRedis } from './publish/bench-redis.js';
import { startSyntheticUpstream } from './publish/upstream-process.js';
import { figure, type BenchFigure, type BenchSection } from './report.js';

/** Index writes in flight while recording every page. */
const LANES = 32;

interface EventRuns {
  planMs: number[];
  renderMs: number[];
  renderCpuMs: number[];
  plannedPages: number[];
}

interface SizeResult {
  pages: number;
  /** Edits of articles the home page and their section front list, and of archive articles. */
  listed: EventRuns;
  archive: EventRuns;
  redisBytesPerPage: number;
  listHeapGrowthMiB: number;
  listRssGrowthMiB: number;
  listSeconds: number;
}

async function parallel(count: number, lanes: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let i = next++; i < count; i = next++) await task(i);
    }),
  );
}

/** V8's gc(), without starting node with --expose-gc. */
function forceGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  return typeof gc === 'function' ? () => void (gc as () => void)() : () => {};
}

async function usedMemory(redis: Redis): Promise<number> {
  const info = await redis.info('memory');
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0);
}

async function measureSize(ctx: BenchContext, articles: number, redisUrl: string, prefix: string): Promise<SizeResult> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
  ctx.log(`scale: starting the sample upstream with ${articles} synthetic articles`);
  const upstream = await startSyntheticUpstream({ articles });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  try {
    const index = new DependencyIndex(redis, prefix);
    const logger = createLogger({ component: 'bench-scale', level: 'silent' });
    const clients = createUpstreamClients({ config: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: upstream.url }), logger });
    const store = createFsStore({ root: join(dir, 'render-store') });
    const renderer = createPageRenderer({
      store,
      index,
      ...clients,
      logger,
      publicOrigins: { news: 'https://www.example.test', es: 'https://es.example.test' },
      scripts: ['/assets/client-BENCH.js'],
      takeFence: (page) => takePageFence(redis, page, prefix),
    });
    const memoryBefore = await usedMemory(redis);
    const render = (site: PageRef['site'], path: string) => renderer.render({ site, path, reason: 'sweep', requestedAt: new Date().toISOString() });

    // Real renders: home, fronts, one article per section (the templates), on both editions.
    const sites = ['news', 'es'] as const;
    for (const site of sites) {
      await render(site, '/');
      for (const section of SYNTHETIC_SECTIONS) await render(site, `/${section}`);
      for (let s = 0; s < SYNTHETIC_SECTIONS.length; s += 1) await render(site, syntheticArticlePath(s));
    }
    // Every other article page gets the entry its render would record.
    const templates = new Map<string, string[]>();
    for (const site of sites) {
      for (let s = 0; s < SYNTHETIC_SECTIONS.length; s += 1) {
        const own = new Set([dataKeys.article(syntheticArticle(s).id), dataKeys.articlePath(syntheticArticlePath(s))]);
        templates.set(`${site}:${s}`, (await index.keysOf({ site, path: syntheticArticlePath(s) })).filter((key) => !own.has(key)));
      }
    }
    ctx.log(`scale: recording the dependency index for ${2 * articles} article pages`);
    await parallel(2 * articles, LANES, async (n) => {
      const i = Math.floor(n / 2);
      if (i < SYNTHETIC_SECTIONS.length) return;
      const site = sites[n % 2] ?? 'news';
      const path = syntheticArticlePath(i);
      const base = templates.get(`${site}:${i % SYNTHETIC_SECTIONS.length}`) ?? [];
      await index.record({ site, path }, [...base, dataKeys.article(`syn-1-${i}`), dataKeys.articlePath(path)]);
    });
    const pages = 2 * (articles + SYNTHETIC_SECTIONS.length + 1);
    const redisBytesPerPage = (await usedMemory(redis)) - memoryBefore;

    // One event per run: edits of articles the home page lists, and of articles deep in the archive.
    const edit = async (indexes: number[]): Promise<EventRuns> => {
      const runs: EventRuns = { planMs: [], renderMs: [], renderCpuMs: [], plannedPages: [] };
      for (const i of indexes) {
        const event: ContentEvent = { id: `bench-${i}`, kind: 'article', action: 'updated', contentId: `syn-1-${i}`, path: syntheticArticlePath(i), occurredAt: new Date().toISOString() };
        const planStart = performance.now();
        const plan = await planRenders(event, index);
        const jobs = [...plan.own, ...plan.dependants];
        runs.planMs.push(performance.now() - planStart);
        runs.plannedPages.push(jobs.length);
        const renderStart = performance.now();
        const cpu = process.cpuUsage();
        await Promise.all(jobs.map((job) => renderer.render(job)));
        const used = process.cpuUsage(cpu);
        runs.renderMs.push(performance.now() - renderStart);
        runs.renderCpuMs.push((used.user + used.system) / 1000);
      }
      return runs;
    };
    const runs = Math.max(2, ctx.options.runs);
    const listed = await edit(Array.from({ length: runs }, (_, r) => r + 1));
    const archive = await edit(Array.from({ length: runs }, (_, r) => articles - 1 - r * Math.floor(articles / (runs + 1))));
    await store.close();

    // Storage listing: one small object per page in a fresh store, then iterate every key.
    ctx.log(`scale: writing ${pages} objects to list`);
    const listStore = createFsStore({ root: join(dir, 'list-store') });
    const body = Buffer.from('<!DOCTYPE html><title>x</title></html>');
    const contentHash = createHash('sha256').update(body).digest('hex');
    await parallel(pages, LANES, async (n) => {
      await listStore.put(pageKey('news', syntheticArticlePath(n), 'standard'), body, { contentType: 'text/html', cacheControl: 'no-cache', surrogateKeys: [], contentHash, renderedAt: new Date().toISOString(), reason: 'sweep' });
    });
    // Retained memory, not garbage not yet collected: a full GC before each sample.
    const gc = forceGc();
    gc();
    const heapStart = process.memoryUsage();
    let heapPeak = heapStart.heapUsed;
    let rssPeak = heapStart.rss;
    let keysListed = 0;
    const listStart = performance.now();
    for await (const _key of listStore.list('')) {
      keysListed += 1;
      if (keysListed % 10_000 === 0) {
        gc();
        const now = process.memoryUsage();
        heapPeak = Math.max(heapPeak, now.heapUsed);
        rssPeak = Math.max(rssPeak, now.rss);
      }
    }
    const listSeconds = (performance.now() - listStart) / 1000;
    await listStore.close();
    return {
      pages,
      listed,
      archive,
      redisBytesPerPage: redisBytesPerPage / pages,
      listHeapGrowthMiB: (heapPeak - heapStart.heapUsed) / 2 ** 20,
      listRssGrowthMiB: (rssPeak - heapStart.rss) / 2 ** 20,
      listSeconds: keysListed > 0 ? listSeconds : 0,
    };
  } finally {
    redis.disconnect();
    await upstream.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function measureScale(ctx: BenchContext): Promise<BenchSection> {
  const redis = await startBenchRedis(ctx.options.redisUrl);
  const figures: BenchFigure[] = [];
  try {
    // --articles and ten times as many: 10,000 and 100,000 by default.
    for (const articles of [ctx.options.articles, 10 * ctx.options.articles]) {
      const r = await measureSize(ctx, articles, redis.url, `${redis.prefix}s${articles}`);
      const label = `${articles.toLocaleString('en-US')} articles`;
      for (const [what, runs] of [['listed article', r.listed], ['archive article', r.archive]] as const) {
        figures.push(
          figure(`${label}: plan one ${what} edit`, 'ms', runs.planMs, `${r.pages} pages indexed; planRenders with the real index`),
          figure(`${label}: pages planned for one ${what} edit`, 'pages', runs.plannedPages),
          figure(`${label}: render them (wall)`, 'ms', runs.renderMs),
          figure(`${label}: render them (CPU)`, 'ms', runs.renderCpuMs),
        );
      }
      figures.push(
        figure(`${label}: Redis memory per indexed page`, 'bytes', [r.redisBytesPerPage], 'used_memory growth / pages'),
        figure(`${label}: heap retained while listing every key`, 'MiB', [r.listHeapGrowthMiB], `${r.pages} keys listed in ${r.listSeconds.toFixed(1)} s (filesystem store)`),
        figure(`${label}: RSS growth listing every key`, 'MiB', [r.listRssGrowthMiB]),
      );
    }
  } finally {
    await redis.stop();
  }
  return {
    name: 'scale',
    figures,
    notes: [
      'Each size: home, section fronts and one article per section rendered for real on both editions; every other article page gets the index entry its render records (its section template plus its own article keys). Runs are edits of different articles: listed ones (the newest, which the home page and a section front show) and archive ones (which nothing lists); the own pages of both editions are planned for each.',
      `Plan and render times should be flat from ${ctx.options.articles.toLocaleString('en-US')} to ${(10 * ctx.options.articles).toLocaleString('en-US')} articles: an edit touches its own pages and the pages that list it, never a scan of the site. Redis bytes per page flat means the index grows linearly, bounded per page. Listing streams keys; the filesystem driver holds one directory's entry names at a time, so its heap follows the largest directory (a section's articles), not the site.`,
    ],
  };
}
