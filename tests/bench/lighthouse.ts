/**
 * `npm run bench:lighthouse`: Lighthouse performance (mobile preset) of the page kinds the budget
 * covers, with the figures behind the score, so work on it starts from numbers and not from one
 * noisy run. Publishes the news edition on a private stack (tests/support/stack.ts), then audits
 * each page several times and prints the median score as measured and as the test judges it (on
 * the page's CPU time, docs/adr/0056-lighthouse-scores-the-pages-cpu-time.md), its metrics, and where the main thread
 * went (Lighthouse's bootup-time by script and its long tasks).
 *
 *   npm run bench:lighthouse                         article, front, video, search; 3 runs each
 *   npm run bench:lighthouse -- --kinds video --runs 5
 *   npm run bench:lighthouse -- --cpu-slowdown 10    a slower host: Lighthouse's simulated CPU
 *                                                    is 4x slower than this one by default
 */
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser.js';
import { performanceOnTheCpu, traceDescheduledMs } from '../support/lighthouse-disturbance.js';
import { pageKind, type PageKindName } from '../support/page-kinds.js';
import { startTestStack } from '../support/stack.js';

interface Sample {
  score: number;
  /**
   * The same run scored on its trace with the page's main-thread tasks at their CPU time
   * (tests/support/lighthouse-disturbance.ts): the score the test budget judges, without the host's stalls.
   */
  onTheCpu: number;
  metrics: Record<string, number>;
  scripts: string[];
  /** Main-thread time by kind of work (Lighthouse's mainthread-work-breakdown: style, parsing, script...). */
  work: string[];
  longTasks: string[];
  /**
   * Lighthouse's measure of the host CPU in the same run (lhr.environment.benchmarkIndex; an idle
   * machine of this kind measures about 730 to 1,200). A low figure says the host, not the page, was slow.
   */
  benchmarkIndex: number;
  /**
   * Milliseconds the host kept the page's would-be-long main-thread tasks off the CPU
   * (tests/support/lighthouse-disturbance.ts): a run with much of it measured the machine.
   */
  descheduledMs: number;
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

interface DetailsTable {
  items?: Array<Record<string, unknown>>;
}

function tableItems(details: unknown): Array<Record<string, unknown>> {
  return (details as DetailsTable | undefined)?.items ?? [];
}

async function auditOnce(url: string, port: number, cpuSlowdown: number): Promise<Sample> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const config: Config = { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } };
  const result = await lighthouse(url, flags, config);
  if (result === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const metrics: Record<string, number> = {};
  for (const [id, label] of METRICS) metrics[label] = lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = tableItems(lhr.audits['bootup-time']?.details)
    .slice(0, 5)
    .map((item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} total ${Math.round(Number(item.total))} ms, script ${Math.round(Number(item.scripting))} ms`);
  const work = tableItems(lhr.audits['mainthread-work-breakdown']?.details)
    .slice(0, 6)
    .map((item) => `${String(item.groupLabel ?? item.group)} ${Math.round(Number(item.duration))} ms`);
  const longTasks = tableItems(lhr.audits['long-tasks']?.details)
    .slice(0, 6)
    .map((item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} @${Math.round(Number(item.startTime))} ms: ${Math.round(Number(item.duration))} ms`);
  const descheduledMs = await traceDescheduledMs(result.artifacts.Trace, cpuSlowdown);
  const onTheCpu = (await performanceOnTheCpu(result, flags, config)).categories.performance?.score ?? 0;
  return { score: lhr.categories.performance?.score ?? 0, onTheCpu, metrics, scripts, work, longTasks, benchmarkIndex: lhr.environment.benchmarkIndex, descheduledMs };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { kinds: { type: 'string' }, runs: { type: 'string' }, 'cpu-slowdown': { type: 'string' } },
    strict: true,
  });
  const kinds = (values.kinds ?? 'article,front,video,search').split(',').map((s) => s.trim()) as PageKindName[];
  const runs = Number(values.runs ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  const cpuSlowdown = Number(values['cpu-slowdown'] ?? 4);
  if (!(cpuSlowdown >= 1)) throw new Error(`--cpu-slowdown must be a number >= 1, got ${values['cpu-slowdown']}`);

  const running = await startTestStack();
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  try {
    await running.stack.publishSite({ sites: ['news'] });
    const origin = running.stack.siteUrl.replace('127.0.0.1', 'localhost');
    for (const kind of kinds) {
      const url = `${origin}${pageKind('news', kind).path}`;
      const samples: Sample[] = [];
      for (let i = 0; i < runs; i += 1) samples.push(await auditOnce(url, port, cpuSlowdown));
      const scores = samples.map((s) => Math.round(s.score * 100));
      process.stdout.write(`\n${kind} ${pageKind('news', kind).path}: performance median ${median(scores)} (runs ${scores.join('/')}); host benchmark index ${samples.map((s) => Math.round(s.benchmarkIndex)).join(' / ')}\n`);
      process.stdout.write(`  main thread off the CPU ${samples.map((s) => `${Math.round(s.descheduledMs)} ms`).join(' / ')} (the host's part of the runs' long tasks)\n`);
      const onTheCpu = samples.map((s) => Math.round(s.onTheCpu * 100));
      process.stdout.write(`  performance on the page's CPU time, as the test judges it: median ${median(onTheCpu)} (runs ${onTheCpu.join('/')})\n`);
      for (const [, label] of METRICS) {
        const all = samples.map((s) => s.metrics[label] ?? Number.NaN);
        const format = (v: number) => (label === 'CLS' ? v.toFixed(3) : `${Math.round(v)} ms`);
        process.stdout.write(`  ${label.padEnd(4)} median ${format(median(all))} (${all.map(format).join(' / ')})\n`);
      }
      const last = samples[samples.length - 1];
      if (last) {
        process.stdout.write(`  main thread by kind of work (last run): ${last.work.join(', ')}\n`);
        process.stdout.write(`  main thread by script (last run):\n${last.scripts.map((s) => `    ${s}`).join('\n')}\n`);
        process.stdout.write(`  long tasks (last run):\n${last.longTasks.map((s) => `    ${s}`).join('\n') || '    none'}\n`);
      }
    }
  } finally {
    await browser.close();
    await running.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
