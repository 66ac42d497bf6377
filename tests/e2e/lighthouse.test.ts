/**
 * Lighthouse budgets on an article, a front, a video page and search, with
 * Lighthouse's default mobile preset (Moto G class device, simulated slow 4G): performance >= 95,
 * accessibility, best practices and SEO 100. Search is noindex by design (robots.txt keeps
 * crawlers out too), so its SEO check is that it says noindex, and that crawlability is the only
 * SEO audit it fails.
 *
 * Chromium is the Debian one (docs/architecture.md "Tool constraints"), started by playwright-core with a DevTools port that
 * Lighthouse drives. Performance is judged by the median of three runs that the host did not
 * disturb (docs/adr/0053-lighthouse-judges-the-runs-the-host-left-alone.md), and this file runs alone
 * after the rest of the suite (its own project in vitest.config.ts): a score measured while other
 * test files load both cores says more about them than about the page. `npm run bench:lighthouse`
 * prints the same scores with the metrics and main-thread time behind them.
 */
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser.js';
import { traceDescheduledMs } from '../support/lighthouse-disturbance.js';
import { pageKind, type PageKindName } from '../support/page-kinds.js';
import { openSharedSite, type SharedSite } from '../support/shared-stack.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const BUDGETS: Readonly<Record<Category, number>> = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 };
/** The performance verdict is the median of this many runs. */
const PERFORMANCE_RUNS = 3;
/** Runs made at most to find PERFORMANCE_RUNS that the host did not disturb. */
const MAX_PERFORMANCE_RUNS = 5;
/**
 * A run whose would-be-long main-thread tasks spent more than this off the CPU measured the host
 * as much as the page (tests/support/lighthouse-disturbance.ts): on a quiet 2-core machine a load
 * spends 20-85 ms, on a machine held to 0.8 of a CPU 240-600 ms.
 */
const DISTURBED_MS = 100;

interface Run {
  scores: Record<Category, number>;
  /** Failing audits of each category: id, score and what Lighthouse displays. */
  failing: Record<Category, string[]>;
  /** Lighthouse's measure of the host CPU in this run (lhr.environment.benchmarkIndex): printed, so a failure on a slow host says so. */
  benchmarkIndex: number;
  /** Milliseconds the host kept the page's would-be-long main-thread tasks off the CPU (tests/support/lighthouse-disturbance.ts). */
  descheduledMs: number;
}

let stack: SharedSite;
let origin: string;
let browser: Browser;
let port: number;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

beforeAll(async () => {
  stack = await openSharedSite();
  origin = stack.siteUrl.replace('127.0.0.1', 'localhost');
  port = await freePort();
  browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/**
 * What each run leaves out: work that no score depends on. The back/forward cache check
 * (`bf-cache`, weight 0) navigates away and back after the page has loaded, and the full-page
 * screenshot is taken after it too; both come after the trace the metrics are read from, and
 * neither counts in any category.
 */
const UNSCORED = { skipAudits: ['bf-cache'], disableFullPageScreenshot: true } as const;

async function audit(url: string, categories: readonly Category[]): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...categories], skipAudits: [...UNSCORED.skipAudits], disableFullPageScreenshot: UNSCORED.disableFullPageScreenshot });
  if (result === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const scores = {} as Record<Category, number>;
  const failing = {} as Record<Category, string[]>;
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = entry?.score ?? 0;
    failing[category] = (entry?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((item) => item !== undefined && item.score !== null && item.score < 1)
      .map((item) => `${item?.id} ${item?.score}${item?.displayValue ? ` (${item.displayValue})` : ''}`);
  }
  const descheduledMs = await traceDescheduledMs(result.artifacts.Trace, lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4);
  return { scores, failing, benchmarkIndex: lhr.environment.benchmarkIndex, descheduledMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** One run of these categories (all by default), printed with their scores and the audits that cost points. */
async function measure(kind: PageKindName, categories: readonly Category[] = CATEGORIES): Promise<Run> {
  const url = `${origin}${pageKind('news', kind).path}`;
  const result = await audit(url, categories);
  process.stdout.write(`lighthouse ${kind}: ${categories.map((c) => `${c} ${Math.round(result.scores[c] * 100)}`).join(', ')}; host benchmark index ${Math.round(result.benchmarkIndex)}, main thread off the CPU ${Math.round(result.descheduledMs)} ms\n`);
  for (const category of categories) if (result.failing[category].length > 0) process.stdout.write(`  ${category}: ${result.failing[category].join('; ')}\n`);
  return result;
}

/** What a failing expectation prints: the score and the audits that cost it. */
function report(run: Run, category: Category): string {
  return `${category} ${run.scores[category]}: ${run.failing[category].join('; ') || 'no failing audit'}`;
}

/**
 * Performance is judged on the median of PERFORMANCE_RUNS runs (the first run is one of them): one
 * run moves by several points with what else the machine does. A run the host disturbed
 * (DISTURBED_MS) does not count while runs are still being made: the runs go on until a majority
 * of PERFORMANCE_RUNS undisturbed runs agree on the budget (all at or over it, or all under), which
 * decides their median, or until MAX_PERFORMANCE_RUNS runs have been made; the verdict is then the
 * median of the PERFORMANCE_RUNS least disturbed. On a quiet machine that is two runs, or three when
 * the first two disagree. The runs after the first audit performance only: the page load and its
 * trace are the same whatever categories are asked for, and the performance score comes from the
 * same metrics; the other categories do not move from run to run and are judged on the first. The
 * failure message lists every run's score and time off the CPU, and the performance audits that
 * cost points in the median run.
 */
async function expectPerformance(kind: PageKindName, first: Run): Promise<void> {
  const runs = [first];
  while (runs.length < MAX_PERFORMANCE_RUNS && decidedBy(runs) === undefined) runs.push(await measure(kind, ['performance']));
  const judged = decidedBy(runs) ?? leastDisturbed(runs);
  const middle = median(judged.map((run) => run.scores.performance));
  const medianRun = judged.find((run) => run.scores.performance === middle) ?? first;
  const listed = runs.map((run) => `${run.scores.performance} (off the CPU ${Math.round(run.descheduledMs)} ms${judged.includes(run) ? '' : ', not judged'})`);
  expect(middle, `${kind} performance runs ${listed.join(' / ')}; ${report(medianRun, 'performance')}`).toBeGreaterThanOrEqual(BUDGETS.performance);
}

/**
 * The undisturbed runs, once a majority of PERFORMANCE_RUNS of them are on one side of the budget:
 * the median of PERFORMANCE_RUNS undisturbed runs is then on that side whatever the others score.
 */
function decidedBy(runs: readonly Run[]): Run[] | undefined {
  const undisturbed = runs.filter((run) => run.descheduledMs <= DISTURBED_MS);
  const majority = Math.floor(PERFORMANCE_RUNS / 2) + 1;
  const passing = undisturbed.filter((run) => run.scores.performance >= BUDGETS.performance).length;
  return passing >= majority || undisturbed.length - passing >= majority ? undisturbed : undefined;
}

/** The PERFORMANCE_RUNS runs the host disturbed least. */
function leastDisturbed(runs: readonly Run[]): Run[] {
  return [...runs].sort((a, b) => a.descheduledMs - b.descheduledMs).slice(0, PERFORMANCE_RUNS);
}

const JUDGED = ['accessibility', 'best-practices', 'seo'] as const;

describe('Lighthouse budgets (mobile)', () => {
  for (const kind of ['article', 'front', 'video'] as const) {
    it(`${kind}: performance >= ${BUDGETS.performance * 100}, accessibility, best practices and SEO 100`, async () => {
      const run = await measure(kind);
      for (const category of JUDGED) expect(run.scores[category], report(run, category)).toBeGreaterThanOrEqual(BUDGETS[category]);
      await expectPerformance(kind, run);
    }, 240_000);
  }

  it(`search: performance >= ${BUDGETS.performance * 100}, accessibility and best practices 100, and noindex by design`, async () => {
    const run = await measure('search');
    for (const category of ['accessibility', 'best-practices'] as const) {
      expect(run.scores[category], report(run, category)).toBeGreaterThanOrEqual(BUDGETS[category]);
    }
    expect(run.failing.seo.map((entry) => entry.split(' ')[0])).toEqual(['is-crawlable']);
    const html = await (await fetch(`${stack.siteUrl}${pageKind('news', 'search').path}`)).text();
    expect(/<meta name="robots" content="([^"]*)"/.exec(html)?.[1]).toContain('noindex');
    await expectPerformance('search', run);
  }, 240_000);
});
