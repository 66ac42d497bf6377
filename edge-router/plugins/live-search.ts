/**
 * GET /api/search: site search for the search-results page's island (spec 2 §3 "Search result",
 * "Search state"; §4 load more; §7 "Search endpoint"; §9 "page size 10, up to 10 pages;
 * numPages = ceil(found/10); start offset = 10*page+1"; docs/architecture.md "Live endpoints").
 *
 *   ?q=broadband&page=0&sort=latest&section=politics&type=article&min_date=2025-01-01&max_date=20251231
 *     q         required; trimmed, 1..200 characters
 *     page      integer 0..9 (0-based; at most 10 pages), default 0
 *     sort      latest | relevance; omitted = upstream's default (relevance)
 *     section   section slug, /^[a-z0-9-]+(\/[a-z0-9-]+)*$/
 *     type      article | video | slideshow | interactive
 *     min_date, max_date   YYYYMMDD or YYYY-MM-DD, a real calendar day; min_date <= max_date
 *   Any other parameter is ignored and never forwarded upstream. A bad value, or a parameter given
 *   twice, answers 400 { error: { code: 'INVALID_QUERY', message } }.
 *
 *   Upstream: GET {search}/api/search?q&fields=web&sort&section&type&min_date&max_date&start
 *   (docs/upstream-contract.md §5.7) with start = 10*page+1 and dates as YYYYMMDD. Spec 2 §7's
 *   `cachebuster` is not sent: it kept browsers and CDNs from reusing an old answer of a direct
 *   browser call, and here the edge's own 30 s shared cache is the freshness rule; a changing
 *   parameter would only defeat that cache and upstream's.
 *
 *   200 { query, numFound, numPages, page, results: [{ type, title, description?, canonical_url,
 *       publication_date, section?, thumbnail?, taxonomy: [{ path, url }] }], hideLoadMore }
 *       with Cache-Control: public, max-age=30. numPages = ceil(numFound/10) capped at 10;
 *       hideLoadMore when page+1 >= numPages. Only these fields reach the browser, and only
 *       site-relative or http(s) URLs (a result whose canonical_url is not one is dropped, a bad
 *       thumbnail or taxonomy link is left out).
 *   The same 200 from the last good answer (at most 10 minutes old) when upstream fails, marked
 *       `x-stale: 1` and `Warning: 110 - "Response is Stale"`, not cached by browsers or CDNs.
 *   502 { error: { code: 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_BAD_RESPONSE', message } } when
 *       upstream fails with nothing cached.
 *
 * The contract (path, query, answer, the browser's check) is core/isomorphic/live/search.ts;
 * caching (keyed by edition and normalised query), coalescing, the stale answer and the error
 * bodies are live-endpoint.ts's. The upstream timeout is UPSTREAM_TIMEOUT_MS.
 */
import { z } from 'zod';
import { SEARCH_PATH, type SearchQuery, type SearchResponse } from '../../core/isomorphic/live/search.js';
import {
  SEARCH_MAX_PAGES,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SORTS,
  SEARCH_TYPES,
  normaliseSearchDate,
  searchStart,
  searchState,
  type SearchResultItem,
} from '../../core/isomorphic/search.js';
import type { SiteId } from '../../core/isomorphic/sites.js';
import { describeIssues } from '../../core/upstream/schemas.js';
import type { CallSpec } from '../../core/upstream/transport.js';
import type { LiveCacheSettings } from '../live-cache.js';
import { editionTransports, liveCache, registerCachedLiveRoute, safeLiveUrl, type LiveQueryResult, type LiveUpstreamOptions } from '../live-endpoint.js';
import { routePlugin } from './define-plugin.js';

export const SEARCH_CACHE: LiveCacheSettings = { freshMs: 30_000, staleMs: 10 * 60_000, maxEntries: 500 };
export const SEARCH_CACHE_CONTROL = 'public, max-age=30';
/** Spec 2 §7: the search endpoint is asked for the web fields. */
export const SEARCH_FIELDS = 'web';
const SECTION_MAX_LENGTH = 200;
const SECTION_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;
/** Upstream may send more; the page never shows more than a page (spec 2 §9: 10). */
const MAX_RESULTS = 10;

/** The plugin's options: the live endpoints' upstream options (live-endpoint.ts). */
export type LiveSearchOptions = LiveUpstreamOptions;

type QueryResult = LiveQueryResult<SearchQuery>;

function oneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** The whitelisted query from a raw query string ("?a=b" or ""); everything else is dropped. */
export function parseSearchQuery(search: string): QueryResult {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { ok: false, message: 'the query string cannot be read' };
  }
  const names = ['q', 'page', 'sort', 'section', 'type', 'min_date', 'max_date'] as const;
  const raw: Partial<Record<(typeof names)[number], string>> = {};
  for (const name of names) {
    const values = params.getAll(name);
    if (values.length > 1) return { ok: false, message: `${name} may be given once` };
    if (values[0] !== undefined) raw[name] = values[0];
  }

  const q = (raw.q ?? '').trim();
  if (q.length === 0 || q.length > SEARCH_QUERY_MAX_LENGTH) {
    return { ok: false, message: `q is required: search text of 1 to ${SEARCH_QUERY_MAX_LENGTH} characters` };
  }
  const query: SearchQuery = { q, page: 0 };

  if (raw.page !== undefined) {
    if (!/^\d{1,2}$/.test(raw.page) || Number(raw.page) > SEARCH_MAX_PAGES - 1) {
      return { ok: false, message: `page must be an integer from 0 to ${SEARCH_MAX_PAGES - 1}` };
    }
    query.page = Number(raw.page);
  }
  if (raw.sort !== undefined && raw.sort !== '') {
    if (!oneOf(SEARCH_SORTS, raw.sort)) return { ok: false, message: `sort must be one of ${SEARCH_SORTS.join(', ')}` };
    query.sort = raw.sort;
  }
  if (raw.section !== undefined && raw.section !== '') {
    if (raw.section.length > SECTION_MAX_LENGTH || !SECTION_PATTERN.test(raw.section)) {
      return { ok: false, message: 'section must be a section slug such as "politics" or "us/crime"' };
    }
    query.section = raw.section;
  }
  if (raw.type !== undefined && raw.type !== '') {
    if (!oneOf(SEARCH_TYPES, raw.type)) return { ok: false, message: `type must be one of ${SEARCH_TYPES.join(', ')}` };
    query.type = raw.type;
  }
  for (const [name, key] of [['min_date', 'minDate'], ['max_date', 'maxDate']] as const) {
    const value = raw[name];
    if (value === undefined || value === '') continue;
    const date = normaliseSearchDate(value);
    if (date === undefined) return { ok: false, message: `${name} must be a date written YYYYMMDD or YYYY-MM-DD` };
    query[key] = date;
  }
  if (query.minDate !== undefined && query.maxDate !== undefined && query.minDate > query.maxDate) {
    return { ok: false, message: 'min_date must not be after max_date' };
  }
  return { ok: true, query };
}

/** The cache key: one per distinct upstream call. */
export function searchKey(query: SearchQuery): string {
  return JSON.stringify([query.q, query.page, query.sort ?? '', query.section ?? '', query.type ?? '', query.minDate ?? '', query.maxDate ?? '']);
}

/** The upstream call of a query (docs/upstream-contract.md §5.7), in the contract's order. */
export function searchCall(query: SearchQuery): CallSpec {
  return {
    name: 'search',
    service: 'search',
    path: '/api/search',
    query: {
      q: query.q,
      fields: SEARCH_FIELDS,
      sort: query.sort,
      section: query.section,
      type: query.type,
      min_date: query.minDate,
      max_date: query.maxDate,
      start: searchStart(query.page),
    },
  };
}

// Upstream's answer: `{ numFound, data }` (spec 2 §7 "It reads numFound and data"). Items are
// read one by one so a malformed hit is skipped rather than failing the whole page.
const searchBodySchema = z.looseObject({
  numFound: z.number().int().min(0),
  data: z.array(z.unknown()),
});
const searchHitSchema = z.looseObject({
  type: z.string().default('article'),
  attributes: z.looseObject({
    title: z.string().min(1),
    description: z.string().optional(),
    canonical_url: z.string(),
    publication_date: z.string(),
    section: z.string().optional(),
    thumbnail: z.string().optional(),
  }),
  taxonomy: z.array(z.looseObject({ path: z.string(), url: z.string() })).default([]),
});

/** The browser's view of one hit; null when its own URL is unsafe. */
export function toSearchResult(hit: z.infer<typeof searchHitSchema>): SearchResultItem | null {
  const { attributes } = hit;
  const url = safeLiveUrl(attributes.canonical_url);
  if (url === undefined) return null;
  const thumbnail = safeLiveUrl(attributes.thumbnail);
  // Fields in the order the browser reads them; absent ones are left out, never null.
  const item: SearchResultItem = {
    type: hit.type,
    title: attributes.title,
    ...(attributes.description === undefined ? {} : { description: attributes.description }),
    canonical_url: url,
    publication_date: attributes.publication_date,
    ...(attributes.section === undefined ? {} : { section: attributes.section }),
    ...(thumbnail === undefined ? {} : { thumbnail }),
    taxonomy: hit.taxonomy.flatMap(({ path, url: tagUrl }) => {
      const safe = safeLiveUrl(tagUrl);
      return safe === undefined ? [] : [{ path, url: safe }];
    }),
  };
  return item;
}

interface SearchPage {
  numFound: number;
  results: SearchResultItem[];
}

export const liveSearchPlugin = routePlugin<LiveSearchOptions>('edge-live-search', (app, options) => {
  const { logger } = options;
  // One transport per edition, asking upstream for the edition's language (ADR 0019): the Spanish
  // edition's search results read in Spanish. Answers are cached per edition for the same reason.
  const transports = editionTransports(options);

  async function load(query: SearchQuery, site: SiteId): Promise<SearchPage> {
    const transport = transports[site];
    const spec = searchCall(query);
    const result = await transport.call(spec);
    // 404: nothing found (docs/upstream-contract.md §1, list calls).
    if (!result.found) return { numFound: 0, results: [] };
    const body = searchBodySchema.safeParse(result.body);
    if (!body.success) throw transport.badResponse(spec.name, result.url, body.error, '');
    const results: SearchResultItem[] = [];
    body.data.data.slice(0, MAX_RESULTS).forEach((raw, index) => {
      const hit = searchHitSchema.safeParse(raw);
      if (!hit.success) {
        logger.warn({ api: { name: spec.name, url: result.url }, issue: `data.${index}.${describeIssues(hit.error)}` }, 'search hit off contract; skipped');
        return;
      }
      const item = toSearchResult(hit.data);
      if (item !== null) results.push(item);
    });
    return { numFound: body.data.numFound, results };
  }

  registerCachedLiveRoute(app, {
    path: SEARCH_PATH,
    parseQuery: parseSearchQuery,
    cacheKey: (query, request) => `${request.site}:${searchKey(query)}`,
    load: (query, request) => load(query, request.site),
    body: (page, query): SearchResponse => searchState(query.q, query.page, page.numFound, page.results),
    cache: liveCache<SearchPage>(SEARCH_CACHE, options),
    cacheControl: SEARCH_CACHE_CONTROL,
    what: 'search',
    unavailableMessage: 'Search is unavailable right now; try again shortly',
  });
  return Promise.resolve();
});
