/**
 * Home page structured data (ADR 0020: WebSite and Organization on home): the WebSite with
 * a SearchAction that opens the site's own search page with the query in `q` (the search page reads
 * `?q=` as well as `#q=`: interactive-bundle/islands/search-results.island.tsx), and the
 * Organization with its square logo (render-workers/brand/images.ts; Google asks for at least
 * 112x112).
 */
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import type { SiteInfo } from '../../core/isomorphic/sites.js';
import { brandAsset, brandImageUrl } from '../brand/images.js';
import { canonicalFor } from '../shared/shell.js';

/** The search page's query parameter, as SearchAction's `query-input` names it. */
export const SEARCH_QUERY_PARAM = 'q';

export interface WebSiteJsonLd {
  '@context': 'https://schema.org';
  '@type': 'WebSite';
  '@id': string;
  url: string;
  name: string;
  inLanguage: string;
  publisher: { '@id': string };
  potentialAction: { '@type': 'SearchAction'; target: { '@type': 'EntryPoint'; urlTemplate: string }; 'query-input': string };
}

export interface OrganizationJsonLd {
  '@context': 'https://schema.org';
  '@type': 'NewsMediaOrganization';
  '@id': string;
  name: string;
  url: string;
  logo: { '@type': 'ImageObject'; url: string; width: number; height: number };
}

/** The `@id` of the site's organisation node (NewsArticle publishers may point at it). */
export function organizationId(publicOrigin: string): string {
  return `${canonicalFor(publicOrigin, '/')}#organization`;
}

export function webSiteJsonLd(site: SiteInfo, publicOrigin: string): WebSiteJsonLd {
  const home = canonicalFor(publicOrigin, '/');
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${home}#website`,
    url: home,
    name: site.name,
    inLanguage: site.lang,
    publisher: { '@id': organizationId(publicOrigin) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${publicOrigin}${SEARCH_RESULTS_PATH}?${SEARCH_QUERY_PARAM}={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function organizationJsonLd(site: SiteInfo, publicOrigin: string): OrganizationJsonLd {
  const logo = brandAsset('organizationLogo');
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsMediaOrganization',
    '@id': organizationId(publicOrigin),
    name: site.name,
    url: canonicalFor(publicOrigin, '/'),
    logo: { '@type': 'ImageObject', url: brandImageUrl('organizationLogo', publicOrigin), width: logo.width, height: logo.height },
  };
}
