/**
 * Site search rules shared by the edge router's /api/search and the browser's search island
 * (spec 2 §3 "Search result", "Search state"; §4 "'Load more' is hidden when 10 pages are reached
 * or all results are shown"; §7 "Search endpoint"; §9 "page size 10, up to 10 pages;
 * numPages = ceil(found/10); start offset = 10*page+1"). Pure and isomorphic: no Node APIs.
 *
 * Pages are 0-based here (the browser's first page is page 0), so page p asks upstream for
 * start = 10*p+1 (upstream's `start` is 1-based) and the last page allowed is 9.
 */

/** Spec 2 §9: page size 10. */
export const SEARCH_PAGE_SIZE = 10;
/** Spec 2 §9: up to 10 pages. */
export const SEARCH_MAX_PAGES = 10;
/** Longest search text accepted (the spec shows no limit; a reader's query is far shorter). */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/**
 * Sort orders the edge accepts and forwards (spec 2 §7 names `sort` without values; these are the
 * two the contract fixes, docs/upstream-contract.md §5.7). Absent = upstream's default (relevance).
 */
export const SEARCH_SORTS = ['latest', 'relevance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Result types the edge accepts as a `type` filter (the site's content types, spec 1 §2.6, spec 2 §3). */
export const SEARCH_TYPES = ['article', 'video', 'slideshow', 'interactive'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** One result as the browser receives it (spec 2 §3 Search result: attributes, type, taxonomy). */
export interface SearchResultItem {
  type: string;
  title: string;
  description?: string;
  canonical_url: string;
  publication_date: string;
  section?: string;
  thumbnail?: string;
  taxonomy: { path: string; url: string }[];
}

/** The search state the island renders (spec 2 §3 Search state; `page` is 0-based). */
export interface SearchState {
  query: string;
  numFound: number;
  numPages: number;
  page: number;
  results: SearchResultItem[];
  hideLoadMore: boolean;
}

/** Upstream's 1-based start offset of a 0-based page: 10*page+1 (spec 2 §9). */
export function searchStart(page: number): number {
  return SEARCH_PAGE_SIZE * page + 1;
}

/** ceil(found/10), at most 10 (spec 2 §9); 0 when nothing was found. */
export function searchNumPages(numFound: number): number {
  if (!Number.isFinite(numFound) || numFound <= 0) return 0;
  return Math.min(Math.ceil(numFound / SEARCH_PAGE_SIZE), SEARCH_MAX_PAGES);
}

/** 'Load more' is hidden when the next page would be past the last one (10 pages, or all shown; spec 2 §4). */
export function hideLoadMore(page: number, numPages: number): boolean {
  return page + 1 >= numPages;
}

/** The state for one answered page. */
export function searchState(query: string, page: number, numFound: number, results: SearchResultItem[]): SearchState {
  const numPages = searchNumPages(numFound);
  return { query, numFound, numPages, page, results, hideLoadMore: hideLoadMore(page, numPages) };
}

/**
 * A search date filter (`min_date`, `max_date`) as upstream's YYYYMMDD, from either "YYYYMMDD" or
 * an ISO date "YYYY-MM-DD"; undefined when it is neither or is not a real calendar day
 * (2023-02-29 is refused).
 */
export function normaliseSearchDate(value: string): string | undefined {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  if (match === null) return undefined;
  const [, y, m, d] = match;
  if (y === undefined || m === undefined || d === undefined) return undefined;
  // "2023-0228" mixes the two forms: only all dashes or none.
  if (value.length !== 8 && value.length !== 10) return undefined;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${y}${m}${d}`;
}
