/**
 * GET /api/search, site search (spec 2 §3-§9). The one owner of the endpoint's contract: its
 * path, its query, its answer (the search state of core/isomorphic/search.ts) and the browser's
 * check of the answer. The edge serves it (edge-router/plugins/live-search.ts); the SearchResults
 * island asks it. Isomorphic: no Node APIs, nothing secret.
 */
import { isRecord, optionalString } from '../guards.js';
import { safeImageUrl } from '../images.js';
import { searchState, type SearchResultItem, type SearchSort, type SearchState, type SearchType } from '../search.js';

export const SEARCH_PATH = '/api/search';

/** The query, as the edge reads it: `q`, `page`, `sort`, `section`, `type`, `min_date`, `max_date`. */
export interface SearchQuery {
  q: string;
  /** 0-based, 0..9. */
  page: number;
  sort?: SearchSort;
  section?: string;
  type?: SearchType;
  /** YYYYMMDD. */
  minDate?: string;
  maxDate?: string;
}

/** The 200 answer (also the stale one, marked `x-stale: 1`). */
export type SearchResponse = SearchState;

/** `/api/search?q=<URL-encoded>&page=<n>` (spec 2 §5 "Search text is URL-encoded"): the browser's request. */
export function searchUrl(query: string, page: number): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ q: query, page: String(page) }).toString()}`;
}

/** The browser's check of one result: null when it has no title or no acceptable URL. */
export function parseSearchResult(value: unknown): SearchResultItem | null {
  if (!isRecord(value)) return null;
  const title = optionalString(value, 'title');
  const url = safeImageUrl(optionalString(value, 'canonical_url'));
  if (title === undefined || url === null) return null;
  const description = optionalString(value, 'description');
  const section = optionalString(value, 'section');
  const thumbnail = safeImageUrl(optionalString(value, 'thumbnail'));
  const taxonomy = Array.isArray(value.taxonomy) ? value.taxonomy : [];
  return {
    type: optionalString(value, 'type') ?? 'article',
    title,
    ...(description === undefined ? {} : { description }),
    canonical_url: url,
    publication_date: optionalString(value, 'publication_date') ?? '',
    ...(section === undefined ? {} : { section }),
    ...(thumbnail === null ? {} : { thumbnail }),
    taxonomy: taxonomy.flatMap((tag) => {
      if (!isRecord(tag)) return [];
      const path = optionalString(tag, 'path');
      const tagUrl = safeImageUrl(optionalString(tag, 'url'));
      return path === undefined || tagUrl === null ? [] : [{ path, url: tagUrl }];
    }),
  };
}

/**
 * The browser's check of the answer, as the search state for the page that was asked; null when
 * it is not a search state. numPages and hideLoadMore are derived again from numFound and the
 * page, so a reader never pages past 10 pages whatever the answer says.
 */
export function parseSearchResponse(body: unknown, query: string, page: number): SearchState | null {
  if (!isRecord(body) || !Array.isArray(body.results)) return null;
  const { numFound } = body;
  if (typeof numFound !== 'number' || !Number.isInteger(numFound) || numFound < 0) return null;
  const results = body.results.map(parseSearchResult).filter((item): item is SearchResultItem => item !== null);
  return searchState(query, page, numFound, results);
}
