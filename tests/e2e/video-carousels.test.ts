/**
 * The video area's horizontal lists (spec 2 §2 "Horizontal video lists": previous and next
 * disabled at the ends) through the whole pipeline, in Chromium: the video
 * home rendered by the stack's worker from the sample upstream, served by the edge router and
 * hydrated in the browser. Previous is disabled at the start, next scrolls, next is disabled at the
 * end, back-to-start returns with a smooth scroll; all arrows hide at 375px; a list with one video
 * has no right button; nothing is logged to the console (hydration mismatches included).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageKey } from '../../core/storage/keys.js';
import type { Stack } from '../../infra/local/stack.js';
import { clickThroughToEnd, launchBrowser, watchPageErrors, type PageErrors } from '../support/browser.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let running: TestStack;
let stack: Stack;
let browser: Browser;

/** Queues a render of `path` through the stack's worker and waits until its page is stored. */
async function renderQueued(path: string): Promise<void> {
  await stack.producer.enqueue({ site: 'news', path, reason: 'republish', requestedBy: 'video-carousels-test', requestedAt: new Date().toISOString() });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await stack.store.get(pageKey('news', path, 'standard'))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} was not rendered within 60 s`);
}

beforeAll(async () => {
  running = await startTestStack();
  stack = running.stack;
  await renderQueued('/video');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

/**
 * Console errors and uncaught exceptions, except Chromium's "Failed to load resource" lines for
 * images (the sample's resized thumbnails are not served in this stack) and prefetched links; a
 * failed page, script, stylesheet or /assets/ load is an error.
 */
function watchErrors(page: Page): PageErrors {
  const watched = watchPageErrors(page);
  const failed: string[] = [];
  page.on('response', (response) => {
    const ours = ['document', 'script', 'stylesheet'].includes(response.request().resourceType()) || new URL(response.url()).pathname.startsWith('/assets/');
    if (response.status() >= 400 && ours) failed.push(`${response.status()} ${response.url()}`);
  });
  return {
    get messages() {
      return [...watched.messages.filter((message) => !message.startsWith('Failed to load resource')), ...failed];
    },
  };
}

async function openVideoHome(width: number): Promise<{ page: Page; errors: PageErrors }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = watchErrors(page);
  // Records every scrollTo call with its options, to see the back-to-start scroll is smooth.
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    Object.assign(window, { __scrollToCalls: calls });
    const descriptor = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo');
    const original: unknown = descriptor?.value;
    if (typeof original !== 'function') return;
    Object.defineProperty(Element.prototype, 'scrollTo', {
      configurable: true,
      writable: true,
      value(this: Element, ...args: unknown[]) {
        calls.push(args[0]);
        return Reflect.apply(original, this, args) as unknown;
      },
    });
  });
  const response = await page.goto(`${stack.siteUrl}/video`);
  expect(response?.status()).toBe(200);
  await page.locator('[data-island="VideoCarousel"][data-hydrated="true"]').first().waitFor({ state: 'attached' });
  // Carousels hydrate once near the viewport (client/entry.tsx): scroll to each as a reader does,
  // and stay until it has hydrated. Scrolling straight on could move a carousel out of view before
  // a loaded machine's IntersectionObserver reported it (a fresh-clone CI run saw one never hydrate).
  for (const carousel of await page.locator('[data-island="VideoCarousel"]').all()) {
    await carousel.evaluate((root) => root.scrollIntoView({ block: 'center' }));
    await expect.poll(() => carousel.getAttribute('data-hydrated')).toBe('true');
  }
  await expect.poll(() => page.locator('[data-island="VideoCarousel"]:not([data-hydrated="true"])').count()).toBe(0);
  return { page, errors };
}

describe('video area horizontal lists (spec 2 §2)', () => {
  it('disables previous at the start, scrolls with next until it is disabled, and goes back to the start smoothly', async () => {
    const { page, errors } = await openVideoHome(1280);
    const list = page.getByRole('region', { name: 'Latest News' });
    const track = list.locator('.video-rail-track');
    const previous = list.getByRole('button', { name: 'Previous videos' });
    const next = list.getByRole('button', { name: 'Next videos' });
    const start = list.getByRole('button', { name: 'Back to start' });
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(1);
    await expect.poll(() => list.getByRole('link', { name: 'See all Latest News' }).getAttribute('href')).toBe('/video/topics/latest-news');
    await expect.poll(() => next.isVisible()).toBe(true);
    await expect.poll(() => previous.isDisabled()).toBe(true);
    await expect.poll(() => start.isDisabled()).toBe(true);
    await expect.poll(() => next.isEnabled()).toBe(true);

    await next.click();
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expect.poll(() => previous.isEnabled()).toBe(true);

    // Next until the end (each smooth scroll waited for: see clickThroughToEnd): next is disabled.
    await clickThroughToEnd(next, track);
    await expect.poll(() => next.isDisabled()).toBe(true);
    await expect.poll(() => track.evaluate((element) => Math.ceil(element.scrollLeft + element.clientWidth) >= element.scrollWidth - 1)).toBe(true);

    await start.click();
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBe(0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __scrollToCalls: unknown[] }).__scrollToCalls)).toContainEqual({ left: 0, behavior: 'smooth' });
    await expect.poll(() => previous.isDisabled()).toBe(true);
    await expect.poll(() => next.isEnabled()).toBe(true);
    expect(errors.messages).toEqual([]);
    await page.close();
  });

  it('has no right button on a list with one video', async () => {
    const { page, errors } = await openVideoHome(1280);
    const list = page.getByRole('region', { name: "Editor's Pick" });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    // The arrows show once the island is live (an effect after hydration): wait for it.
    await expect.poll(() => list.getByRole('button', { name: 'Previous videos' }).isVisible()).toBe(true);
    await expect.poll(() => list.getByRole('button', { name: 'Next videos' }).count()).toBe(0);
    // A list without a url has no 'see all' link.
    await expect.poll(() => list.getByRole('link', { name: /^See all/ }).count()).toBe(0);
    expect(errors.messages).toEqual([]);
    await page.close();
  });

  it('hides every arrow below 768px (375px wide) while the list still scrolls', async () => {
    const { page, errors } = await openVideoHome(375);
    const list = page.getByRole('region', { name: 'Latest News' });
    await expect.poll(() => list.isVisible()).toBe(true);
    await expect.poll(() => page.locator('.video-rail-button').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.video-rail-button').evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).offsetParent !== null).length)).toBe(0);
    const track = list.locator('.video-rail-track');
    await expect.poll(() => track.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(errors.messages).toEqual([]);
    await page.close();
  });
});
