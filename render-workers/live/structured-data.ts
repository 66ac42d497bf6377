/**
 * LiveBlogPosting structured data (schema.org) for a live-event page (issue 8 item 6; spec 2 §7
 * live-blog SEO feed, §8 "Live-blog SEO fetch failure: empty data"). The liveBlogUpdate entries come
 * from the feed's updates (headline, articleBody, datePublished, url); when the feed fails the list
 * is empty and the rest stays. Rendered with the article's JsonLd element, which escapes the script
 * body (render-workers/article/structured-data.ts).
 */
import type { LiveBlogUpdate, LiveEvent } from '../../core/upstream/live-event-client.js';
import { toPlainText } from '../blocks/sanitize.js';
import { canonicalFor } from '../load/shell.js';

/** Most updates carried in the page's JSON-LD (ours: the spec gives none; keeps a runaway feed from bloating every page). */
export const LIVE_BLOG_UPDATES_MAX = 100;

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

/** An update's URL: absolute http(s) as given, a site path on this origin, anything else dropped. */
function updateUrl(url: string | undefined, publicOrigin: string): string | undefined {
  if (url === undefined) return undefined;
  if (/^https?:\/\/[^\s<>"]+$/i.test(url)) return url;
  if (/^\/(?![/\\])[^\s<>"]*$/.test(url)) return canonicalFor(publicOrigin, url);
  return undefined;
}

export function liveBlogPostingJsonLd(
  event: LiveEvent,
  updates: readonly LiveBlogUpdate[],
  options: { canonicalUrl: string; publicOrigin: string; image?: string },
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
    liveBlogUpdate: updates.slice(0, LIVE_BLOG_UPDATES_MAX).flatMap((update): BlogPostingJsonLd[] => {
      const datePublished = isoDate(update.datePublished);
      if (datePublished === undefined) return [];
      const url = updateUrl(update.url, options.publicOrigin);
      const body = update.articleBody === undefined ? '' : toPlainText(update.articleBody);
      return [
        {
          '@type': 'BlogPosting',
          headline: toPlainText(update.headline),
          ...(body === '' ? {} : { articleBody: body }),
          datePublished,
          ...(url === undefined ? {} : { url }),
        },
      ];
    }),
  };
}
