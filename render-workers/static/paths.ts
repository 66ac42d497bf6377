/**
 * Which paths are static pages, and the per-path rules of the static-page layout (spec 1 §2.1
 * route table, §2.3, §2.5). The static kind (kind.ts) claims a path when `isStaticPath` says so.
 */
import { SITES, type SiteInfo } from '../../core/isomorphic/sites.js';

import { STATIC_PAGE_PATHS, translationStatementPath } from '../../core/isomorphic/static-paths.js';

export { COOKIE_DEMO_PATH, LEGAL_PAGE_PATHS, SPECIAL_PAGE_PATHS, STATIC_PAGE_PATHS, translationStatementPath } from '../../core/isomorphic/static-paths.js';

/** The "On Air Personalities" page shell (spec 1 §2.3); its route is /personalities (spec 2 §2). */
export const PERSONALITIES_PATH = '/personalities';

/** Spec 1 §2.3: the static-page layout hides the header on /gowatch and the footer on /connect. */
export const HEADER_HIDDEN_PATHS: readonly string[] = ['/gowatch'];
export const FOOTER_HIDDEN_PATHS: readonly string[] = ['/connect'];


/**
 * True when `path` is a static page of `site`: the fixed list above, plus the translation
 * statement on a site whose notice links to it (the Spanish edition, spec 1 §1). Other static
 * pages upstream may hold are reached by calling the builder after the article and category
 * lookups miss (spec 1 §2.1 "/{slug}/{article?} ... static pages"); it returns null when upstream
 * has no record.
 */
export function isStaticPath(path: string, site: SiteInfo): boolean {
  return STATIC_PAGE_PATHS.includes(path) || translationStatementPath(site) === path;
}

/** Spec 1 §2.5: the body class derives from the last path segment. */
export function staticBodyClass(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? 'home';
  return `page-static static-${last}`;
}

/**
 * Whether a static page of the shared upstream belongs on this site: the translation statement
 * exists only on the sites that show the machine-translation notice (spec 1 §1).
 */
export function staticPageBelongsTo(path: string, site: SiteInfo): boolean {
  const statementElsewhere = Object.values(SITES).some((other) => other.id !== site.id && translationStatementPath(other) === path);
  return !statementElsewhere || translationStatementPath(site) === path;
}
