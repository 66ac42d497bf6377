/**
 * The admin page as an editor uses it, in Chromium against the whole pipeline (docs/architecture.md
 * "Editor tools"): a typo'd path is answered "no page exists there", a republish that changes nothing
 * says the page is already current and the page status shows that render (not an older one), a
 * job id leads to the job's own page, and times read in the editor's own time zone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../infra/local/stack.js';
import { launchBrowser } from '../support/browser.js';
import { layoutProblems } from '../support/layout-check.js';
import { startTestStack, TEST_ADMIN_TOKEN, type TestStack } from '../support/stack.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';

let running: TestStack;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  running = await startTestStack();
  stack = running.stack;
  // What the tests read and republish: home, the politics front and every page below it (the
  // section republish lists stored pages), not the whole site.
  const summary = await stack.publishSite({ sites: ['news'], only: ({ path }) => path === '/' || path === '/politics' || path.startsWith('/politics/') });
  expect(summary.failed).toEqual([]);
  expect(summary.completed).toBeGreaterThan(3);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

/** The admin page in a new tab, signed in by the token exchange, in a time zone far from UTC. */
async function adminPage(viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US', ...(viewport === undefined ? {} : { viewport }) });
  const page = await context.newPage();
  await page.goto(`${stack.adminUrl}/admin?token=${TEST_ADMIN_TOKEN}`);
  await expect.poll(() => page.locator('h1').textContent()).toBe('Republish and page status');
  return page;
}

async function republish(page: Page, path: string): Promise<string> {
  await page.getByLabel('Path, URL, prefix, section or tag').fill(path);
  await page.getByLabel('Your name').fill('Jane Editor');
  await page.getByRole('button', { name: 'Republish' }).click();
  await page.waitForLoadState('load');
  return (await page.locator('p.ok, p.err').first().textContent()) ?? '';
}

describe('admin page (Chromium)', () => {
  it('says that no page exists at a path with a typo, instead of a job that "completed"', async () => {
    const page = await adminPage();
    const message = await republish(page, '/no/such/page');
    expect(message).toContain('No page exists at /no/such/page');
    expect(message).toContain('Check the path for a typo.');
    await expect.poll(() => page.locator('p.err').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('says a republish that changed nothing left the page current, and the status shows that render first', async () => {
    const page = await adminPage();
    const message = await republish(page, ARTICLE);
    expect(message).toMatch(/Already current: article rendered again with nothing changed|Published: article/);
    // The job's own page, from the status's job link, says the same.
    await page.goto(`${stack.adminUrl}/admin/page?site=news&path=${encodeURIComponent(ARTICLE)}`);
    const lastRender = page.locator('p', { hasText: 'Last render' }).first();
    await expect.poll(() => lastRender.textContent()).toMatch(/reason: republish, job [^)]+\): (unchanged|\d+ object\(s\) written)\./);
    // The last render comes before the last change, so a no-op republish is not mistaken for a failure.
    const order = await page.locator('p').allTextContents();
    expect(order.findIndex((text) => text.startsWith('Last render'))).toBeLessThan(order.findIndex((text) => text.startsWith('Last changed')));
    // Times in the editor's zone (Tokyo), not UTC.
    const time = page.locator('time[data-local]').first();
    await expect.poll(() => time.textContent()).toContain('(your time)');
    const iso = (await time.getAttribute('datetime')) ?? '';
    const tokyo = new Date(iso).toLocaleString('en-US', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'medium' });
    await expect.poll(() => time.textContent()).toBe(`${tokyo} (your time)`);

    await lastRender.getByRole('link').click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.locator('h2').first().textContent()).toMatch(/^Job /);
    await expect.poll(() => page.locator('p.ok').first().textContent()).toMatch(/news \/politics\/senate-panel-advances-rural-broadband-bill: (Already current|Published)/);
    await expect.poll(() => page.locator('li', { hasText: 'Finished' }).textContent()).toContain('(your time)');
    await page.context().close();
  });

  it("fits a page's status on a phone: the page never scrolls sideways, its wide tables scroll on their own", async () => {
    const page = await adminPage({ width: 390, height: 844 });
    await page.goto(`${stack.adminUrl}/admin/page?site=news&path=${encodeURIComponent(ARTICLE)}`);
    const variants = page.getByRole('region', { name: 'Stored variants' });
    await expect.poll(() => variants.locator('tbody tr').count()).toBeGreaterThan(0);
    const problems = await layoutProblems(page);
    expect(problems.scrollWidth, JSON.stringify(problems)).toBeLessThanOrEqual(problems.viewportWidth);
    expect(problems.clipped).toEqual([]);
    // The table is wider than the phone and scrolls within its box, which a keyboard can reach.
    expect(await variants.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await variants.getAttribute('tabindex')).toBe('0');
    await page.context().close();
  });

  it('follows a section republish to the end on its scope page, which refreshes itself', async () => {
    const page = await adminPage();
    await page.getByLabel('What to republish').selectOption('section');
    await page.getByLabel('Path, URL, prefix, section or tag').fill('politics');
    await page.getByRole('button', { name: 'Republish' }).click();
    await page.waitForLoadState('load');
    const queued = page.locator('p.ok').first();
    await expect.poll(() => queued.textContent()).toMatch(/^Queued section politics on news: \d+ page\(s\)/);
    await queued.getByRole('link', { name: /^scope s-/ }).click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.locator('h2').first().textContent()).toBe('Republish of section politics on news');
    // The page reloads itself (meta refresh) until no render is pending.
    await expect.poll(async () => (await page.locator('p.ok, p.err').first().textContent()) ?? '', { timeout: 60_000, interval: 1_000 }).toMatch(/^(\d+) of \1 page\(s\) rendered, 0 failed\. Done\.$/);
    await expect.poll(() => page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    const bar = page.getByLabel('Rendered');
    await expect.poll(() => bar.getAttribute('value')).toBe(await bar.getAttribute('max'));
    await page.context().close();
  });

  it('answers an unknown job id with a clear 404 page', async () => {
    const page = await adminPage();
    const response = await page.goto(`${stack.adminUrl}/admin/job?id=no-such-job`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('p.err').textContent()).toContain('No job no-such-job');
    await page.context().close();
  });
});
