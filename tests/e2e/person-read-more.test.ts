/**
 * The person card's Read More (spec 2 §4) through the whole pipeline, in Chromium: the person page
 * published with the site (core/site-pages.ts lists person pages), served by the edge
 * router, hydrated in the browser. Collapsed by default once hydrated; a click reveals the extra
 * content blocks and a second click hides them again; aria-expanded and aria-controls follow. The
 * 301 record of a non-canonical person path is covered by render-workers/people/build-person-page.test.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPageErrors } from '../support/browser.js';
import { openSharedSite, type SharedSite } from '../support/shared-stack.js';

let stack: SharedSite;
let browser: Browser;

beforeAll(async () => {
  stack = await openSharedSite();
  expect(stack.published.failed).toEqual([]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('person card Read More', () => {
  it('starts collapsed and reveals the extra content blocks on click', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    const response = await page.goto(`${stack.siteUrl}/person/h/grace-holloway`);
    expect(response?.status()).toBe(200);
    const island = page.locator('[data-island="PersonReadMore"]');
    await island.locator('xpath=.').and(page.locator('[data-hydrated="true"]')).waitFor();

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Grace Holloway');
    // The first content block is always shown; the others wait behind Read More.
    await expect.poll(() => page.getByText('Grace Holloway hosts Morning Report.', { exact: true }).isVisible()).toBe(true);
    const extra = page.getByText('She is a graduate of the University of North Texas.');
    const button = island.getByRole('button', { name: 'Read More' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    const controlled = await button.getAttribute('aria-controls');
    expect(controlled).toBeTruthy();
    await expect.poll(() => page.locator(`[id="${controlled ?? ''}"]`).count()).toBe(1);
    await expect.poll(() => extra.isVisible()).toBe(false);

    await button.click();
    const less = island.getByRole('button', { name: 'Read Less' });
    await expect.poll(() => less.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => extra.isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Before the anchor desk she reported from Dallas and Houston.').isVisible()).toBe(true);

    await less.click();
    await expect.poll(() => extra.isVisible()).toBe(false);
    await expect.poll(() => island.getByRole('button', { name: 'Read More' }).getAttribute('aria-expanded')).toBe('false');
    // The sample headshot points at the sample upstream's default port, not this stack's: its
    // failed load is the only error allowed (no script error, no hydration mismatch).
    expect(errors.messages.filter((m) => !m.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });

  it('shows every content block without script, and has no Read More for a single block', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}/person/h/grace-holloway`);
    await expect.poll(() => page.getByText('She is a graduate of the University of North Texas.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Read More' }).count()).toBe(0);
    await page.goto(`${stack.siteUrl}/person/b/owen-brandt`);
    await expect.poll(() => page.getByText('Owen Brandt hosts Weekend Live.').isVisible()).toBe(true);
    await expect.poll(() => page.locator('[data-island="PersonReadMore"]').count()).toBe(0);
    await context.close();
  });

  it('shows the initials in the headshot\'s circle when the headshot fails to load', async () => {
    const page = await browser.newPage();
    // The image host does not answer.
    await page.route('**/images/authors/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${stack.siteUrl}/person/h/grace-holloway`);
    const headshot = page.locator('.person-card img.person-headshot');
    // The platform's image fallback hides an image with no default of its own.
    await expect.poll(() => headshot.evaluate((image: HTMLImageElement) => image.hidden)).toBe(true);
    const initials = page.locator('.person-card .person-photo > span[aria-hidden="true"]');
    await expect.poll(() => initials.textContent()).toBe('GH');
    await expect.poll(() => initials.isVisible()).toBe(true);
    const circle = await page.locator('.person-card .person-photo').boundingBox();
    expect(circle).toMatchObject({ width: 120, height: 120 });
    await page.close();
  });
});
