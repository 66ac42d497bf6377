/**
 * Which site-map entries a sitemap lists (ADR 0020: sitemaps list only indexable canonical
 * pages). The upstream site map is also the whole-site publish list, so it names every page that
 * is stored, including the ones crawlers must not be sent to: a sitemap URL should be one a search
 * engine may index and that names itself as canonical, or the search console reports it as
 * "Submitted URL marked noindex" or "Alternate page with proper canonical tag".
 *
 * The rules are the ones the pages apply, read from the same constants, so a page and the sitemap
 * cannot disagree:
 *   - redirects answer 301 (spec 1 §2.2);
 *   - robots_noindex from the CMS, and the hard-coded noindex article (spec 1 §9);
 *   - a draft (all-zero publication date, spec 1 §4) is not published news;
 *   - a path whose page names another path as canonical (the persons list's second route);
 *   - a static page that belongs to another edition (the translation statement, spec 1 §1).
 */
import { isDraftDate } from '../../core/isomorphic/dates.js';
import type { SiteInfo } from '../../core/isomorphic/sites.js';
import type { SitePathEntry } from '../../core/upstream/schemas.js';
import { HARD_CODED_NOINDEX_ARTICLE_IDS } from '../article/meta.js';
import { PERSONS_LIST_PATHS } from '../people/build-persons-list.js';
import { PERSONALITIES_PATH, staticPageBelongsTo } from '../static/paths.js';

/** Paths that render a page whose canonical link names another path. */
const NON_CANONICAL_PATHS: ReadonlySet<string> = new Set(PERSONS_LIST_PATHS.filter((path) => path !== PERSONALITIES_PATH));

/** Why an entry is left out of the sitemaps, or null when it is listed. */
export function sitemapExclusion(entry: SitePathEntry, site: SiteInfo): string | null {
  if (entry.type === 'redirect') return 'redirect';
  if (entry.noindex === true) return 'noindex';
  if (NON_CANONICAL_PATHS.has(entry.path)) return 'not canonical';
  if (entry.type === 'static' && !staticPageBelongsTo(entry.path, site)) return 'other edition';
  if (entry.type === 'article') {
    if (entry.id !== undefined && HARD_CODED_NOINDEX_ARTICLE_IDS.includes(entry.id)) return 'noindex';
    if (isDraftDate(entry.publicationDate)) return 'draft';
  }
  return null;
}
