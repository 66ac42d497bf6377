/**
 * Body blocks of the AMP article page (spec 1 §2.6 AMP page, §5 AMP raw html, §9 AMP). Only AMP
 * components and plain HTML: no custom script. Every extension element a block uses is named by
 * `ampExtensionsFor`, so the document adds exactly those `<script async custom-element=...>` tags.
 *
 * - images: amp-img with width/height and layout=responsive (amp-img is built into the runtime);
 * - raw html: only the first iframe survives, as amp-iframe (rule in sanitize.ts firstAmpIframe);
 *   all other raw HTML is dropped;
 * - embeds: amp-youtube, amp-vimeo, amp-twitter, amp-instagram, amp-facebook; TikTok, PDF and
 *   shared video as links; live blog: nothing (the AMP page has its own conversation embed);
 * - videos: the poster at the AMP video image size 1200x675 (spec 1 §9) linking to the video page;
 * - ad blocks: amp-ad (refresh 30 s, real-time config timeout 1000 ms, spec 1 §9).
 */
import { createElement, type ReactElement, type ReactNode } from 'react';
import { IMAGE_SIZES, resizedImageUrl } from '../../core/isomorphic/images.js';
import { AD_LABEL } from '../shared/ads.js';
import type { Block, BlockImage, EmbedModel } from '../shared/view-model.js';
import { EMBED_ERROR_TEXTS } from '../../core/isomorphic/constants.js';
import { StaticCountdownBlockView } from './countdown-blocks.js';
import { nothing, renderBlock, type BlockTable } from './block-table.js';
import { embedLinkText, ImageFigure, ImagesBlock, RelatedMediaBlock, SliderBlock, SlideshowBlock, TEXT_BLOCKS } from './common-blocks.js';

/** AMP ad settings of spec 1 §9 that apply to a single ad block. */
export const AMP_BLOCK_AD = { refreshSeconds: 30, rtcTimeoutMs: 1000 } as const;

/** Shown when an embedded post is gone (spec 1 §8; "the same for tweets in AMP"). */
export const AMP_EMBED_FALLBACK_TEXTS = EMBED_ERROR_TEXTS;

type AmpAttributes = Record<string, string | undefined>;

/** An AMP custom element with string attributes (React writes them as given on the server). */
function amp(tag: string, attributes: AmpAttributes, ...children: ReactNode[]) {
  const props: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) props[name] = value;
  return createElement(tag, props, ...children);
}

/** The extension elements `AmpBodyBlocks` uses for these blocks, sorted, without duplicates. */
export function ampExtensionsFor(blocks: readonly Block[]): string[] {
  const used = new Set<string>();
  for (const block of blocks) {
    if (block.kind === 'raw-html' && block.ampIframe) used.add('amp-iframe');
    if (block.kind === 'ad') used.add('amp-ad');
    if (block.kind === 'embed') {
      const element = EMBED_ELEMENTS[block.embed.provider];
      if (element === 'amp-instagram' && !(block.embed.provider === 'instagram' && block.embed.shortcode)) continue;
      if (element) used.add(element);
    }
  }
  return [...used].sort();
}

const EMBED_ELEMENTS: Readonly<Record<EmbedModel['provider'], string | null>> = {
  facebook: 'amp-facebook',
  instagram: 'amp-instagram',
  twitter: 'amp-twitter',
  tiktok: null,
  vimeo: 'amp-vimeo',
  youtube: 'amp-youtube',
};

export function AmpBodyBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <AmpBlock key={index} block={block} />
      ))}
    </>
  );
}

/** The AMP page's block table (block-table.ts): one renderer per kind. */
export const AMP_BLOCKS: BlockTable = {
  ...TEXT_BLOCKS,
  'raw-html': (block) => {
    const frame = block.ampIframe;
    if (!frame) return null;
    return amp(
      'amp-iframe',
      {
        src: frame.src,
        width: String(frame.width),
        height: String(frame.height),
        layout: 'responsive',
        sandbox: frame.sandbox,
        frameborder: '0',
        title: frame.title,
      });
  },
  image: (block) => <ImageFigure image={block.image} className={block.fullSpan ? 'article-image full-span-image' : 'article-image'} Image={AmpImg} />,
  images: (block) => <ImagesBlock block={block} Image={AmpImg} />,
  'related-media': (block) => <RelatedMediaBlock block={block} Image={AmpImg} />,
  video: (block) => {
    // Spec 1 §9: amp video image 1200x675.
    const poster = block.image ? resizedImageUrl(block.image.src, IMAGE_SIZES.ampVideoImage) : null;
    const image = block.image && poster ? <AmpImg image={{ ...block.image, src: poster, srcSet: '', ...IMAGE_SIZES.ampVideoImage }} /> : null;
    return (
      <figure className={block.featured ? 'video featured-video' : 'video inline-video'}>
        {image && block.url ? <a href={block.url}>{image}</a> : image}
        <figcaption>{block.url ? <a href={block.url}>{block.title}</a> : block.title}</figcaption>
      </figure>
    );
  },
  slider: (block) => <SliderBlock block={block} Image={AmpImg} />,
  slideshow: (block) => <SlideshowBlock block={block} Image={AmpImg} />,
  embed: (block) => <AmpEmbed embed={block.embed} />,
  'shared-video': (block) => (
    <figure className="shared-video">
      <a href={block.url}>{block.image ? <AmpImg image={block.image} /> : block.title}</a>
      <figcaption>{block.title}</figcaption>
    </figure>
  ),
  pdf: (block) => (
    <p className="embed-pdf">
      <a href={block.url}>{block.linkText}</a>
    </p>
  ),
  // Deal buttons are the Deals island on the standard page only: no island on AMP.
  deal: nothing,
  'live-blog': nothing,
  'weather-list': (block) => (
    <section className="weather-list">
      {block.title ? <h2>{block.title}</h2> : null}
      <ul>
        {block.items.map((item, i) => (
          <li key={i}>
            <a href={item.url}>{item.title}</a>
            {item.description ? <p>{item.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  ),
  // AMP carries no promo units: they need the standard page's tracking (spec 1 §9 names the
  // betting promo for the article body, and AMP's own ad rules for AMP).
  promo: nothing,
  countdown: (block) => <StaticCountdownBlockView block={block} />,
  ad: (block) => {
    const [first = '300x250', ...rest] = block.slot.sizes;
    const [width = '300', height = '250'] = first.split('x');
    return (
      <div className="amp-ad" data-ad-unit={block.slot.id}>
        <span className="ad-label">{AD_LABEL}</span>
        {amp('amp-ad', {
          width,
          height,
          layout: 'fixed',
          type: 'doubleclick',
          'data-slot': `/amp/${block.slot.id}`,
          'data-multi-size': rest.length > 0 ? rest.join(',') : undefined,
          'data-enable-refresh': String(AMP_BLOCK_AD.refreshSeconds),
          'rtc-config': JSON.stringify({ timeoutMillis: AMP_BLOCK_AD.rtcTimeoutMs }),
        })}
      </div>
    );
  },
};

function AmpBlock({ block }: { block: Block }) {
  return renderBlock(AMP_BLOCKS, block, undefined);
}

function AmpImg({ image }: { image: BlockImage }) {
  return amp('amp-img', {
    src: image.src,
    srcset: image.srcSet === '' ? undefined : image.srcSet,
    width: String(image.width),
    height: String(image.height),
    layout: 'responsive',
    alt: image.alt,
  });
}

function AmpEmbed({ embed }: { embed: EmbedModel }): ReactElement {
  const link = (
    <a href={embed.url} target="_blank" rel="noopener noreferrer">
      {embedLinkText(embed)}
    </a>
  );
  switch (embed.provider) {
    case 'youtube':
      return amp('amp-youtube', { 'data-videoid': embed.videoId, width: '720', height: '405', layout: 'responsive', ...(embed.start !== undefined ? { 'data-param-start': String(embed.start) } : {}) });
    case 'vimeo':
      return amp('amp-vimeo', { 'data-videoid': embed.videoId, width: '720', height: '405', layout: 'responsive' });
    case 'twitter':
      return amp(
        'amp-twitter',
        {
          'data-tweetid': embed.id,
          width: '375',
          height: '472',
          layout: 'responsive',
          'data-conversation': embed.hideThread ? 'none' : undefined,
          'data-cards': embed.hideMedia ? 'hidden' : undefined,
          'data-theme': embed.darkTheme ? 'dark' : undefined,
        },
        amp('blockquote', { key: 'p', placeholder: '' }, link),
        amp('div', { key: 'f', fallback: '' }, AMP_EMBED_FALLBACK_TEXTS.twitter),
      );
    case 'instagram':
      if (!embed.shortcode) return <p className="embed-link">{link}</p>;
      return amp(
        'amp-instagram',
        { 'data-shortcode': embed.shortcode, width: '1', height: '1', layout: 'responsive', 'data-captioned': embed.hideCaption ? undefined : '' },
        amp('div', { key: 'f', fallback: '' }, AMP_EMBED_FALLBACK_TEXTS.instagram),
      );
    case 'facebook':
      return amp('amp-facebook', { 'data-href': embed.url, width: '552', height: '310', layout: 'responsive' });
    case 'tiktok':
      return <p className="embed-link">{link}</p>;
  }
}
