import { describe, expect, it } from 'vitest';
import { SITES } from '../../../core/isomorphic/sites.js';
import { brandAsset } from '../../brand/images.js';
import { breadcrumbListJsonLd, homeCrumb } from './breadcrumbs.js';
import { organizationJsonLd, webSiteJsonLd } from '../../home/structured-data.js';
import { absoluteUrl } from './urls.js';

const ORIGIN = 'https://www.example.test';

describe('absoluteUrl', () => {
  it('keeps http(s) URLs, makes site paths absolute, refuses the rest through the safe-URL rule', () => {
    expect(absoluteUrl('https://cdn.example/a.jpg', ORIGIN)).toBe('https://cdn.example/a.jpg');
    expect(absoluteUrl('/person/w/sarah-whitfield', ORIGIN)).toBe(`${ORIGIN}/person/w/sarah-whitfield`);
    expect(absoluteUrl('/', ORIGIN)).toBe(`${ORIGIN}/`);
    // One rule for every stored URL (ADR 0021); a protocol-relative URL names a host with no scheme.
    for (const bad of ['//cdn.example/a.jpg', 'javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'person/x', '/\\evil.example', '', undefined]) {
      expect(absoluteUrl(bad, ORIGIN), String(bad)).toBeUndefined();
    }
  });
});

describe('breadcrumbListJsonLd', () => {
  it('numbers the crumbs from home to the page, with absolute URLs', () => {
    expect(breadcrumbListJsonLd([homeCrumb(SITES.news), { name: 'Politics', url: '/politics' }, { name: 'A story', url: `${ORIGIN}/politics/a-story` }], ORIGIN)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Fox News', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'Politics', item: `${ORIGIN}/politics` },
        { '@type': 'ListItem', position: 3, name: 'A story', item: `${ORIGIN}/politics/a-story` },
      ],
    });
  });

  it('drops nameless, unusable and repeated crumbs, and is null below two', () => {
    const list = breadcrumbListJsonLd([homeCrumb(SITES.es), { name: ' ', url: '/x' }, { name: 'Bad', url: 'javascript:x' }, { name: 'Video', url: '/video' }, { name: 'Video', url: '/video' }], ORIGIN);
    expect(list?.itemListElement.map((item) => item.item)).toEqual([`${ORIGIN}/`, `${ORIGIN}/video`]);
    expect(breadcrumbListJsonLd([homeCrumb(SITES.news), { name: 'Home again', url: '/' }], ORIGIN)).toBeNull();
  });
});

describe('home page structured data', () => {
  it('offers the site search with the search page\'s q parameter', () => {
    const site = webSiteJsonLd(SITES.news, ORIGIN);
    expect(site).toMatchObject({ '@type': 'WebSite', url: `${ORIGIN}/`, name: 'Fox News', inLanguage: 'en' });
    expect(site.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/search-results/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
  });

  it('names the organisation with a square logo of at least 112 px that is a served asset', () => {
    const organization = organizationJsonLd(SITES.es, ORIGIN);
    expect(organization).toMatchObject({ '@type': 'NewsMediaOrganization', name: 'Fox News en Español', url: `${ORIGIN}/` });
    expect(organization.logo.url).toBe(`${ORIGIN}${brandAsset('organizationLogo').path}`);
    expect(organization.logo.width).toBeGreaterThanOrEqual(112);
    expect(organization.logo.height).toBe(organization.logo.width);
  });

  it('brand images are PNGs of the sizes they declare', () => {
    for (const id of ['publisherLogo', 'organizationLogo', 'defaultSocial'] as const) {
      const asset = brandAsset(id);
      // The PNG signature, then IHDR's width and height (big-endian) at bytes 16 and 20.
      expect(asset.body.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([asset.body.readUInt32BE(16), asset.body.readUInt32BE(20)]).toEqual([asset.width, asset.height]);
    }
  });
});
