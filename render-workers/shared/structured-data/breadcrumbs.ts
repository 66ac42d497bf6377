/**
 * BreadcrumbList structured data (ADR 0020: on articles, fronts and video
 * pages): Home, then the page's parents the site publishes, then the page itself, every item an
 * absolute URL. Google shows the trail in place of the URL in results; it needs at least two items.
 */
import type { SiteInfo } from '../../../core/isomorphic/sites.js';
import { absoluteUrl } from './urls.js';

export interface Crumb {
  name: string;
  /** Site path or absolute URL of the page the crumb names. */
  url: string;
}

export interface BreadcrumbListJsonLd {
  '@context': 'https://schema.org';
  '@type': 'BreadcrumbList';
  itemListElement: { '@type': 'ListItem'; position: number; name: string; item: string }[];
}

/** The video area's crumb name; the word is the same in both editions. */
export const VIDEO_CRUMB_NAME = 'Video';

/** The home crumb: the site's name, linking to its home page. */
export function homeCrumb(site: SiteInfo): Crumb {
  return { name: site.name, url: '/' };
}

/**
 * The list for `crumbs` (home first, the page last). Crumbs with no name or no usable URL, and a
 * crumb repeating the previous URL, are dropped; null when fewer than two remain.
 */
export function breadcrumbListJsonLd(crumbs: readonly Crumb[], publicOrigin: string): BreadcrumbListJsonLd | null {
  const items: { name: string; item: string }[] = [];
  for (const crumb of crumbs) {
    const name = crumb.name.trim();
    const item = absoluteUrl(crumb.url, publicOrigin);
    if (name === '' || item === undefined || items.at(-1)?.item === item) continue;
    items.push({ name, item });
  }
  if (items.length < 2) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((entry, index) => ({ '@type': 'ListItem', position: index + 1, ...entry })),
  };
}
