import { describe, expect, it } from 'vitest';
import { SITES } from '../../core/isomorphic/sites.js';
import { HARD_CODED_NOINDEX_ARTICLE_IDS } from '../article/meta.js';
import { sitemapExclusion } from './sitemap-entries.js';
import { toNewsEntry } from './sitemaps.js';

const ORIGIN = 'https://www.example.test';
const NOW = new Date('2025-03-20T12:00:00Z');
const WINDOW_START = new Date(NOW.getTime() - 48 * 3_600_000);
const noindexId = HARD_CODED_NOINDEX_ARTICLE_IDS[0] ?? 'art-noindex-demo';

describe('which site-map entries the sitemaps list (ADR 0020)', () => {
  it('lists indexable pages at their canonical path', () => {
    expect(sitemapExclusion({ path: '/politics', type: 'section' }, SITES.news)).toBeNull();
    expect(sitemapExclusion({ path: '/personalities', type: 'static' }, SITES.news)).toBeNull();
    expect(sitemapExclusion({ path: '/us/a', type: 'article', id: 'a1', publicationDate: '2025-03-19T10:00:00Z' }, SITES.news)).toBeNull();
  });

  it('leaves out redirects, noindex pages, drafts, non-canonical routes and the other edition\'s statement', () => {
    expect(sitemapExclusion({ path: '/us/old', type: 'redirect' }, SITES.news)).toBe('redirect');
    expect(sitemapExclusion({ path: '/cookie-demo', type: 'static', noindex: true }, SITES.news)).toBe('noindex');
    expect(sitemapExclusion({ path: '/us/b', type: 'article', id: 'b1', publicationDate: '2025-03-19T10:00:00Z', noindex: true }, SITES.news)).toBe('noindex');
    expect(sitemapExclusion({ path: '/us/c', type: 'article', id: noindexId, publicationDate: '2025-03-19T10:00:00Z' }, SITES.news)).toBe('noindex');
    expect(sitemapExclusion({ path: '/us/d', type: 'article', id: 'd1', publicationDate: '0000-00-00T00:00:00Z' }, SITES.news)).toBe('draft');
    expect(sitemapExclusion({ path: '/person/personalities', type: 'person' }, SITES.news)).toBe('not canonical');
    expect(sitemapExclusion({ path: '/translation-statement', type: 'static' }, SITES.news)).toBe('other edition');
    expect(sitemapExclusion({ path: '/translation-statement', type: 'static' }, SITES.es)).toBeNull();
  });
});

describe('news sitemap entries', () => {
  const summary = { id: 'n1', title: 'Storm hits', url: '/us/storm', publicationDate: '2025-03-20T08:00:00Z', isBreaking: false, isDeveloping: false, isLive: false, authors: [] };

  it('lists an indexable article of the window', () => {
    expect(toNewsEntry(summary, ORIGIN, WINDOW_START, NOW)).toEqual({ loc: `${ORIGIN}/us/storm`, publicationDate: new Date('2025-03-20T08:00:00Z'), title: 'Storm hits' });
  });

  it('leaves out noindex articles: robots_noindex and the hard-coded one', () => {
    expect(toNewsEntry({ ...summary, noindex: true }, ORIGIN, WINDOW_START, NOW)).toBeNull();
    expect(toNewsEntry({ ...summary, id: noindexId }, ORIGIN, WINDOW_START, NOW)).toBeNull();
  });
});
