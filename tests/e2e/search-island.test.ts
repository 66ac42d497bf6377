/**
 * The header search island through the whole pipeline, in Chromium: a page rendered by the
 * render worker, stored, served by the edge router with its hashed bundle, hydrated in the
 * browser, and the search navigating with the URL-encoded query in the hash (spec 1 §2.3).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
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
  await browser.close();
  await stack?.close();
});

describe('header search on a published page', () => {
  it('hydrates and goes to the search results with the encoded query in the hash', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${stack.siteUrl}/politics`);
    const island = page.locator('[data-island="HeaderSearch"]');
    await island.locator('xpath=.').and(page.locator('[data-hydrated="true"]')).waitFor();

    const input = island.locator('input[name="q"]');
    await expect.poll(() => input.getAttribute('placeholder')).toBe('Search Fox News');
    await expect.poll(() => input.isVisible()).toBe(false);
    await island.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => input.isVisible()).toBe(true);
    await input.fill('border wall & "budget" 50/50');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === SEARCH_RESULTS_PATH);

    const url = new URL(page.url());
    expect(url.hash).toBe('#q=border%20wall%20%26%20%22budget%22%2050%2F50');
    expect(url.origin).toBe(new URL(stack.siteUrl).origin);
    // Console errors other than a 404 fail the test.
    expect(errors.messages.filter((m) => !m.includes('404'))).toEqual([]);
    await page.close();
  });

  it('loads more stories on the home page through the edge router\'s /api/article-search', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${stack.siteUrl}/`);
    const island = page.locator('[data-island="LoadMore"]');
    await island.locator('xpath=.').and(page.locator('[data-hydrated="true"]')).waitFor();
    const items = island.locator('.load-more-items li');
    const button = island.getByRole('button', { name: 'Load More' });
    // First click: the preloaded 11th item, no request (spec 1 §4).
    await button.click();
    await items.first().waitFor();
    await expect.poll(() => items.count()).toBe(1);
    // Second click: 10 more from the live endpoint (fetch 11 to learn whether more exist).
    const response = page.waitForResponse((r) => r.url().includes('/api/article-search'));
    await button.click();
    const answered = await response;
    expect(new URL(answered.url()).searchParams.get('size')).toBe('11');
    await page.waitForFunction(() => document.querySelectorAll('[data-island="LoadMore"] .load-more-items li').length > 1);
    await expect.poll(() => items.count()).toBe(11);
    expect(errors.messages).toEqual([]);
    await page.close();
  });
});
