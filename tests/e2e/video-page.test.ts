/**
 * The single video page in Chromium (spec 2 §2, §4: the preview-pass countdown, and the axe
 * check on a video page): pages rendered by the workers from the sample upstream,
 * served by the edge router, hydrated in the browser.
 *
 * - the preview-pass countdown counts down from the expiry stored in local storage, in the
 *   'Nd HH:MM' / 'HH:MM' form, and hides when the pass runs out (the browser clock is Playwright's);
 * - the Locked marker and the subscription bar go away when a TV-provider id is stored;
 * - a poster that fails to load falls back to the default poster;
 * - the player is a poster with a play button until pressed, and the native player without script;
 * - the theme cookie dark sets data-theme dark and the page's dark colours; another value is ignored;
 * - axe-core finds no serious or critical violation;
 * - no console errors (other than the broken poster's own failed load).
 */
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../infra/local/stack.js';
import { pageKey } from '../../core/storage/keys.js';
import { DEFAULT_POSTER_IMAGE } from '../../interactive-bundle/client/platform/image-fallback.js';
import { PREVIEW_PASS_KEY, TV_PROVIDER_ID_KEY } from '../../interactive-bundle/islands/video-access.island.js';
import { launchBrowser, watchPageErrors, type PageErrors } from '../support/browser.js';
import { eventually } from '../support/eventually.js';
import { startTestStack, type TestStack } from '../support/stack.js';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const FAILING_IMPACTS = new Set(['serious', 'critical']);

const LOCKED_VIDEO = '/video/live-briefing-room';
const BROKEN_POSTER_VIDEO = '/video/broken-poster-clip';
/** The browser's clock (Playwright's fake clock), so the countdown is exact. */
const T0 = new Date('2026-03-01T12:00:00Z').getTime();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let running: TestStack;
let stack: Stack;
let browser: Browser;

async function publish(paths: string[]): Promise<void> {
  const before = new Map<string, string | undefined>();
  for (const path of paths) before.set(path, (await stack.store.get(pageKey('news', path, 'standard')))?.body.toString('utf8'));
  for (const path of paths) await stack.producer.enqueue({ site: 'news', path, reason: 'republish', requestedAt: new Date().toISOString() });
  for (const path of paths) {
    await eventually(async () => {
      const object = await stack.store.get(pageKey('news', path, 'standard'));
      return object && object.body.toString('utf8') !== before.get(path) ? true : undefined;
    }, `${path} published`, 60_000);
  }
}

beforeAll(async () => {
  running = await startTestStack({ renderJobDefaults: { attempts: 1, backoffMs: 10 } });
  stack = running.stack;
  // A clip whose thumbnail does not exist (site-relative, so the edge router answers 404).
  const response = await fetch(`${stack.upstreamUrl}/__sample/videos/vid-e2e-broken-poster`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'A clip with a broken poster', slug: 'broken-poster-clip', tags: ['fox-news/us'], thumbnail: { url: '/no-such-images/broken-poster.jpg' } }),
  });
  expect(response.ok).toBe(true);
  await publish([LOCKED_VIDEO, BROKEN_POSTER_VIDEO]);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

/** A context whose local storage holds these entries (the platform's { value, expiry } form). */
async function contextWith(entries: Record<string, { value: unknown; expiry?: number }>, cookies: { name: string; value: string }[] = []): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: stack.siteUrl })));
  await context.addInitScript((stored: Record<string, string>) => {
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  }, Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, JSON.stringify(entry)])));
  return context;
}

/** Each opened page's error watcher, attached before navigation so no early failure escapes it. */
const pageErrors = new WeakMap<Page, PageErrors>();

function errorsOf(page: Page): PageErrors {
  const errors = pageErrors.get(page);
  if (!errors) throw new Error('page was not opened with openHydrated');
  return errors;
}

async function openHydrated(context: BrowserContext, path: string, clock = false): Promise<Page> {
  const page = await context.newPage();
  // Before navigation: the link prefetcher's requests start with the page, and a watcher attached
  // later would see their failures without knowing they were prefetches.
  pageErrors.set(page, watchPageErrors(page));
  if (clock) await page.clock.install({ time: T0 });
  const response = await page.goto(`${stack.siteUrl}${path}`);
  expect(response?.status()).toBe(200);
  // Attached, not visible: a signed-in reader's island is empty.
  await page.waitForSelector('[data-island="VideoAccess"][data-hydrated="true"]', { state: 'attached' });
  return page;
}

describe('preview-pass countdown (spec 2 §2)', () => {
  it('counts a five-minute pass down in minutes and seconds, each second', async () => {
    const expiry = T0 + 5 * MINUTE;
    const context = await contextWith({ [PREVIEW_PASS_KEY]: { value: expiry, expiry } });
    const page = await openHydrated(context, LOCKED_VIDEO, true);
    const errors = errorsOf(page);
    const banner = page.locator('.preview-pass');
    // The page's clock runs from T0 as real time passes (hydration takes a moment): the banner
    // reads MM:SS, at most five minutes, and falls by the time the clock moves on.
    const shown = async (): Promise<number> => {
      const match = /^Your Preview Pass expires in (\d\d):(\d\d)$/.exec((await banner.textContent()) ?? '');
      return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
    };
    await expect.poll(shown).toBeGreaterThan(4 * 60);
    await expect.poll(shown).toBeLessThanOrEqual(5 * 60);
    await expect.poll(() => banner.isVisible()).toBe(true);
    const before = await shown();
    await page.clock.fastForward(2 * MINUTE + 30_000);
    await expect.poll(shown).toBeLessThanOrEqual(before - 150);
    await expect.poll(shown).toBeGreaterThanOrEqual(before - 155);
    expect(errors.messages).toEqual([]);
    await context.close();
  });

  it('puts the hours first on a long pass', async () => {
    const expiry = T0 + 2 * HOUR + 3 * MINUTE + 4_000;
    const context = await contextWith({ [PREVIEW_PASS_KEY]: { value: expiry, expiry } });
    const page = await openHydrated(context, LOCKED_VIDEO, true);
    // H:MM:SS; the clock runs on while the page hydrates, so the seconds are not fixed.
    await expect.poll(() => page.locator('.preview-pass').textContent()).toMatch(/^Your Preview Pass expires in 2:0[23]:[0-5]\d$/);
    await context.close();
  });

  it('reads seconds in its last minute and hides when the pass runs out', async () => {
    const expiry = T0 + 50_000;
    const context = await contextWith({ [PREVIEW_PASS_KEY]: { value: expiry, expiry } });
    const page = await openHydrated(context, LOCKED_VIDEO, true);
    const banner = page.locator('.preview-pass');
    await expect.poll(() => banner.textContent()).toMatch(/^Your Preview Pass expires in 00:[0-5]\d$/);
    await page.clock.fastForward(60_000);
    await expect.poll(() => banner.isVisible()).toBe(false);
    await context.close();
  });

  it('stays hidden without a pass', async () => {
    const context = await contextWith({});
    const page = await openHydrated(context, LOCKED_VIDEO);
    await expect.poll(() => page.locator('.preview-pass').isVisible()).toBe(false);
    await context.close();
  });
});

describe('Locked marker and subscription bar (spec 2 §2, §4)', () => {
  it('shows Locked and the bar to a reader with no TV provider', async () => {
    const context = await contextWith({});
    const page = await openHydrated(context, LOCKED_VIDEO);
    const errors = errorsOf(page);
    await expect.poll(() => page.getByText('Locked', { exact: true }).isVisible()).toBe(true);
    const bar = page.getByRole('region', { name: 'TV provider sign-in' });
    await expect.poll(() => bar.getByRole('button', { name: 'Sign In with TV Provider' }).isVisible()).toBe(true);
    await expect.poll(() => bar.getByText("Don't have a TV subscription?").isVisible()).toBe(true);
    await expect.poll(() => bar.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/gowatch');
    expect(errors.messages).toEqual([]);
    await context.close();
  });

  it('drops Locked and the bar once a provider id is stored', async () => {
    const context = await contextWith({ [TV_PROVIDER_ID_KEY]: { value: 'sample-cable' } });
    const page = await openHydrated(context, LOCKED_VIDEO);
    await expect.poll(() => page.getByText('Locked', { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Sign In with TV Provider' }).isVisible()).toBe(false);
    await context.close();
  });
});

describe('poster fallback (spec 2 §4)', () => {
  it('replaces a thumbnail that fails to load with the default poster', async () => {
    const context = await contextWith({});
    const page = await openHydrated(context, BROKEN_POSTER_VIDEO);
    const errors = errorsOf(page);
    const poster = page.locator('img.video-poster');
    await expect.poll(() => poster.getAttribute('src')).toBe(DEFAULT_POSTER_IMAGE);
    await expect.poll(() => poster.isVisible()).toBe(true);
    // Only the broken thumbnail's own failed load is logged.
    expect(errors.messages.filter((m) => !m.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});

describe('player (spec 2 §2; ADR 0039: created when the reader presses play)', () => {
  it('shows the poster with a play button and no media element until pressed, then plays in place with the focus on the player', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${stack.siteUrl}${LOCKED_VIDEO}`);
    const play = page.getByRole('button', { name: /^Play video: / });
    await expect.poll(() => play.isVisible()).toBe(true);
    expect(await page.locator('video').count()).toBe(0);
    // The button covers the poster, so a press anywhere on the picture plays.
    const [frame, button] = await Promise.all([page.locator('.video-frame').boundingBox(), play.boundingBox()]);
    expect(button).toEqual(frame);

    await play.click();
    const video = page.locator('.video-frame video');
    await expect.poll(() => video.count()).toBe(1);
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.getAttribute('aria-label')).toBe((await page.locator('h1.video-title').textContent())?.trim());
    const sources = await video.locator('source').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src')));
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((src) => src !== null && /^https?:\/\//.test(src))).toBe(true);
    // The reader asked for it: it starts (the sample's stream addresses do not resolve, so the
    // browser gets no further than trying), and the keyboard is on its controls.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.autoplay && document.activeElement === element)).toBe(true);
    expect(await play.count()).toBe(0);
    // Only the unreachable sample stream's own failures may be logged.
    expect(errors.messages.filter((m) => !/Failed to load resource|media/i.test(m))).toEqual([]);
    await context.close();
  });

  it('gives a reader without script the native player', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}${LOCKED_VIDEO}`);
    const video = page.locator('.video-frame video');
    expect(await video.count()).toBe(1);
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.isVisible()).toBe(true);
    // The script-only button stays hidden.
    expect(await page.locator('.video-play').isVisible()).toBe(false);
    await context.close();
  });
});

describe('TV schedule day from ?dt= (spec 2 §2)', () => {
  it('asks the schedule for the day the page query names, and shows its entries', async () => {
    const context = await contextWith({});
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/schedule');
    await page.goto(`${stack.siteUrl}${LOCKED_VIDEO}?dt=2022-03-30`);
    // The schedule hydrates (and asks) once near the viewport (client/entry.tsx): scroll to it.
    await page.locator('[data-island="TvSchedule"]').evaluate((root) => root.scrollIntoView({ block: 'center' }));
    const url = new URL((await asked).url());
    expect(url.searchParams.get('dt')).toBe('2022-03-30');
    expect(url.searchParams.get('channel')).toBe('news');
    const schedule = page.locator('[data-island="TvSchedule"] .tv-schedule__entry');
    await schedule.first().waitFor();
    await expect.poll(() => schedule.count()).toBeGreaterThan(0);
    expect(errors.messages).toEqual([]);
    await context.close();
  });
});

describe('theme cookie (spec 2 §2)', () => {
  it('applies dark from the cookie and ignores other values', async () => {
    const dark = await contextWith({}, [{ name: 'theme', value: 'dark' }]);
    const page = await openHydrated(dark, LOCKED_VIDEO);
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await expect.poll(() => page.locator('.video-page').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(18, 20, 23)');
    await dark.close();

    const other = await contextWith({}, [{ name: 'theme', value: 'sepia' }]);
    const plain = await openHydrated(other, LOCKED_VIDEO);
    await expect.poll(() => plain.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBeNull();
    await expect.poll(() => plain.locator('.video-page').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await other.close();
  });
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

describe('accessibility', () => {
  // The whole document, shell included, in both themes.
  for (const [theme, scope] of [
    ['light', null],
    ['dark', null],
  ] as const) {
    it(`has no serious or critical axe violation on a video page (${theme}, bar and countdown shown)`, async () => {
      const expiry = Date.now() + 2 * HOUR;
      const context = await contextWith({ [PREVIEW_PASS_KEY]: { value: expiry, expiry } }, [{ name: 'theme', value: theme }]);
      const page = await openHydrated(context, LOCKED_VIDEO);
      await page.locator('.preview-pass').waitFor({ state: 'visible' });
      await page.addScriptTag({ path: AXE_PATH });
      const violations = await page.evaluate(async (selector) => {
        const axe = (window as unknown as { axe: { run: (context: Document | Element, options: object) => Promise<{ violations: Violation[] }> } }).axe;
        const result = await axe.run(selector === null ? document : (document.querySelector(selector) ?? document), { resultTypes: ['violations'] });
        return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, html }) => ({ target, html })) }));
      }, scope);
      const failing = violations
        .filter((violation) => violation.impact !== null && FAILING_IMPACTS.has(violation.impact))
        .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')} ${node.html.slice(0, 160)}`));
      expect(failing).toEqual([]);
      await context.close();
    });
  }
});
