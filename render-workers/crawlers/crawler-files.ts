/**
 * What crawlers read (ADR 0020): section RSS feeds, sitemaps, the news sitemap, robots.txt.
 * The crawler-files kind (kind.ts) claims every path `isCrawlerPath` accepts and builds it with
 * `buildCrawlerFile`; the whole-site publish renders `CRAWLER_PUBLISH_PATHS` (core/site-pages.ts).
 *
 *   path                          writes                                   records
 *   /rss/{section}.xml (12)       feedKey(site, section)                   list:category:<section>, category:/<section>
 *   /sitemap.xml                  sitemap.xml, sitemap-sections.xml,       list:latest, category:<path> per candidate
 *                                 sitemap-articles-N.xml (all N)
 *   /sitemap-sections.xml,        the same as /sitemap.xml (one site-map   the same
 *   /sitemap-articles-N.xml       read makes them all)
 *   /sitemap-news.xml             sitemap-news.xml                         list:latest
 *   /robots.txt                   robots.txt                               nothing
 */
import { feedSectionFromRequestPath } from '../../core/storage/keys.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { ROBOTS_PATH, buildRobots } from './robots.js';
import { buildRssFeed, isFeedSection } from './rss.js';
import { NEWS_SITEMAP_PATH, buildNewsSitemap, buildSitemaps, isSitemapPath } from './sitemaps.js';

// What a whole-site publish renders of these; ingest lists it too, so it lives in core.
export { CRAWLER_PUBLISH_PATHS } from '../../core/site-pages.js';

export function isCrawlerPath(path: string): boolean {
  if (path === ROBOTS_PATH || isSitemapPath(path)) return true;
  const section = feedSectionFromRequestPath(path);
  return section !== null && isFeedSection(section);
}

/** The crawler file(s) at `ctx.path`; null for a path `isCrawlerPath` refuses. */
export async function buildCrawlerFile(ctx: PageBuildContext): Promise<BuiltPage<'robots' | 'sitemap' | 'feed'> | null> {
  const { path } = ctx;
  if (path === ROBOTS_PATH) return buildRobots(ctx);
  if (path === NEWS_SITEMAP_PATH) return buildNewsSitemap(ctx);
  if (isSitemapPath(path)) return buildSitemaps(ctx);
  const section = feedSectionFromRequestPath(path);
  if (section !== null && isFeedSection(section)) return buildRssFeed(ctx, section);
  return null;
}
