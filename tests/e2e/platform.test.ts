/**
 * Platform behaviour in Chromium on pages published from the sample upstream and served by the
 * edge router (spec 1 §2.2, §2.3, §4; spec 2 §4, §5, §7, §8, §9): online status,
 * link prefetch, the chunk-load reload guard, image fallback, local storage with expiry and the
 * JSONP helper.
 *
 * Local storage and JSONP are libraries for islands and no published page uses them yet, so the
 * test builds them (esbuild, the bundle's own compiler) into a small script injected into a
 * published page; the JSONP feed is a test-only HTTP server on another port, as a third-party
 * feed would be.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CHUNK_RELOAD_STORAGE_KEY } from '../../interactive-bundle/client/platform/chunk-reload.js';
import { DEFAULT_CARD_IMAGE } from '../../interactive-bundle/client/platform/image-fallback.js';
import { STORED_PAGES_ENDPOINT } from '../../interactive-bundle/client/platform/prefetch.js';
import { pageKey } from '../../core/storage/keys.js';
import type { jsonp } from '../../interactive-bundle/client/platform/jsonp.js';
import { ITEM_NOT_FOUND_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE, type createExpiringStorage } from '../../interactive-bundle/client/platform/local-storage.js';
import { launchBrowser, watchPageErrors } from '../support/browser.js';
import { startOwnEdge } from '../support/own-edge.js';
import { openSharedSite, type SharedSite } from '../support/shared-stack.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const FRONT = '/politics';

let stack: SharedSite;
let browser: Browser;
/** The platform libraries as one classic script exposing `window.platformUnderTest`. */
let harness: string;
let feed: Server;
let feedOrigin: string;
/** Request URLs the JSONP feed received. */
const feedRequests: URL[] = [];

async function buildHarness(): Promise<string> {
  const platform = fileURLToPath(new URL('../../interactive-bundle/client/platform/', import.meta.url));
  const result = await build({
    stdin: {
      contents: `
        import { createExpiringStorage } from './local-storage.ts';
        import { jsonp } from './jsonp.ts';
        window.platformUnderTest = { createExpiringStorage, jsonp };`,
      resolveDir: platform,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  });
  return result.outputFiles[0]?.text ?? '';
}

function startFeed(): Promise<Server> {
  const server = createServer((request, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://feed.test');
    feedRequests.push(url);
    const callback = url.searchParams.get('callback') ?? url.searchParams.get('jsoncallback') ?? '';
    if (url.pathname === '/feed' && /^[\w$]+$/.test(callback)) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(`${callback}(${JSON.stringify({ headline: 'From the feed', query: Object.fromEntries(url.searchParams) })});`);
      return;
    }
    // /hold never answers, like a feed that hangs: the helper must time out.
    if (url.pathname === '/hold') return;
    response.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  stack = await openSharedSite();
  browser = await launchBrowser();
  harness = await buildHarness();
  feed = await startFeed();
  feedOrigin = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await new Promise<void>((resolve) => (feed ? feed.close(() => resolve()) : resolve()));
  feed?.closeAllConnections();
});

async function openHydrated(context: BrowserContext, path: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(`${stack.siteUrl}${path}`);
  await tab.waitForSelector('[data-island="HeaderSearch"][data-hydrated="true"]');
  return tab;
}

/** Same-origin GETs the page made as prefetches (the platform marks them `purpose: prefetch`). */
function recordPrefetches(tab: Page): string[] {
  const urls: string[] = [];
  tab.on('request', (request) => {
    if (request.headers().purpose === 'prefetch') urls.push(request.url());
  });
  return urls;
}

describe('online and offline status (spec 1 §2.3)', () => {
  it('follows the browser events on <html data-online>', async () => {
    const context = await browser.newContext();
    const tab = await openHydrated(context, ARTICLE);
    const online = () => tab.evaluate(() => document.documentElement.getAttribute('data-online'));
    await expect.poll(online).toBe('true');
    await context.setOffline(true);
    await expect.poll(online).toBe('false');
    await context.setOffline(false);
    await expect.poll(online).toBe('true');
    await context.close();
  });
});

describe('link prefetch when a link becomes visible (spec 2 §4)', () => {
  it('prefetches visible same-origin links once each, and more as the reader scrolls', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 600 } });
    const tab = await context.newPage();
    const prefetched = recordPrefetches(tab);
    await tab.goto(`${stack.siteUrl}${FRONT}`);
    await tab.waitForSelector('[data-island="HeaderSearch"][data-hydrated="true"]');
    // The idle callback fires within its 2000 ms timeout (the margin is for a busy machine).
    await expect.poll(() => prefetched.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const first = prefetched.length;
    const origin = new URL(stack.siteUrl).origin;
    expect(prefetched.every((url) => new URL(url).origin === origin)).toBe(true);
    // A link below the fold is not fetched before it is visible.
    const footerLink = await tab.locator('footer a[href^="/"]').last().evaluate((a) => (a as HTMLAnchorElement).href);
    expect(prefetched).not.toContain(footerLink);
    await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => prefetched.includes(footerLink), { timeout: 15_000 }).toBe(true);
    expect(prefetched.length).toBeGreaterThan(first);
    expect(new Set(prefetched).size).toBe(prefetched.length);
    await context.close();
  });

  it('never fetches a page that is not stored: it asks the edge router first, and logs no error', async () => {
    // A header link whose page is taken out of storage, as if it had never been published: out
    // of this test's own copy of the shared site, served by an edge of its own.
    const unpublished = '/media';
    const own = await startOwnEdge({ copyStorage: true });
    onTestFinished(() => own.close());
    await own.store.delete(pageKey('news', unpublished, 'standard'));
    expect((await fetch(`${own.siteUrl}${unpublished}`)).status).toBe(404);
    const context = await browser.newContext({ viewport: { width: 1280, height: 600 } });
    const tab = await context.newPage();
    const errors = watchPageErrors(tab);
    const prefetched = recordPrefetches(tab);
    const asked: string[] = [];
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname === STORED_PAGES_ENDPOINT) asked.push(request.url());
    });
    await tab.goto(`${own.siteUrl}${FRONT}`);
    await tab.waitForSelector('[data-island="HeaderSearch"][data-hydrated="true"]');
    await expect.poll(() => tab.locator(`header a[href="${unpublished}"]`).count()).toBeGreaterThan(0);
    await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => prefetched.length, { timeout: 15_000 }).toBeGreaterThan(0);
    // Past the idle timeout once more, so every batch has been asked about and fetched.
    await tab.waitForTimeout(3000);
    const askedPaths = asked.flatMap((url) => (new URL(url).searchParams.get('paths') ?? '').split(','));
    expect(askedPaths).toContain(unpublished);
    expect(prefetched.map((url) => new URL(url).pathname)).not.toContain(unpublished);
    for (const url of prefetched) expect((await fetch(url, { redirect: 'manual' })).status, url).toBe(200);
    expect(errors.messages).toEqual([]);
    await context.close();
  });

  const skipped: Array<[string, string]> = [
    ['on a 2g connection', "Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ effectiveType: '2g', saveData: false }) });"],
    ['in data-saver mode', "Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ effectiveType: '4g', saveData: true }) });"],
  ];
  for (const [when, init] of skipped) {
    it(`is skipped ${when}`, async () => {
      const context = await browser.newContext();
      await context.addInitScript({ content: init });
      const tab = await context.newPage();
      const prefetched = recordPrefetches(tab);
      await tab.goto(`${stack.siteUrl}${FRONT}`);
      await tab.waitForSelector('[data-island="HeaderSearch"][data-hydrated="true"]');
      await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // Past the 2000 ms idle timeout, with margin.
      await tab.waitForTimeout(3000);
      expect(prefetched).toEqual([]);
      await context.close();
    });
  }

  it('is skipped offline', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 600 } });
    const tab = await context.newPage();
    const whileOnline = recordPrefetches(tab);
    await tab.goto(`${stack.siteUrl}${FRONT}`);
    await tab.waitForSelector('[data-island="HeaderSearch"][data-hydrated="true"]');
    // The links visible at load are prefetched online, as soon as the browser is idle. Those
    // requests are let finish before going offline: one the browser sends late (it did on a loaded
    // machine) was decided online, and is not what this test is about.
    await expect.poll(() => whileOnline.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await tab.waitForLoadState('networkidle');
    await context.setOffline(true);
    await expect.poll(() => tab.evaluate(() => navigator.onLine)).toBe(false);
    const prefetched = recordPrefetches(tab);
    await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await tab.waitForTimeout(3000);
    expect(prefetched).toEqual([]);
    await context.close();
  });
});

describe('chunk-load failure (spec 1 §2.2, §9: reload at most once per 60 s)', () => {
  it('reloads once when an island chunk fails, and not again within 60 s', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const errors = watchPageErrors(tab);
    const entry = await (await fetch(`${stack.siteUrl}${ARTICLE}`)).text().then((html) => /<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? '');
    const entryCode = await (await fetch(new URL(entry, stack.siteUrl))).text();
    // The entry's dynamic imports are the on-demand chunks (islands); make them fail as after a deploy.
    const lazyChunks = new Set([...entryCode.matchAll(/import\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g)].map((match) => match[1]));
    expect(lazyChunks.size).toBeGreaterThan(0);
    await tab.route('**/assets/*.js', (route) => {
      const file = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      return lazyChunks.has(file) ? route.abort('failed') : route.continue();
    });
    let loads = 0;
    tab.on('load', () => {
      loads += 1;
    });
    await tab.goto(`${stack.siteUrl}${ARTICLE}`);
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => errors.messages.some((m) => m.includes('not reloading again within 60 s'))).toBe(true);
    await tab.waitForTimeout(1500);
    expect(loads).toBe(2);
    const stamp = Number(await tab.evaluate((key) => sessionStorage.getItem(key), CHUNK_RELOAD_STORAGE_KEY));
    expect(Date.now() - stamp).toBeLessThan(60_000);

    // 60 s later (the guard's stamp moved back), a failure may reload again.
    await tab.evaluate((key) => sessionStorage.setItem(key, String(Date.now() - 60_001)), CHUNK_RELOAD_STORAGE_KEY);
    await tab.reload();
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(4);
    await context.close();
  });
});

describe('chunk-load failure while offline', () => {
  it('does not reload into the offline error page; the islands load once the reader is back online', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const entry = await (await fetch(`${stack.siteUrl}${ARTICLE}`)).text().then((html) => /<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? '');
    const entryCode = await (await fetch(new URL(entry, stack.siteUrl))).text();
    const lazyChunks = new Set([...entryCode.matchAll(/import\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g)].map((match) => match[1]));
    // The reader's connection drops just after the page loaded, while its island chunks are in
    // flight: they fail as a lost network fails them.
    let offline = true;
    let wentOffline: () => void = () => {};
    const offlineNow = new Promise<void>((resolve) => {
      wentOffline = resolve;
    });
    await tab.route('**/assets/*.js', async (route) => {
      const file = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      if (!lazyChunks.has(file) || !offline) return await route.continue();
      await offlineNow;
      return await route.abort('internetdisconnected');
    });
    let loads = 0;
    tab.on('load', () => {
      loads += 1;
    });
    await tab.goto(`${stack.siteUrl}${ARTICLE}`, { waitUntil: 'domcontentloaded' });
    await context.setOffline(true);
    wentOffline();
    await tab.waitForTimeout(2_000);
    expect(loads).toBeLessThanOrEqual(1);
    // Still the article, not the browser's offline page.
    await expect.poll(() => tab.locator('h1.headline').count()).toBe(1);
    await expect.poll(() => tab.evaluate(() => navigator.onLine)).toBe(false);
    await expect.poll(() => tab.evaluate(() => document.querySelectorAll('[data-hydrated="true"]').length)).toBe(0);

    offline = false;
    await context.setOffline(false);
    await expect.poll(() => tab.evaluate(() => document.querySelectorAll('[data-hydrated="true"]').length), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => tab.locator('h1.headline').count()).toBe(1);
    await context.close();
  });
});

describe('images that fail to load (spec 1 §4)', () => {
  it('falls back to the default image on cards and hides other images', async () => {
    const context = await browser.newContext();
    const tab = await openHydrated(context, ARTICLE);
    await tab.evaluate((fallback) => {
      const card = document.createElement('img');
      card.id = 'card-image';
      card.alt = '';
      card.setAttribute('data-fallback-src', fallback);
      card.src = '/no-such-image/card.jpg';
      const plain = document.createElement('img');
      plain.id = 'plain-image';
      plain.alt = '';
      plain.src = '/no-such-image/plain.jpg';
      document.querySelector('main')?.append(card, plain);
    }, DEFAULT_CARD_IMAGE);
    const card = tab.locator('#card-image');
    await expect.poll(() => card.getAttribute('src')).toBe(DEFAULT_CARD_IMAGE);
    await expect.poll(() => card.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => card.isVisible()).toBe(true);
    await expect.poll(() => tab.locator('#plain-image').getAttribute('hidden')).toBe('');
    await expect.poll(() => tab.locator('#plain-image').isVisible()).toBe(false);
    await context.close();
  });
});

type Harness = {
  platformUnderTest: { createExpiringStorage: typeof createExpiringStorage; jsonp: typeof jsonp };
};

describe('local storage with expiry (spec 2 §3, §4, §5, §8)', () => {
  it('expires entries, removes them on read, and refuses to update a missing one', async () => {
    const context = await browser.newContext();
    const tab = await openHydrated(context, ARTICLE);
    const logs: string[] = [];
    tab.on('console', (message) => logs.push(message.text()));
    await tab.addScriptTag({ content: harness });
    const result = await tab.evaluate(async () => {
      const store = (window as unknown as Harness).platformUnderTest.createExpiringStorage();
      const available = store.isAvailable();
      const probeLeft = localStorage.length;
      store.set('carousel-hidden', 'off', 300);
      store.set('kept', { n: 1 });
      const before = store.get('carousel-hidden');
      await new Promise((resolve) => setTimeout(resolve, 400));
      const after = store.get('carousel-hidden');
      const raw = localStorage.getItem('carousel-hidden');
      const updatedMissing = store.update('carousel-hidden', 'on');
      const updatedKept = store.update('kept', { n: 2 });
      return { available, probeLeft, before, after, raw, updatedMissing, updatedKept, kept: store.get('kept') };
    });
    expect(result).toEqual({ available: true, probeLeft: 0, before: 'off', raw: null, updatedMissing: false, updatedKept: true, kept: { n: 2 } });
    expect(logs).toContain(ITEM_NOT_FOUND_MESSAGE);
    await context.close();
  });

  it('logs a warning and returns false when the browser refuses storage', async () => {
    const context = await browser.newContext();
    // As with cookies blocked: reading window.localStorage throws a SecurityError.
    await context.addInitScript({ content: "Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });" });
    const tab = await openHydrated(context, ARTICLE);
    const warnings: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await tab.addScriptTag({ content: harness });
    const result = await tab.evaluate(() => {
      const store = (window as unknown as Harness).platformUnderTest.createExpiringStorage();
      return { available: store.isAvailable(), set: store.set('k', 1), update: store.update('k', 2), get: store.get('k') ?? 'missing' };
    });
    expect(result).toEqual({ available: false, set: false, update: false, get: 'missing' });
    expect(warnings).toContain(STORAGE_UNAVAILABLE_MESSAGE);
    await context.close();
  });
});

describe('JSONP helper (spec 2 §7, §8, §9)', () => {
  it('calls the feed by script tag with the callback, prefix, ordered query and cb, then cleans up', async () => {
    const context = await browser.newContext();
    const tab = await openHydrated(context, ARTICLE);
    await tab.addScriptTag({ content: harness });
    feedRequests.length = 0;
    const result = await tab.evaluate(async (origin) => {
      const { jsonp } = (window as unknown as Harness).platformUnderTest;
      const data = await jsonp(`${origin}/feed`, { prefix: 'schedule', query: { zeta: 1, alpha: 'x' }, sortQuery: true, cacheBuster: true });
      const leftoverScripts = [...document.scripts].filter((script) => script.src.startsWith(origin)).length;
      const leftoverGlobals = Object.keys(window).filter((key) => key.startsWith('schedule_'));
      return { data, leftoverScripts, leftoverGlobals };
    }, feedOrigin);
    expect(result.leftoverScripts).toBe(0);
    expect(result.leftoverGlobals).toEqual([]);
    const request = feedRequests[0];
    expect([...(request?.searchParams.keys() ?? [])]).toEqual(['alpha', 'zeta', 'cb', 'callback']);
    expect(request?.searchParams.get('callback')).toMatch(/^schedule_/);
    expect(Number(request?.searchParams.get('cb'))).toBe(Math.floor(Date.now() / 1_200_000));
    expect(result.data).toMatchObject({ headline: 'From the feed' });
    await context.close();
  });

  it("rejects with 'Timeout' when the feed never answers, and removes the script and the global", async () => {
    const context = await browser.newContext();
    const tab = await openHydrated(context, ARTICLE);
    await tab.addScriptTag({ content: harness });
    const result = await tab.evaluate(async (origin) => {
      const { jsonp } = (window as unknown as Harness).platformUnderTest;
      const message = await jsonp(`${origin}/hold`, { timeoutMs: 500 }).then(
        () => 'resolved',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      return {
        message,
        leftoverScripts: [...document.scripts].filter((script) => script.src.startsWith(origin)).length,
        leftoverGlobals: Object.keys(window).filter((key) => key.startsWith('jsonp_')),
      };
    }, feedOrigin);
    expect(result).toEqual({ message: 'Timeout', leftoverScripts: 0, leftoverGlobals: [] });
    await context.close();
  });
});
