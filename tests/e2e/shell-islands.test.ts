/**
 * The header's Menus island through the whole pipeline, in Chromium (spec 1 §2.3 "the More menu
 * with expandable subsections, the mobile menu"; the topic bar's active topic): pages rendered by
 * the render worker from the sample upstream, stored, served by the edge router with the hashed
 * bundle, hydrated in the browser. Also the no-script fallback (the <details> disclosures).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPageErrors, type PageErrors } from '../support/browser.js';
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

/**
 * Console errors other than 404s of pages the sample site does not have: an open menu shows links
 * to sections the sample has no page for (Science, Games...), and the browser may fetch them
 * ahead (link prefetch). `missing` lists those 404s: none may be a bundle asset or an /api/ call.
 */
function unexpected(errors: PageErrors, missing: string[]): string[] {
  expect(missing.filter((path) => path.startsWith('/assets/') || path.startsWith('/api/'))).toEqual([]);
  return errors.messages.filter((message) => !message.includes('status of 404'));
}

async function open(path: string, viewport = { width: 1280, height: 800 }): Promise<{ page: Page; errors: PageErrors; missing: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors = watchPageErrors(page);
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(new URL(response.url()).pathname);
  });
  await page.goto(`${stack.siteUrl}${path}`);
  await page.waitForFunction(() => {
    const menus = document.querySelectorAll('[data-island="Menus"]');
    return menus.length === 2 && [...menus].every((menu) => menu.getAttribute('data-hydrated') === 'true');
  });
  return { page, errors, missing };
}

/** The text of the element that has focus. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

describe('More menu (spec 1 §2.3)', () => {
  it('opens with aria-expanded/controls, one subsection at a time, and closes on Escape with focus returned', async () => {
    const { page, errors, missing } = await open('/politics');
    const more = page.getByRole('navigation', { name: 'More' });
    const toggle = more.getByRole('button', { name: 'More', exact: true });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    const listId = await toggle.getAttribute('aria-controls');
    expect(listId).toBeTruthy();
    const list = page.locator(`[id="${listId}"]`);
    await expect.poll(() => list.isVisible()).toBe(false);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => list.isVisible()).toBe(true);
    await expect.poll(() => more.getByRole('link', { name: 'Weather' }).isVisible()).toBe(true);

    // Expandable subsections: Science opens its links; opening Games closes Science.
    const science = more.getByRole('button', { name: 'Science' });
    const games = more.getByRole('button', { name: 'Games' });
    await science.click();
    await expect.poll(() => science.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => more.getByRole('link', { name: 'Air & Space' }).isVisible()).toBe(true);
    await games.click();
    await expect.poll(() => games.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => science.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => more.getByRole('link', { name: 'Air & Space' }).isVisible()).toBe(false);
    await expect.poll(() => more.getByRole('link', { name: 'Daily Crossword' }).getAttribute('href')).toBe('/games/daily-crossword-puzzle');

    // Escape closes the innermost level first, and focus goes back to its toggle each time.
    await page.keyboard.press('Escape');
    await expect.poll(() => games.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => focusedText(page)).toBe('Games');
    await expect.poll(() => list.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => list.isVisible()).toBe(false);
    await expect.poll(() => focusedText(page)).toBe('More');

    // Keyboard: Enter on the focused toggle opens it again.
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(unexpected(errors, missing)).toEqual([]);
    await page.close();
  });

  it('closes on a click outside the menu', async () => {
    const { page, errors, missing } = await open('/politics');
    const more = page.getByRole('navigation', { name: 'More' });
    const toggle = more.getByRole('button', { name: 'More', exact: true });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => more.getByRole('link', { name: 'Weather' }).isVisible()).toBe(false);
    expect(unexpected(errors, missing)).toEqual([]);
    await page.close();
  });
});

describe('mobile menu (spec 1 §2.3)', () => {
  it('shows the Menu toggle below 768px instead of More, and opens and closes it', async () => {
    const { page, errors, missing } = await open('/politics', { width: 390, height: 800 });
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    const toggle = mobile.getByRole('button', { name: 'Menu', exact: true });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('navigation', { name: 'More' }).isVisible()).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const politics = mobile.getByRole('button', { name: 'Politics', exact: true });
    await expect.poll(() => politics.isVisible()).toBe(true);
    await politics.click();
    await expect.poll(() => mobile.getByRole('link', { name: 'Senate' }).getAttribute('href')).toBe('/category/politics/senate');
    await expect.poll(() => mobile.getByRole('link', { name: 'Senate' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => focusedText(page)).toBe('Menu');
    expect(unexpected(errors, missing)).toEqual([]);
    await page.close();
  });
});

describe('topic bar (spec 1 §2.3)', () => {
  it('keeps the active topic highlighted after hydration', async () => {
    const { page, errors, missing } = await open('/us/river-towns-rebuild-after-spring-flooding');
    const topics = page.getByRole('navigation', { name: 'Topics' });
    const current = topics.locator('a[aria-current="page"]');
    await expect.poll(() => current.count()).toBe(1);
    await expect.poll(() => current.textContent()).toBe('River Recovery');
    expect(unexpected(errors, missing)).toEqual([]);
    await page.close();
  });
});

describe('without JavaScript', () => {
  it('still opens the More menu and its subsections through the <details> disclosures', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}/politics`);
    const more = page.getByRole('navigation', { name: 'More' });
    await expect.poll(() => more.getByRole('link', { name: 'Weather' }).isVisible()).toBe(false);
    await more.locator('summary', { hasText: /^More$/ }).click();
    await expect.poll(() => more.getByRole('link', { name: 'Weather' }).isVisible()).toBe(true);
    await more.locator('summary', { hasText: /^Science$/ }).click();
    await expect.poll(() => more.getByRole('link', { name: 'Air & Space' }).isVisible()).toBe(true);
    await context.close();
  });
});
