/**
 * The storage side of an edited page's publish (ADR 0037): publishPage of a changed page with
 * three variants (standard, AMP, print) and a redirect record to remove, on a page that already
 * keeps its 10 versions, so every publish snapshots the live page and prunes the oldest version.
 * The render is left out: this is the part between a render's HTML and the page being served.
 *
 *   npx tsx tests/bench/publish-edit.ts                      5 runs of 40 publishes, durable fs store
 *   npx tsx tests/bench/publish-edit.ts --runs 7 --publishes 80 --not-durable
 *
 * Uses the Redis at REDIS_URL (key prefix per run) or starts its own. Prints, per run, the median
 * wall time and CPU (process.cpuUsage, user + system) of one publish, then the medians of the runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DependencyIndex } from '../../core/dependency-index.js';
import { takePageFence } from '../../core/page-fence.js';
import { createRedis } from '../../core/redis.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { pageKey } from '../../core/storage/keys.js';
import { HTML_CONTENT_TYPE, publishPage } from '../../render-workers/publish.js';
import { startTestRedis } from '../support/redis-server.js';

const PAGES = 5;
const WARM_UP = 15;
const HTML_BYTES = 60_000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const { values } = parseArgs({ options: { runs: { type: 'string' }, publishes: { type: 'string' }, 'not-durable': { type: 'boolean' } } });
const runs = Number(values.runs ?? 5);
const publishes = Number(values.publishes ?? 40);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(publishes) || publishes < 1) throw new Error('--runs and --publishes must be positive integers');

const server = await startTestRedis();
const redis = createRedis(server.url, { name: 'bench-publish-edit' });
const walls: number[] = [];
const cpus: number[] = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const dir = await mkdtemp(join(tmpdir(), 'bench-publish-edit-'));
    const prefix = `${server.prefix.slice(0, -1)}r${run}}`;
    const index = new DependencyIndex(redis, prefix);
    const store = createFsStore({ root: dir, durable: values['not-durable'] !== true });
    const runWalls: number[] = [];
    const runCpus: number[] = [];
    for (let i = 0; i < WARM_UP + publishes; i += 1) {
      const page = { site: 'news' as const, path: `/politics/edited-article-${i % PAGES}` };
      const fence = await takePageFence(redis, page, prefix);
      const html = `<!doctype html><html><body>${'x'.repeat(HTML_BYTES)} edit ${i}</body></html>`;
      const objects = (['standard', 'amp', 'print'] as const).map((variant) => ({
        key: pageKey('news', page.path, variant),
        body: `${html}<!-- ${variant} -->`,
        contentType: HTML_CONTENT_TYPE,
        cacheControl: 'public, max-age=60',
      }));
      const startedAt = performance.now();
      const cpu = process.cpuUsage();
      await publishPage(store, index, { page, objects, remove: [pageKey('news', page.path, 'redirect')], dataKeys: ['article:bench'], reason: 'event', fence });
      const used = process.cpuUsage(cpu);
      // The first publishes fill each page's 10 kept versions; from then on every publish prunes.
      if (i < WARM_UP) continue;
      runWalls.push(performance.now() - startedAt);
      runCpus.push((used.user + used.system) / 1000);
    }
    walls.push(median(runWalls));
    cpus.push(median(runCpus));
    console.log(`run ${run + 1}: wall ${median(runWalls).toFixed(2)} ms, CPU ${median(runCpus).toFixed(2)} ms per publish (median of ${publishes})`);
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`changed 3-variant page, versions kept and pruned: wall ${median(walls).toFixed(2)} ms, CPU ${median(cpus).toFixed(2)} ms per publish (median of ${runs} runs)`);
} finally {
  redis.disconnect();
  await server.stop();
}
