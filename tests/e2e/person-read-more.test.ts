/**
 * The person card's Read More (spec 2 §4) through the whole pipeline, in Chromium: the person page
 * published with the site (core/site-pages.ts lists person pages), served by the edge
 * router, hydrated in the browser. Collapsed by default once hydrated; a click reveals the extra
 * content blocks and a second click hides them again; aria-expanded and aria-controls follow. The
 * 301 record of a non-canonical person path is covered by render-workers/people/build-person-page.test.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../infra/local/stack.js';
import { launchBrowser, watchPageErrors } from '../support/browser.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let running: TestStack;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  running = await startTestStack();
  stack = running.stack;
  const summary = await stack.publishSite({ sites: ['news'] });
  expect(summary.failed).toEqual([]);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await running?.stop();
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
    expect(await page.getByText('Grace Holloway hosts Morning Report.', { exact: true }).isVisible()).toBe(true);
    const extra = page.getByText('She is a graduate of the University of North Texas.');
    const button = island.getByRole('button', { name: 'Read More' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    const controlled = await button.getAttribute('aria-controls');
    expect(controlled).toBeTruthy();
    expect(await page.locator(`[id="${controlled ?? ''}"]`).count()).toBe(1);
    expect(await extra.isVisible()).toBe(false);

    await button.click();
    const less = island.getByRole('button', { name: 'Read Less' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    expect(await extra.isVisible()).toBe(true);
    expect(await page.getByText('Before the anchor desk she reported from Dallas and Houston.').isVisible()).toBe(true);

    await less.click();
    expect(await extra.isVisible()).toBe(false);
    expect(await island.getByRole('button', { name: 'Read More' }).getAttribute('aria-expanded')).toBe('false');
    // The sample headshot points at the sample upstream's default port, not this stack's: its
    // failed load is the only error allowed (no script error, no hydration mismatch).
    expect(errors.messages.filter((m) => !m.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });

  it('shows every content block without script, and has no Read More for a single block', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}/person/h/grace-holloway`);
    expect(await page.getByText('She is a graduate of the University of North Texas.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Read More' }).count()).toBe(0);
    await page.goto(`${stack.siteUrl}/person/b/owen-brandt`);
    expect(await page.getByText('Owen Brandt hosts Weekend Live.').isVisible()).toBe(true);
    expect(await page.locator('[data-island="PersonReadMore"]').count()).toBe(0);
    await context.close();
  });
});
