/**
 * Every page a site has, for whole-site work: the first publish (`npm start`), the nightly sweep
 * and an editor's whole-site republish (ingest/republish.ts). The upstream site map (home, fronts,
 * articles, static pages, redirects) on each site, the crawler files, the search page, and the
 * translation statement on the site whose notice links to it (spec 1 §1). In core because both
 * services list it (the render worker's publish, ingest's sweep and republish) and a service never
 * imports another; the render worker's routes decide what each path renders.
 */
import type { PageRef } from './dependency-index.js';
import { FEED_SECTIONS, NEWS_SITEMAP_PATH, ROBOTS_PATH, SEARCH_RESULTS_PATH, SITEMAP_INDEX_PATH } from './isomorphic/constants.js';
import { SITE_IDS, SITES, type SiteId } from './isomorphic/sites.js';
import { translationStatementPath } from './isomorphic/static-paths.js';
import { feedUrlPath } from './storage/keys.js';
import type { UpstreamClient } from './upstream/client.js';

/**
 * The crawler files a whole-site publish renders (render-workers/crawlers/crawler-files.ts builds
 * them). The section and articles sitemaps are not listed: the `/sitemap.xml` render writes them.
 */
export const CRAWLER_PUBLISH_PATHS: readonly string[] = [
  ROBOTS_PATH,
  SITEMAP_INDEX_PATH,
  NEWS_SITEMAP_PATH,
  ...FEED_SECTIONS.map((section) => feedUrlPath(section)),
];

/** The pages every site has beside the upstream site map: the crawler files and the search page. */
function ownPaths(site: SiteId): string[] {
  const statement = translationStatementPath(SITES[site]);
  return [...CRAWLER_PUBLISH_PATHS, SEARCH_RESULTS_PATH, ...(statement ? [statement] : [])];
}

/**
 * Site-map paths that are not pages of `site`: another edition's translation statement. The site
 * map is shared by the editions, but the statement exists only on the site whose notice links to
 * it (spec 1 §1; the render worker renders nothing for it elsewhere, static/paths.ts
 * staticPageBelongsTo), so listing it there would only queue a render that publishes nothing.
 */
function othersOnly(site: SiteId): Set<string> {
  const own = translationStatementPath(SITES[site]);
  return new Set(SITE_IDS.flatMap((other) => translationStatementPath(SITES[other]) ?? []).filter((path) => path !== own));
}

/**
 * The same pages read as a stream, for whole-site work at any size (the nightly sweep, an
 * editor's whole-site republish): the site map is read one upstream page at a time and each path
 * is yielded for every site at once, so memory holds one page of the site map, not the site. A
 * path the site map lists twice is yielded twice: the queue coalesces the second job into the
 * first while that one waits; if it is already rendering, the page renders again and writes
 * nothing (its content is unchanged).
 */
export async function* streamSitePages(upstream: Pick<UpstreamClient, 'streamSiteEntries'>, sites: readonly SiteId[] = SITE_IDS): AsyncGenerator<PageRef> {
  const own = new Map(sites.map((site) => [site, new Set(ownPaths(site))]));
  const skip = new Map(sites.map((site) => [site, othersOnly(site)]));
  for await (const { path } of upstream.streamSiteEntries()) {
    for (const site of sites) {
      if (!own.get(site)?.has(path) && !skip.get(site)?.has(path)) yield { site, path };
    }
  }
  for (const [site, paths] of own) {
    for (const path of paths) yield { site, path };
  }
}

/** Every page of `sites`, each once, in memory (the first publish, which reports on each page). */
export async function listSitePages(upstream: Pick<UpstreamClient, 'listSitePaths'>, sites: readonly SiteId[] = SITE_IDS): Promise<PageRef[]> {
  const sitePaths = await upstream.listSitePaths();
  return sites.flatMap((site) => {
    const skip = othersOnly(site);
    return [...new Set([...sitePaths.filter((path) => !skip.has(path)), ...ownPaths(site)])].map((path) => ({ site, path }));
  });
}
