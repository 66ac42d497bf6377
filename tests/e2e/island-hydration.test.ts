/**
 * End to end in a real Chromium: the built bundle hydrates a server-rendered HeaderSearch island
 * and a search goes to /search-results/search#q=<encoded query> (spec 1 §2.3; docs/architecture.md "Islands").
 * The bundle is built and served with the pages by tests/support/bundle-server.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import { SITES } from '../../core/isomorphic/sites.js';
import { absoluteDateLabel, easternDay } from '../../core/isomorphic/relative-time.js';
import { Island } from '../../interactive-bundle/island.js';
import { scriptTagsFor, type Manifest } from '../../interactive-bundle/manifest.js';
import { launchBrowser, watchPageErrors, type PageErrors } from '../support/browser.js';
import { bundlePage, startBundleServer, type BundleServer } from '../support/bundle-server.js';

const QUERY = 'ukraine & "aid"/2026';
const EXPECTED_HASH = '#q=ukraine%20%26%20%22aid%22%2F2026';

let served: BundleServer;
let manifest: Manifest;
let origin: string;
let browser: Browser;
/** When the /times page's dates were written (its labels are relative to this). */
let timesBuiltAt = 0;
const DAY_MS = 24 * 3_600_000;

function page(title: string, manifestTags: string, body: string): string {
  return bundlePage(manifest, title, body, manifestTags);
}

function headerSearch(siteName: string): string {
  return renderToString(createElement(Island<'HeaderSearch'>, { name: 'HeaderSearch', props: { siteName } }));
}

function pages(built: Manifest): Record<string, string> {
  manifest = built;
  const tags = scriptTagsFor(manifest);
  timesBuiltAt = Date.now();
  return {
    '/': page('Home', tags, `<header>${headerSearch(SITES.news.name)}</header><main><h1>Home</h1></main>`),
    // One good island between an unknown one and one with broken props: only the good one hydrates.
    '/broken': page(
      'Broken',
      tags,
      '<div data-island="NoSuchIsland" data-island-props="p1"></div><script type="application/json" id="p1">{}</script>' +
        headerSearch(SITES.es.name) +
        '<div data-island="HeaderSearch" data-island-props="p2"></div><script type="application/json" id="p2">{not json</script>',
    ),
    '/no-islands': page('Plain', tags, '<main><h1>No islands here</h1></main>'),
    // Stored pages carry absolute dates; the bundle relabels them with the reader's clock.
    '/times': page(
      'Times',
      tags,
      [30_000, 5 * 60_000, 3 * 3_600_000]
        .map((ago, i) => `<time id="t${i}" data-relative datetime="${new Date(timesBuiltAt - ago).toISOString()}">absolute</time>`)
        .join('') +
        // Older items carry their US Eastern day as the render worker writes it (easternDay).
        [10 * DAY_MS, 400 * DAY_MS]
          .map((ago, i) => {
            const date = new Date(timesBuiltAt - ago);
            return `<time id="d${i}" data-relative data-day="${easternDay(date)}" datetime="${date.toISOString()}">${absoluteDateLabel(date)}</time>`;
          })
          .join(''),
    ),
    [SEARCH_RESULTS_PATH]: page('Search', '', '<main><h1>Search results</h1></main>'),
  };
}

beforeAll(async () => {
  served = await startBundleServer({ pages });
  origin = served.origin;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

async function openHydrated(path: string): Promise<{ page: Page; errors: PageErrors }> {
  const page = await browser.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${origin}${path}`);
  await page.waitForSelector('[data-island="HeaderSearch"][data-hydrated="true"]');
  return { page, errors };
}

describe('HeaderSearch island in Chromium', () => {
  it('hydrates, opens, and sends the encoded query to the search page hash', async () => {
    const { page, errors } = await openHydrated('/');
    const toggle = page.locator('button[aria-controls]');
    const input = page.locator('input[name="q"]');

    await expect.poll(() => input.getAttribute('placeholder')).toBe('Search Fox News');
    await expect.poll(() => input.isVisible()).toBe(false);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    // The ids React wrote on the server still tie the toggle to the form and the label to the input.
    await expect.poll(() => toggle.evaluate((element) => document.getElementById(element.getAttribute('aria-controls') ?? '')?.tagName)).toBe('FORM');
    await expect.poll(() => page.getByLabel('Search Fox News').getAttribute('name')).toBe('q');

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => input.isVisible()).toBe(true);
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);

    await input.fill(QUERY);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === SEARCH_RESULTS_PATH);

    const url = new URL(page.url());
    expect(`${url.pathname}${url.hash}`).toBe(`${SEARCH_RESULTS_PATH}${EXPECTED_HASH}`);
    expect(errors.messages).toEqual([]);
    await page.close();
  });

  it('ignores a blank query, and Escape closes the box and returns focus to the toggle', async () => {
    const { page, errors } = await openHydrated('/');
    const toggle = page.locator('button[aria-controls]');
    const input = page.locator('input[name="q"]');

    await toggle.click();
    await input.fill('   ');
    await input.press('Enter');
    // A navigation would be under way by now; the page must still be the home page.
    await page.waitForTimeout(200);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    await input.press('Escape');
    await expect.poll(() => input.isVisible()).toBe(false);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(errors.messages).toEqual([]);
    await page.close();
  });

  it('skips an unknown island and bad props with a console error, and still hydrates the rest', async () => {
    const { page, errors } = await openHydrated('/broken');
    await expect.poll(() => page.locator('input[name="q"]').getAttribute('placeholder')).toBe('Search Fox News en Español');
    await expect.poll(() => errors.messages.length).toBe(2);
    expect(errors.messages.join('\n')).toContain('NoSuchIsland');
    expect(errors.messages.join('\n')).toContain('not valid JSON');
    await expect.poll(() => page.locator('[data-hydrated]').count()).toBe(1);
    await page.close();
  });

  it('loads island code on demand: a page without islands never fetches the island chunk', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${origin}/no-islands`, { waitUntil: 'networkidle' });

    const lazyChunks = manifest.files.filter((file) => file !== manifest.entry && !manifest.preload.includes(file));
    expect(lazyChunks.length).toBeGreaterThan(0);
    expect(fetched).toContain(`/assets/${manifest.entry}`);
    for (const chunk of lazyChunks) expect(fetched).not.toContain(`/assets/${chunk}`);
    expect(errors.messages).toEqual([]);
    await page.close();
  });

  it('relabels stored dates as "just in", "5 mins ago" and "3 hours ago" (spec 1 §4, §9)', async () => {
    const tab = await browser.newPage();
    const errors = watchPageErrors(tab);
    // The reader's clock reads one second after the page was written, however long the run took
    // to get here (the labels have 30 s and 60 s steps). Timers keep running.
    await tab.clock.setFixedTime(timesBuiltAt + 1_000);
    await tab.goto(`${origin}/times`);
    await tab.waitForFunction(() => document.getElementById('t0')?.textContent === 'just in');
    await expect.poll(() => tab.textContent('#t1')).toBe('5 mins ago');
    await expect.poll(() => tab.textContent('#t2')).toBe('3 hours ago');
    await expect.poll(() => tab.getAttribute('#t1', 'title')).toBe('absolute');
    // A week or more: the stored day, "Month D" within a year, the absolute label after.
    const weekOld = new Date(timesBuiltAt - 10 * DAY_MS);
    await expect.poll(() => tab.textContent('#d0')).toBe(absoluteDateLabel(weekOld).replace(/, \d{4}$/, ''));
    await expect.poll(() => tab.textContent('#d1')).toBe(absoluteDateLabel(new Date(timesBuiltAt - 400 * DAY_MS)));
    expect(errors.messages).toEqual([]);
    await tab.close();
  });

  it('labels times without creating a date formatter: the first one loads ICU data on the main thread (ADR 0039)', async () => {
    const tab = await browser.newPage();
    await tab.addInitScript(() => {
      const Original = Intl.DateTimeFormat;
      const counted = { made: 0 };
      (window as unknown as { formattersMade: typeof counted }).formattersMade = counted;
      Intl.DateTimeFormat = new Proxy(Original, {
        construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          counted.made += 1;
          return new target(...args);
        },
        apply(target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          counted.made += 1;
          return target(...args);
        },
      });
    });
    await tab.clock.setFixedTime(timesBuiltAt + 1_000);
    await tab.goto(`${origin}/times`);
    // Wait for the relabel itself: #d0 changes from the stored "Month D, YYYY" to "Month D", and
    // #d1 (older than a year, so its text stays) gains the stored label as its title.
    await expect.poll(() => tab.textContent('#d0')).toBe(absoluteDateLabel(new Date(timesBuiltAt - 10 * DAY_MS)).replace(/, \d{4}$/, ''));
    await expect.poll(() => tab.getAttribute('#d1', 'title')).toBe(absoluteDateLabel(new Date(timesBuiltAt - 400 * DAY_MS)));
    expect(await tab.evaluate(() => (window as unknown as { formattersMade: { made: number } }).formattersMade.made)).toBe(0);
    await tab.close();
  });
});
