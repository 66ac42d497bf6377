/**
 * LiveBlogPosting structured data (schema.org) for a live-event page (spec 2 §7
 * live-blog SEO feed, §8 "Live-blog SEO fetch failure: empty data"). The liveBlogUpdate entries are
 * the ones the page shows (live-blog-updates.ts builds both), newest first; when the feed
 * fails the list is empty and the rest stays. Rendered with the article's JsonLd element, which
 * escapes the script body (render-workers/shared/structured-data/news-article.ts).
 */
import type { LiveEvent } from '../../core/upstream/live-event-client.js';
import { toPlainText } from '../blocks/sanitize.js';
import type { LiveUpdateEntry } from './live-blog-updates.js';

export interface BlogPostingJsonLd {
  '@type': 'BlogPosting';
  headline: string;
  articleBody?: string;
  datePublished: string;
  url?: string;
}

export interface LiveBlogPostingJsonLd {
  '@context': 'https://schema.org';
  '@type': 'LiveBlogPosting';
  '@id': string;
  url: string;
  headline: string;
  description?: string;
  coverageStartTime?: string;
  image?: string;
  liveBlogUpdate: BlogPostingJsonLd[];
}

function isoDate(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function liveBlogPostingJsonLd(
  event: LiveEvent,
  updates: readonly LiveUpdateEntry[],
  options: { canonicalUrl: string; image?: string },
): LiveBlogPostingJsonLd {
  const description = toPlainText(event.description ?? event.dek ?? '');
  const start = isoDate(event.date);
  return {
    '@context': 'https://schema.org',
    '@type': 'LiveBlogPosting',
    '@id': options.canonicalUrl,
    url: options.canonicalUrl,
    headline: toPlainText(event.title),
    ...(description === '' ? {} : { description }),
    ...(start === undefined ? {} : { coverageStartTime: start }),
    ...(options.image === undefined ? {} : { image: options.image }),
    liveBlogUpdate: updates.map((update) => ({
      '@type': 'BlogPosting',
      headline: update.headline,
      ...(update.body === undefined ? {} : { articleBody: update.body }),
      datePublished: update.datePublished,
      ...(update.url === undefined ? {} : { url: update.url }),
    })),
  };
}
