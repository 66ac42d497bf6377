/**
 * The search results page through the whole pipeline, in Chromium (spec 2 §2 "/search-results/search,
 * query in the fragment as q"; §4 fetching flag, 'Load more' hidden when all results are shown;
 * spec 1 §2.3 the header search box lands there): the page rendered by the render worker on both
 * sites, stored, served by the edge router, hydrated, asking the edge's /api/search, which asks the
 * sample upstream. Failure and slow answers come from the sample upstream's fault switch.
 *
 * The 10-page cap is covered by the island's unit tests with core's paging rules and, on the
 * sample (whose "the" matches more than 100 stories), by tests/integration/sample-rules.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import { pageKey } from '../../core/storage/keys.js';
import { SEARCH_TEXTS, SEARCH_TEXTS_BY_SITE } from '../../interactive-bundle/islands/search-results.island.js';
import { launchBrowser, watchPageErrors } from '../support/browser.js';
import { startOwnEdge, type OwnEdge } from '../support/own-edge.js';

/** The shared published site through an edge of this file's own, whose sample upstream the faults go to. */
let stack: OwnEdge;
let browser: Browser;

beforeAll(async () => {
  stack = await startOwnEdge();
  // Only this page is under test here; other pages' failures are other tests' business.
  expect(stack.published.failed.filter((failure) => failure.path.endsWith(SEARCH_RESULTS_PATH))).toEqual([]);
  browser = await launchBrowser();
});

afterEach(async () => {
  await fetch(`${stack.upstreamUrl}/__sample/faults`, { method: 'DELETE' });
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function addFault(fault: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${stack.upstreamUrl}/__sample/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(response.ok).toBe(true);
}

/** A tab; the site has no /favicon.ico yet, and Chromium's own request for it is not the page's doing. */
async function newTab(): Promise<Page> {
  const tab = await browser.newPage();
  await tab.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  return tab;
}

async function openSearch(hash: string): Promise<{ tab: Page; errors: () => string[] }> {
  const tab = await newTab();
  const watched = watchPageErrors(tab);
  const errors = () => watched.messages;
  await tab.goto(`${stack.siteUrl}${SEARCH_RESULTS_PATH}${hash}`);
  await tab.waitForSelector('[data-island="SearchResults"][data-hydrated="true"]');
  return { tab, errors };
}

const RESULTS = '.search-results__list > li';


describe('the stored search page', () => {
  it('is published on both sites, noindex, with the island server-rendered', async () => {
    for (const site of ['news', 'es'] as const) {
      const stored = await stack.store.get(pageKey(site, SEARCH_RESULTS_PATH, 'standard'));
      expect(stored, site).not.toBeNull();
      const html = stored?.body.toString('utf8') ?? '';
      expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(html).toContain('data-island="SearchResults"');
      expect(html).toContain(SEARCH_TEXTS_BY_SITE[site].prompt);
    }
    const served = await fetch(`${stack.siteUrl}${SEARCH_RESULTS_PATH}`);
    expect(served.status).toBe(200);
  });
});

describe('search results in Chromium', () => {
  it('reads in Spanish on the Spanish edition: the form, the count and the time labels', async () => {
    const tab = await newTab();
    const watched = watchPageErrors(tab);
    const es = `http://es.localhost:${new URL(stack.siteUrl).port}`;
    // The sample upstream matches the English words of its articles and answers the edition in Spanish.
    await tab.goto(`${es}${SEARCH_RESULTS_PATH}#q=broadband`);
    await tab.waitForSelector('[data-island="SearchResults"][data-hydrated="true"]');
    await expect.poll(() => tab.locator('h1').textContent()).toBe('Resultados de búsqueda');
    await expect.poll(() => tab.getByRole('searchbox', { name: 'Buscar en Fox News en Español' }).inputValue()).toBe('broadband');
    await expect.poll(() => tab.getByRole('button', { name: 'Buscar', exact: true }).count()).toBeGreaterThan(0);
    await tab.locator(RESULTS).first().waitFor();
    const found = await tab.locator(RESULTS).count();
    await expect.poll(() => tab.locator('.search-results__count').textContent()).toMatch(new RegExp(`^Mostrando ${found} de \\d+ resultados? para “broadband”$`));
    // Relative labels ("hace 3 horas") or dates in Spanish, never English ones.
    const labels = await tab.locator(`${RESULTS} time`).allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).not.toMatch(/\b(ago|hours?|minutes?|January|February|March|April|May|June|July|August|September|October|November|December)\b/);
    expect(watched.messages).toEqual([]);
    await tab.close();
  });

  it('the header search box lands on the page and shows results with their parts', async () => {
    const tab = await newTab();
    const watched = watchPageErrors(tab);
    const errors = () => watched.messages;
    await tab.goto(`${stack.siteUrl}/politics`);
    const header = tab.locator('[data-island="HeaderSearch"][data-hydrated="true"]');
    await header.waitFor();
    await header.getByRole('button', { name: 'Search' }).click();
    await header.locator('input[name="q"]').fill('rural broadband');
    await header.locator('input[name="q"]').press('Enter');
    await tab.waitForURL((url) => url.pathname === SEARCH_RESULTS_PATH);
    await expect.poll(() => new URL(tab.url()).hash).toBe('#q=rural%20broadband');

    await tab.waitForSelector('[data-island="SearchResults"][data-hydrated="true"]');
    await tab.locator(RESULTS).first().waitFor();
    await expect.poll(() => tab.locator(RESULTS).count()).toBe(1);
    const result = tab.locator(RESULTS).first();
    const title = result.getByRole('link', { name: 'Senate panel advances rural broadband bill after late-night markup' });
    expect(new URL((await title.getAttribute('href')) ?? '', stack.siteUrl).pathname).toMatch(/^\/politics\//);
    expect((await result.locator('.search-result__description').textContent())?.length).toBeGreaterThan(10);
    await expect.poll(() => result.locator('.search-result__section').textContent()).toBe('Politics');
    await expect.poll(() => result.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await result.locator('time').textContent())?.trim()).not.toBe('');
    const image = result.locator('img');
    await expect.poll(() => image.getAttribute('data-fallback-src')).toMatch(/^data:image\/svg\+xml,/);
    await expect.poll(() => tab.locator('.search-results__count').textContent()).toBe(SEARCH_TEXTS.count(1, 1, 'rural broadband'));
    await expect.poll(() => tab.locator('.search-results__more').count()).toBe(0);
    await expect.poll(() => tab.getByRole('searchbox', { name: 'Search Fox News' }).last().inputValue()).toBe('rural broadband');
    expect(errors()).toEqual([]);
    await tab.close();
  });

  it("loads more with page+1 until all are shown, then hides 'Load more'", async () => {
    const probe = (await (await fetch(`${stack.siteUrl}/api/search?q=for`)).json()) as { numFound: number };
    // The sample data has between 11 and 20 matches for "for": two pages ("in" has more since the sample gained the state briefs).
    expect(probe.numFound).toBeGreaterThan(10);
    expect(probe.numFound).toBeLessThanOrEqual(20);
    const { tab, errors } = await openSearch('#q=for');
    await expect.poll(() => tab.locator(RESULTS).count()).toBe(10);
    const pages: string[] = [];
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search') pages.push(new URL(request.url()).searchParams.get('page') ?? '');
    });
    await tab.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => tab.locator(RESULTS).count()).toBe(probe.numFound);
    expect(pages).toEqual(['1']);
    await expect.poll(() => tab.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await expect.poll(() => tab.locator('.search-results__count').textContent()).toBe(SEARCH_TEXTS.count(probe.numFound, probe.numFound, 'for'));
    expect(errors()).toEqual([]);
    await tab.close();
  });

  it('shows the fetching state while the answer is on its way', async () => {
    // 3 s: long enough to read the fetching state on a busy machine, well inside the 5 s upstream timeout.
    await addFault({ path: '/api/search', query: { q: 'drought' }, mode: 'delay', delayMs: 3000, times: 1 });
    const { tab, errors } = await openSearch('#q=drought');
    const status = tab.locator('.search-results__fetching');
    await status.waitFor();
    await expect.poll(() => status.textContent()).toBe(SEARCH_TEXTS.fetching);
    await expect.poll(() => tab.locator('.search-results').getAttribute('aria-busy')).toBe('true');
    await tab.locator(RESULTS).first().waitFor();
    await expect.poll(() => status.count()).toBe(0);
    await expect.poll(() => tab.locator('.search-results').getAttribute('aria-busy')).toBeNull();
    expect(errors()).toEqual([]);
    await tab.close();
  });

  it('shows the empty state when nothing matches', async () => {
    const { tab, errors } = await openSearch('#q=zzqxv%20nothing');
    await tab.locator('.search-results__empty').waitFor();
    await expect.poll(() => tab.locator('.search-results__empty').textContent()).toBe(SEARCH_TEXTS.noResults('zzqxv nothing'));
    await expect.poll(() => tab.locator(RESULTS).count()).toBe(0);
    await expect.poll(() => tab.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(errors()).toEqual([]);
    await tab.close();
  });

  it('shows an error with a retry that works once search is back', async () => {
    await addFault({ path: '/api/search', query: { q: 'glacier' }, mode: 'status', status: 500, times: 1 });
    const { tab, errors } = await openSearch('#q=glacier');
    const alert = tab.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.locator('p').textContent()).toBe(SEARCH_TEXTS.error);
    await expect.poll(() => tab.locator(RESULTS).count()).toBe(0);
    await alert.getByRole('button', { name: SEARCH_TEXTS.retry }).click();
    await tab.locator(RESULTS).first().waitFor();
    await expect.poll(() => tab.getByRole('alert').count()).toBe(0);
    await expect.poll(() => tab.locator(RESULTS).first().textContent()).toMatch(/glacier/i);
    // The 502 is a failed resource load, which Chromium reports as a console error; only that.
    expect(errors().every((message) => message.includes('502'))).toBe(true);
    await tab.close();
  });

  it('follows a new query in the hash without reloading the page', async () => {
    const { tab, errors } = await openSearch('#q=glacier');
    await tab.locator(RESULTS).first().waitFor();
    await tab.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    const header = tab.locator('[data-island="HeaderSearch"]');
    await header.getByRole('button', { name: 'Search' }).click();
    await header.locator('input[name="q"]').fill('rural broadband');
    await header.locator('input[name="q"]').press('Enter');
    await expect.poll(() => tab.locator(`${RESULTS} h2`).first().textContent()).toBe('Senate panel advances rural broadband bill after late-night markup');
    await expect.poll(() => tab.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    // Clearing the hash goes back to the prompt.
    await tab.evaluate(() => {
      window.location.hash = '';
    });
    await tab.locator('.search-results__prompt').waitFor();
    await expect.poll(() => tab.locator(RESULTS).count()).toBe(0);
    expect(errors()).toEqual([]);
    await tab.close();
  });
});
