import { describe, expect, it } from 'vitest';
import { fullArticleSchema, type FullArticle } from '../../core/upstream/schemas.js';
import { parseRedirectRecord } from '../../edge-router/plugins/page-store.js';
import { PlatformError } from '../../core/errors.js';
import { canonicalRedirect, redirectRecord } from './redirects.js';

function articleWith(canonical_url: string, extra: Record<string, unknown> = {}): FullArticle {
  return fullArticleSchema.parse({
    id: 'art-1',
    title: 'T',
    canonical_url,
    article_slug: 't',
    publication_date: '2025-03-18T13:05:00Z',
    header: { headline: 'T', publicationDate: '2025-03-18T13:05:00Z' },
    ...extra,
  });
}

describe('canonicalRedirect (spec 1 §2.2)', () => {
  const article = articleWith('https://www.foxnews.com/politics/canonical-slug');

  it('redirects a request at another path to the canonical path', () => {
    expect(canonicalRedirect(article, '/us/old-slug')).toEqual({ from: '/us/old-slug', to: '/politics/canonical-slug' });
  });

  it('does nothing at the canonical path, with or without a trailing slash on either side', () => {
    expect(canonicalRedirect(article, '/politics/canonical-slug')).toBeNull();
    expect(canonicalRedirect(articleWith('https://www.foxnews.com/politics/canonical-slug/'), '/politics/canonical-slug')).toBeNull();
  });

  it('ignores the query and fragment of the canonical URL', () => {
    expect(canonicalRedirect(articleWith('https://www.foxnews.com/politics/canonical-slug?utm=x#top'), '/politics/canonical-slug')).toBeNull();
  });

  it('ignores an invalid canonical', () => {
    expect(canonicalRedirect(articleWith('not a url'), '/us/old-slug')).toBeNull();
    expect(canonicalRedirect(articleWith('javascript:alert(1)//x'), '/us/old-slug')).toBeNull();
    expect(canonicalRedirect(articleWith('https://www.foxnews.com/politics/%3Cscript%3E'), '/us/old-slug')).toBeNull();
    expect(canonicalRedirect(articleWith('https://www.foxnews.com/'), '/us/old-slug')).toEqual({ from: '/us/old-slug', to: '/' });
  });

  it('ignores an off-site canonical', () => {
    const offSite = articleWith('https://elsewhere.example/politics/canonical-slug');
    expect(canonicalRedirect(offSite, '/us/old-slug', { siteHosts: ['www.foxnews.com'] })).toBeNull();
    expect(canonicalRedirect(article, '/us/old-slug', { siteHosts: ['WWW.FOXNEWS.COM'] })).toEqual({ from: '/us/old-slug', to: '/politics/canonical-slug' });
    const syndicated = articleWith('https://www.foxnews.com/politics/canonical-slug', { third_party_canonical_url: 'https://partner.example/story' });
    expect(canonicalRedirect(syndicated, '/us/old-slug')).toBeNull();
  });

  it('returns null for a requested path that is not a page path', () => {
    expect(canonicalRedirect(article, 'us/old-slug')).toBeNull();
    expect(canonicalRedirect(article, '/us/../old')).toBeNull();
  });
});

describe('redirectRecord', () => {
  it('writes {"location","status":301} that the edge router parses', () => {
    const body = redirectRecord('/politics/canonical-slug');
    expect(JSON.parse(body.toString('utf8'))).toEqual({ location: '/politics/canonical-slug', status: 301 });
    expect(parseRedirectRecord(body)).toEqual({ location: '/politics/canonical-slug', status: 301 });
  });

  it('refuses a location that is not a normalised page path', () => {
    expect(() => redirectRecord('//evil.example/x')).toThrow(PlatformError);
    expect(() => redirectRecord('https://evil.example/x')).toThrow();
    expect(() => redirectRecord('/politics/x/')).toThrow(/normalised/);
  });
});
