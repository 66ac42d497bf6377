/**
 * GET /api/article-search, the live article list (spec 1 §7, §9: load-more asks 11 items from
 * the number already shown; spec 2 §7: the "Recommended" slideshows). The one owner of the
 * endpoint's contract: its path, its query, its answer, and the check the browser makes of the
 * answer. The edge serves it (edge-router/plugins/live-article-search.ts); the LoadMore island
 * asks it. Isomorphic: no Node APIs, nothing secret.
 */
import { isRecord, optionalString } from '../guards.js';
import { safeImageUrl } from '../images.js';

export const ARTICLE_SEARCH_PATH = '/api/article-search';

/** Spec 1 §9: load-more asks for 11 items; no caller needs more. */
export const ARTICLE_SEARCH_MAX_SIZE = 11;
export const ARTICLE_SEARCH_DEFAULT_SIZE = 11;
/** Deepest offset served: load-more past this many items is not a reader. */
export const ARTICLE_SEARCH_MAX_FROM = 1000;
/** Content types an article can have (`fn__legacy_type`, spec 1 §3 fnType). */
export const ARTICLE_CONTENT_TYPES = ['article', 'interactive', 'slideshow'] as const;
export type ArticleContentType = (typeof ARTICLE_CONTENT_TYPES)[number];

/** The query, as the edge reads it (missing values defaulted). */
export interface ArticleSearchQuery {
  /** Section slug ("politics", "us/crime"); absent = the whole site. */
  category?: string;
  /** 1..ARTICLE_SEARCH_MAX_SIZE. */
  size: number;
  /** 0..ARTICLE_SEARCH_MAX_FROM: items already shown. */
  from: number;
  /** Sorted, without duplicates; absent = every type. Sent as a JSON object such as {"slideshow":true}. */
  contentTypes?: ArticleContentType[];
}

export interface LiveArticleAuthor {
  name: string;
  url?: string;
}

/** One item of the answer: only these fields, every URL site-relative or http(s). */
export interface LiveArticleItem {
  title: string;
  url: string;
  imageUrl?: string;
  description?: string;
  category?: { name: string; url?: string };
  publicationDate: string;
  authors: LiveArticleAuthor[];
}

/** The 200 answer (also the stale one, marked `x-stale: 1`). */
export interface ArticleSearchResponse {
  items: LiveArticleItem[];
}

/** `/api/article-search?size=11&from=<n>[&category=<slug>]`: the browser's request. */
export function articleSearchUrl(query: { size: number; from: number; category?: string | undefined }): string {
  const params = new URLSearchParams({ size: String(query.size), from: String(query.from) });
  if (query.category !== undefined) params.set('category', query.category);
  return `${ARTICLE_SEARCH_PATH}?${params.toString()}`;
}

/**
 * What the browser shows of an item; type aliases, not interfaces, so island props registries
 * see JSON.
 */
export type ArticleSearchItemView = {
  title: string;
  /** Site-relative or http(s); anything else is dropped when parsed. */
  url: string;
  imageUrl?: string;
  description?: string;
  /** ISO date. */
  publicationDate?: string;
};

/**
 * The browser's check of one item (from the answer, or an island's props): null when it has no
 * title or no acceptable URL. Only site-relative or http(s) URLs may become an href or src.
 */
export function parseArticleSearchItem(value: unknown): ArticleSearchItemView | null {
  if (!isRecord(value)) return null;
  const title = optionalString(value, 'title');
  const url = safeImageUrl(optionalString(value, 'url'));
  if (title === undefined || url === null) return null;
  const imageUrl = safeImageUrl(optionalString(value, 'imageUrl'));
  const description = optionalString(value, 'description');
  const publicationDate = optionalString(value, 'publicationDate');
  return {
    title,
    url,
    ...(imageUrl === null ? {} : { imageUrl }),
    ...(description === undefined ? {} : { description }),
    ...(publicationDate === undefined || Number.isNaN(Date.parse(publicationDate)) ? {} : { publicationDate }),
  };
}

/**
 * The browser's check of the answer `{ items }`: null when it is not one. Each item is checked
 * in place; an unusable one is null, kept so a caller can count the endpoint's positions.
 */
export function parseArticleSearchResponse(body: unknown): { items: (ArticleSearchItemView | null)[] } | null {
  if (!isRecord(body) || !Array.isArray(body.items)) return null;
  return { items: body.items.map(parseArticleSearchItem) };
}
