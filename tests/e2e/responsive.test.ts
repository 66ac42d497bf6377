/**
 * Responsive on every page kind, in Chromium (issue 15 item 2): one page of every kind of both
 * editions (tests/support/page-kinds.ts), published from the sample upstream by the real pipeline
 * and served by the edge router, at 360, 390, 768, 1024, 1366 and 1920 px. A page fails when the
 * document is wider than the viewport (it scrolls sideways) or when text is clipped
 * (tests/support/layout-check.ts). One browser; one tab per width, reused for every page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../infra/local/stack.js';
import type { SiteId } from '../../core/isomorphic/sites.js';
import { launchBrowser } from '../support/browser.js';
import { jobSettled } from '../support/eventually.js';
import { layoutProblems } from '../support/layout-check.js';
import { PAGE_KINDS, pageKindPathsToPublish } from '../support/page-kinds.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/** Issue 15 item 2: the widths every page kind is checked at. */
const WIDTHS = [360, 390, 768, 1024, 1366, 1920] as const;

let running: TestStack;
let stack: Stack;
let browser: Browser;

/** The edge router picks the edition from the Host (infra/local/stack.ts: es.localhost is es). */
function origin(site: SiteId): string {
  const url = new URL(stack.siteUrl);
  return site === 'es' ? `http://es.localhost:${url.port}` : stack.siteUrl;
}

beforeAll(async () => {
  running = await startTestStack({ renderJobDefaults: { attempts: 1, backoffMs: 10 } });
  stack = running.stack;
  const summary = await stack.publishSite();
  expect(summary.failed).toEqual([]);
  // Samples the site map does not list (a tag front) are rendered as an editor would ask.
  const requestedAt = new Date().toISOString();
  const extra = (['news', 'es'] as const).flatMap((site) => pageKindPathsToPublish(site).map((path) => ({ site, path, reason: 'republish' as const, requestedAt })));
  const jobs = await stack.producer.enqueueMany(extra);
  for (const job of jobs) if (job.jobId !== undefined) await jobSettled(stack.queue, job.jobId, 60_000);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

/** Story links shown by more than one front component (issue 15 item 1: no story repeated in two blocks). */
async function repeatedStories(tab: Page): Promise<string[]> {
  return await tab.evaluate(() => {
    const blocks = new Map<string, Set<Element>>();
    for (const link of document.querySelectorAll('.front .item-title a')) {
      const block = link.closest('section, .region') ?? document.body;
      const url = link.getAttribute('href') ?? '';
      blocks.set(url, (blocks.get(url) ?? new Set()).add(block));
    }
    return [...blocks].filter(([, inBlocks]) => inBlocks.size > 1).map(([url]) => url);
  });
}

describe('every page kind fits the screen, text unclipped (issue 15 item 2)', () => {
  it.each(WIDTHS)('at %i px', async (width) => {
    const tab = await browser.newPage({ viewport: { width, height: 900 } });
    const problems: string[] = [];
    try {
      for (const sample of PAGE_KINDS) {
        const response = await tab.goto(`${origin(sample.site)}${sample.path}`, { waitUntil: 'load' });
        const where = `${sample.site} ${sample.kind} ${sample.path}`;
        const status = response?.status();
        if (status !== (sample.notFound ? 404 : 200)) {
          problems.push(`${where}: answered ${status}`);
          continue;
        }
        const { viewportWidth, scrollWidth, clipped } = await layoutProblems(tab);
        if (scrollWidth > viewportWidth) problems.push(`${where}: the document is ${scrollWidth} px wide in a ${viewportWidth} px viewport`);
        for (const line of clipped) problems.push(`${where}: ${line}`);
        if (width === WIDTHS[0] && (sample.kind === 'home' || sample.kind === 'front')) {
          for (const url of await repeatedStories(tab)) problems.push(`${where}: the story ${url} shows in two blocks`);
        }
      }
    } finally {
      await tab.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
