/**
 * Responsive on every page kind, in Chromium: one page of every kind of both
 * editions (tests/support/page-kinds.ts), published from the sample upstream by the real pipeline
 * and served by the edge router, at 360, 390, 768, 1024, 1366 and 1920 px. A page fails when the
 * document is wider than the viewport (it scrolls sideways), when text is clipped
 * (tests/support/layout-check.ts), or when a story list a layout placed on it shows unstyled. One browser and one tab: each page loads once and is measured
 * at every width.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteId } from '../../core/isomorphic/sites.js';
import { launchBrowser } from '../support/browser.js';
import { layoutProblems } from '../support/layout-check.js';
import { PAGE_KINDS, pageKindPathsToPublish } from '../support/page-kinds.js';
import { jobSettled } from '../support/eventually.js';
import { openSharedSite, type SharedSite } from '../support/shared-stack.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { pageKey } from '../../core/storage/keys.js';

/** The widths every page kind is checked at, phone first (ADR 0016). */
const WIDTHS = [360, 390, 768, 1024, 1366, 1920] as const;

let stack: SharedSite;
/** Renders the samples the site map does not list (a tag front): the shared site is read-only. */
let extras: TestStack;
/** `<site>:<path>` of the samples served by `extras` rather than the shared site. */
const renderedByExtras = new Set<string>();
let browser: Browser;

/**
 * Where a sample is served; the edge router picks the edition from the Host (infra/local/stack.ts:
 * es.localhost is es).
 */
function origin(site: SiteId, path: string): string {
  const siteUrl = renderedByExtras.has(`${site}:${path.replace(/\.(amp|print)$/, '')}`) ? extras.stack.siteUrl : stack.siteUrl;
  const url = new URL(siteUrl);
  return site === 'es' ? `http://es.localhost:${url.port}` : siteUrl;
}

beforeAll(async () => {
  // Both editions as the site map has them, published once for the run.
  stack = await openSharedSite();
  expect(stack.published.failed).toEqual([]);
  // Samples the site map does not list (a tag front) are rendered as an editor would ask, by a
  // stack of this file's own.
  extras = await startTestStack({ renderJobDefaults: { attempts: 1, backoffMs: 10 } });
  const requestedAt = new Date().toISOString();
  const missing: Array<{ site: SiteId; path: string; reason: 'republish'; requestedAt: string }> = [];
  for (const site of ['news', 'es'] as const) {
    for (const path of pageKindPathsToPublish(site)) {
      if ((await stack.store.get(pageKey(site, path, 'standard'))) === null) missing.push({ site, path, reason: 'republish', requestedAt });
    }
  }
  const jobs = await extras.stack.producer.enqueueMany(missing);
  for (const job of jobs) if (job.jobId !== undefined) await jobSettled(extras.stack.queue, job.jobId, 60_000);
  for (const { site, path } of missing) renderedByExtras.add(`${site}:${path}`);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await extras?.stop();
});

/** Story links shown by more than one front component (no story repeated in two blocks of a front). */
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

/**
 * Lists of cards that show as a plain bulleted list: front components' story lists (`ul.items`),
 * and any list whose every item holds an image (recommended slideshows, promos). Such a list
 * lost its styles (a layout placed a front component on a page without FRONT_CSS, or a page kind
 * never had any), so its cards lose their layout: bullets, thumbnails inline with the text, byline
 * and date run together. Described by the list's heading or region.
 */
async function unstyledStoryLists(tab: Page): Promise<string[]> {
  return await tab.evaluate(() =>
    [...document.querySelectorAll('ul, ol')]
      .filter((list) => {
        if (getComputedStyle(list).listStyleType === 'none') return false;
        const items = [...list.children].filter((child) => child.tagName === 'LI');
        return list.matches('ul.items') || (items.length >= 2 && items.every((item) => item.querySelector('img') !== null));
      })
      .map((list) => {
        const section = list.closest('section');
        const heading = section?.querySelector('h2, h3')?.textContent?.trim();
        return heading ?? list.closest('.region')?.className ?? 'a story list';
      }),
  );
}

/**
 * Buttons that keep the browser's own look (grey face, outset border): a control the page's styles
 * forgot. Hidden ones count too (a computed style holds for them as well), so a button the
 * islands reveal after hydration (Show More below 768 px) is checked on the stored page.
 */
async function browserDefaultButtons(tab: Page): Promise<string[]> {
  return await tab.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((button) => {
        const style = getComputedStyle(button);
        return style.borderTopStyle === 'outset' && style.backgroundColor === 'rgb(239, 239, 239)';
      })
      .map((button) => `"${(button.textContent ?? '').trim() || button.getAttribute('aria-label') || button.className}"`),
  );
}

describe('the layout check (tests/support/layout-check.ts)', () => {
  it('sees a page wider than the viewport and clipped text, and passes text that scrolls in its own box', async () => {
    const tab = await browser.newPage({ viewport: { width: 360, height: 640 } });
    try {
      await tab.setContent(`<main>
        <p style="width:600px;white-space:nowrap">A paragraph fixed wider than the phone, its text running off the right edge</p>
        <div style="width:80px;overflow:hidden;white-space:nowrap">A title cut by its box</div>
        <div style="overflow-x:auto"><p style="width:900px">A wide list the reader scrolls sideways</p></div>
        <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">Visually hidden label</span>
      </main>`);
      const { viewportWidth, scrollWidth, clipped } = await layoutProblems(tab);
      expect(scrollWidth).toBeGreaterThan(viewportWidth);
      expect(clipped).toEqual([expect.stringContaining('"A paragraph fixed wider than the phone, " runs past the viewport'), expect.stringContaining('"A title cut by its box" is clipped by div')]);
    } finally {
      await tab.close();
    }
  });
});

/**
 * On a laptop screen and wider the header is one row: the wordmark, the main menu and the actions
 * (Watch TV, Log In, search) side by side. Says what wrapped under the wordmark, if anything.
 */
async function headerWrapped(tab: Page): Promise<string | null> {
  return await tab.evaluate(() => {
    const logo = document.querySelector('.site-header .bar .logo')?.getBoundingClientRect();
    if (logo === undefined) return null;
    const below = (selector: string) => {
      const box = document.querySelector(`.site-header .bar ${selector}`)?.getBoundingClientRect();
      return box !== undefined && box.height > 0 && box.top >= logo.bottom;
    };
    const wrapped = ['.main-menu', '.header-actions'].filter(below);
    return wrapped.length > 0 ? wrapped.join(' and ') : null;
  });
}

describe('every page kind fits the screen, text unclipped (ADR 0016)', () => {
  it('at 360, 390, 768, 1024, 1366 and 1920 px, on both editions, with the header on one row from 1366 px', async () => {
    // Each page loads once and is measured at every width by resizing the viewport: media queries
    // and the islands' resize listeners re-lay it out, and 46 loads instead of 276 keep the test
    // near a minute on a busy machine.
    const tab = await browser.newPage({ viewport: { width: WIDTHS[0], height: 900 } });
    const problems: string[] = [];
    try {
      for (const sample of PAGE_KINDS) {
        await tab.setViewportSize({ width: WIDTHS[0], height: 900 });
        const response = await tab.goto(`${origin(sample.site, sample.path)}${sample.path}`, { waitUntil: 'load' });
        const where = `${sample.site} ${sample.kind} ${sample.path}`;
        const status = response?.status();
        if (status !== (sample.notFound ? 404 : 200)) {
          problems.push(`${where}: answered ${status}`);
          continue;
        }
        if (sample.kind === 'home' || sample.kind === 'front') {
          for (const url of await repeatedStories(tab)) problems.push(`${where}: the story ${url} shows in two blocks`);
        }
        for (const list of await unstyledStoryLists(tab)) problems.push(`${where}: the story list "${list}" shows as a bulleted list: its styles are missing`);
        for (const button of await browserDefaultButtons(tab)) problems.push(`${where}: the button ${button} has the browser's default look: its styles are missing`);
        for (const width of WIDTHS) {
          await tab.setViewportSize({ width, height: 900 });
          // Two frames: the resize has been laid out and any resize handler has rendered.
          await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const { viewportWidth, scrollWidth, clipped } = await layoutProblems(tab);
          if (scrollWidth > viewportWidth) problems.push(`${where} at ${width}px: the document is ${scrollWidth} px wide in a ${viewportWidth} px viewport`);
          for (const line of clipped) problems.push(`${where} at ${width}px: ${line}`);
          const wrapped = width >= 1366 ? await headerWrapped(tab) : null;
          if (wrapped !== null) problems.push(`${where} at ${width}px: the header's ${wrapped} wrapped onto a row of their own`);
        }
      }
    } finally {
      await tab.close();
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
