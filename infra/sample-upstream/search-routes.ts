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
 */
import { formatInTimeZone } from 'date-fns-tz';
import { z } from 'zod';
import { SITE_TIME_ZONE } from '../../core/isomorphic/constants.js';
import type { FullArticle } from '../../core/upstream/schemas.js';
import { CANONICAL_ORIGIN } from './data/articles.js';
import type { SampleUpstreamApp } from './server.js';
import { summarise } from './store.js';

/** Spec 2 §9: page size 10. */
const PAGE_SIZE = 10;
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
  /** The store's published articles, newest first (SampleStore.publishedArticles). */
  articles: () => { article: FullArticle; path: string }[];
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
    const scored = options
      .articles()
      .map((entry, order) => {
        const title = entry.article.title.toLowerCase();
        const description = (entry.article.description ?? entry.article.dek ?? '').toLowerCase();
        const inTitle = terms.filter((term) => term.test(title)).length;
        const matches = terms.every((term) => term.test(title) || term.test(description));
        return { ...entry, order, inTitle, matches };
      })
      .filter(({ article, matches }) => {
        if (!matches) return false;
        if (query.section !== undefined && article.wp__category?.slug !== query.section) return false;
        if (query.type !== undefined && (article.fn__legacy_type ?? 'article') !== query.type) return false;
        if (query.min_date === undefined && query.max_date === undefined) return true;
        const published = new Date(article.publication_date);
        // A draft's all-zeros date is no day at all: it is outside every date range.
        if (Number.isNaN(published.getTime())) return false;
        const day = formatInTimeZone(published, SITE_TIME_ZONE, 'yyyyMMdd');
        if (query.min_date !== undefined && day < query.min_date) return false;
        if (query.max_date !== undefined && day > query.max_date) return false;
        return true;
      });
    // The store lists newest first: `order` keeps that for ties.
    if (query.sort === 'relevance') scored.sort((a, b) => b.inTitle - a.inTitle || a.order - b.order);
    const page = scored.slice(query.start - 1, query.start - 1 + PAGE_SIZE);
    return { numFound: scored.length, data: page.map(({ article, path }) => hit(article, path)) };
  });
}
