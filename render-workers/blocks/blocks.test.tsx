import { Writable } from 'node:stream';
import { parseDocument } from 'htmlparser2';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { KNOWN_BLOCK_KINDS, type ArticleBlock } from '../../core/upstream/schemas.js';
import { toBlocks } from '../shared/load-blocks.js';
import { withSkipLog } from '../shared/skip-log.js';
import type { Block } from '../shared/view-model.js';
import { AmpBodyBlocks, ampExtensionsFor } from './blocks.amp.js';
import { PrintBodyBlocks } from './blocks.print.js';
import { BodyBlocks } from './blocks.js';

function logSink() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger({ component: 'test', destination, level: 'debug' }), lines };
}

const IMG = 'https://img.example/up/2025/03/photo.jpg';

/** One block of every kind of spec 1 §3. */
const EVERY_KIND: ArticleBlock[] = [
  { kind: 'paragraph', props: { text: 'Hello <a href="https://x.example/" style="color:red" target="_blank">link</a> <b>bold</b>' } },
  { kind: 'heading', props: { text: 'Level three', level: 3 } },
  { kind: 'list', props: { ordered: true, items: ['one', '<em>two</em>'], title: '<strong>Top</strong> list' } },
  { kind: 'pull-quote', props: { text: '<span>Quoted</span> <a href="https://x.example/">no link</a>', attribution: 'A. Person' } },
  { kind: 'raw-html', props: { html: '<div><p>Raw</p><iframe src="https://embed.example/frame" width="640" height="360"></iframe></div>' } },
  { kind: 'external-link', props: { url: 'https://other.example/story', title: 'Other story' } },
  {
    kind: 'table',
    props: {
      headerRows: [[{ text: 'Name', colSpan: 2 }]],
      rows: [[{ text: 'A', rowSpan: 2 }, { text: 'B' }], [{ text: 'C' }]],
    },
  },
  { kind: 'article-image', props: { url: IMG, caption: 'A <b>caption</b>', copyright: 'Photo Agency', responsiveImages: [{ media: '(max-width: 767px)', srcset: `${IMG} 343w` }] } },
  { kind: 'images', props: { items: [{ url: IMG, imageAlt: 'first' }, { url: IMG, caption: 'second caption', copyright: ' ' }] } },
  { kind: 'full-span-image', props: { url: IMG, imageAlt: 'wide' } },
  { kind: 'related-media', props: { type: 'slideshow', title: 'Related slideshow', url: '/slideshow/x', imageUrl: IMG, newWindow: true } },
  { kind: 'inline-video', props: { videoId: 'v123', title: 'Inline video', url: '/video/v123', imageUrl: IMG } },
  { kind: 'featured-video', props: { videoId: 'v456', title: 'Featured video', url: '/video/v456', imageUrl: IMG } },
  { kind: 'slider', props: { items: [{ imageUrl: IMG, title: 'Slide one', url: '/a' }] } },
  {
    kind: 'slideshow',
    props: {
      title: 'Gallery',
      items: [
        { imageUrl: IMG, caption: 'Caption as alt', copyright: ' ', source: { title: 'Source One' } },
        { imageUrl: IMG, alt: 'Own alt', caption: 'c2', copyright: 'Credit' },
      ],
    },
  },
  { kind: 'facebook-post', props: { url: 'https://www.facebook.com/page/posts/1' } },
  { kind: 'instagram', props: { url: 'https://www.instagram.com/p/AbCdEf123/' } },
  { kind: 'tweet', props: { id: '1234567890', hideThread: true, hideMedia: true, darkTheme: true } },
  { kind: 'tiktok', props: { url: 'https://www.tiktok.com/@user/video/987', videoId: '987' } },
  { kind: 'vimeo', props: { videoId: '76979871' } },
  { kind: 'youtube', props: { videoId: 'dQw4w9WgXcQ', title: 'A video' } },
  { kind: 'shared-video', props: { url: 'https://sister.example/video/1', title: 'Shared', imageUrl: IMG } },
  { kind: 'pdf', props: { url: 'https://docs.example/report.pdf', height: 600, linkText: 'Read the report' } },
  { kind: 'live-blog', props: { eventCode: 'event-42' } },
  { kind: 'weather-list', props: { title: 'Weather', items: [{ title: 'Storm', url: '/weather/storm', imageUrl: IMG }] } },
  { kind: 'deal-button', props: { button_type: 'amazon', button_data: ['B0SAMPLE01', 'not an asin'], title: 'Top pick' } },
  { kind: 'ad', props: { sizes: ['300x250', '320x50'], id: 'ad-body-1' } },
  { kind: 'countdown', props: { title: 'Countdown to midnight', endDate: '2026-01-01T00:00:00-05:00', endText: 'Happy New Year!' } },
];

function build(components: ArticleBlock[]) {
  const { log, lines } = logSink();
  const warn = vi.spyOn(log, 'warn');
  const blocks = toBlocks(components, log);
  const warnings = warn.mock.calls.map(([fields, message]) => ({ fields, message }));
  return { blocks, lines, warnings };
}

const standard = (blocks: Block[], deals?: { show: boolean; disclosure?: string }) => renderToString(<BodyBlocks blocks={blocks} {...(deals ? { deals } : {})} />);
const ampHtml = (blocks: Block[]) => renderToString(<AmpBodyBlocks blocks={blocks} />);
const print = (blocks: Block[]) => renderToString(<PrintBodyBlocks blocks={blocks} />);

describe('every block kind (spec 1 §3)', () => {
  const { blocks, warnings } = build(EVERY_KIND);
  const std = standard(blocks);
  const amp = ampHtml(blocks);
  const prn = print(blocks);

  it('covers every known kind and converts each without a warning', () => {
    expect(new Set(EVERY_KIND.map((b) => b.kind))).toEqual(new Set(KNOWN_BLOCK_KINDS));
    expect(warnings).toEqual([]);
    expect(blocks).toHaveLength(EVERY_KIND.length);
  });

  it('paragraph: only the allowed tags; link style stripped (spec 1 §5)', () => {
    expect(std).toContain('<p>Hello <a href="https://x.example/" target="_blank" rel="noopener noreferrer">link</a> <b>bold</b></p>');
    expect(std).not.toContain('style=');
  });

  it('heading keeps its level 1-6; other levels render nothing (spec 1 §5)', () => {
    expect(std).toContain('<h3>Level three</h3>');
    const out = build([
      { kind: 'heading', props: { text: 'zero', level: 0 } },
      { kind: 'heading', props: { text: 'seven', level: 7 } },
      { kind: 'heading', props: { text: 'one', level: 1 } },
      { kind: 'heading', props: { text: 'six', level: 6 } },
    ]);
    const html = standard(out.blocks);
    expect(html).toBe('<h1>one</h1><h6>six</h6>');
  });

  it('list and its sanitised title; pull quote without links (spec 1 §5)', () => {
    expect(std).toContain('<p class="list-title"><strong>Top</strong> list</p><ol><li>one</li><li><em>two</em></li></ol>');
    expect(std).toContain('<blockquote class="pull-quote"><p><span>Quoted</span> no link</p><cite>A. Person</cite></blockquote>');
  });

  it('table with header cells, colSpan and rowSpan', () => {
    for (const html of [std, amp, prn]) {
      expect(html).toContain('<th colSpan="2" scope="col">Name</th>');
      expect(html).toContain('<td rowSpan="2">A</td><td>B</td>');
    }
  });

  it('article image at 931x523 with srcset, its responsive sources, caption and copyright', () => {
    expect(std).toContain('src="https://img.example/up/2025/03/931/523/photo.jpg?ve=1&amp;tl=1"');
    expect(std).toContain('<source media="(max-width: 767px)" srcSet="https://img.example/up/2025/03/photo.jpg 343w"/>');
    expect(std).toContain('width="931" height="523"');
    expect(std).toContain('<span class="caption">A <b>caption</b></span><span class="copyright"> (Photo Agency)</span>');
    expect(std).toContain('alt="A caption"');
  });

  it('copyright of a single space is blank; alt falls back to the caption (spec 1 §3)', () => {
    const slideshow = blocks.find((b) => b.kind === 'slideshow');
    expect(slideshow?.kind === 'slideshow' && slideshow.slides.map((s) => [s.alt, s.copyright, s.sourceTitle, s.width, s.height])).toEqual([
      ['Caption as alt', undefined, 'Source One', 931, 524],
      ['Own alt', 'Credit', undefined, 931, 524],
    ]);
    const images = blocks.find((b) => b.kind === 'images');
    expect(images?.kind === 'images' && images.images[1]?.copyright).toBeUndefined();
    expect(std).not.toContain('( )');
  });

  it('full-span image at 1862x1048, videos at 896x500 (featured) and 720x405, shared video 1280x720', () => {
    expect(std).toContain('/1862/1048/photo.jpg');
    expect(std).toMatch(/class="video featured-video"[^>]*data-video-id="v456"/);
    expect(std).toContain('/896/500/photo.jpg');
    expect(std).toContain('/720/405/photo.jpg');
    expect(std).toContain('/1280/720/photo.jpg');
  });

  it('related media and weather list use the list thumbnails per breakpoint', () => {
    expect(std).toContain('/132/74/photo.jpg?ve=1&amp;tl=1 132w');
    expect(std).toContain('/221/124/photo.jpg?ve=1&amp;tl=1 221w');
    expect(std).toContain('/227/128/photo.jpg?ve=1&amp;tl=1 227w');
    // And the high-density candidates (spec 1 §9: 268x148 mobile, 442x148 tablet).
    expect(std).toContain('/268/148/photo.jpg?ve=1&amp;tl=1 268w');
    expect(std).toContain('/442/148/photo.jpg?ve=1&amp;tl=1 442w');
    expect(std).toContain('<a href="/slideshow/x" target="_blank" rel="noopener noreferrer">');
  });

  it('embeds on standard are links (placeholder figures with their data, or embed islands), never a script', () => {
    expect(std).toContain(
      '<figure class="embed embed-twitter" data-embed="twitter" data-url="https://twitter.com/i/status/1234567890" data-tweet-id="1234567890" data-hide-thread="true" data-hide-media="true" data-dark-theme="true">',
    );
    // Instagram and TikTok are SocialEmbed islands (spec 1 §4): server-rendered as the link.
    expect(std).toMatch(/<div data-island="SocialEmbed" data-island-props="island-props-[\w-]+"><figure class="embed embed-instagram"><a href="https:\/\/www\.instagram\.com\/p\/AbCdEf123\/[^"]*" target="_blank" rel="noopener noreferrer">View this post on Instagram<\/a><\/figure>/);
    expect(std).toMatch(/<div data-island="SocialEmbed" data-island-props="island-props-[\w-]+"><figure class="embed embed-tiktok"><a href="https:\/\/www\.tiktok\.com\/[^"]+" target="_blank" rel="noopener noreferrer">View this post on TikTok<\/a><\/figure>/);
    expect(std).toContain('data-embed="facebook"');
    expect(std).toContain('data-video-id="76979871"');
    expect(std).toContain('data-video-id="dQw4w9WgXcQ"');
    expect(std).toContain('data-src="https://docs.example/report.pdf" data-height="600"');
    expect(std).toContain('>Read the report</a>');
    expect(std).toContain('<section class="live-blog" data-event-code="event-42">');
    // The device classes let CSS show each slot only at its breakpoints (spec 1 §9).
    expect(std).toMatch(/<aside class="ad( ad-(desktop|tablet|mobile))+" id="ad-body-1" data-sizes="300x250,320x50"/);
    expect(std).toContain('<span class="ad-label">Advertisement</span>');
    // Island props are inert JSON data scripts; nothing else may be a script.
    for (const html of [withoutIslandProps(std), amp, prn]) expect(html).not.toMatch(/<script/i);
  });

  it('weather list and deal button are islands on standard and never on AMP or print', () => {
    expect(std).toMatch(/<div data-island="WeatherList" data-island-props="island-props-[\w-]+"><section class="weather-list"><h2>Weather<\/h2>/);
    // Deals show only when the article may show them (spec 2 §5): none without the context.
    expect(std).not.toContain('data-island="Deals"');
    const [deal] = blocks.filter((b) => b.kind === 'deal');
    expect(deal).toEqual({ kind: 'deal', dealType: 'amazon', items: ['B0SAMPLE01'], title: 'Top pick' });
    const withDeals = renderToString(<BodyBlocks blocks={blocks} deals={{ show: true, disclosure: 'Fox News may earn a commission if you buy through our referral links.' }} />);
    expect(withDeals).toContain('data-island="Deals"');
    expect(withDeals).toContain('<p class="deals-disclosure">Fox News may earn a commission if you buy through our referral links.</p>');
    for (const html of [amp, prn]) expect(html).not.toContain('data-island');
  });

  it('countdown (spec 1 §5): the Countdown island on standard with its timer hidden until hydrated; the date alone on AMP and print', () => {
    const [countdown] = blocks.filter((b) => b.kind === 'countdown');
    expect(countdown).toEqual({ kind: 'countdown', end: '2026-01-01T05:00:00.000Z', title: 'Countdown to midnight', endText: 'Happy New Year!' });
    expect(std).toMatch(/<div data-island="Countdown" data-island-props="island-props-[\w-]+"><section class="countdown"><h2 class="countdown-title">Countdown to midnight<\/h2><p class="countdown-timer" role="timer" hidden="">/);
    expect(std).toContain('<p class="countdown-end">Until <time dateTime="2026-01-01T05:00:00.000Z">January 01, 2026 12:00am EST</time></p><p class="countdown-done" hidden="">Happy New Year!</p>');
    const still = '<section class="countdown"><h2 class="countdown-title">Countdown to midnight</h2><p class="countdown-end">Until <time dateTime="2026-01-01T05:00:00.000Z">January 01, 2026 12:00am EST</time></p></section>';
    expect(amp).toContain(still);
    expect(prn).toContain(still);
    // A stored page never carries a time left: it would be stale when read.
    for (const html of [amp, prn]) expect(html).not.toContain('countdown-timer');
  });

  it('countdown: an end without a zone is invalid props, logged and skipped', () => {
    const { blocks: none, warnings: logged } = build([{ kind: 'countdown', props: { endDate: '2026-01-01T00:00:00' } }]);
    expect(none).toEqual([]);
    expect(logged).toHaveLength(1);
  });

  it('raw html on standard keeps an https iframe, sandboxed', () => {
    expect(std).toContain('<iframe loading="lazy" sandbox="allow-scripts allow-popups allow-presentation" src="https://embed.example/frame" width="640" height="360"></iframe>');
  });

  it('AMP: amp-img responsive, AMP embeds, the first iframe as amp-iframe, and the extensions listed', () => {
    expect(amp).toContain('<amp-img src="https://img.example/up/2025/03/931/523/photo.jpg?ve=1&amp;tl=1"');
    expect(amp).toContain('layout="responsive"');
    expect(amp).not.toMatch(/<img\b/);
    expect(amp).not.toMatch(/<iframe\b/);
    expect(amp).toContain('<amp-iframe src="https://embed.example/frame" width="640" height="360" layout="responsive" sandbox="allow-scripts allow-popups allow-presentation" frameborder="0">');
    expect(amp).toContain('<amp-twitter data-tweetid="1234567890" width="375" height="472" layout="responsive" data-conversation="none" data-cards="hidden" data-theme="dark">');
    expect(amp).toContain('<amp-instagram data-shortcode="AbCdEf123"');
    expect(amp).toContain('An error occurred while retrieving the Instagram post. It might have been deleted.');
    expect(amp).toContain('<amp-youtube data-videoid="dQw4w9WgXcQ"');
    expect(amp).toContain('<amp-vimeo data-videoid="76979871"');
    expect(amp).toContain('<amp-facebook data-href="https://www.facebook.com/page/posts/1"');
    // Spec 1 §9: amp video image 1200x675.
    expect(amp).toContain('/1200/675/photo.jpg?ve=1&amp;tl=1" width="1200" height="675"');
    expect(amp).toContain('<amp-ad width="300" height="250" layout="fixed" type="doubleclick" data-slot="/amp/ad-body-1" data-multi-size="320x50" data-enable-refresh="30" rtc-config="{&quot;timeoutMillis&quot;:1000}">');
    expect(ampExtensionsFor(blocks)).toEqual(['amp-ad', 'amp-facebook', 'amp-iframe', 'amp-instagram', 'amp-twitter', 'amp-vimeo', 'amp-youtube']);
    const used = new Set([...amp.matchAll(/<(amp-[a-z-]+)/g)].map((m) => m[1]));
    used.delete('amp-img');
    expect([...used].sort()).toEqual(ampExtensionsFor(blocks));
  });

  it('print: no ads, no iframes, images at 612x344, embeds as links', () => {
    expect(prn).not.toMatch(/class="ad[ "]/);
    expect(prn).not.toMatch(/<iframe|<amp-/);
    expect(prn).toContain('src="https://img.example/up/2025/03/612/344/photo.jpg?ve=1&amp;tl=1" alt="A caption" width="612" height="344"');
    expect(prn).not.toMatch(/width="931"/);
    expect(prn).toContain('<a href="https://twitter.com/i/status/1234567890">View this post on Twitter</a>');
    expect(prn).toContain('<a href="https://docs.example/report.pdf">Read the report</a>');
    expect(prn).not.toContain('event-42');
  });
});

describe('the AMP raw-html rule (spec 1 §5)', () => {
  const ampOf = (html: string) => {
    const { blocks } = build([{ kind: 'raw-html', props: { html } }]);
    return { html: ampHtml(blocks), extensions: ampExtensionsFor(blocks) };
  };

  it('converts only the first iframe', () => {
    const out = ampOf('<iframe src="https://a.example/1" width="10" height="20"></iframe><iframe src="https://b.example/2" width="10" height="20"></iframe><p>text</p>');
    expect(out.html).toContain('src="https://a.example/1"');
    expect(out.html).not.toContain('b.example');
    expect(out.html).not.toContain('text');
    expect(out.extensions).toEqual(['amp-iframe']);
  });

  it.each([
    ['no src', '<iframe width="10" height="20"></iframe>'],
    ['no width', '<iframe src="https://a.example/" height="20"></iframe>'],
    ['no height', '<iframe src="https://a.example/" width="10"></iframe>'],
    ['http', '<iframe src="http://a.example/" width="10" height="20"></iframe>'],
    ['mozallowfullscreen', '<iframe src="https://a.example/" width="10" height="20" mozallowfullscreen></iframe>'],
    ['webkitallowfullscreen', '<iframe src="https://a.example/" width="10" height="20" webkitallowfullscreen="true"></iframe>'],
    ['first one invalid', '<iframe src="http://a.example/" width="10" height="20"></iframe><iframe src="https://b.example/" width="10" height="20"></iframe>'],
  ])('converts nothing when the first iframe has %s', (_why, html) => {
    const out = ampOf(html);
    expect(out.html).toBe('');
    expect(out.extensions).toEqual([]);
  });

  it('keeps a given sandbox and adds one when missing', () => {
    expect(ampOf('<iframe src="https://a.example/" width="1" height="2" sandbox="allow-scripts allow-top-navigation"></iframe>').html).toContain('sandbox="allow-scripts"');
    expect(ampOf('<iframe src="https://a.example/" width="1" height="2"></iframe>').html).toContain('sandbox="allow-scripts allow-popups allow-presentation"');
  });
});

describe('raw-html iframe sandboxes (ADR 0021: allow-scripts never with allow-same-origin)', () => {
  const variants = (html: string) => {
    const { blocks } = build([{ kind: 'raw-html', props: { html } }]);
    const sandboxOf = (markup: string) => /<(?:amp-)?iframe\b[^>]*\ssandbox="([^"]*)"/.exec(markup)?.[1];
    return { standard: sandboxOf(standard(blocks)), amp: sandboxOf(ampHtml(blocks)) };
  };
  const frame = (sandbox: string) => `<iframe src="https://embed.example/frame" width="640" height="360" sandbox="${sandbox}"></iframe>`;

  it.each([
    ['allow-scripts allow-same-origin', 'allow-scripts', 'allow-scripts'],
    ['ALLOW-SAME-ORIGIN allow-scripts allow-forms', 'allow-scripts allow-forms', 'allow-scripts allow-forms'],
    ['allow-same-origin allow-popups', 'allow-same-origin allow-popups', 'allow-popups'],
    ['allow-scripts allow-top-navigation allow-modals', 'allow-scripts', 'allow-scripts'],
    // An empty sandbox is the strictest; it must not be dropped as an empty attribute (no sandbox at all).
    ['', '', ''],
    ['allow-top-navigation', '', ''],
  ])('sandbox=%j is stored as %j (standard) and %j (AMP)', (asked, std, amp) => {
    expect(variants(frame(asked))).toEqual({ standard: std, amp });
  });

  it('logs what it dropped as a skip of the render', async () => {
    const { log, lines } = logSink();
    await withSkipLog(log, async () => {
      await Promise.resolve();
      build([{ kind: 'raw-html', props: { html: frame('allow-scripts allow-same-origin') } }]);
    });
    expect(lines.filter((line) => line.skip !== undefined).map((line) => line.skip)).toEqual([
      { kind: 'iframe-sandbox', use: 'frame', reason: 'allow-same-origin', value: 'allow-scripts allow-same-origin' },
    ]);
  });
});

describe('bad blocks', () => {
  it('logs an unknown kind at warn with the kind and skips it; the rest still renders', () => {
    const { blocks, warnings } = build([
      { kind: 'ar-experience', props: {} },
      { kind: 'paragraph', props: { text: 'kept' } },
      { kind: 'ad', props: { sizes: [300, 250] } },
      { kind: 'tweet', props: { id: '12 onload=x' } },
      { kind: 'external-link', props: { url: 'javascript:alert(1)', title: 'x' } },
    ]);
    expect(standard(blocks)).toBe('<p>kept</p>');
    expect(warnings.map((w) => w.fields)).toMatchObject([
      { block: { index: 0, kind: 'ar-experience', reason: 'unknown-kind' } },
      { block: { index: 2, kind: 'ad', reason: 'invalid-props' } },
      { block: { index: 3, kind: 'tweet', reason: 'invalid-props' } },
      { block: { index: 4, kind: 'external-link', reason: 'unsafe-or-empty' } },
    ]);
    expect(warnings.map((w) => w.message)).toEqual([
      'Unknown block kind "ar-experience"',
      expect.stringContaining('Invalid ad block: sizes.0'),
      expect.stringContaining('Invalid tweet block: id'),
      'Skipped external-link block: url is not http(s)',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Hostile corpus through every text field of every block, in every variant.

const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="jav&#x09;ascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="jav&#x61;script&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href=" javascript:alert(1)" onclick="alert(1)" style="x">x</a>',
  '<iframe srcdoc="<script>alert(1)</script>" src="https://a.example/" width="1" height="1"></iframe>',
  '<iframe src="javascript:alert(1)" width="1" height="1"></iframe>',
  '<iframe src="data:text/html,<script>alert(1)</script>" width="1" height="1"></iframe>',
  '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>',
  '<svg onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<form name="getElementById"><input name="cookie"></form><img name="body" id="location" src="/a.jpg">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<body onload=alert(1)>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<details open ontoggle=alert(1)>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
  '<style>@import "javascript:alert(1)"</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<a href="https://ok.example/" onmouseover="alert(1)">ok</a>',
];

/** Every string field of every block kind, filled with `value`. */
function hostileBlocks(value: string): ArticleBlock[] {
  const image = { url: value, baseImage: value, type: value, imageAlt: value, caption: value, copyright: value, externalUrl: value, responsiveImages: [{ media: value, srcset: value }] };
  const goodImage = { ...image, url: IMG };
  return [
    { kind: 'paragraph', props: { text: value } },
    { kind: 'heading', props: { text: value, level: 2 } },
    { kind: 'list', props: { items: [value], title: value } },
    { kind: 'pull-quote', props: { text: value, attribution: value } },
    { kind: 'raw-html', props: { html: value } },
    { kind: 'external-link', props: { url: value, title: value, description: value, imageUrl: value } },
    { kind: 'external-link', props: { url: 'https://ok.example/', title: value, description: value } },
    { kind: 'table', props: { caption: value, headerRows: [[{ text: value }]], rows: [[{ text: value }]] } },
    { kind: 'article-image', props: image },
    { kind: 'article-image', props: goodImage },
    { kind: 'images', props: { items: [image, goodImage] } },
    { kind: 'full-span-image', props: goodImage },
    { kind: 'related-media', props: { type: 'video', title: value, url: value, imageUrl: value, originalImageUrl: value, caption: value } },
    { kind: 'related-media', props: { type: 'image', title: value, url: '/ok', imageUrl: value, caption: value } },
    { kind: 'inline-video', props: { videoId: 'v1', title: value, videoDomain: value, url: value, imageUrl: value, type: value, duration: value } },
    { kind: 'featured-video', props: { videoId: 'v1', title: value, url: '/ok', imageUrl: IMG } },
    { kind: 'slider', props: { title: value, items: [{ imageUrl: IMG, title: value, url: value, caption: value, imageAlt: value }] } },
    {
      kind: 'slideshow',
      props: {
        title: value,
        dek: value,
        url: value,
        items: [{ imageId: value, imageUrl: IMG, imageOrig: value, imageThumb: value, imageFull: value, responsiveImages: [{ media: value, srcset: value }], alt: value, caption: value, copyright: value, source: { title: value, url: value } }],
      },
    },
    { kind: 'facebook-post', props: { url: value } },
    { kind: 'instagram', props: { url: value } },
    { kind: 'tweet', props: { id: '1', url: value } },
    { kind: 'tiktok', props: { url: value } },
    { kind: 'vimeo', props: { videoId: '1', title: value } },
    { kind: 'youtube', props: { videoId: 'abcdefg', title: value } },
    { kind: 'shared-video', props: { url: value, title: value, imageUrl: value, network: value } },
    { kind: 'shared-video', props: { url: '/ok', title: value, imageUrl: value, network: value } },
    { kind: 'pdf', props: { url: value, linkText: value } },
    { kind: 'pdf', props: { url: 'https://ok.example/a.pdf', linkText: value } },
    { kind: 'live-blog', props: { eventCode: 'e1', title: value } },
    { kind: 'weather-list', props: { title: value, items: [{ title: value, url: value, imageUrl: value, description: value }, { title: value, url: '/ok', imageUrl: value, description: value }] } },
    { kind: 'deal-button', props: { button_type: 'skimlinks', button_data: [value, 'https://ok.example/p'], title: value } },
    { kind: 'ad', props: { sizes: ['300x250'], id: 'a1' } },
  ];
}

/**
 * Island props scripts (`<script type="application/json" id="island-props-…">`) are data, never
 * run; they are removed before the checks once their text is shown to hold no markup at all.
 */
const ISLAND_PROPS_SCRIPT = /<script type="application\/json" id="island-props-[\w-]+">([^]*?)<\/script>/g;

function withoutIslandProps(html: string): string {
  return html.replace(ISLAND_PROPS_SCRIPT, (_match, json: string) => (json.includes('<') ? '<script>unescaped island props</script>' : ''));
}

/** Ids the islands generate themselves (useId under the island's prefix), not upstream's. */
const ISLAND_ID = /^([a-z-]+-_?)?island-props-[\w-]+$/;

const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'data', 'poster', 'xlink:href', 'data-href', 'data-url', 'data-src', 'background']);

/** Every problem a real parser finds in the rendered HTML. */
function liveScriptIn(rendered: string): string[] {
  const problems: string[] = [];
  const html = withoutIslandProps(rendered);
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true });
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const n = node as { type?: string; name?: string; attribs?: Record<string, string>; children?: unknown[] };
    if (n.type === 'script' || n.name === 'script') problems.push('<script>');
    if (['svg', 'math', 'object', 'embed', 'base', 'meta', 'form', 'input', 'style', 'noscript'].includes(n.name ?? '')) problems.push(`<${n.name ?? ''}>`);
    for (const [name, value] of Object.entries(n.attribs ?? {})) {
      if (/^on/i.test(name)) problems.push(`${n.name ?? ''} ${name}=`);
      if (name === 'srcdoc' || name === 'style' || name === 'name' || name === 'id' && n.name !== 'aside' && !ISLAND_ID.test(value)) problems.push(`${n.name ?? ''} ${name}=`);
      // Browsers ignore tabs, newlines and leading spaces in a URL's scheme.
      // eslint-disable-next-line no-control-regex -- control characters are what browsers drop from URLs
      const squashed = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (URL_ATTRIBUTES.has(name) && /(^|,)(javascript|vbscript|data):/.test(squashed)) problems.push(`${n.name ?? ''} ${name}=${value}`);
    }
    for (const child of n.children ?? []) visit(child);
  };
  visit(doc);
  if (/<script/i.test(html)) problems.push('raw <script');
  if (/\son\w+\s*=/i.test(html.replace(/>[^<]*</g, '><'))) problems.push('raw on*= in a tag');
  return problems;
}

describe('hostile HTML in every text field of every block (spec 1 §5)', () => {
  it.each(HOSTILE)('leaves no live script in any variant: %s', (value) => {
    const { blocks } = build(hostileBlocks(value));
    for (const [variant, html] of [
      ['standard', standard(blocks, { show: true, disclosure: value })],
      ['amp', ampHtml(blocks)],
      ['print', print(blocks)],
    ] as const) {
      expect({ variant, problems: liveScriptIn(html) }).toEqual({ variant, problems: [] });
      // Text attributes (alt, title) may quote the words as escaped text; URL attributes never.
      expect(html).not.toMatch(/\s(href|src|srcset|srcSet|data-url|data-src|data-href|action)\s*=\s*["']?\s*(javascript|vbscript|data):/i);
    }
  });

  it('the checker itself finds live script', () => {
    expect(liveScriptIn('<img src=x onerror=alert(1)>')).not.toEqual([]);
    expect(liveScriptIn('<a href="jav&#x61;script:alert(1)">x</a>')).not.toEqual([]);
    expect(liveScriptIn('<p>javascript: as text is harmless</p>')).toEqual([]);
  });
});
