/**
 * Builds the stored search results page at /search-results/search on every site (spec 2 §2; spec
 * 1 §2.3). It reads nothing but the shell (menus, legal links), so a menu change re-renders it and
 * nothing else does. noindex: internal search results are not pages for crawlers (robots.txt
 * disallows /search-results/ too, render-workers/crawlers/robots.ts).
 */
import { createElement } from 'react';
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import { cacheControlFor } from '../../core/storage/cache-policy.js';
import { pageKey } from '../../core/storage/keys.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { SEARCH_PAGE_HEADING, SearchResultsPage } from './search-results-page.js';
import { HTML_CONTENT_TYPE } from '../publish.js';
import { renderDocument } from '../shared/render-html.js';

export function isSearchPagePath(path: string): boolean {
  return path === SEARCH_RESULTS_PATH;
}

export async function buildSearchPage(ctx: PageBuildContext): Promise<BuiltPage> {
  const { site } = ctx;
  const shell = await loadShell(ctx.client, ctx.shellContext);
  const head = buildHead({
    site,
    title: 'Search Results',
    description: `Search ${site.name} for news, videos and more.`,
    canonicalUrl: canonicalFor(ctx.publicOrigin, SEARCH_RESULTS_PATH),
    noIndex: true,
  });
  const html = renderDocument(createElement(SearchResultsPage, { model: { head, shell, view: {} } }));
  return {
    kind: 'search',
    objects: [{ key: pageKey(site.id, SEARCH_RESULTS_PATH, 'standard'), body: html, contentType: HTML_CONTENT_TYPE, cacheControl: cacheControlFor('html') }],
  };
}

export { SEARCH_PAGE_HEADING };
