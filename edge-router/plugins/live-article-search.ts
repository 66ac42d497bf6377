/**
 * GET /api/article-search: the live list the browser's "load more" calls (spec 1 §9: load-more
 * fetches 11 items, `from` = items already shown; issue 6 "Live endpoints", article-search).
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
 * Answers are cached for 30 s in process keyed by the normalised query, and identical concurrent
 * requests share one upstream call (live-cache.ts). The upstream timeout is the client's
 * (UPSTREAM_TIMEOUT_MS, core/config/upstream.ts).
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PlatformError } from '../../core/errors.js';
import type { UpstreamConfig } from '../../core/config/upstream.js';
import type { Logger } from '../../core/logger.js';
import { createUpstreamClient, isUpstreamFailure } from '../../core/upstream/client.js';
import type { ArticleSummary } from '../../core/upstream/schemas.js';
import { createLiveCache, type LiveCacheSettings } from '../live-cache.js';
import { splitRequestTarget } from '../request-target.js';
import { routePlugin } from './define-plugin.js';
import type { UpstreamCallTimer } from '../../core/upstream/transport.js';

export const ARTICLE_SEARCH_PATH = '/api/article-search';

/** Spec 1 §9: load-more asks for 11 items; no caller needs more. */
export const ARTICLE_SEARCH_MAX_SIZE = 11;
export const ARTICLE_SEARCH_DEFAULT_SIZE = 11;
/** Deepest offset served: load-more past this many items is not a reader. */
export const ARTICLE_SEARCH_MAX_FROM = 1000;
const CATEGORY_MAX_LENGTH = 200;
const CATEGORY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;
/** Content types an article can have (`fn__legacy_type`, spec 1 §3 fnType). */
export const ARTICLE_CONTENT_TYPES = ['article', 'interactive', 'slideshow'] as const;
export type ArticleContentType = (typeof ARTICLE_CONTENT_TYPES)[number];
const CONTENT_TYPES_MAX_LENGTH = 200;
const CONTENT_TYPES_MESSAGE = `contentTypes must be a JSON object such as {"slideshow":true} naming at least one of ${ARTICLE_CONTENT_TYPES.join(', ')}`;

export const ARTICLE_SEARCH_CACHE: LiveCacheSettings = { freshMs: 30_000, staleMs: 10 * 60_000, maxEntries: 500 };
export const ARTICLE_SEARCH_CACHE_CONTROL = 'public, max-age=30';
/** A stale answer must not be kept by anyone else: the next request should try upstream again. */
export const STALE_CACHE_CONTROL = 'no-store';
export const STALE_WARNING = '110 - "Response is Stale"';

export interface ArticleSearchQuery {
  category?: string;
  size: number;
  from: number;
  /** Sorted, without duplicates; absent = every type. */
  contentTypes?: ArticleContentType[];
}

export interface LiveArticleAuthor {
  name: string;
  url?: string;
}

export interface LiveArticleItem {
  title: string;
  url: string;
  imageUrl?: string;
  description?: string;
  category?: { name: string; url?: string };
  publicationDate: string;
  authors: LiveArticleAuthor[];
}

export interface LiveArticleSearchOptions {
  /** Parsed upstream configuration; the client's timeout applies to every call. */
  config: UpstreamConfig;
  logger: Logger;
  /** A fetch for the upstream calls (tests count calls through it); the transport's own client when omitted. */
  fetchImpl?: typeof fetch;
  /** Wraps every upstream call: the edge router times them by service (app.ts). */
  timeCall?: UpstreamCallTimer;
  /** Overrides of ARTICLE_SEARCH_CACHE, and a clock (tests). */
  cache?: Partial<LiveCacheSettings> & { now?: () => number };
}

type QueryResult = { ok: true; query: ArticleSearchQuery } | { ok: false; message: string };

/**
 * The one value of a query parameter: undefined when absent, null when given more than once (a
 * repeated parameter is refused: which one a proxy or upstream would read is not ours to guess).
 * Shared by the live endpoints.
 */
export function singleParam(params: URLSearchParams, name: string): string | undefined | null {
  const values = params.getAll(name);
  if (values.length > 1) return null;
  return values[0];
}

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

// Controls and whitespace: browsers strip some of them, which hides a scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const UNSAFE_URL_CHARACTERS = /[\u0000-\u0020\u007F-\u009F]/;

/**
 * Only site-relative paths ("/a", not "//host" or "/\host") and absolute http(s) URLs may reach
 * the browser, which turns them into href and src. The same rule as render-workers' safeHref,
 * written here so the edge router does not depend on the renderer.
 */
export function safeLiveUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '' || value.length > 2048) return undefined;
  if (UNSAFE_URL_CHARACTERS.test(value)) return undefined;
  if (value.startsWith('/')) return /^\/(?![/\\])/.test(value) ? value : undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? value : undefined;
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

/** The live endpoints' error body: { error: { code, message } }. */
export function liveErrorBody(code: string, message: string): { error: { code: string; message: string } } {
  return { error: { code, message } };
}

/** 400 INVALID_QUERY, not cached; the message names the parameter (shared by the live endpoints). */
export function replyInvalidQuery(reply: FastifyReply, message: string): FastifyReply {
  // The catalogue's status (core/errors.ts); the message names the parameter, so it is exposed.
  const invalid = new PlatformError('INVALID_QUERY', message);
  return reply.code(invalid.status).header('cache-control', 'no-store').send(liveErrorBody(invalid.code, invalid.message));
}

/** Marks a last-good answer served because upstream failed: kept by no one, flagged for the client. */
export function markStale(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', STALE_CACHE_CONTROL).header('x-stale', '1').header('warning', STALE_WARNING);
}

export const liveArticleSearchPlugin = routePlugin<LiveArticleSearchOptions>('edge-live-article-search', (app, options) => {
  const client = createUpstreamClient({
    config: options.config,
    logger: options.logger,
    ...(options.fetchImpl === undefined ? {} : { fetchImpl: options.fetchImpl }),
    ...(options.timeCall === undefined ? {} : { timeCall: options.timeCall }),
  });
  const cache = createLiveCache<LiveArticleItem[]>({ ...ARTICLE_SEARCH_CACHE, ...options.cache });

  app.get(ARTICLE_SEARCH_PATH, async (request, reply) => {
    const parsed = parseArticleSearchQuery(splitRequestTarget(request.url).search);
    if (!parsed.ok) return replyInvalidQuery(reply, parsed.message);
    const { query } = parsed;
    let result;
    try {
      result = await cache.get(articleSearchKey(query), async () => {
        const summaries = await client.searchArticles(query);
        return summaries.flatMap((summary) => toLiveItem(summary) ?? []);
      });
    } catch (error) {
      if (!isUpstreamFailure(error)) throw error;
      request.log.warn({ error, query }, 'article search failed upstream with nothing cached');
      return reply
        .code(502)
        .header('cache-control', 'no-store')
        .send(liveErrorBody(error.code, 'Articles are unavailable right now; try again shortly'));
    }
    if (result.stale) {
      request.log.warn({ error: result.error, query, ageMs: result.ageMs }, 'article search failed upstream; serving the last good answer');
      markStale(reply);
    } else {
      reply.header('cache-control', ARTICLE_SEARCH_CACHE_CONTROL);
    }
    return reply.code(200).type('application/json; charset=utf-8').send({ items: result.value });
  });
  return Promise.resolve();
});
