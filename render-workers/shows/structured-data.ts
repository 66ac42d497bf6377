/**
 * Show metadata as schema.org TVSeries JSON-LD (spec 2 §7; docs/architecture.md "Page kinds", structured data), built
 * like the article's NewsArticle (render-workers/shared/structured-data/news-article.ts) and rendered with its
 * JsonLd element, which escapes the script body.
 */
import type { Show } from '../../core/upstream/show-client.js';
import { absoluteUrl } from '../shared/structured-data/urls.js';

export interface TvSeriesJsonLd {
  '@context': 'https://schema.org';
  '@type': 'TVSeries';
  name: string;
  url: string;
  description?: string;
  image?: string;
  actor?: { '@type': 'Person'; name: string; url?: string }[];
  dateCreated?: string;
  dateModified?: string;
  sameAs?: string[];
}

/**
 * `url` is the page's canonical URL; host URLs are the ones the page links to. Every other URL
 * passes the safe-URL rule and is made absolute on `publicOrigin` (structured-data/urls.ts).
 */
export function tvSeriesJsonLd(show: Show, options: { url: string; publicOrigin: string; image?: string; hosts: { name: string; url?: string }[]; description: string }): TvSeriesJsonLd {
  const absolute = (url: string | undefined) => absoluteUrl(url, options.publicOrigin);
  const sameAs = [show.social?.facebook, show.social?.podcast, show.social?.rss].map(absolute).filter((url): url is string => url !== undefined);
  const image = absolute(options.image);
  return {
    '@context': 'https://schema.org',
    '@type': 'TVSeries',
    name: show.title,
    url: options.url,
    ...(options.description === '' ? {} : { description: options.description }),
    ...(image === undefined ? {} : { image }),
    ...(options.hosts.length === 0
      ? {}
      : {
          actor: options.hosts.map((host) => {
            const url = absolute(host.url);
            return { '@type': 'Person' as const, name: host.name, ...(url === undefined ? {} : { url }) };
          }),
        }),
    ...(show.created_date === undefined ? {} : { dateCreated: show.created_date }),
    ...(show.modified_date === undefined ? {} : { dateModified: show.modified_date }),
    ...(sameAs.length === 0 ? {} : { sameAs }),
  };
}
