/**
 * A game page (spec 2 §2; the game info modal locks page scroll)
 * through the whole pipeline, in Chromium: rendered by the stack's workers from the sample
 * upstream's games layout, served by the edge router, hydrated in the browser. The info modal
 * opens from How to Play, locks the page scroll, moves focus in and back, and closes with Escape
 * or Close; `?mode=app` hides the network nav, header and footer before the first paint, and
 * without it they show. No console errors.
 *
 * The sample layout's images and game frames point at the sample upstream's default address; the
 * test republishes the layout with them on this stack's sample upstream, so every resource loads
 * and any console error fails the test.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageKey } from '../../core/storage/keys.js';
import { GAME_LAYOUTS, SAMPLE_GAME_HOST } from '../../infra/sample-upstream/data/games.js';
import { SAMPLE_IMAGE_BASE } from '../../infra/sample-upstream/data/images.js';
import type { Stack } from '../../infra/local/stack.js';
import { launchBrowser } from '../support/browser.js';
import { eventually } from '../support/eventually.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let running: TestStack;
let stack: Stack;
let browser: Browser;

const GAME_PATH = '/games/word-search';

beforeAll(async () => {
  running = await startTestStack();
  stack = running.stack;
  const layout = JSON.stringify({ ...GAME_LAYOUTS[0], postContent: [] })
    .replaceAll(SAMPLE_IMAGE_BASE, `${stack.upstreamUrl}/images`)
    .replaceAll(`${SAMPLE_GAME_HOST}/embed/`, `${stack.upstreamUrl}/images/game-frame-`);
  const response = await fetch(`${stack.upstreamUrl}/__sample/layouts`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: layout });
  expect(response.ok).toBe(true);
  for (const path of ['/games', GAME_PATH]) {
    await stack.producer.enqueue({ site: 'news', path, reason: 'republish', requestedBy: 'game-page-test', requestedAt: new Date().toISOString() });
  }
  for (const path of ['/games', GAME_PATH]) {
    await eventually(async () => ((await stack.store.get(pageKey('news', path, 'standard'))) ? true : undefined), `${path} stored`, 60_000);
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

async function hydrated(page: Page): Promise<void> {
  await page.locator('[data-island="GameInfoModal"][data-hydrated="true"]').waitFor();
}

/**
 * Console errors and uncaught errors. Link prefetch asks for every visible same-origin link, and
 * most of the site is not published in this test: those failed prefetches are left out, matched
 * by URL once the page is done (tests/support/browser.ts matches them as they happen, which races
 * with the console message). The browser's own /favicon.ico request is left out too: the edge
 * router serves no favicon yet, which is not this page's concern.
 */
function watchErrors(page: Page): { messages(): string[] } {
  const prefetched = new Set<string>();
  const errors: Array<{ text: string; url: string }> = [];
  page.on('request', (request) => {
    if (request.headers().purpose === 'prefetch') prefetched.add(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push({ text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => errors.push({ text: `uncaught: ${error.message}`, url: '' }));
  const ignored = (url: string) => prefetched.has(url) || new URL(url, 'http://x.invalid').pathname === '/favicon.ico';
  return { messages: () => errors.filter((e) => !(e.text.startsWith('Failed to load resource') && ignored(e.url))).map((e) => `${e.text} ${e.url}`.trim()) };
}

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

describe('game page in the browser', () => {
  it('opens the info modal, locks page scroll, and Escape or Close closes it and restores scroll', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const response = await page.goto(`${stack.siteUrl}${GAME_PATH}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Word Search');
    const frame = page.locator('iframe.game-frame');
    await expect.poll(() => frame.getAttribute('title')).toBe('Word Search');
    expect((await frame.boundingBox())?.height).toBe(700);
    await expect.poll(() => bodyOverflow(page)).not.toBe('hidden');

    const opener = page.getByRole('button', { name: 'How to Play' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'How to Play: Word Search' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getAttribute('aria-modal')).toBe('true');
    await expect.poll(() => dialog.getByText('Drag across the letters of a word to mark it.').isVisible()).toBe(true);
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    // Focus moved into the dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => bodyOverflow(page)).not.toBe('hidden');
    // Focus went back to the opener.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('game-info-open'))).toBe(true);

    await opener.click();
    await dialog.waitFor();
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => bodyOverflow(page)).not.toBe('hidden');

    expect(errors.messages()).toEqual([]);
    await page.close();
  });

  it('hides the network nav, header, its desktop ad slot and footer with ?mode=app, and shows them without it', async () => {
    // A desktop width, where the header's ad slot shows (spec 1 §9).
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    const shell = () => ({
      network: page.getByRole('navigation', { name: 'Fox News Media network' }),
      header: page.locator('header.site-header'),
      headerAd: page.locator('#ad-header'),
      footer: page.locator('footer.site-footer'),
    });

    expect((await page.goto(`${stack.siteUrl}${GAME_PATH}?mode=app`))?.status()).toBe(200);
    for (const part of Object.values(shell())) await expect.poll(() => part.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('iframe.game-frame').isVisible()).toBe(true);

    expect((await page.goto(`${stack.siteUrl}${GAME_PATH}`))?.status()).toBe(200);
    for (const part of Object.values(shell())) await expect.poll(() => part.isVisible()).toBe(true);

    expect((await page.goto(`${stack.siteUrl}/games`))?.status()).toBe(200);
    await expect.poll(() => page.getByRole('link', { name: 'Word Search', exact: true }).getAttribute('href')).toBe(GAME_PATH);

    expect(errors.messages()).toEqual([]);
    await page.close();
  });
});
