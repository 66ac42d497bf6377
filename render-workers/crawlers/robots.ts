/**
 * robots.txt. Rules, and why:
 *   - Allow /assets/: crawlers render pages with their scripts and styles.
 *   - Disallow /search-results/: internal search results (spec 1 §2.1 route table) are not pages
 *     worth indexing, and every query would be a new URL.
 *   - Disallow /api/: the site's own endpoints (spec 1 §7), JSON, not pages.
 *   - Print variants are NOT disallowed: they carry "noindex, nofollow" (spec 1 §2.6 print page),
 *     and a crawler can only honour that by fetching them; a robots.txt block would keep them
 *     listed, without content, wherever they are linked.
 *   - Sitemap lines with absolute URLs of the sitemap index and the news sitemap.
 * No upstream data: it is re-rendered by the whole-site publish (a change of origin or rules is a
 * deploy).
 */
import { ROBOTS_PATH } from '../../core/isomorphic/constants.js';
import { cacheControlFor } from '../../core/storage/cache-policy.js';
import { rootFileKey } from '../../core/storage/keys.js';
import { canonicalFor } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { NEWS_SITEMAP_PATH, SITEMAP_INDEX_PATH } from './sitemaps.js';

export { ROBOTS_PATH };

export function renderRobots(publicOrigin: string): string {
  return [
    'User-agent: *',
    'Allow: /assets/',
    'Disallow: /search-results/',
    'Disallow: /api/',
    'Allow: /',
    '',
    `Sitemap: ${canonicalFor(publicOrigin, SITEMAP_INDEX_PATH)}`,
    `Sitemap: ${canonicalFor(publicOrigin, NEWS_SITEMAP_PATH)}`,
    '',
  ].join('\n');
}

export function buildRobots(ctx: PageBuildContext): Promise<BuiltPage<'robots'>> {
  return Promise.resolve({
    kind: 'robots',
    objects: [
      {
        key: rootFileKey(ctx.site.id, 'robots.txt'),
        body: renderRobots(ctx.publicOrigin),
        contentType: 'text/plain; charset=utf-8',
        cacheControl: cacheControlFor('robots'),
      },
    ],
  });
}
