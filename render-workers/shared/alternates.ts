/**
 * hreflang alternates (both editions link each other with hreflang alternates: docs/architecture.md "Page kinds"). Both
 * editions render the same upstream content at the same paths, so a page of one edition has its
 * counterpart on the other at the same path; the exception is a page only one edition has (the
 * translation statement the Spanish notice links to, spec 1 §1), which gets none. x-default is the
 * news edition, the one for readers whose language matches neither.
 */
import { SITE_IDS, SITES, type SiteId } from '../../core/isomorphic/sites.js';
import { canonicalFor } from './shell.js';
import { translationStatementPath } from '../static/paths.js';
import type { Alternate } from './view-model.js';

/** The edition that x-default names. */
export const DEFAULT_EDITION: SiteId = 'news';

/** Whether `path` is a page of one edition only. */
function isEditionOnlyPath(path: string): boolean {
  return SITE_IDS.some((site) => translationStatementPath(SITES[site]) === path);
}

export function editionAlternates(path: string, publicOrigins: Readonly<Record<SiteId, string>>): Alternate[] {
  if (isEditionOnlyPath(path)) return [];
  return [
    ...SITE_IDS.map((site) => ({ hreflang: SITES[site].lang, href: canonicalFor(publicOrigins[site], path) })),
    { hreflang: 'x-default', href: canonicalFor(publicOrigins[DEFAULT_EDITION], path) },
  ];
}
