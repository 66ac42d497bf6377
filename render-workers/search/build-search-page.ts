/**
 * Builds the stored search results page at /search-results/search on every site (spec 2 §2; spec
 * 1 §2.3). It reads nothing but the shell (menus, legal links), so a menu change re-renders it and
 * nothing else does. noindex: internal search results are not pages for crawlers (robots.txt
 * disallows /search-results/ too, render-workers/crawlers/robots.ts).
 */
import { createElement } from 'react';
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { SEARCH_TEXTS_BY_SITE } from '../../interactive-bundle/islands/search-results.island.js';
import { SEARCH_PAGE_HEADING, SearchResultsPage } from './search-results-page.js';
import { renderDocument } from '../shared/render-html.js';
import { htmlObject } from '../page-objects.js';

export function isSearchPagePath(path: string): boolean {
  return path === SEARCH_RESULTS_PATH;
}

export async function buildSearchPage(ctx: PageBuildContext): Promise<BuiltPage<'search'>> {
  const { site } = ctx;
  const shell = await loadShell(ctx.client, ctx.shellContext);
  const head = buildHead({
    site,
    title: SEARCH_TEXTS_BY_SITE[site.id].pageTitle,
    description: SEARCH_TEXTS_BY_SITE[site.id].pageDescription(site.name),
    canonicalUrl: canonicalFor(ctx.publicOrigin, SEARCH_RESULTS_PATH),
    noIndex: true,
  });
  const html = renderDocument(createElement(SearchResultsPage, { model: { head, shell, view: {} } }));
  return {
    kind: 'search',
    objects: [htmlObject(site.id, SEARCH_RESULTS_PATH, html)],
  };
}

export { SEARCH_PAGE_HEADING };
