/**
 * The countdown block (spec 1 §5 "Countdown: days at least 0, hours 0-24, minutes 0-59") in
 * Chromium: the block as the renderer writes it (toBlocks + BodyBlocks), hydrated by the built
 * bundle, counting down on the page's clock (Playwright's fake clock: a minute ticked through,
 * longer spans jumped with fastForward, which fires the island's timer as the hours pass).
 * Without script the stored page shows the date it counts down to and no stale time left.
 */
import type { Browser, Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { BodyBlocks } from '../../render-workers/blocks/blocks.js';
import { toBlocks } from '../../render-workers/shared/load-blocks.js';
import { launchBrowser, watchPageErrors } from '../support/browser.js';
import { bundlePage, startBundleServer, type BundleServer } from '../support/bundle-server.js';

const END = '2026-01-01T00:00:00-05:00';
const END_MS = Date.parse(END);
const MINUTE = 60_000;

let served: BundleServer;
let browser: Browser;

beforeAll(async () => {
  const blocks = toBlocks([{ kind: 'countdown', props: { title: 'Countdown to midnight', endDate: END, endText: 'Happy New Year!' } }], createLogger({ component: 'test', level: 'silent' }));
  const body = renderToString(createElement(BodyBlocks, { blocks }));
  served = await startBundleServer({ pages: (manifest) => ({ '/newyears': bundlePage(manifest, 'New Year', `<main>${body}</main>`) }) });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

async function parts(page: Page): Promise<string> {
  return page.locator('.countdown-timer').innerText();
}

describe('Countdown island', () => {
  it('counts days, hours and minutes down to the end, then shows the end text', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    // 1 day, 2 hours, 2 minutes and 30 seconds before the end: 3 minutes, rounded up.
    await page.clock.install({ time: END_MS - (1440 + 120 + 2) * MINUTE - 30_000 });
    await page.goto(`${served.origin}/newyears`);
    await page.waitForSelector('[data-island="Countdown"][data-hydrated="true"]');
    const timer = page.getByRole('timer');
    await expect.poll(() => timer.isVisible()).toBe(true);
    expect((await parts(page)).replace(/\s+/g, ' ')).toBe('1 day 2 hours 3 minutes');
    await expect.poll(() => page.locator('.countdown-end').innerText()).toBe('Until January 01, 2026 12:00am EST');
    await expect.poll(() => page.getByText('Happy New Year!').isVisible()).toBe(false);

    await page.clock.runFor(MINUTE);
    await expect.poll(async () => (await parts(page)).replace(/\s+/g, ' ')).toBe('1 day 2 hours 2 minutes');

    // Across an hour and a day boundary: 1 day 0 hours 0 minutes, then 0 days 23 hours 59 minutes.
    await page.clock.fastForward((120 + 2) * MINUTE);
    await expect.poll(async () => (await parts(page)).replace(/\s+/g, ' ')).toBe('1 day 0 hours 0 minutes');
    await page.clock.runFor(MINUTE);
    await expect.poll(async () => (await parts(page)).replace(/\s+/g, ' ')).toBe('0 days 23 hours 59 minutes');

    // The end: zero everywhere (days never below 0), and the end text.
    await page.clock.fastForward(1439 * MINUTE);
    await expect.poll(async () => (await parts(page)).replace(/\s+/g, ' ')).toBe('0 days 0 hours 0 minutes');
    await expect.poll(() => page.getByText('Happy New Year!').isVisible()).toBe(true);
    await page.clock.fastForward(3 * 1440 * MINUTE);
    await page.waitForTimeout(50);
    expect((await parts(page)).replace(/\s+/g, ' ')).toBe('0 days 0 hours 0 minutes');
    expect(errors.messages).toEqual([]);
    await page.close();
  });

  it('shows the date it counts down to, and no time left, without script', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${served.origin}/newyears`);
    await expect.poll(() => page.getByRole('heading', { name: 'Countdown to midnight' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('.countdown-end').innerText()).toBe('Until January 01, 2026 12:00am EST');
    await expect.poll(() => page.locator('.countdown-timer').isVisible()).toBe(false);
    await expect.poll(() => page.getByText('Happy New Year!').isVisible()).toBe(false);
    await context.close();
  });
});
