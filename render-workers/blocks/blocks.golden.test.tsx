/**
 * The standard, AMP and print markup of every block kind, each optional branch taken both ways,
 * compared byte for byte with files kept beside this test (`golden/`). Stored pages must stay
 * byte-identical when the block components are restructured: an unchanged article is skipped
 * by its content hash, and a markup change would rewrite and purge every article at once.
 *
 * When a markup change is meant, regenerate with `npx vitest run -u <this file>` and review the
 * diff of `golden/` in the same commit.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UiTextProvider } from '../shell/ui-text-context.js';
import type { Block, BlockImage } from '../shared/view-model.js';
import { AmpBodyBlocks } from './blocks.amp.js';
import { PrintBodyBlocks } from './blocks.print.js';
import { BodyBlocks, STANDARD_BLOCKS } from './blocks.js';

const IMG = 'https://img.example/up/2025/03/photo.jpg';

function image(overrides: Partial<BlockImage> = {}): BlockImage {
  return {
    src: `${IMG}?ve=1&tl=1&w=931&h=523`,
    width: 931,
    height: 523,
    srcSet: `${IMG}?w=343 343w, ${IMG}?w=931 931w`,
    sizes: '(max-width: 767px) 343px, 931px',
    sources: [],
    print: { src: `${IMG}?w=612&h=344`, width: 612, height: 344 },
    alt: 'An image',
    ...overrides,
  };
}

const FULL_IMAGE = image({
  sources: [{ media: '(max-width: 767px)', srcSet: `${IMG}?m=1 343w` }],
  captionHtml: 'A <b>caption</b>',
  copyright: 'Photo Agency',
  sourceTitle: 'Source One',
  link: 'https://other.example/big',
});

/** Every kind of `Block`, with its optional fields present and absent. */
const GOLDEN_BLOCKS: Block[] = [
  { kind: 'image', image: FULL_IMAGE, fullSpan: false },
  { kind: 'video', featured: true, videoId: 'v1', title: 'Featured', url: '/video/v1', videoDomain: 'video.example', duration: '2:10', image: image() },
  { kind: 'paragraph', html: 'Hello <a href="https://x.example/">link</a>', speakable: true },
  { kind: 'paragraph', html: 'Plain' },
  { kind: 'heading', level: 3, text: 'Level three' },
  { kind: 'list', ordered: true, items: ['one', '<em>two</em>'], titleHtml: '<strong>Top</strong> list' },
  { kind: 'list', ordered: false, items: ['a'] },
  { kind: 'pullquote', html: '<span>Quoted</span>', attribution: 'A. Person' },
  { kind: 'pullquote', html: 'No one' },
  {
    kind: 'raw-html',
    html: '<div><p>Raw</p><iframe src="https://embed.example/f" sandbox="allow-scripts"></iframe></div>',
    printHtml: '<div><p>Raw</p></div>',
    ampIframe: { src: 'https://embed.example/f', width: 640, height: 360, sandbox: 'allow-scripts', title: 'Frame' },
  },
  { kind: 'raw-html', html: '<p>x</p>', printHtml: '  ' },
  { kind: 'external-link', url: 'https://other.example/story', title: 'Other story', description: 'Why', newWindow: true },
  { kind: 'external-link', url: '/local', title: 'Local', newWindow: false },
  { kind: 'table', caption: 'Cap', rows: [[{ text: 'Name', isHeader: true, colSpan: 2 }], [{ text: 'A', isHeader: false, rowSpan: 2 }, { text: 'B', isHeader: false }]] },
  { kind: 'table', rows: [[{ text: 'only', isHeader: false }]] },
  { kind: 'image', image: image({ alt: 'wide' }), fullSpan: true },
  { kind: 'images', images: [image({ alt: 'first' }), image({ captionHtml: 'second caption' })] },
  { kind: 'related-media', mediaType: 'slideshow', title: 'Related', url: '/slideshow/x', image: image(), captionHtml: 'Cap <i>html</i>', newWindow: true },
  { kind: 'related-media', mediaType: 'video', title: 'Related bare', url: '/video/y', newWindow: false },
  { kind: 'video', featured: false, videoId: 'v2', title: 'Inline', image: image() },
  { kind: 'video', featured: false, videoId: 'v3', title: 'No image', url: '/video/v3' },
  {
    kind: 'slider',
    title: 'Slider',
    items: [
      { image: FULL_IMAGE, title: 'Slide one', url: '/a' },
      { image: image({ alt: 'second slide' }) },
    ],
  },
  { kind: 'slider', items: [{ image: image(), url: '/b' }] },
  { kind: 'slideshow', title: 'Gallery', url: '/slideshow/g', slides: [FULL_IMAGE, image({ copyright: 'Credit' })] },
  { kind: 'slideshow', title: 'Untitled link', slides: [image()] },
  { kind: 'slideshow', slides: [image()] },
  { kind: 'embed', embed: { provider: 'facebook', url: 'https://www.facebook.com/page/posts/1' } },
  { kind: 'embed', embed: { provider: 'instagram', url: 'https://www.instagram.com/p/AbC/', shortcode: 'AbC', hideCaption: true } },
  { kind: 'embed', embed: { provider: 'instagram', url: 'https://www.instagram.com/x/', hideCaption: false } },
  { kind: 'embed', embed: { provider: 'twitter', id: '123', url: 'https://twitter.com/i/status/123', hideThread: true, hideMedia: false, darkTheme: true } },
  { kind: 'embed', embed: { provider: 'twitter', id: '124', url: 'https://twitter.com/i/status/124', hideThread: false, hideMedia: true, darkTheme: false } },
  { kind: 'embed', embed: { provider: 'tiktok', url: 'https://www.tiktok.com/@u/video/9', videoId: '9' } },
  { kind: 'embed', embed: { provider: 'tiktok', url: 'https://www.tiktok.com/@u/video/8' } },
  { kind: 'embed', embed: { provider: 'vimeo', videoId: '7697', url: 'https://vimeo.com/7697', title: 'A vimeo' } },
  { kind: 'embed', embed: { provider: 'youtube', videoId: 'dQw', url: 'https://www.youtube.com/watch?v=dQw', start: 30 } },
  { kind: 'embed', embed: { provider: 'youtube', videoId: 'abc', url: 'https://www.youtube.com/watch?v=abc', title: 'Titled' } },
  { kind: 'shared-video', url: 'https://sister.example/video/1', title: 'Shared', network: 'sister', image: image() },
  { kind: 'shared-video', url: 'https://sister.example/video/2', title: 'Shared bare' },
  { kind: 'pdf', url: 'https://docs.example/report.pdf', height: 600, linkText: 'Read the report' },
  { kind: 'live-blog', eventCode: 'event-42', title: 'Live' },
  { kind: 'live-blog', eventCode: 'event-43' },
  {
    kind: 'weather-list',
    title: 'Weather',
    items: [
      { title: 'Storm', url: '/weather/storm', description: 'Wind', image: image() },
      { title: 'Calm', url: '/weather/calm' },
    ],
  },
  { kind: 'weather-list', items: [{ title: 'Fog', url: '/weather/fog' }] },
  { kind: 'deal', dealType: 'amazon', items: ['B0SAMPLE01'], title: 'Top pick' },
  { kind: 'deal', dealType: 'skimlinks', items: ['https://shop.example/p'] },
  { kind: 'ad', slot: { id: 'ad-body-1', sizes: ['300x250', '320x50'], devices: ['mobile', 'tablet'], placement: 'strike' } },
  { kind: 'ad', slot: { id: 'ad-body-2', sizes: [], devices: ['desktop'], placement: 'in-read' } },
  { kind: 'promo', promo: 'betting' },
  { kind: 'promo', promo: 'text-to-speech' },
  { kind: 'countdown', end: '2026-01-01T05:00:00.000Z', title: 'Countdown to midnight', endText: 'Happy New Year!' },
  { kind: 'countdown', end: '2026-07-04T04:00:00.000Z' },
];

const GOLDEN = new URL('./golden/', import.meta.url).pathname;

describe('block markup stays byte-identical (golden files)', () => {
  it('the fixture holds every block kind', () => {
    const kinds = new Set(GOLDEN_BLOCKS.map((block) => block.kind));
    expect([...kinds].sort()).toEqual(Object.keys(STANDARD_BLOCKS).sort());
  });

  it('standard, with the hero and deals shown', async () => {
    const html = renderToString(<BodyBlocks blocks={GOLDEN_BLOCKS} deals={{ show: true, disclosure: 'We may earn' }} withHero />);
    await expect(html).toMatchFileSnapshot(`${GOLDEN}standard.html`);
  });

  it('standard, without a hero, deals hidden, in the es edition', async () => {
    const html = renderToString(
      <UiTextProvider site="es">
        <BodyBlocks blocks={GOLDEN_BLOCKS} deals={{ show: false }} />
      </UiTextProvider>,
    );
    await expect(html).toMatchFileSnapshot(`${GOLDEN}standard-plain.es.html`);
  });

  it('standard, with no deals context', async () => {
    await expect(renderToString(<BodyBlocks blocks={GOLDEN_BLOCKS} />)).toMatchFileSnapshot(`${GOLDEN}standard-no-deals.html`);
  });

  it('AMP', async () => {
    await expect(renderToString(<AmpBodyBlocks blocks={GOLDEN_BLOCKS} />)).toMatchFileSnapshot(`${GOLDEN}amp.html`);
  });

  it('print', async () => {
    await expect(renderToString(<PrintBodyBlocks blocks={GOLDEN_BLOCKS} />)).toMatchFileSnapshot(`${GOLDEN}print.html`);
  });
});
