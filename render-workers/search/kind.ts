/** The search results page (build-search-page.ts). */
import { pageKind } from '../page-kind.js';
import { buildSearchPage, isSearchPagePath } from './build-search-page.js';

export const searchKind = pageKind({
  id: 'search',
  claims: isSearchPagePath,
  build: buildSearchPage,
});
