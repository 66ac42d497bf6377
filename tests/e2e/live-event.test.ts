/**
 * The live-event video and playlist (spec 2 §2 live-event header; §9 breakpoints, mobile below
 * 768px) through the whole pipeline, in Chromium: the live-event page rendered by the stack's
 * render worker, stored, served by the edge router, hydrated in the browser. At desktop width Expand Video
 * expands the video and shows the playlist; at 375px Show More reveals it; a visit with
 * ?pieces=live-stream-playlist-expanded starts expanded (stored pages do not vary by query string,
 * so the island applies it). No console errors.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageKey } from '../../core/storage/keys.js';
import type { Stack } from '../../infra/local/stack.js';
import { launchBrowser, watchPageErrors } from '../support/browser.js';
import { startTestStack, type TestStack } from '../support/stack.js';

const PATH = '/coverage/election-night';

let running: TestStack;
let stack: Stack;
let browser: Browser;

/**
 * Queues a render of `path` through the stack's worker and waits until its standard page is stored
 * (only the page under test: its shell links are not published, see the prefetch note below).
 */
async function renderQueued(path: string): Promise<string> {
  await stack.producer.enqueue({ site: 'news', path, reason: 'republish', requestedAt: new Date().toISOString() });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const object = await stack.store.get(pageKey('news', path, 'standard'));
    if (object) return object.body.toString('utf8');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} was not rendered within 60 s`);
}

beforeAll(async () => {
  running = await startTestStack();
  stack = running.stack;
  await renderQueued(PATH);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

/**
 * Opens the page at a viewport width and waits for the island to hydrate. `errors` are the console
 * errors and uncaught exceptions; a failed load is left out only when every failed response of the
 * page was a link prefetch (the shell's links point at pages this test does not publish).
 */
async function open(width: number, search = ''): Promise<{ page: Page; errors: () => string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const watched = watchPageErrors(page);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().headers().purpose !== 'prefetch') failed.push(`${response.status()} ${response.url()}`);
  });
  const response = await page.goto(`${stack.siteUrl}${PATH}${search}`);
  expect(response?.status()).toBe(200);
  await page.locator('[data-island="LiveEventVideo"][data-hydrated="true"]').waitFor({ state: 'attached' });
  const errors = () => [...failed, ...watched.messages.filter((message) => !(failed.length === 0 && message.startsWith('Failed to load resource')))];
  return { page, errors };
}

describe('live-event video', () => {
  it('expands the video and shows the playlist with Expand Video at desktop width', async () => {
    const { page, errors } = await open(1280);
    const playlist = page.getByRole('list', { name: 'Video playlist' });
    const expand = page.getByRole('button', { name: 'Expand Video' });
    await expect.poll(() => expand.isVisible()).toBe(true);
    // Show More is the mobile control (spec 2 §2): hidden from 768px.
    await expect.poll(() => page.locator('.live-video-show-more').isVisible()).toBe(false);
    // Once hydrated the link gives way to the buttons.
    await expect.poll(() => page.locator('.live-video-expand-link').isVisible()).toBe(false);
    await expect.poll(() => expand.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => playlist.isVisible()).toBe(false);

    await expand.click();
    const collapse = page.getByRole('button', { name: 'Collapse Video' });
    await expect.poll(() => collapse.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => playlist.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'The Senate map, explained' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('.live-video.is-expanded').count()).toBe(1);

    await collapse.click();
    await expect.poll(() => playlist.isVisible()).toBe(false);
    expect(errors()).toEqual([]);
    await page.close();
  });

  it('reveals the playlist with Show More at 375px', async () => {
    const { page, errors } = await open(375);
    const showMore = page.getByRole('button', { name: 'Show More' });
    await expect.poll(() => showMore.isVisible()).toBe(true);
    await expect.poll(() => page.locator('.live-video-expand').isVisible()).toBe(false);
    const playlist = page.getByRole('list', { name: 'Video playlist' });
    await expect.poll(() => playlist.isVisible()).toBe(false);

    await showMore.click();
    await expect.poll(() => page.getByRole('button', { name: 'Show Less' }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => playlist.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Turnout report from Ohio' }).isVisible()).toBe(true);
    expect(errors()).toEqual([]);
    await page.close();
  });

  it('starts expanded when visited with ?pieces=live-stream-playlist-expanded', async () => {
    const { page, errors } = await open(1280, '?pieces=live-stream-playlist-expanded');
    const playlist = page.getByRole('list', { name: 'Video playlist' });
    await playlist.waitFor({ state: 'visible' });
    await expect.poll(() => page.getByRole('button', { name: 'Collapse Video' }).getAttribute('aria-expanded')).toBe('true');
    expect(errors()).toEqual([]);
    await page.close();
  });

  it('shows the playlist through the expand link without script', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}${PATH}`);
    const playlist = page.locator('.live-playlist');
    await expect.poll(() => playlist.isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Expand playlist' }).click();
    await page.waitForURL((url) => url.search === '?pieces=live-stream-playlist-expanded');
    await expect.poll(() => playlist.isVisible()).toBe(true);
    await context.close();
  });
});
