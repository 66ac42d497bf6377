import { describe, expect, it } from 'vitest';
import { checkAmp } from '../../../tests/support/amp-check.js';
import type { Block } from '../../blocks/types.js';
import type { BlockImage } from '../../shared/view-model.js';
import { AMP_BOILERPLATE, ampExtensionScripts } from '../../shell/amp-document.js';
import { AMP_CSS, AMP_CUSTOM_CSS_MAX_BYTES } from '../../shell/amp-styles.js';
import { AMP_ADS, EU_COUNTRY_CODES, ampAdPositions, renderAmpArticlePage } from './article-page.amp.js';
import type { AmpArticleProps } from './variant-props.js';

function paragraphs(count: number): Block[] {
  return Array.from({ length: count }, (_, i) => ({ kind: 'paragraph', html: `Paragraph ${i + 1} text.` }));
}

function props(overrides: Partial<AmpArticleProps> = {}): AmpArticleProps {
  return {
    site: { name: 'Fox News', lang: 'en' },
    title: 'Senate passes the bill | Fox News',
    description: 'The Senate passed the bill on Tuesday.',
    canonicalUrl: 'https://www.example.com/politics/senate-passes-bill',
    robots: 'index, follow, max-image-preview:large, max-video-preview:-1',
    structuredData: { '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Senate passes </script><script>alert(1)</script>' },
    headline: 'Senate passes the bill',
    subHeadline: 'A late-night vote',
    authors: [
      { name: 'Jane Doe', url: '/person/d/jane-doe' },
      { name: 'John Roe', url: '' },
    ],
    category: { name: 'Politics', url: '/politics' },
    source: { name: 'Fox News', url: 'https://www.example.com' },
    publishedAt: '2025-03-18T13:05:00Z',
    updatedAt: '2025-03-18T15:30:00Z',
    blocks: [{ kind: 'heading', level: 2, text: 'What happened' }, ...paragraphs(7)],
    menu: [
      { name: 'U.S.', url: '/us', subsections: [{ name: 'Crime', url: '/category/us/crime' }] },
      { name: 'Politics', url: '/politics', subsections: [] },
    ],
    legalLinks: [{ name: 'Privacy Policy', url: '/privacy-policy' }],
    year: 2025,
    comments: true,
    analytics: [{ type: 'googleanalytics', config: { vars: { account: 'UA-1' }, triggers: { pageview: { on: 'visible', request: 'pageview' } } } }],
    ads: { slotPath: '/123/fox-news/amp/politics', rtcUrls: ['https://rtc.example.com/?slot=SLOT_ID'] },
    ...overrides,
  };
}

/** Every start tag with its attributes, as React and the shell write them (values double-quoted). */
function startTags(html: string): { name: string; attributes: Record<string, string> }[] {
  const withoutScriptBodies = html.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/g, '$1$2');
  return [...withoutScriptBodies.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((match) => ({
    name: (match[1] ?? '').toLowerCase(),
    attributes: Object.fromEntries([...(match[2] ?? '').matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)].map((a) => [a[1] ?? '', a[2] ?? ''])),
  }));
}

describe('ampAdPositions (spec 1 §9: an ad after every 3rd paragraph, max 20)', () => {
  it('places an ad after paragraphs 3, 6, 9, ...', () => {
    expect(ampAdPositions(0)).toEqual([]);
    expect(ampAdPositions(2)).toEqual([]);
    expect(ampAdPositions(3)).toEqual([3]);
    expect(ampAdPositions(7)).toEqual([3, 6]);
    expect(ampAdPositions(10)).toEqual([3, 6, 9]);
  });

  it('stops at 20 ads', () => {
    expect(ampAdPositions(60)).toHaveLength(20);
    expect(ampAdPositions(100)).toHaveLength(20);
    expect(ampAdPositions(100).at(-1)).toBe(60);
    expect(ampAdPositions(59)).toHaveLength(19);
  });

  it('uses the spec constants', () => {
    expect(AMP_ADS).toMatchObject({ everyParagraphs: 3, max: 20, adhesionUnit: 'adh', refreshSeconds: 30, rtcTimeoutMs: 1000 });
  });
});

describe('renderAmpArticlePage: a valid AMP document (spec 1 §2.6 AMP page)', () => {
  const html = renderAmpArticlePage(props());
  const head = html.slice(html.indexOf('<head>') + 6, html.indexOf('</head>'));
  const tags = startTags(html);

  it('passes the offline AMP markup check', () => {
    expect(checkAmp(html)).toEqual([]);
  });

  it('starts with the doctype and carries the ⚡ attribute and lang', () => {
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toMatch(/^<!doctype html><html ⚡ lang="en">/i);
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('puts the required head tags in order: charset first, runtime, extensions, canonical, viewport, amp-custom, boilerplate', () => {
    expect(head.startsWith('<meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script>')).toBe(true);
    const at = (needle: string) => {
      const index = head.indexOf(needle);
      expect(index, needle).toBeGreaterThanOrEqual(0);
      return index;
    };
    const order = [
      at('<script async src="https://cdn.ampproject.org/v0.js">'),
      at('custom-element="amp-ad"'),
      at('<link rel="canonical" href="https://www.example.com/politics/senate-passes-bill">'),
      at('<meta name="viewport" content="width=device-width,minimum-scale=1,initial-scale=1">'),
      at('<style amp-custom>'),
      at(AMP_BOILERPLATE),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(head).toContain('<title>Senate passes the bill | Fox News</title>');
    expect(head).toContain('<meta name="robots" content="index, follow, max-image-preview:large, max-video-preview:-1">');
  });

  it('loads the page extensions, each once, in the head', () => {
    for (const name of ['amp-sidebar', 'amp-analytics', 'amp-geo', 'amp-consent', 'amp-ad', 'amp-sticky-ad']) {
      const version = name === 'amp-sticky-ad' ? '1.0' : '0.1';
      const script = `<script async custom-element="${name}" src="https://cdn.ampproject.org/v0/${name}-${version}.js"></script>`;
      expect(head).toContain(script);
      expect(html.split(script)).toHaveLength(2);
    }
  });

  it('has exactly the allowed scripts: the runtime, extensions and JSON', () => {
    const scripts = tags.filter((t) => t.name === 'script');
    expect(scripts.length).toBeGreaterThan(8);
    for (const { attributes } of scripts) {
      const allowed =
        (attributes.src === 'https://cdn.ampproject.org/v0.js' && 'async' in attributes) ||
        (('custom-element' in attributes || 'custom-template' in attributes) &&
          /^https:\/\/cdn\.ampproject\.org\/v0\/amp-[a-z0-9-]+-\d+\.\d+\.js$/.test(attributes.src ?? '')) ||
        (attributes.src === undefined && (attributes.type === 'application/json' || attributes.type === 'application/ld+json'));
      expect(allowed, JSON.stringify(attributes)).toBe(true);
    }
    expect(scripts.filter((s) => s.attributes.src === 'https://cdn.ampproject.org/v0.js')).toHaveLength(1);
  });

  it('has no style attributes and no inline event handlers (AMP actions use `on`, not on*)', () => {
    for (const { name, attributes } of tags) {
      expect(Object.keys(attributes), name).not.toContain('style');
      expect(Object.keys(attributes).filter((a) => /^on./i.test(a)), name).toEqual([]);
      if ('on' in attributes) expect(attributes.on).toMatch(/^tap:[\w-]+\.(toggle|close|accept|reject)$/);
    }
  });

  it('has one amp-custom stylesheet under 75,000 bytes, without !important', () => {
    expect(html.match(/<style amp-custom>/g)).toHaveLength(1);
    expect(AMP_CUSTOM_CSS_MAX_BYTES).toBe(75_000);
    expect(Buffer.byteLength(AMP_CSS, 'utf8')).toBeLessThan(75_000);
    expect(AMP_CSS).not.toContain('!important');
    expect(html.match(/<style\b/g)).toHaveLength(3); // amp-custom + the boilerplate pair
  });

  it('escapes the structured data so it cannot close its script', () => {
    expect(head).toContain('<script type="application/ld+json">');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(head).toContain('Senate passes \\u003c/script\\u003e');
  });

  it('renders the header with logo and a menu button opening the sidebar navigation', () => {
    expect(html).toContain('<a class="logo" href="https://www.example.com/">Fox News</a>');
    expect(html).toMatch(/<button type="button" class="menu-button" aria-label="Open menu" on="tap:site-sidebar.toggle">Menu<\/button>/);
    expect(html).toMatch(/<amp-sidebar id="site-sidebar" layout="nodisplay" side="left" class="amp-sidebar">/);
    const sidebar = html.slice(html.indexOf('<amp-sidebar'), html.indexOf('</amp-sidebar>'));
    expect(sidebar).toContain('on="tap:site-sidebar.close"');
    expect(sidebar).toContain('<a href="https://www.example.com/us">U.S.</a>');
    expect(sidebar).toContain('<a href="https://www.example.com/category/us/crime">Crime</a>');
    expect(sidebar).toContain('<a href="https://www.example.com/politics">Politics</a>');
  });

  it('renders the article header: headline, sub-headline, byline and dates', () => {
    expect(html).toContain('<h1 class="headline">Senate passes the bill</h1>');
    expect(html).toContain('<p class="dek">A late-night vote</p>');
    expect(html).toMatch(/By <a href="https:\/\/www.example.com\/person\/d\/jane-doe">Jane Doe<\/a> and (<!-- -->)?John Roe/);
    expect(html).toContain('<span class="source"> | <!-- -->Fox News</span>');
    expect(html).toContain('Published <time dateTime="2025-03-18T13:05:00Z">March 18, 2025 9:05am EDT</time>');
    expect(html).toContain('Updated <time dateTime="2025-03-18T15:30:00Z">March 18, 2025 11:30am EDT</time>');
    const draft = renderAmpArticlePage(props({ publishedAt: null }));
    expect(draft).toMatch(/<p class="dates">Draft/);
  });

  it('puts banner ads ban1, ban2 after the 3rd and 6th paragraphs, with refresh 30 and an RTC timeout of 1000 ms', () => {
    const body = html.slice(html.indexOf('<div class="article-body">'));
    const p3 = body.indexOf('Paragraph 3 text.');
    const ad1 = body.indexOf('data-ad-unit="ban1"');
    const p4 = body.indexOf('Paragraph 4 text.');
    const ad2 = body.indexOf('data-ad-unit="ban2"');
    const p7 = body.indexOf('Paragraph 7 text.');
    expect(p3).toBeLessThan(ad1);
    expect(ad1).toBeLessThan(p4);
    expect(p4).toBeLessThan(ad2);
    expect(ad2).toBeLessThan(p7);
    expect(html).not.toContain('data-ad-unit="ban3"');
    const ads = tags.filter((t) => t.name === 'amp-ad');
    expect(ads).toHaveLength(3); // ban1, ban2 and the adhesion ad
    for (const { attributes } of ads) {
      expect(attributes['data-enable-refresh']).toBe('30');
      expect(attributes['data-slot']).toBe('/123/fox-news/amp/politics');
      expect(attributes['rtc-config']).toBe('{&quot;urls&quot;:[&quot;https://rtc.example.com/?slot=SLOT_ID&quot;],&quot;timeoutMillis&quot;:1000}');
      expect('data-block-on-consent' in attributes).toBe(true);
    }
    expect(ads.map((a) => a.attributes.json)).toEqual([
      '{&quot;targeting&quot;:{&quot;pos&quot;:&quot;ban1&quot;}}',
      '{&quot;targeting&quot;:{&quot;pos&quot;:&quot;ban2&quot;}}',
      '{&quot;targeting&quot;:{&quot;pos&quot;:&quot;adh&quot;}}',
    ]);
    expect(html).toMatch(/<amp-sticky-ad layout="nodisplay"><amp-ad width="320" height="50" [^>]*><\/amp-ad><\/amp-sticky-ad>/);
  });

  it('caps banners at ban20 for a long article and ignores the standard layout ad blocks', () => {
    const long = renderAmpArticlePage(
      props({ blocks: [{ kind: 'ad', slot: { id: 'ad-inline-1', sizes: ['300x250'], devices: ['mobile'], placement: 'standard' } }, ...paragraphs(80)] }),
    );
    expect(long).toContain('data-ad-unit="ban20"');
    expect(long).not.toContain('data-ad-unit="ban21"');
    expect(long.match(/<amp-ad /g)).toHaveLength(21);
    expect(long).not.toContain('ad-inline-1');
    expect(checkAmp(long)).toEqual([]);
  });

  it('says comments are not available yet, as the standard page does, rather than linking to no conversation', () => {
    expect(html).toContain('<section class="amp-comments" id="comments" aria-label="Comments"><h2>Comments</h2><p>Comments are not available yet.</p></section>');
    expect(html).not.toContain('Join the conversation');
    expect(renderAmpArticlePage(props({ comments: false }))).not.toContain('class="amp-comments"');
  });

  it('renders the footer with legal links and the copyright line', () => {
    expect(html).toContain('<a href="https://www.example.com/privacy-policy">Privacy Policy</a>');
    expect(html).toContain('©2025 FOX News Network, LLC.');
  });

  it('renders each analytics tag with its JSON config, blocked until consent', () => {
    expect(html).toContain(
      '<amp-analytics type="googleanalytics" data-block-on-consent=""><script type="application/json">{"vars":{"account":"UA-1"},"triggers":{"pageview":{"on":"visible","request":"pageview"}}}</script></amp-analytics>',
    );
  });

  it('asks for consent only in the EU group of amp-geo (the 27 member states)', () => {
    expect(EU_COUNTRY_CODES).toHaveLength(27);
    expect(html).toContain(`<amp-geo layout="nodisplay"><script type="application/json">{"ISOCountryGroups":{"eu":${JSON.stringify([...EU_COUNTRY_CODES])}}}</script></amp-geo>`);
    for (const code of ['de', 'fr', 'ie', 'se', 'hr']) expect(EU_COUNTRY_CODES).toContain(code);
    expect(EU_COUNTRY_CODES).not.toContain('gb');
    expect(html).toContain(
      '<amp-consent id="site-consent" layout="nodisplay"><script type="application/json">{"consentInstanceId":"site-consent","consentRequired":false,"geoOverride":{"eu":{"consentRequired":true}},"promptUI":"consent-ui"}</script>',
    );
    expect(html).toContain('on="tap:site-consent.accept">Accept</button>');
    expect(html).toContain('on="tap:site-consent.reject">Reject</button>');
  });

  it('renders byte-identical HTML for the same props', () => {
    expect(renderAmpArticlePage(props())).toBe(html);
  });
});

describe('renderAmpArticlePage with every kind of AMP block', () => {
  const image: BlockImage = {
    src: 'https://img.example.com/up/931/523/a.jpg',
    width: 931,
    height: 523,
    srcSet: 'https://img.example.com/up/931/523/a.jpg 931w',
    sizes: '100vw',
    sources: [],
    print: { src: 'https://img.example.com/up/612/344/a.jpg', width: 612, height: 344 },
    alt: 'A photo',
    captionHtml: 'A <em>caption</em>',
    copyright: 'Agency',
  };
  const blocks: Block[] = [
    ...paragraphs(3),
    { kind: 'image', image, fullSpan: false },
    { kind: 'raw-html', html: '<iframe src="https://w.example.com/x"></iframe>', printHtml: '', ampIframe: { src: 'https://w.example.com/x', width: 600, height: 400, sandbox: 'allow-scripts allow-same-origin' } },
    { kind: 'embed', embed: { provider: 'twitter', id: '123', url: 'https://twitter.com/a/status/123', hideThread: false, hideMedia: false, darkTheme: false } },
    { kind: 'embed', embed: { provider: 'youtube', videoId: 'abc', url: 'https://www.youtube.com/watch?v=abc' } },
    ...paragraphs(3),
  ];
  const html = renderAmpArticlePage(props({ blocks }));

  it('adds the block extensions to the page ones and stays valid AMP', () => {
    for (const name of ['amp-iframe', 'amp-twitter', 'amp-youtube']) {
      expect(html).toContain(`<script async custom-element="${name}" src="https://cdn.ampproject.org/v0/${name}-0.1.js"></script>`);
    }
    expect(checkAmp(html)).toEqual([]);
    expect(html).toContain('data-ad-unit="ban2"');
  });
});

describe('ampExtensionScripts', () => {
  it('dedupes, sorts, skips built-ins and loads templates as custom-template', () => {
    expect(ampExtensionScripts(['amp-twitter', 'amp-img', 'amp-twitter', 'amp-mustache'])).toEqual([
      '<script async custom-template="amp-mustache" src="https://cdn.ampproject.org/v0/amp-mustache-0.2.js"></script>',
      '<script async custom-element="amp-twitter" src="https://cdn.ampproject.org/v0/amp-twitter-0.1.js"></script>',
    ]);
  });

  it('refuses a name that is not an AMP extension', () => {
    expect(() => ampExtensionScripts(['amp-x"><script>'])).toThrow(/Not an AMP extension name/);
  });
});
