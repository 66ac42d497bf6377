/**
 * Accessibility in a real browser (axe-core must find no serious or critical
 * violation on a standard article, a front and the search page). axe-core (the standard engine) is injected into Chromium on pages
 * published from the sample upstream and served by the edge router, after the islands hydrated,
 * so the checked DOM is what a reader's assistive technology meets. The search page is checked
 * with results shown, and the header search opened, so the interactive states are covered too.
 */
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import { launchBrowser } from '../support/browser.js';
import { openSharedSite, type SharedSite } from '../support/shared-stack.js';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** Impacts that fail the test. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

let stack: SharedSite;
let browser: Browser;

beforeAll(async () => {
  stack = await openSharedSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** Runs axe on the page; the serious and critical violations, one line per element. */
async function seriousViolations(tab: Page): Promise<string[]> {
  await tab.addScriptTag({ path: AXE_PATH });
  const violations = await tab.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary: failureSummary ?? '' })) }));
  });
  return violations
    .filter((violation) => violation.impact !== null && FAILING_IMPACTS.has(violation.impact))
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')} ${node.html.slice(0, 160)} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`));
}

async function openHydrated(path: string): Promise<Page> {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await tab.goto(`${stack.siteUrl}${path}`);
  await tab.waitForSelector('[data-island="HeaderSearch"][data-hydrated="true"]');
  return tab;
}

describe('no serious or critical axe violations', () => {
  it('on a standard article', async () => {
    const tab = await openHydrated('/politics/senate-panel-advances-rural-broadband-bill');
    await expect.poll(() => seriousViolations(tab), { timeout: 30_000, interval: 1_000 }).toEqual([]);
    await tab.close();
  });

  it('on a front', async () => {
    const tab = await openHydrated('/politics');
    await expect.poll(() => seriousViolations(tab), { timeout: 30_000, interval: 1_000 }).toEqual([]);
    await tab.close();
  });

  it('on the home page', async () => {
    const tab = await openHydrated('/');
    await expect.poll(() => seriousViolations(tab), { timeout: 30_000, interval: 1_000 }).toEqual([]);
    await tab.close();
  });

  it('on the search page with results, and with the header search open', async () => {
    const tab = await openHydrated(`${SEARCH_RESULTS_PATH}#q=in`);
    await tab.waitForSelector('[data-island="SearchResults"][data-hydrated="true"]');
    await tab.locator('.search-results__list > li').first().waitFor();
    await tab.locator('[data-island="HeaderSearch"]').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => seriousViolations(tab), { timeout: 30_000, interval: 1_000 }).toEqual([]);
    await tab.close();
  });

  it('on the search page in its empty state', async () => {
    const tab = await openHydrated(`${SEARCH_RESULTS_PATH}#q=zzqxv`);
    await tab.locator('.search-results__empty').waitFor();
    await expect.poll(() => seriousViolations(tab), { timeout: 30_000, interval: 1_000 }).toEqual([]);
    await tab.close();
  });
});
