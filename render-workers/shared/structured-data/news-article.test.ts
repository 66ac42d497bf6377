import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SITES } from '../../../core/isomorphic/sites.js';
import { fullArticleSchema, type FullArticleInput } from '../../../core/upstream/schemas.js';
import { brandImageUrl } from '../../brand/images.js';
import { deriveArticleMeta, type ArticleMeta } from '../../article/meta.js';
import {
  JSON_LD_HEADLINE_MAX,
  JsonLd,
  PAYWALL_SELECTOR,
  SPEAKABLE_SELECTOR,
  jsonLdScript,
  newsArticleJsonLd,
} from './news-article.js';

const ORIGIN = 'http://localhost:3000';
const PATH = '/politics/senate-panel';

function metaOf(overrides: Partial<FullArticleInput> = {}, defaultSocialImage?: string): ArticleMeta {
  const article = fullArticleSchema.parse({
    id: 'art-1',
    title: 'Senate panel advances bill',
    meta_description: 'Meta description.',
    canonical_url: `https://www.foxnews.com${PATH}`,
    article_slug: 'senate-panel',
    publication_date: '2025-03-18T13:05:00Z',
    last_modified_date: '2025-03-18T16:40:00Z',
    components: [
      { kind: 'article-image', props: { url: 'https://img.example/a.jpg' } },
      { kind: 'paragraph', props: { text: 'First.' } },
    ],
    header: {
      headline: 'Senate panel advances bill',
      authors: [{ name: 'Sarah Whitfield', url: '/person/w/sarah-whitfield' }],
      category: 'Politics',
      publicationDate: '2025-03-18T13:05:00Z',
    },
    ...overrides,
  });
  return deriveArticleMeta(article, {
    site: SITES.news,
    publicOrigin: ORIGIN,
    path: PATH,
    ...(defaultSocialImage === undefined ? {} : { defaultSocialImage }),
  });
}

describe('newsArticleJsonLd (spec 1 §9)', () => {
  it('describes a NewsArticle with dates, author, publisher logo 600x60 and image 1200x800', () => {
    const data = newsArticleJsonLd(metaOf(), { imageUrl: (src, size) => `${src}?w=${size.width}&h=${size.height}` });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${ORIGIN}${PATH}` },
      headline: 'Senate panel advances bill',
      datePublished: '2025-03-18T13:05:00Z',
      dateModified: '2025-03-18T16:40:00Z',
      // The author page is a site path upstream; structured data carries it absolute.
      author: [{ '@type': 'Person', name: 'Sarah Whitfield', url: `${ORIGIN}/person/w/sarah-whitfield` }],
      publisher: {
        '@type': 'Organization',
        name: 'Fox News',
        // The served brand asset (render-workers/brand/images.ts), hashed and 600x60.
        logo: { '@type': 'ImageObject', url: expect.stringMatching(new RegExp(`^${ORIGIN}/assets/publisher-logo-600x60\\.[0-9a-f]{12}\\.png$`)) as unknown, width: 600, height: 60 },
      },
      image: { '@type': 'ImageObject', url: 'https://img.example/a.jpg?w=1200&h=800', width: 1200, height: 800 },
      articleSection: 'Politics',
      articleBody: 'First.',
      speakable: { '@type': 'SpeakableSpecification', cssSelector: ['.speakable'] },
    });
    expect(SPEAKABLE_SELECTOR).toBe('.speakable');
    expect(data.isAccessibleForFree).toBeUndefined();
  });

  it('uses the default social image at 1200x675 when the article has no image', () => {
    const data = newsArticleJsonLd(metaOf({ components: [] }, 'https://static.example/social.png'));
    expect(data.image).toEqual({ '@type': 'ImageObject', url: 'https://static.example/social.png', width: 1200, height: 675 });
    // With no default named, the site's own default social image: every NewsArticle has an image.
    expect(newsArticleJsonLd(metaOf({ components: [] })).image).toEqual({ '@type': 'ImageObject', url: brandImageUrl('defaultSocial', ORIGIN), width: 1200, height: 675 });
  });

  it('uses a slideshow\'s first slide as the image', () => {
    const slideshow = { kind: 'slideshow', props: { items: [{ imageUrl: 'https://img.example/slide-1.jpg?w=931', imageOrig: 'https://img.example/slide-1.jpg', caption: 'One' }, { imageUrl: 'https://img.example/slide-2.jpg' }] } };
    expect(newsArticleJsonLd(metaOf({ components: [slideshow] })).image).toEqual({ '@type': 'ImageObject', url: 'https://img.example/slide-1.jpg', width: 1200, height: 800 });
  });

  it('names the newsroom as an Organization author by default', () => {
    const data = newsArticleJsonLd(metaOf({ header: { headline: 'H', publicationDate: '2025-03-18T13:05:00Z' } }));
    expect(data.author).toEqual([{ '@type': 'Organization', name: 'Fox News' }]);
  });

  it('keeps a headline of exactly 110 characters', () => {
    const headline = 'h'.repeat(110);
    expect(JSON_LD_HEADLINE_MAX).toBe(110);
    expect(newsArticleJsonLd(metaOf({ header: { headline, publicationDate: '2025-03-18T13:05:00Z' } })).headline).toBe(headline);
  });

  it('cuts a longer headline to 110 characters at a word boundary with "…"', () => {
    const headline = Array.from({ length: 30 }, () => 'word').join(' ');
    const cut = newsArticleJsonLd(metaOf({ header: { headline, publicationDate: '2025-03-18T13:05:00Z' } })).headline;
    expect(cut.length).toBeLessThanOrEqual(110);
    expect(cut.endsWith('word…')).toBe(true);
    expect(headline.startsWith(cut.slice(0, -1))).toBe(true);
    expect(newsArticleJsonLd(metaOf({ header: { headline: 'x'.repeat(111), publicationDate: '2025-03-18T13:05:00Z' } })).headline).toBe(
      `${'x'.repeat(109)}…`,
    );
  });

  it('marks a gated article not free, with the paywall block as the restricted part', () => {
    const data = newsArticleJsonLd(metaOf({ foxid: { enabled: true } }));
    expect(data.isAccessibleForFree).toBe(false);
    expect(data.hasPart).toEqual({ '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywall' });
    expect(PAYWALL_SELECTOR).toBe('.paywall');
  });

  it('leaves out dates of a draft', () => {
    const data = newsArticleJsonLd(
      metaOf({ publication_date: '0000-00-00T00:00:00Z', last_modified_date: undefined, header: { headline: 'H', publicationDate: '0000-00-00T00:00:00Z' } }),
    );
    expect(data.datePublished).toBeUndefined();
    expect(data.dateModified).toBeUndefined();
  });
});

describe('jsonLdScript', () => {
  const hostile = 'Breaking </script><script>alert(1)</script> <!-- & \u2028\u2029';

  it('cannot be broken out of by a hostile headline', () => {
    // Entity-encoded markup survives toPlainText as literal "</script>" text: the case that matters.
    const headline = 'Breaking &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &amp; \u2028\u2029';
    const data = newsArticleJsonLd(metaOf({ header: { headline, publicationDate: '2025-03-18T13:05:00Z' } }));
    expect(data.headline).toContain('</script><script>alert(1)</script>');
    const body = jsonLdScript(data);
    expect(body).not.toMatch(/[<>&\u2028\u2029]/);
    expect(body).toContain('\\u003c/script\\u003e');
  });

  it('is the same JSON value after escaping', () => {
    const data = { headline: hostile, nested: ['<b>', { a: '&amp;' }] };
    const parsed: unknown = JSON.parse(jsonLdScript(data));
    expect(parsed).toEqual(data);
  });

  it('renders one script element whose body cannot close it', () => {
    const html = renderToStaticMarkup(createElement(JsonLd, { data: { headline: hostile } }));
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.match(/<script/gi)).toHaveLength(1);
  });
});
