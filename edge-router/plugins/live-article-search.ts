/**
 * GET /api/article-search: the live list the browser's "load more" calls (spec 1 §9: load-more
 * fetches 11 items, `from` = items already shown; docs/architecture.md "Live endpoints").
 *
 *   ?category=politics&size=11&from=11
 *     category  section slug, /^[a-z0-9-]+(\/[a-z0-9-]+)*$/; omitted or empty = the whole site
 *     size      integer 1..11, default 11
 *     from      integer 0..1000, default 0
 *     contentTypes  JSON object naming content types to keep, e.g. {"slideshow":true} (spec 1 §7,
 *               spec 2 §7: the "Recommended" slideshows ask size 6, from 0, the category and
 *               contentTypes {slideshow:true}); keys from ARTICLE_CONTENT_TYPES, boolean values, at
 *               least one true; omitted = every type. Forwarded upstream as the same JSON, keys sorted.
 *   Any other parameter is ignored and never forwarded upstream. A bad value, or a parameter given
 *   twice, answers 400 { error: { code: 'INVALID_QUERY', message } }.
 *
 *   200 { items: [{ title, url, imageUrl?, description?, category?, publicationDate, authors }] }
 *       with Cache-Control: public, max-age=30. Only these fields reach the browser, and only
 *       site-relative or http(s) URLs (an item whose own url is not one is dropped).
 *   The same 200 from the last good answer (at most 10 minutes old) when upstream fails, marked
 *       `x-stale: 1` and `Warning: 110 - "Response is Stale"`, not cached by browsers or CDNs.
 *   502 { error: { code: 'UPSTREAM_UNAVAILABLE', message } } when upstream fails with nothing cached.
 *
 * The contract (path, query, answer, the browser's check) is core/isomorphic/live/article-search.ts;
 * caching (30 s, keyed by the normalised query), coalescing, the stale answer and the error bodies
 * are live-endpoint.ts's. The upstream timeout is the client's (UPSTREAM_TIMEOUT_MS,
 * core/config/upstream.ts).
 */
import { z } from 'zod';
import {
  ARTICLE_CONTENT_TYPES,
  ARTICLE_SEARCH_DEFAULT_SIZE,
  ARTICLE_SEARCH_MAX_FROM,
  ARTICLE_SEARCH_MAX_SIZE,
  ARTICLE_SEARCH_PATH,
  type ArticleContentType,
  type ArticleSearchQuery,
  type ArticleSearchResponse,
  type LiveArticleItem,
} from '../../core/isomorphic/live/article-search.js';
import { createUpstreamClient } from '../../core/upstream/client.js';
import type { ArticleSummary } from '../../core/upstream/schemas.js';
import type { LiveCacheSettings } from '../live-cache.js';
import { liveCache, registerCachedLiveRoute, safeLiveUrl, singleParam, type LiveQueryResult, type LiveUpstreamOptions } from '../live-endpoint.js';
import { routePlugin } from './define-plugin.js';

const CATEGORY_MAX_LENGTH = 200;
const CATEGORY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;
const CONTENT_TYPES_MAX_LENGTH = 200;
const CONTENT_TYPES_MESSAGE = `contentTypes must be a JSON object such as {"slideshow":true} naming at least one of ${ARTICLE_CONTENT_TYPES.join(', ')}`;

export const ARTICLE_SEARCH_CACHE: LiveCacheSettings = { freshMs: 30_000, staleMs: 10 * 60_000, maxEntries: 500 };
export const ARTICLE_SEARCH_CACHE_CONTROL = 'public, max-age=30';

/** The plugin's options: the live endpoints' upstream options (live-endpoint.ts). */
export type LiveArticleSearchOptions = LiveUpstreamOptions;

type QueryResult = LiveQueryResult<ArticleSearchQuery>;

function integer(value: string, min: number, max: number): number | undefined {
  if (!/^\d{1,5}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/** The whitelisted query from a raw query string ("?a=b" or ""); everything else is dropped. */
export function parseArticleSearchQuery(search: string): QueryResult {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { ok: false, message: 'the query string cannot be read' };
  }
  const category = singleParam(params, 'category');
  const size = singleParam(params, 'size');
  const from = singleParam(params, 'from');
  const contentTypes = singleParam(params, 'contentTypes');
  for (const [name, value] of [['category', category], ['size', size], ['from', from], ['contentTypes', contentTypes]] as const) {
    if (value === null) return { ok: false, message: `${name} may be given once` };
  }
  const query: ArticleSearchQuery = { size: ARTICLE_SEARCH_DEFAULT_SIZE, from: 0 };
  // An empty category is the whole site, as if omitted: the browser sends "category=" from home.
  if (category !== undefined && category !== null && category !== '') {
    if (category.length > CATEGORY_MAX_LENGTH || !CATEGORY_PATTERN.test(category)) {
      return { ok: false, message: 'category must be a section slug such as "politics" or "us/crime"' };
    }
    query.category = category;
  }
  if (size !== undefined && size !== null) {
    const parsed = integer(size, 1, ARTICLE_SEARCH_MAX_SIZE);
    if (parsed === undefined) return { ok: false, message: `size must be an integer from 1 to ${ARTICLE_SEARCH_MAX_SIZE}` };
    query.size = parsed;
  }
  if (from !== undefined && from !== null) {
    const parsed = integer(from, 0, ARTICLE_SEARCH_MAX_FROM);
    if (parsed === undefined) return { ok: false, message: `from must be an integer from 0 to ${ARTICLE_SEARCH_MAX_FROM}` };
    query.from = parsed;
  }
  if (contentTypes !== undefined && contentTypes !== null) {
    const parsed = parseContentTypes(contentTypes);
    if (parsed === undefined) return { ok: false, message: CONTENT_TYPES_MESSAGE };
    query.contentTypes = parsed;
  }
  return { ok: true, query };
}

const contentTypesSchema = z.partialRecord(z.enum(ARTICLE_CONTENT_TYPES), z.boolean());

/** `{"slideshow":true,"article":false}` -> ['slideshow']; undefined when it is not such an object or names none. */
export function parseContentTypes(raw: string): ArticleContentType[] | undefined {
  if (raw.length > CONTENT_TYPES_MAX_LENGTH) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  // A partial record over the enum refuses unknown keys and non-boolean values; an array or null is not a record.
  const parsed = contentTypesSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const wanted = ARTICLE_CONTENT_TYPES.filter((type) => parsed.data[type] === true);
  return wanted.length === 0 ? undefined : wanted;
}

/** The cache key: one per distinct upstream call. */
export function articleSearchKey(query: ArticleSearchQuery): string {
  return JSON.stringify([query.category ?? '', query.size, query.from, query.contentTypes ?? []]);
}

// Author entries are loose objects upstream: read the optional url through a schema, never a cast.
const authorUrlSchema = z.looseObject({ url: z.string().optional() });

/** The browser's view of one list item; null when its own URL is unsafe. */
export function toLiveItem(summary: ArticleSummary): LiveArticleItem | null {
  const url = safeLiveUrl(summary.url);
  if (url === undefined) return null;
  const item: LiveArticleItem = {
    title: summary.title,
    url,
    publicationDate: summary.publicationDate,
    authors: summary.authors.map((author) => {
      const parsed = authorUrlSchema.safeParse(author);
      const authorUrl = parsed.success ? safeLiveUrl(parsed.data.url) : undefined;
      return authorUrl === undefined ? { name: author.name } : { name: author.name, url: authorUrl };
    }),
  };
  const imageUrl = safeLiveUrl(summary.imageUrl);
  if (imageUrl !== undefined) item.imageUrl = imageUrl;
  if (summary.description !== undefined) item.description = summary.description;
  if (summary.category !== undefined) {
    const categoryUrl = safeLiveUrl(summary.category.url);
    item.category = categoryUrl === undefined ? { name: summary.category.name } : { name: summary.category.name, url: categoryUrl };
  }
  return item;
}

export const liveArticleSearchPlugin = routePlugin<LiveArticleSearchOptions>('edge-live-article-search', (app, options) => {
  const client = createUpstreamClient({
    config: options.config,
    logger: options.logger,
    ...(options.fetchImpl === undefined ? {} : { fetchImpl: options.fetchImpl }),
    ...(options.timeCall === undefined ? {} : { timeCall: options.timeCall }),
  });
  registerCachedLiveRoute(app, {
    path: ARTICLE_SEARCH_PATH,
    parseQuery: parseArticleSearchQuery,
    cacheKey: articleSearchKey,
    load: async (query) => {
      const summaries = await client.searchArticles(query);
      return summaries.flatMap((summary) => toLiveItem(summary) ?? []);
    },
    body: (items): ArticleSearchResponse => ({ items }),
    cache: liveCache<LiveArticleItem[]>(ARTICLE_SEARCH_CACHE, options),
    cacheControl: ARTICLE_SEARCH_CACHE_CONTROL,
    what: 'article search',
    unavailableMessage: 'Articles are unavailable right now; try again shortly',
  });
  return Promise.resolve();
});
