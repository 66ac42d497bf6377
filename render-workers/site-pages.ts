/**
 * Every page a site has, for whole-site work: the first publish (`npm start`), the nightly sweep
 * and an editor's whole-site republish. The upstream site map (home, fronts, articles, static
 * pages, redirects) on each site, the crawler files, and the translation statement on the site
 * whose notice links to it (spec 1 §1). Lives with the renderer because it is the renderer's
 * routes that decide which paths are pages.
 */
import type { PageRef } from '../core/dependency-index.js';
import { SITE_IDS, SITES, type SiteId } from '../core/isomorphic/sites.js';
import type { UpstreamClient } from '../core/upstream/client.js';
import { CRAWLER_PUBLISH_PATHS } from './crawlers/crawler-files.js';
import { SEARCH_RESULTS_PATH } from '../core/isomorphic/constants.js';
import { translationStatementPath } from './static/paths.js';

export async function listSitePages(upstream: Pick<UpstreamClient, 'listSitePaths'>, sites: readonly SiteId[] = SITE_IDS): Promise<PageRef[]> {
  const sitePaths = [...(await upstream.listSitePaths()), ...CRAWLER_PUBLISH_PATHS, SEARCH_RESULTS_PATH];
  return sites.flatMap((site) => {
    const statement = translationStatementPath(SITES[site]);
    return [...new Set([...sitePaths, ...(statement ? [statement] : [])])].map((path) => ({ site, path }));
  });
}
