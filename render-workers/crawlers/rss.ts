/**
 * RSS 2.0 feeds for the 12 sections of spec 1 §2.4, one file per section at `/rss/{section}.xml`
 * (stored under core/storage/keys.ts `feedKey`).
 *
 * Deterministic: the same articles give the same bytes, so the pipeline's content-hash check skips
 * an unchanged feed. `lastBuildDate` is therefore the newest item's date, not the render's clock,
 * and it is left out of a feed with no items (it is optional in RSS 2.0).
 */
import { FEED_SECTIONS } from '../../core/isomorphic/constants.js';
import type { SiteInfo } from '../../core/isomorphic/sites.js';
import { feedKey, feedUrlPath, isValidPagePath } from '../../core/storage/keys.js';
import { cacheControlFor } from '../../core/storage/cache-policy.js';
import type { ArticleSummary } from '../../core/upstream/schemas.js';
import { canonicalFor } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import type { FeedLink } from '../shared/view-model.js';
import { element, parseDate, plainText, rfc822, xmlAttribute, XML_DECLARATION } from './xml.js';

// Spec 1 §2.4's 12 sections; ingest lists them too, so the list lives in core.
export { FEED_SECTIONS };
export type FeedSection = (typeof FEED_SECTIONS)[number];

/**
 * Items per feed. Feed readers poll every few minutes and keep what they saw, so a day's worth of
 * a busy section is enough; 25 keeps each poll small and stays within one article-search page
 * (size 1..100, docs/upstream-contract.md §4.6).
 */
export const FEED_ITEM_COUNT = 25;

/** Channel titles for sections the category service does not know (the feed exists regardless). */
const FALLBACK_TITLES: Record<FeedSection, string> = {
  lifestyle: 'Lifestyle',
  us: 'U.S.',
  world: 'World',
  politics: 'Politics',
  media: 'Media',
  opinion: 'Opinion',
  entertainment: 'Entertainment',
  science: 'Science',
  tech: 'Tech',
  health: 'Health',
  travel: 'Travel',
  sports: 'Sports',
};

export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

export function isFeedSection(value: string): value is FeedSection {
  return (FEED_SECTIONS as readonly string[]).includes(value);
}

export interface RssItem {
  title: string;
  /** Absolute URL of the article page; also its permalink guid. */
  link: string;
  pubDate: Date | null;
  description: string;
  category: string | null;
}

export interface RssChannel {
  title: string;
  /** Absolute URL of the section front (or the home page when the section has no front). */
  link: string;
  /** Absolute URL of the feed itself (atom:link rel="self", which feed validators ask for). */
  self: string;
  description: string;
  language: string;
  items: RssItem[];
}

/** The feed document. All text is plain already (no markup); it is escaped here. */
export function renderRss(channel: RssChannel): string {
  const newest = channel.items.reduce<Date | null>((latest, item) => (item.pubDate !== null && (latest === null || item.pubDate > latest) ? item.pubDate : latest), null);
  const lines = [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    `<atom:link href="${xmlAttribute(channel.self)}" rel="self" type="application/rss+xml"/>`,
    element('description', channel.description),
    element('language', channel.language),
    ...(newest === null ? [] : [element('lastBuildDate', rfc822(newest))]),
  ];
  for (const item of channel.items) {
    lines.push(
      '<item>',
      element('title', item.title),
      element('link', item.link),
      `<guid isPermaLink="true">${xmlAttribute(item.link)}</guid>`,
      ...(item.pubDate === null ? [] : [element('pubDate', rfc822(item.pubDate))]),
      ...(item.description === '' ? [] : [element('description', item.description)]),
      ...(item.category === null ? [] : [element('category', item.category)]),
      '</item>',
    );
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}

/** A list item as a feed item; null for an item that is not one of our pages (external link). */
export function toRssItem(summary: ArticleSummary, publicOrigin: string): RssItem | null {
  // Feeds list only the site's own pages; an external item's URL is absolute and not a page path.
  if (!isValidPagePath(summary.url)) return null;
  const title = plainText(summary.title);
  if (title === '') return null;
  const category = summary.category === undefined ? '' : plainText(summary.category.name);
  return {
    title,
    link: canonicalFor(publicOrigin, summary.url),
    pubDate: parseDate(summary.publicationDate),
    description: plainText(summary.description ?? ''),
    category: category === '' ? null : category,
  };
}

/** Channel title: the section's title with the site-name suffix, like the section front's head title. */
function channelTitle(site: SiteInfo, sectionTitle: string): string {
  return `${sectionTitle}${site.titleSuffix}`;
}

/**
 * The feed a section front announces in its head (feed readers and crawlers find the feeds from
 * the pages): the section's own, titled as its channel. `sectionTitle` is the category title, when
 * the page has it.
 */
export function sectionFeedLink(site: SiteInfo, publicOrigin: string, section: FeedSection, sectionTitle?: string): FeedLink {
  const title = plainText(sectionTitle ?? '');
  return { title: channelTitle(site, title === '' ? FALLBACK_TITLES[section] : title), url: canonicalFor(publicOrigin, feedUrlPath(section)) };
}

/**
 * One section's feed. Reads the section's article list (records `list:category:<slug>`, which
 * every article event in that section invalidates: ingest/events.ts) and the section's category
 * (records `category:/<slug>`, so a renamed section re-titles its feed).
 */
export async function buildRssFeed(ctx: PageBuildContext, section: FeedSection): Promise<BuiltPage<'feed'>> {
  const [category, summaries] = await Promise.all([
    ctx.client.getCategoryByPath(`/${section}`),
    ctx.client.searchArticles({ category: section, size: FEED_ITEM_COUNT, from: 0 }),
  ]);
  const items = summaries.flatMap((summary) => toRssItem(summary, ctx.publicOrigin) ?? []);
  const sectionTitle = category === null ? '' : plainText(category.title);
  const description = category === null ? '' : plainText(category.description ?? '');
  const body = renderRss({
    title: channelTitle(ctx.site, sectionTitle === '' ? FALLBACK_TITLES[section] : sectionTitle),
    // A section without a front links its channel to the home page, a page that exists.
    link: canonicalFor(ctx.publicOrigin, category !== null && isValidPagePath(category.path) ? category.path : '/'),
    self: canonicalFor(ctx.publicOrigin, feedUrlPath(section)),
    description: description === '' ? `Latest ${FALLBACK_TITLES[section]} news from ${ctx.site.name}.` : description,
    language: ctx.site.lang,
    items,
  });
  return {
    kind: 'feed',
    objects: [{ key: feedKey(ctx.site.id, section), body, contentType: RSS_CONTENT_TYPE, cacheControl: cacheControlFor('feed') }],
  };
}
