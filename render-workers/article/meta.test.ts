import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SITES } from '../../core/isomorphic/sites.js';
import { fullArticleSchema, type FullArticle, type FullArticleInput } from '../../core/upstream/schemas.js';
import {
  HARD_CODED_NOINDEX_ARTICLE_IDS,
  HeadTags,
  articleHeadTags,
  deriveArticleMeta,
  robotsFor,
  type ArticleMeta,
  type HeadTag,
} from './meta.js';

const ORIGIN = 'http://localhost:3000';
const PATH = '/politics/senate-panel-advances-bill';

function articleOf(overrides: Partial<FullArticleInput> = {}): FullArticle {
  const input: FullArticleInput = {
    id: 'art-1',
    title: 'Senate panel advances bill',
    dek: 'The dek.',
    description: 'The description.',
    meta_title: 'Senate panel advances bill | meta',
    meta_description: 'Meta description.',
    canonical_url: `https://www.foxnews.com${PATH}`,
    article_slug: 'senate-panel-advances-bill',
    publication_date: '2025-03-18T13:05:00Z',
    last_modified_date: '2025-03-18T16:40:00Z',
    last_published_date: '2025-03-18T16:40:00Z',
    components: [
      { kind: 'article-image', props: { url: 'https://img.example/a.jpg', imageAlt: 'A room', isSpotlight: false } },
      { kind: 'paragraph', props: { text: 'First <b>paragraph</b>.' } },
      { kind: 'paragraph', props: { text: 'Second paragraph.' } },
    ],
    header: {
      headline: 'Senate panel advances bill',
      authors: [{ name: 'Sarah Whitfield', url: '/person/w/sarah-whitfield' }],
      category: 'Politics',
      publicationDate: '2025-03-18T13:05:00Z',
      modifiedDate: '2025-03-18T16:40:00Z',
    },
    tags: ['fox-news/politics/senate', 'fox-news/politics/congress'],
    fn__sections: [{ path: 'fox-news/politics/senate' }],
    ...overrides,
  };
  return fullArticleSchema.parse(input);
}

function metaOf(overrides: Partial<FullArticleInput> = {}, options: Partial<Parameters<typeof deriveArticleMeta>[1]> = {}): ArticleMeta {
  return deriveArticleMeta(articleOf(overrides), { site: SITES.news, publicOrigin: ORIGIN, path: PATH, ...options });
}


describe('deriveArticleMeta', () => {
  it('derives titles, descriptions, section and URLs (spec 1 §3)', () => {
    const meta = metaOf({ standfirst: 'Stand <i>first</i>' });
    expect(meta.metaTitle).toBe('Senate panel advances bill | meta');
    expect(meta.articleTitle).toBe('Senate panel advances bill');
    expect(meta.metaDescription).toBe('Meta description.');
    expect(meta.articleDescription).toBe('The description.');
    expect(meta.standFirst).toBe('Stand first');
    expect(meta.section).toBe('politics');
    expect(meta.subsection).toBe('senate');
    expect(meta.articleSection).toBe('Politics');
    expect(meta.articleURL).toBe(`${ORIGIN}${PATH}`);
    expect(meta.canonicalUrl).toBe(`${ORIGIN}${PATH}`);
    expect(meta.tags).toEqual(['fox-news/politics/senate', 'fox-news/politics/congress']);
    expect(meta.articleBody).toBe('First paragraph.\n\nSecond paragraph.');
  });

  it('puts the canonical on this deployment: publicOrigin + the pathname of canonical_url', () => {
    const meta = deriveArticleMeta(articleOf({ canonical_url: 'https://www.foxnews.com/politics/the-canonical-slug/' }), {
      site: SITES.news,
      publicOrigin: ORIGIN,
      path: '/politics/old-slug',
    });
    expect(meta.canonicalUrl).toBe(`${ORIGIN}/politics/the-canonical-slug`);
    expect(meta.articleURL).toBe(`${ORIGIN}/politics/old-slug`);
  });

  it('falls back to the page path when canonical_url is unusable', () => {
    expect(metaOf({ canonical_url: 'not a url' }).canonicalUrl).toBe(`${ORIGIN}${PATH}`);
    expect(metaOf({ canonical_url: 'javascript:alert(1)' }).canonicalUrl).toBe(`${ORIGIN}${PATH}`);
  });

  it('strips HTML from titles and descriptions', () => {
    const meta = metaOf({ meta_title: '<script>alert(1)</script>Hostile <b>title</b>', meta_description: '<img src=x onerror=alert(1)>Desc' });
    expect(meta.metaTitle).toBe('Hostile title');
    expect(meta.metaDescription).toBe('Desc');
  });

  it('maps fn__legacy_type to fnType', () => {
    expect(metaOf({ fn__legacy_type: 'slideshow' }).fnType).toBe('slideshow');
    expect(metaOf({ fn__legacy_type: 'interactive' }).fnType).toBe('interactive');
    expect(metaOf({ fn__legacy_type: 'article' }).fnType).toBe('article');
    expect(metaOf({ fn__legacy_type: 'weird' }).fnType).toBe('article');
    expect(metaOf().fnType).toBe('article');
  });

  it('marks an all-zero publication date as draft (spec 1 §4)', () => {
    const draft = metaOf({
      publication_date: '0000-00-00T00:00:00Z',
      header: { headline: 'H', publicationDate: '0000-00-00T00:00:00Z' },
    });
    expect(draft.dates.isDraft).toBe(true);
    expect(draft.dates.published).toBeNull();
    expect(draft.isPublished).toBe(false);
    const live = metaOf();
    expect(live.dates).toEqual({
      published: '2025-03-18T13:05:00Z',
      modified: '2025-03-18T16:40:00Z',
      lastPublished: '2025-03-18T16:40:00Z',
      isDraft: false,
    });
  });

  it('defaults author and source to the newsroom name "Fox News" (spec 1 §3)', () => {
    const meta = metaOf({ header: { headline: 'H', publicationDate: '2025-03-18T13:05:00Z' } });
    expect(meta.authorName).toBe('Fox News');
    expect(meta.authors).toEqual([{ name: 'Fox News', isOrganization: true }]);
    expect(meta.source).toEqual({ name: 'Fox News' });
  });

  it('defaults the author of AP-sourced articles to "Associated Press" (spec 1 §3)', () => {
    const header = { headline: 'H', publicationDate: '2025-03-18T13:05:00Z' };
    expect(metaOf({ header, external_source: 'Associated Press' }).authorName).toBe('Associated Press');
    expect(metaOf({ header, fn__sources: [{ label: 'Associated Press' }] }).authorName).toBe('Associated Press');
    expect(metaOf({ header, content_type: 'spark_ap_post' }).authorName).toBe('Associated Press');
    expect(metaOf({ header, content_type: 'spark_ap_post' }).isAPSourced).toBe(true);
    // Named authors always win.
    expect(metaOf({ content_type: 'spark_ap_post' }).authorName).toBe('Sarah Whitfield');
  });

  it('reads source from the header, then fn__sources', () => {
    expect(metaOf({ fn__sources: [{ label: 'Fox Business', url: 'https://foxbusiness.com' }] }).source).toEqual({
      name: 'Fox Business',
      url: 'https://foxbusiness.com',
    });
  });

  it('joins author names and keeps contributors (full_name, page_url, canonical_url)', () => {
    const meta = metaOf({
      header: { headline: 'H', publicationDate: '2025-03-18T13:05:00Z', authors: [{ name: 'A One' }, { name: 'B Two', url: '/b' }] },
      fn__contributors: [{ full_name: 'C Three', page_url: '/c', canonical_url: 'https://www.foxnews.com/c' }],
    });
    expect(meta.authorName).toBe('A One, B Two');
    expect(meta.authors).toEqual([
      { name: 'A One', isOrganization: false },
      { name: 'B Two', url: '/b', isOrganization: false },
    ]);
    expect(meta.contributors).toEqual([{ full_name: 'C Three', page_url: '/c', canonical_url: 'https://www.foxnews.com/c' }]);
  });

  it('reads the untyped spec fields leniently (show, original network, fox bet, short url, AMP, opinion)', () => {
    const meta = metaOf({
      fn__shows: [{ title: 'Special Report', canonical_url: 'https://www.foxnews.com/shows/special-report' }],
      original_shared_post: { original_network: 'foxbusiness' },
      fox_bet: true,
      short_urls: ['fxn.ws/relative', 'https://fxn.ws/abc'],
      fn__distribution_platforms: { google_news: { amp: true }, facebook_news: { opinion: true } },
    });
    expect(meta.show).toBe('Special Report');
    expect(meta.originalNetwork).toBe('foxbusiness');
    expect(meta.foxBet).toBe(true);
    expect(meta.shorturl).toBe('https://fxn.ws/abc');
    expect(meta.isAMP).toBe(true);
    expect(meta.isOpinion).toBe(true);
  });

  it('has empty defaults for the optional fields', () => {
    const meta = metaOf();
    expect(meta.show).toBe('');
    expect(meta.foxBet).toBe(false);
    expect(meta.shorturl).toBeNull();
    expect(meta.originalNetwork).toBe('');
    expect(meta.gatedSections).toEqual([]);
  });

  it('reads gated_sections leniently (not in the spec field list)', () => {
    expect(metaOf({ gated_sections: ['opinion'] }).gatedSections).toEqual(['opinion']);
    expect(metaOf({ gated_sections: 'opinion' }).gatedSections).toEqual([]);
  });

  it('flags a live blog by story type or a live-blog block', () => {
    expect(metaOf({ components: [{ kind: 'live-blog', props: { eventCode: 'abc' } }] }).isLiveBlog).toBe(true);
    expect(metaOf().isLiveBlog).toBe(false);
  });

  it('flags opinion, live blog, video gate and forum articles', () => {
    expect(metaOf({ fn__sections: [{ path: 'fox-news/opinion' }] }).isOpinion).toBe(true);
    expect(metaOf({ fn__story_type: 'live' }).isLiveBlog).toBe(true);
    expect(metaOf({ tags: ['fox-news/video_gate'] }).videoGate).toBe(true);
    expect(metaOf().videoGate).toBe(false);
    expect(metaOf({ fn__sections: [{ path: 'fox-news/forum' }] }).isForum).toBe(true);
    expect(metaOf({ fn__sections: [{ path: 'fox-news/forum' }], published: false }).isForum).toBe(false);
  });

  it('derives gating from the flags (spec 1 §4)', () => {
    expect(metaOf({ foxid: { enabled: true } }).isGated).toBe(true);
    expect(metaOf({ foxid: { enabled: true }, prevent_gating: true }).isGated).toBe(false);
    expect(metaOf({ foxid: { enabled: true }, prevent_gating: true }).preventGating).toBe(true);
    expect(metaOf({}, { adHocGating: true }).isGated).toBe(true);
    expect(metaOf().isGated).toBe(false);
  });

  it('finds the lead image and sizes the social images 1200x675 and 1024x512 (spec 1 §9)', () => {
    const meta = metaOf({}, { imageUrl: (src, size) => `${src}?w=${size.width}&h=${size.height}` });
    expect(meta.imageMeta).toEqual({
      isOnPage: true,
      type: 'image',
      src: 'https://img.example/a.jpg',
      alt: 'A room',
      component: { kind: 'article-image', isFeatured: false },
    });
    expect(meta.social.image).toEqual({ url: 'https://img.example/a.jpg?w=1200&h=675', width: 1200, height: 675 });
    expect(meta.social.card).toEqual({ url: 'https://img.example/a.jpg?w=1024&h=512', width: 1024, height: 512 });
  });

  it('uses the default social image when the article has none', () => {
    const meta = metaOf({ components: [] }, { defaultSocialImage: 'https://static.example/social.png' });
    expect(meta.imageMeta).toBeNull();
    expect(meta.social.image).toEqual({ url: 'https://static.example/social.png', width: 1200, height: 675 });
    expect(metaOf({ components: [] }).social.image).toBeNull();
  });

  it('refuses a javascript: image URL', () => {
    const meta = metaOf({ components: [{ kind: 'article-image', props: { url: 'javascript:alert(1)' } }] });
    expect(meta.imageMeta).toBeNull();
  });

  it('finds the first featured video index', () => {
    const meta = metaOf({
      components: [
        { kind: 'paragraph', props: { text: 'p' } },
        { kind: 'featured-video', props: { imageUrl: 'https://img.example/v.jpg', title: 'Video' } },
      ],
    });
    expect(meta.featuredVideoIndex).toBe(1);
    expect(meta.imageMeta?.type).toBe('video');
    expect(meta.imageMeta?.component.isFeatured).toBe(true);
    expect(metaOf().featuredVideoIndex).toBeNull();
  });

  it('builds classification and classification-isa meta entries (spec 1 §3)', () => {
    const meta = metaOf({
      wp__tags: [
        { title: 'Senate', slug: 'senate', path: 'fox-news/politics/senate', isa_value: 'politics/senate' },
        { title: 'Congress', slug: 'congress', path: 'fox-news/politics/congress', isa_value: 'politics/congress' },
      ],
    });
    expect(meta.metaEntries).toEqual([
      { name: 'classification', content: 'fox-news/politics/senate, fox-news/politics/congress' },
      { name: 'classification-isa', content: 'politics/senate, politics/congress' },
    ]);
  });

  it('is noindex for robots_noindex and for the hard-coded article (spec 1 §9)', () => {
    expect(HARD_CODED_NOINDEX_ARTICLE_IDS).toEqual(['art-noindex-demo']);
    expect(metaOf({ id: 'art-noindex-demo' }).noIndex).toBe(true);
    expect(metaOf({ robots_noindex: true }).noIndex).toBe(true);
    expect(metaOf({ robots_nofollow: true }).noFollow).toBe(true);
    expect(metaOf().noIndex).toBe(false);
  });
});


describe('robotsFor', () => {
  it('defaults to "index, follow, max-image-preview:large, max-video-preview:-1" (spec 1 §9)', () => {
    expect(robotsFor({ noIndex: false, noFollow: false })).toBe('index, follow, max-image-preview:large, max-video-preview:-1');
  });

  it('applies the noindex and nofollow flags', () => {
    expect(robotsFor({ noIndex: true, noFollow: false })).toBe('noindex, follow');
    expect(robotsFor({ noIndex: true, noFollow: true })).toBe('noindex, nofollow');
    expect(robotsFor({ noIndex: false, noFollow: true })).toBe('index, nofollow, max-image-preview:large, max-video-preview:-1');
  });

  it('marks the print variant noindex, nofollow (spec 1 §2.6)', () => {
    expect(robotsFor({ noIndex: false, noFollow: false }, 'print')).toBe('noindex, nofollow');
  });

  it('applies to the hard-coded article', () => {
    expect(robotsFor(metaOf({ id: 'art-noindex-demo' }))).toBe('noindex, follow');
  });
});

function find(tags: HeadTag[], key: string): HeadTag | undefined {
  return tags.find((tag) =>
    tag.tag === 'title' ? key === 'title' : tag.tag === 'link' ? key === `link:${tag.rel}` : 'name' in tag ? key === tag.name : key === tag.property,
  );
}

describe('articleHeadTags', () => {
  const meta = metaOf(
    { wp__tags: [{ title: 'Senate', slug: 'senate', path: 'p', isa_value: 'politics/senate' }] },
    { imageUrl: (src, size) => `${src}?w=${size.width}` },
  );

  it('has the title with the site suffix, description, robots and canonical', () => {
    const tags = articleHeadTags(meta, { amp: false, print: true });
    expect(find(tags, 'title')).toEqual({ tag: 'title', text: 'Senate panel advances bill | meta | Fox News' });
    expect(find(tags, 'description')).toMatchObject({ content: 'Meta description.' });
    expect(find(tags, 'robots')).toMatchObject({ content: 'index, follow, max-image-preview:large, max-video-preview:-1' });
    expect(find(tags, 'link:canonical')).toEqual({ tag: 'link', rel: 'canonical', href: `${ORIGIN}${PATH}` });
    expect(find(tags, 'link:amphtml')).toBeUndefined();
  });

  it('links the AMP variant at {path}.amp from the standard page only', () => {
    const standard = articleHeadTags(meta, { amp: true, print: true });
    expect(find(standard, 'link:amphtml')).toEqual({ tag: 'link', rel: 'amphtml', href: `${ORIGIN}${PATH}.amp` });
    const amp = articleHeadTags(meta, { amp: true, print: true }, 'amp');
    expect(find(amp, 'link:amphtml')).toBeUndefined();
    expect(find(amp, 'link:canonical')).toEqual({ tag: 'link', rel: 'canonical', href: `${ORIGIN}${PATH}` });
  });

  it('marks the print page noindex, nofollow', () => {
    const print = articleHeadTags(meta, { amp: true, print: true }, 'print');
    expect(find(print, 'robots')).toMatchObject({ content: 'noindex, nofollow' });
    expect(find(print, 'link:amphtml')).toBeUndefined();
  });

  it('has Open Graph, the summary_large_image Twitter card, article times and meta entries', () => {
    const tags = articleHeadTags(meta, { amp: false, print: false });
    expect(find(tags, 'og:type')).toMatchObject({ content: 'article' });
    expect(find(tags, 'og:title')).toMatchObject({ content: 'Senate panel advances bill' });
    expect(find(tags, 'og:url')).toMatchObject({ content: `${ORIGIN}${PATH}` });
    expect(find(tags, 'og:image')).toMatchObject({ content: 'https://img.example/a.jpg?w=1200' });
    expect(find(tags, 'og:image:width')).toMatchObject({ content: '1200' });
    expect(find(tags, 'og:image:height')).toMatchObject({ content: '675' });
    expect(find(tags, 'twitter:card')).toMatchObject({ content: 'summary_large_image' });
    expect(find(tags, 'twitter:image')).toMatchObject({ content: 'https://img.example/a.jpg?w=1024' });
    expect(find(tags, 'article:published_time')).toMatchObject({ content: '2025-03-18T13:05:00Z' });
    expect(find(tags, 'article:modified_time')).toMatchObject({ content: '2025-03-18T16:40:00Z' });
    expect(find(tags, 'classification-isa')).toMatchObject({ content: 'politics/senate' });
  });

  it('leaves out the published time of a draft', () => {
    const draft = metaOf({ header: { headline: 'H', publicationDate: '0000-00-00T00:00:00Z' }, publication_date: '0000-00-00T00:00:00Z' });
    expect(find(articleHeadTags(draft, { amp: false, print: false }), 'article:published_time')).toBeUndefined();
  });
});

describe('HeadTags', () => {
  it('renders every tag with escaped values', () => {
    const hostile = metaOf({ meta_title: 'A &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;', meta_description: 'x" onload="alert(1)' });
    const html = renderToStaticMarkup(createElement(HeadTags, { tags: articleHeadTags(hostile, { amp: true, print: false }) }));
    expect(html).toContain('<title>A &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Fox News</title>');
    expect(html).not.toContain('<script');
    expect(html).toContain('<meta name="description" content="x&quot; onload=&quot;alert(1)"/>');
    expect(html).toContain(`<link rel="amphtml" href="${ORIGIN}${PATH}.amp"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });
});
