/**
 * Hostile HTML in every text field of an article never reaches a stored page as live markup
 * (spec 1 §5 allow-lists). Each payload of hostile-html.corpus.json goes into
 * every text, caption, alt and URL field of an article and of every block kind, for each layout
 * (standard with its print variant, AMP, gated, slideshow, interactive); the real render pipeline
 * renders them and every stored object is parsed (tests/security/live-markup.ts, which also checks
 * structured-data URLs and iframe sandboxes, ADR 0021).
 *
 * The hostile URLs (HOSTILE_URLS, ADR 0021) go through the author URL (NewsArticle JSON-LD and byline)
 * and raw-html iframes (standard and AMP), asserting exactly what is stored and that each refused
 * value is logged as a skip.
 */
import { readFileSync } from 'node:fs';
import { parseDocument } from 'htmlparser2';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { article } from '../../infra/sample-upstream/data/articles.js';
import { PEOPLE } from '../../infra/sample-upstream/data/people.js';
import { checkAmp } from '../support/amp-check.js';
import { HARNESS_ORIGIN, startRendererHarness, type RendererHarness } from '../support/renderer.js';
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
  it('has a corpus with an entry for each attack class it checks for', () => {
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

// ---------------------------------------------------------------------------------------------
// Hostile URLs where a hostile upstream could still reach a stored page (ADR 0021).

/** URL values an upstream can send, each refused by the one safe-URL rule (ADR 0021). */
const HOSTILE_URLS = z
  .array(z.object({ name: z.string(), url: z.string() }))
  .parse(JSON.parse(readFileSync(new URL('./hostile-urls.json', import.meta.url), 'utf8')));

/** What none of those may leave in a stored page (lower case; `#x09;script` is the entity text, escaped). */
const HOSTILE_TRACES = ['javascript:', 'vbscript:', 'data:text/html', 'evil.example', '#x09;script', 'javascript&amp;#58;'];

function elementsOf(nodes: readonly ChildNode[], out: Element[] = []): Element[] {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    out.push(node);
    elementsOf(node.children, out);
  }
  return out;
}

function parsed(html: string): Element[] {
  return elementsOf(parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }).children);
}

/** Every JSON-LD object of a stored page. */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return parsed(html)
    .filter((e) => e.name === 'script' && e.attribs.type === 'application/ld+json')
    .map((e) => JSON.parse(e.children.map((child) => (isText(child) ? child.data : '')).join('')) as Record<string, unknown>);
}

describe('hostile URLs in author URLs and raw-html iframes (ADR 0021)', () => {
  let u: RendererHarness;

  beforeAll(async () => {
    // Its own harness: the skip log lines are part of what is asserted.
    u = await startRendererHarness({ logLevel: 'warn' });
  }, 120_000);

  afterAll(async () => {
    await u?.stop();
  });

  const skipsOf = (kind: string) =>
    u.logLines.flatMap((line) => {
      const skip = line.skip as { kind: string; use: string; reason: string; value: string } | undefined;
      return skip?.kind === kind ? [skip] : [];
    });

  async function publish(slug: string, blocks: unknown[], authors: unknown[]): Promise<string> {
    const author = PEOPLE[0];
    if (author === undefined) throw new Error('the sample has no people');
    const record = article({
      id: `sec-urls-${slug}`,
      section: 'us',
      slug,
      title: 'Hostile URLs',
      dek: 'Every URL here comes from a hostile upstream.',
      author,
      published: '2025-03-18T12:00:00Z',
      tags: [],
      blocks: blocks as never,
      header: { authors: authors as never },
      extra: { isAMP: true },
    });
    const put = await fetch(`${u.upstream.url}/__sample/articles/${record.id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(record) });
    expect(put.ok).toBe(true);
    const path = `/us/${slug}`;
    await u.render(path);
    return path;
  }

  it('leaves refused author URLs out of the NewsArticle JSON-LD and the byline of every variant, and logs each as a skip', async () => {
    const good = { name: 'Good Author', url: '/person/g/good-author' };
    const hostile = HOSTILE_URLS.map(({ url }, i) => ({ name: `Hostile Author ${i + 1}`, url }));
    const path = await publish('hostile-author-urls', [{ kind: 'paragraph', props: { text: 'Body text.' } }], [good, ...hostile]);

    for (const variant of ['standard', 'amp', 'print'] as const) {
      const html = await u.stored(path, variant);
      const news = jsonLdOf(html).find((data) => data['@type'] === 'NewsArticle');
      if (variant !== 'print') {
        expect(news?.author, variant).toEqual([
          { '@type': 'Person', name: good.name, url: `${HARNESS_ORIGIN}${good.url}` },
          ...hostile.map(({ name }) => ({ '@type': 'Person', name })),
        ]);
      }
      // The byline names every author; only the good one is a link.
      const links = parsed(html).filter((e) => e.name === 'a' && (e.attribs.href ?? '').includes('/person/'));
      expect(links.map((e) => e.attribs.href).sort(), variant).toEqual(expect.arrayContaining([expect.stringMatching(/\/person\/g\/good-author$/)]));
      for (const { name } of hostile) expect(html, `${variant}: ${name}`).toContain(name);
      const lower = html.toLowerCase();
      for (const trace of HOSTILE_TRACES) expect(lower, `${variant} keeps ${trace}`).not.toContain(trace);
      expect(findLiveMarkup(html, { amp: variant === 'amp' }), variant).toEqual([]);
    }
    expect(checkAmp(await u.stored(path, 'amp'))).toEqual([]);
    const logged = new Set(skipsOf('unsafe-url').map((skip) => skip.value));
    for (const { name, url } of HOSTILE_URLS) expect(logged.has(url), `${name} logged as a skip`).toBe(true);
  });

  it('stores a raw-html iframe that asks for allow-scripts allow-same-origin with allow-scripts only, on standard and AMP, and no frame for a refused src', async () => {
    const frame = (src: string, sandbox?: string) =>
      `<iframe src="${src}" width="640" height="360" title="Map"${sandbox === undefined ? '' : ` sandbox="${sandbox}"`}></iframe>`;
    const attribute = (url: string) => url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const blocks = [
      { kind: 'raw-html', props: { html: frame('https://maps.example/embed', 'allow-scripts allow-same-origin') } },
      { kind: 'paragraph', props: { text: 'Between the frames.' } },
      { kind: 'raw-html', props: { html: frame('https://maps.example/second', 'ALLOW-SAME-ORIGIN allow-forms allow-top-navigation') } },
      // Entity-encoded in HTML: `java&#x09;script:` decodes to a tab inside the scheme.
      { kind: 'raw-html', props: { html: frame('java&#x09;script:alert(1)', 'allow-scripts') } },
      ...HOSTILE_URLS.map(({ url }) => ({ kind: 'raw-html', props: { html: `<p>frame</p>${frame(attribute(url), 'allow-scripts allow-same-origin')}` } })),
    ];
    const path = await publish('hostile-iframes', blocks, [{ name: 'Good Author', url: '/person/g/good-author' }]);

    const standard = await u.stored(path, 'standard');
    const frames = parsed(standard).filter((e) => e.name === 'iframe');
    expect(frames.map((e) => [e.attribs.src, e.attribs.sandbox])).toEqual([
      ['https://maps.example/embed', 'allow-scripts'],
      ['https://maps.example/second', 'allow-same-origin allow-forms'],
    ]);
    expect(findLiveMarkup(standard, { amp: false })).toEqual([]);

    const amp = await u.stored(path, 'amp');
    const ampFrames = parsed(amp).filter((e) => e.name === 'amp-iframe');
    // AMP never carries allow-same-origin (the runtime refuses it on the page origin).
    expect(ampFrames.map((e) => [e.attribs.src, e.attribs.sandbox])).toEqual([
      ['https://maps.example/embed', 'allow-scripts'],
      ['https://maps.example/second', 'allow-forms'],
    ]);
    expect(checkAmp(amp)).toEqual([]);
    expect(findLiveMarkup(amp, { amp: true })).toEqual([]);

    for (const html of [standard, amp, await u.stored(path, 'print')]) {
      const lower = html.toLowerCase();
      for (const trace of HOSTILE_TRACES) expect(lower).not.toContain(trace);
    }
    const sandboxes = skipsOf('iframe-sandbox').map((skip) => [skip.reason, skip.value]);
    expect(sandboxes).toEqual(
      expect.arrayContaining([
        ['allow-same-origin', 'allow-scripts allow-same-origin'],
        ['allow-top-navigation', 'ALLOW-SAME-ORIGIN allow-forms allow-top-navigation'],
      ]),
    );
    const frameSkips = skipsOf('unsafe-url').filter((skip) => skip.use === 'frame');
    expect(frameSkips.length).toBeGreaterThanOrEqual(HOSTILE_URLS.length);
  });
});

