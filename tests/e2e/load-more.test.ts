/**
 * End to end in a real Chromium: the built bundle hydrates a server-rendered LoadMore island (spec 1
 * §4 "Article list load-more: fetches 10 plus one to learn whether more exist; the first time uses
 * preloaded extra items", §9 "Load-more page size 10 (fetch 11)"). The bundle is built into a temp
 * dir and served, with the page and a stand-in /api/article-search, from a throwaway HTTP server.
 */
import type { Browser, Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Island } from '../../interactive-bundle/island.js';
import type { LoadMoreItem, LoadMoreProps } from '../../interactive-bundle/islands/load-more.island.js';
import type { Manifest } from '../../interactive-bundle/manifest.js';
import { launchBrowser, watchPageErrors, type PageErrors } from '../support/browser.js';
import { bundlePage, startBundleServer, type BundleServer } from '../support/bundle-server.js';

/** The category whose endpoint answers 500, for the error state. */
const FAILING_CATEGORY = 'broken';
/** The category whose endpoint answers only when the test releases it, for the fetching state. */
const HELD_CATEGORY = 'held';

let served: BundleServer;
let manifest: Manifest;
let origin: string;
let browser: Browser;
/** Query strings /api/article-search received, in order. */
let apiQueries: URLSearchParams[] = [];
/** Answers held back for HELD_CATEGORY; calling one sends it. */
const held: (() => void)[] = [];

function item(n: number): LoadMoreItem {
  return { title: `Story ${n}`, url: `/politics/story-${n}`, description: `Dek ${n}` };
}

/** Items from..from+count-1 of the stand-in search. */
function items(from: number, count: number): LoadMoreItem[] {
  return Array.from({ length: count }, (_, i) => item(from + i));
}

function loadMoreProps(category: string): LoadMoreProps {
  return {
    category,
    from: 11,
    pageSize: 10,
    // A hostile title must reach the reader as text, never as markup.
    preloaded: [{ ...item(11), title: '<img src=x onerror=alert(1)>Story 11' }],
    hasMore: true,
    endpoint: '/api/article-search',
  };
}

function page(title: string, body: string): string {
  return bundlePage(manifest, title, `<main>${body}</main>`);
}

function front(category: string): string {
  const island = renderToString(createElement(Island<'LoadMore'>, { name: 'LoadMore', props: loadMoreProps(category) }));
  return page('Front', `<section class="article-list"><ul class="items"><li>Story 1</li></ul>${island}</section>`);
}

/** 11 items for from=11, 3 for from=21, as a search past the end would. */
function searchAnswer(query: URLSearchParams): { status: number; body: string } {
  if (query.get('category') === FAILING_CATEGORY) return { status: 500, body: '{"error":"upstream"}' };
  const from = Number(query.get('from'));
  const count = from === 11 ? 11 : from === 21 ? 3 : 0;
  // Every category gets the same stand-in results; only the two special ones behave differently.
  return { status: 200, body: JSON.stringify({ items: items(from, count) }) };
}

beforeAll(async () => {
  served = await startBundleServer({
    pages: (built) => {
      manifest = built;
      return { '/': front('politics'), '/failing': front(FAILING_CATEGORY), '/held': front(HELD_CATEGORY) };
    },
    api: (url, response) => {
      if (url.pathname !== '/api/article-search') return false;
      apiQueries.push(url.searchParams);
      const { status, body } = searchAnswer(url.searchParams);
      const answer = () => response.writeHead(status, { 'content-type': 'application/json' }).end(body);
      if (url.searchParams.get('category') === HELD_CATEGORY) held.push(answer);
      else answer();
      return true;
    },
  });
  origin = served.origin;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

async function openHydrated(path: string): Promise<{ tab: Page; errors: PageErrors }> {
  apiQueries = [];
  const tab = await browser.newPage();
  const errors = watchPageErrors(tab);
  await tab.goto(`${origin}${path}`);
  await tab.waitForSelector('[data-island="LoadMore"][data-hydrated="true"]');
  return { tab, errors };
}

const LIST_ITEMS = '.load-more-items > li';

describe('LoadMore island in Chromium (spec 1 §4, §9)', () => {
  it('shows the preloaded item first, then pages of 10 fetched as 11, and hides the button at the end', async () => {
    const { tab, errors } = await openHydrated('/');
    const button = tab.getByRole('button', { name: 'Load More' });
    await expect.poll(() => tab.locator(LIST_ITEMS).count()).toBe(0);

    // First click: the preloaded extra item, without a request.
    await button.click();
    await tab.waitForSelector(`${LIST_ITEMS} >> nth=0`);
    await expect.poll(() => tab.locator(`${LIST_ITEMS} a:not([aria-hidden])`).first().textContent()).toBe('<img src=x onerror=alert(1)>Story 11');
    await expect.poll(() => tab.locator(`${LIST_ITEMS} img`).count()).toBe(0);
    await expect.poll(() => tab.locator(`${LIST_ITEMS} .dek`).first().textContent()).toBe('Dek 11');
    expect(apiQueries).toHaveLength(0);

    // Second click: size 11 from 11; 10 shown, the 11th only says more exist.
    await button.click();
    await expect.poll(() => tab.locator(LIST_ITEMS).count()).toBe(11);
    expect(apiQueries.map((query) => Object.fromEntries(query))).toEqual([{ size: '11', from: '11', category: 'politics' }]);
    await expect.poll(() => tab.locator(`${LIST_ITEMS} a`).last().textContent()).toBe('Story 20');
    await expect.poll(() => tab.locator(`${LIST_ITEMS} a`).last().getAttribute('href')).toBe('/politics/story-20');
    await expect.poll(() => button.isEnabled()).toBe(true);

    // Third click: from 21 gives 3, fewer than 11, so the button goes.
    await button.click();
    await expect.poll(() => tab.locator(LIST_ITEMS).count()).toBe(14);
    expect(Object.fromEntries(apiQueries[1] ?? [])).toEqual({ size: '11', from: '21', category: 'politics' });
    await expect.poll(() => tab.locator(`${LIST_ITEMS} a`).last().textContent()).toBe('Story 23');
    await expect.poll(() => button.count()).toBe(0);
    expect(apiQueries).toHaveLength(2);
    expect(errors.messages).toEqual([]);
    await tab.close();
  });

  it('shows "Could not load more stories. Try again." when the endpoint fails, and keeps the button', async () => {
    const { tab, errors } = await openHydrated('/failing');
    const button = tab.getByRole('button', { name: 'Load More' });
    await button.click();
    await tab.waitForSelector(`${LIST_ITEMS} >> nth=0`);

    // The 500 is a failed resource load, which Chromium reports as a console error; only those are allowed.
    await button.click();
    await tab.getByRole('alert').waitFor();
    await expect.poll(() => tab.getByRole('alert').textContent()).toBe('Could not load more stories. Try again.');
    await expect.poll(() => button.isEnabled()).toBe(true);
    await expect.poll(() => button.getAttribute('aria-busy')).toBeNull();
    await expect.poll(() => tab.locator(LIST_ITEMS).count()).toBe(1);
    expect(apiQueries.map((query) => Object.fromEntries(query))).toEqual([{ size: '11', from: '11', category: FAILING_CATEGORY }]);

    // A retry asks again from the same place.
    await button.click();
    await expect.poll(() => apiQueries.length).toBe(2);
    expect(apiQueries[1]?.get('from')).toBe('11');
    expect(errors.messages.every((message) => message.includes('500'))).toBe(true);
    await tab.close();
  });

  it('disables the button and marks the list busy while a page is being fetched', async () => {
    const { tab, errors } = await openHydrated('/held');
    const button = tab.getByRole('button', { name: 'Load More' });
    await button.click();
    await tab.waitForSelector(`${LIST_ITEMS} >> nth=0`);

    await button.click();
    await expect.poll(() => held.length).toBe(1);
    await expect.poll(() => button.isDisabled()).toBe(true);
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => tab.locator('.load-more-items').getAttribute('aria-busy')).toBe('true');

    held.shift()?.();
    await expect.poll(() => tab.locator(LIST_ITEMS).count()).toBe(11);
    await expect.poll(() => button.isEnabled()).toBe(true);
    await expect.poll(() => button.getAttribute('aria-busy')).toBeNull();
    await expect.poll(() => tab.locator('.load-more-items').getAttribute('aria-busy')).toBeNull();
    expect(apiQueries).toHaveLength(1);
    expect(errors.messages).toEqual([]);
    await tab.close();
  });
});
