/**
 * Hostile HTML in every text field of an article never reaches a stored page as live markup
 * (issue 3 "Done when"; spec 1 §5 allow-lists). Each payload of hostile-html.corpus.json goes into
 * every text, caption, alt and URL field of an article and of every block kind, for each layout
 * (standard with its print variant, AMP, gated, slideshow, interactive); the real render pipeline
 * renders them and every stored object is parsed (tests/security/live-markup.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startRendererHarness, type RendererHarness } from '../support/renderer.js';
import { findClobbering } from './clobbering.js';
import { findLiveMarkup } from './live-markup.js';

const corpus = z
  .array(z.object({ name: z.string(), payload: z.string() }))
  .parse(JSON.parse(readFileSync(new URL('./hostile-html.corpus.json', import.meta.url), 'utf8')));

const VARIANTS = ['standard', 'amp', 'gated', 'slideshow', 'interactive'] as const;
type Variant = (typeof VARIANTS)[number];

/** Every block kind of spec 1 §3 with the payload in each text, caption, alt and URL prop (ids stay valid). */
function hostileBlocks(p: string): { kind: string; props: Record<string, unknown> }[] {
  const image = { url: p, baseImage: p, type: p, imageAlt: p, caption: p, copyright: p, externalUrl: p, responsiveImages: [{ media: p, srcset: p }] };
  const video = { videoId: '6370000000001', title: p, videoDomain: p, url: p, imageUrl: p, type: p, duration: p };
  const slide = { imageId: p, imageUrl: p, imageOrig: p, imageThumb: p, imageFull: p, responsiveImages: [{ media: p, srcset: p }], alt: p, caption: p, copyright: p, source: { title: p, url: p } };
  return [
    { kind: 'featured-video', props: video },
    { kind: 'paragraph', props: { text: p } },
    { kind: 'paragraph', props: { text: `Before <a href="${p}" style="${p}" title="${p}">${p}</a> after` } },
    { kind: 'paragraph', props: { text: p } },
    { kind: 'heading', props: { text: p, level: 2 } },
    { kind: 'list', props: { ordered: false, items: [p, p], title: p } },
    { kind: 'pull-quote', props: { text: p, attribution: p } },
    { kind: 'raw-html', props: { html: p } },
    { kind: 'raw-html', props: { html: `<iframe src="https://maps.example.org/embed" width="600" height="400" title="${p}"></iframe>${p}` } },
    { kind: 'external-link', props: { url: p, title: p, description: p, imageUrl: p } },
    { kind: 'table', props: { caption: p, headerRows: [[{ text: p, isHeader: true }]], rows: [[{ text: p }]] } },
    { kind: 'article-image', props: image },
    { kind: 'images', props: { items: [image] } },
    { kind: 'full-span-image', props: image },
    { kind: 'related-media', props: { type: 'video', title: p, url: p, imageUrl: p, originalImageUrl: p, caption: p } },
    { kind: 'inline-video', props: video },
    { kind: 'slider', props: { title: p, items: [{ imageUrl: p, title: p, url: p, caption: p, imageAlt: p }] } },
    { kind: 'slideshow', props: { title: p, dek: p, url: p, lastMod: p, items: [slide, slide] } },
    { kind: 'facebook-post', props: { url: p } },
    { kind: 'instagram', props: { url: p } },
    { kind: 'tweet', props: { id: '1630000000000000001', url: p, hideThread: true } },
    { kind: 'tiktok', props: { url: p } },
    { kind: 'vimeo', props: { videoId: '76979871', title: p } },
    { kind: 'youtube', props: { videoId: 'dQw4w9WgXcQ', title: p } },
    { kind: 'shared-video', props: { url: p, title: p, imageUrl: p, network: p } },
    { kind: 'pdf', props: { url: p, linkText: p } },
    { kind: 'live-blog', props: { eventCode: 'event-1', title: p } },
    { kind: 'weather-list', props: { title: p, items: [{ title: p, url: p, imageUrl: p, description: p }] } },
    { kind: 'ad', props: { sizes: ['300x250'] } },
    { kind: p.slice(0, 40) || 'unknown', props: { text: p } },
    { kind: 'paragraph', props: { text: p } },
  ];
}

function hostileArticle(index: number, variant: Variant, p: string): { path: string; record: Record<string, unknown> } {
  const slug = `hostile-${index}-${variant}`;
  const path = `/us/${slug}`;
  const author = { name: p, url: p, avatar: p, shortBio: p, fullName: p };
  const record = {
    id: `sec-${index}-${variant}`,
    title: p,
    dek: p,
    standfirst: p,
    short_title: p,
    description: p,
    meta_title: p,
    meta_description: p,
    canonical_url: `https://www.foxnews.com${path}`,
    originalCanonical_url: p,
    third_party_canonical_url: p,
    urls: [`https://www.foxnews.com${path}`],
    short_urls: [p],
    article_slug: slug,
    content_type: 'article',
    external_source: p,
    published: true,
    publication_date: '2025-03-18T12:00:00Z',
    last_published_date: '2025-03-18T13:00:00Z',
    dateline: p,
    components: hostileBlocks(p),
    header: {
      headline: p,
      subHeadline: p,
      authors: [author, { ...author, avatar: 'https://static.example/headshot.jpg' }],
      category: p,
      headerCategory: { name: p, url: p },
      publicationDate: '2025-03-18T12:00:00Z',
      lastPublishedDate: '2025-03-18T13:00:00Z',
      source: { name: 'Fox News', url: p },
      organizationName: p,
      allowComments: true,
      sponsor: { fn__indicator: p, fn__disclaimer: p },
      articleTags: [{ slug: p }, { slug: 'shopping' }],
      isGated: variant === 'gated',
      isMetered: false,
    },
    branding: { advertorial: true, fn__indicator: p, fn__disclaimer: p },
    tags: [p, 'fox-news/us/shopping'],
    fn__tags: [{ title: p, slug: p, path: p }],
    wp__tags: [{ title: p, slug: p, path: p, isa_value: p }],
    wp__category: { title: 'U.S.', slug: 'us', path: '/us' },
    fn__sections: [{ path: p }],
    fn__sources: [{ label: p, url: p }],
    fn__contributors: [{ full_name: p, page_url: p, canonical_url: p }],
    fn__additional_authors: [{ full_name: p }],
    fn__shows: [{ title: p, canonical_url: p }],
    fn__footer: p,
    fn__legacy_type: variant === 'slideshow' || variant === 'interactive' ? variant : 'article',
    fn__story_type: p,
    foxid: { enabled: variant === 'gated' },
    comments: { enabled: true },
    isAMP: variant === 'amp',
    fox_bet: true,
  };
  return { path, record };
}

let h: RendererHarness;

beforeAll(async () => {
  h = await startRendererHarness({ logLevel: 'silent' });
});

afterAll(async () => {
  await h.stop();
});

describe('hostile HTML in every text field', () => {
  it('has a corpus of the attack classes issue 3 names', () => {
    const names = corpus.map((entry) => entry.name).join('\n');
    for (const word of ['script', 'onerror', 'javascript', 'entity', 'data', 'vbscript', 'srcdoc', 'svg', 'mathml', 'mxss', 'clobbering', 'expression', 'url javascript', 'meta refresh', 'base href', 'form action']) {
      expect(names, word).toContain(word);
    }
  });

  it('leaves no live script in any stored variant of any layout', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const rendered: string[] = [];
    for (const [index, { name, payload }] of corpus.entries()) {
      for (const variant of VARIANTS) {
        const { path, record } = hostileArticle(index, variant, payload);
        const put = await fetch(`${h.upstream.url}/__sample/articles/${encodeURIComponent(String(record.id))}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(record),
        });
        expect(put.ok).toBe(true);
        try {
          await h.render(path);
          rendered.push(path);
        } catch (error) {
          failures.push(`${name} / ${variant}: render failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    let objects = 0;
    for await (const key of h.store.list('news/pages/us/hostile-')) {
      const object = await h.store.get(key);
      if (!object || !key.endsWith('.html')) continue;
      objects += 1;
      const index = Number(/hostile-(\d+)-/.exec(key)?.[1] ?? -1);
      const html = object.body.toString('utf8');
      for (const problem of [...findLiveMarkup(html, { amp: key.endsWith('/amp.html') }), ...findClobbering(html)]) {
        failures.push(`${corpus[index]?.name ?? '?'} in ${key}: ${problem}`);
      }
    }
    // One line per payload and problem (the same leak usually shows in every layout).
    const distinct = [...new Set(failures.map((line) => line.replace(/ in news\/pages\/us\/hostile-\d+-[a-z]+\//, ' in .../')))].sort();
    expect(distinct, `${failures.length} problems`).toEqual([]);
    expect(rendered).toHaveLength(corpus.length * VARIANTS.length);
    // Standard pages at least, plus AMP and print where the renderer writes them.
    expect(objects).toBeGreaterThanOrEqual(corpus.length * VARIANTS.length);
  });
});
