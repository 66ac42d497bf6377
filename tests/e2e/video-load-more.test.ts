/**
 * The video load-more (spec 1 §9 "Video load-more step 3") through the whole pipeline, in
 * Chromium: /video/topics/us rendered by the stack's worker from the sample upstream (17 aired
 * U.S. videos: a rail of 10, then a paged list of 3), served by the edge router, hydrated by the
 * built bundle, its Show More asking the edge's /api/videos, which asks the sample's video service.
 * Each click adds 3 videos, the last adds the 1 left and the button goes; a failed request says so
 * and keeps the button; a slow one shows the loading state. Without script the 3 videos show and
 * there is no button. No sideways scroll at 390 px or on a desktop.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageKey } from '../../core/storage/keys.js';
import type { Stack } from '../../infra/local/stack.js';
import { VIDEO_LOAD_MORE_TEXTS } from '../../interactive-bundle/islands/video-load-more.island.js';
import { launchBrowser, watchPageErrors, type PageErrors } from '../support/browser.js';
import { startTestStack, type TestStack } from '../support/stack.js';

const PATH = '/video/topics/us';
/** The upstream call the edge makes for the list (edge-router/plugins/live-videos.ts). */
const VIDEO_LIST_CALL = { path: '/api/videos', query: { tags: 'fox-news/us', size: '100' } };

let running: TestStack;
let stack: Stack;
let browser: Browser;

async function renderQueued(path: string): Promise<void> {
  await stack.producer.enqueue({ site: 'news', path, reason: 'republish', requestedBy: 'video-load-more-test', requestedAt: new Date().toISOString() });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await stack.store.get(pageKey('news', path, 'standard'))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} was not rendered within 60 s`);
}

async function addFault(fault: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${stack.upstreamUrl}/__sample/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  running = await startTestStack();
  stack = running.stack;
  await renderQueued(PATH);
  browser = await launchBrowser();
}, 180_000);

beforeEach(async () => {
  await fetch(`${stack.upstreamUrl}/__sample/faults`, { method: 'DELETE' });
});

afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

/** Console errors, except Chromium's lines for resources that failed to load (the failed /api/videos on purpose, thumbnails). */
function watchErrors(page: Page): PageErrors {
  const watched = watchPageErrors(page);
  return {
    get messages() {
      return watched.messages.filter((message) => !message.startsWith('Failed to load resource'));
    },
  };
}

async function open(width: number): Promise<{ page: Page; errors: PageErrors }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(`${stack.siteUrl}${PATH}`);
  await page.waitForSelector('[data-island="VideoLoadMore"][data-hydrated="true"]');
  return { page, errors };
}

function list(page: Page) {
  return page.getByRole('region', { name: 'More U.S. Videos' });
}

async function titles(page: Page): Promise<string[]> {
  return list(page).locator('.video-title').allInnerTexts();
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('video load-more on /video/topics/us', () => {
  // First: the edge caches the tag's list for 30 s once it has it, so the fault must meet an empty cache.
  it('says a failed request failed, keeps the videos and the button, shows the loading state, and recovers', async () => {
    await addFault({ ...VIDEO_LIST_CALL, mode: 'status', status: 503 });
    const { page, errors } = await open(1366);
    const button = list(page).locator('button.video-load-more-button');
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => list(page).getByRole('alert').count()).toBe(1);
    await expect.poll(() => list(page).getByRole('alert').innerText()).toBe(VIDEO_LOAD_MORE_TEXTS.news.error);
    await expect.poll(() => titles(page)).toHaveLength(3);
    await expect.poll(() => button.innerText()).toBe(VIDEO_LOAD_MORE_TEXTS.news.showMore);
    await expect.poll(() => button.isEnabled()).toBe(true);

    await fetch(`${stack.upstreamUrl}/__sample/faults`, { method: 'DELETE' });
    await addFault({ ...VIDEO_LIST_CALL, mode: 'delay', delayMs: 1500, times: 1 });
    await button.click();
    await expect.poll(() => button.innerText()).toBe(VIDEO_LOAD_MORE_TEXTS.news.loading);
    await expect.poll(() => button.isDisabled()).toBe(true);
    await expect.poll(async () => (await titles(page)).length, { timeout: 10_000 }).toBe(6);
    await expect.poll(() => list(page).getByRole('alert').count()).toBe(0);
    await expect.poll(() => button.innerText()).toBe(VIDEO_LOAD_MORE_TEXTS.news.showMore);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    expect(errors.messages).toEqual([]);
    await page.close();
  });

  it('adds 3 videos a click, then the last one, and hides Show More when there is no more', async () => {
    const { page, errors } = await open(390);
    const button = list(page).getByRole('button', { name: VIDEO_LOAD_MORE_TEXTS.news.showMore });
    await expect.poll(() => button.isVisible()).toBe(true);
    await expect.poll(() => titles(page)).toEqual(['Launch pad camera', 'Ice jam floods a river town', 'Volunteers sandbag the levee overnight']);

    await button.click();
    await expect.poll(() => titles(page)).toEqual([
      'Launch pad camera',
      'Ice jam floods a river town',
      'Volunteers sandbag the levee overnight',
      'School buses return to rural routes',
      'Power crews work through the weekend',
      'A town hall on the new bridge',
    ]);
    await expect.poll(() => list(page).locator('a[href="/video/school-buses-rural-routes"]').count()).toBe(1);
    await expect.poll(() => button.isVisible()).toBe(true);

    await button.click();
    await expect.poll(async () => (await titles(page)).length).toBe(7);
    expect((await titles(page))[6]).toBe('Farmers wait for the thaw');
    await expect.poll(() => list(page).getByRole('button').count()).toBe(0);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    expect(errors.messages).toEqual([]);
    await page.close();
  });

  it('shows the first 3 videos and no button without script', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}${PATH}`);
    await expect.poll(() => titles(page)).toHaveLength(3);
    await expect.poll(() => page.getByRole('button', { name: VIDEO_LOAD_MORE_TEXTS.news.showMore }).count()).toBe(0);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
