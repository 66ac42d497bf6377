/**
 * The sample upstream's site search (docs/upstream-contract.md §5.7; spec 2 §7 "Search endpoint:
 * query q, fields=web, sort, section, type, min_date, max_date, start, cachebuster. It reads
 * numFound and data. Page size 10"):
 *   GET /api/search?q=broadband&fields=web&sort=latest&section=politics&type=article
 *                  &min_date=20250101&max_date=20251231&start=11
 * searches the published sample articles: every word of `q` must start a word of the title or
 * the description (any case). `sort=latest` is newest first; `relevance` (the default) ranks title
 * matches above description matches, then newest first. `section` is the article's section slug,
 * `type` its content type (fn__legacy_type, default "article"), the dates compare its US Eastern
 * publication day. `start` is 1-based; each answer holds at most 10 hits. `fields` and
 * `cachebuster` are accepted and ignored. The body is `{ numFound, data: SearchHit[] }`, not the
 * envelope. A missing q or a bad value answers 400.
 *
 * Like a real search engine's result window, it searches at most the newest SEARCH_SCAN_LIMIT
 * published articles: a synthetic site of a million articles (the benchmarks' largest) is searched in its
 * newest 100,000, from their headlines alone; only the hits on the page are built in full.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { z } from 'zod';
import { SITE_TIME_ZONE } from '../../core/isomorphic/constants.js';
import type { FullArticle } from '../../core/upstream/schemas.js';
import type { ListedArticle } from './newest-first.js';
import { CANONICAL_ORIGIN } from './data/articles.js';
import type { SampleUpstreamApp } from './server.js';
import { summarise } from './store.js';

/** Spec 2 §9: page size 10. */
const PAGE_SIZE = 10;
/**
 * How many of the newest published articles a search looks at. Equal to the largest `start`: no
 * page can be asked beyond it, and scanning a million headlines per request (about a second) would
 * stall the upstream for everything else. Sites up to this size are searched whole.
 */
export const SEARCH_SCAN_LIMIT = 100_000;
const yyyymmdd = z.string().regex(/^\d{8}$/, 'must be YYYYMMDD');

const searchQuery = z.looseObject({
  q: z.string().trim().min(1, 'q is required'),
  fields: z.string().optional(),
  sort: z.enum(['latest', 'relevance']).default('relevance'),
  section: z.string().min(1).optional(),
  type: z.string().min(1).optional(),
  min_date: yyyymmdd.optional(),
  max_date: yyyymmdd.optional(),
  start: z.coerce.number().int().min(1).max(100_000).default(1),
  cachebuster: z.string().optional(),
});

export interface SearchRoutesOptions {
  /** The store's published articles, newest first, one at a time (SampleStore.newestFirst().walk()). */
  articles: () => Iterable<ListedArticle>;
}

/** A tag path "fox-news/politics/senate" as its front's URL. */
function tagUrl(path: string): string {
  return `${CANONICAL_ORIGIN}/category/${path.replace(/^[^/]+\//, '')}`;
}

function hit(article: FullArticle, path: string): unknown {
  const summary = summarise(article, path);
  return {
    type: article.fn__legacy_type ?? 'article',
    attributes: {
      title: article.title,
      description: summary.description,
      canonical_url: article.canonical_url,
      publication_date: article.publication_date,
      section: article.wp__category?.title,
      thumbnail: summary.imageUrl,
    },
    taxonomy: article.fn__tags.map((tag) => ({ path: tag.path, url: tagUrl(tag.path) })),
  };
}

/** Whether a publication date falls in the inclusive range of US Eastern days (YYYYMMDD). */
function inDateRange(publicationDate: string, min: string | undefined, max: string | undefined): boolean {
  if (min === undefined && max === undefined) return true;
  const published = new Date(publicationDate);
  // A draft's all-zeros date is no day at all: it is outside every date range.
  if (Number.isNaN(published.getTime())) return false;
  const day = formatInTimeZone(published, SITE_TIME_ZONE, 'yyyyMMdd');
  if (min !== undefined && day < min) return false;
  if (max !== undefined && day > max) return false;
  return true;
}

export function registerSearchRoutes(app: SampleUpstreamApp, options: SearchRoutesOptions): void {
  app.get('/api/search', (request, reply) => {
    const parsed = searchQuery.safeParse(request.query);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: `Invalid search query: ${message}` } });
    }
    const query = parsed.data;
    // A term matches the start of a word ("heat" finds "heat wave", not "theatre").
    const terms = query.q
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .map((term) => new RegExp(`(^|[^\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u'));
    const scored: { entry: ListedArticle; order: number; inTitle: number }[] = [];
    let order = 0;
    for (const entry of options.articles()) {
      if (order >= SEARCH_SCAN_LIMIT) break;
      order += 1;
      // The cheap tests first: a synthetic article's headline is computed only when read.
      if (query.section !== undefined && entry.section !== query.section) continue;
      if (query.type !== undefined && entry.type !== query.type) continue;
      if (!inDateRange(entry.publicationDate, query.min_date, query.max_date)) continue;
      const title = entry.title.toLowerCase();
      const description = (entry.description ?? '').toLowerCase();
      if (!terms.every((term) => term.test(title) || term.test(description))) continue;
      scored.push({ entry, order: order - 1, inTitle: terms.filter((term) => term.test(title)).length });
    }
    // The store lists newest first: `order` keeps that for ties.
    if (query.sort === 'relevance') scored.sort((a, b) => b.inTitle - a.inTitle || a.order - b.order);
    const page = scored.slice(query.start - 1, query.start - 1 + PAGE_SIZE).map(({ entry }) => entry.load());
    return { numFound: scored.length, data: page.map(({ article, path }) => hit(article, path)) };
  });
}
