/**
 * Body blocks of the standard article page (spec 1 §3). Block HTML is already sanitised and
 * images already sized by the loader (render-workers/shared/load-blocks.ts); components only lay them out.
 * Third-party embeds are placeholder figures carrying the data their islands need (data-*
 * attributes) and a plain link: no third-party script is loaded by any block.
 */
import { Island } from '../../interactive-bundle/island.js';
import { DEALS_ENDPOINT } from '../../interactive-bundle/islands/deals.island.js';
import { TEXT_TO_SPEECH } from '../article/rules.js';
import { AdSlot } from '../shared/ad-slot.js';
import type { Block, BlockImage, EmbedModel } from '../shared/view-model.js';
import { useSiteId } from '../shell/ui-text-context.js';
import { CountdownBlockView } from './countdown-blocks.js';
import { renderBlock, type BlockTable } from './block-table.js';
import { embedLinkText, ImageFigure, ImagesBlock, RelatedMediaBlock, SliderBlock, SlideshowBlock, TEXT_BLOCKS } from './common-blocks.js';

/**
 * Whether the article may show deals and the disclosure its tags call for (spec 2 §5, §9): deal
 * blocks render only when `show`, with the disclosure inside the island. Absent: no deals.
 */
export interface DealsContext {
  show: boolean;
  disclosure?: string | undefined;
}

/**
 * The lead image: the article's first image or video poster when it is one of the first two
 * blocks. It is the largest thing above the fold, so it loads eagerly with high priority
 * (a lazy hero image delays Largest Contentful Paint); every other image is lazy.
 */
export const HERO_BLOCK_WINDOW = 2;

export function heroBlockIndex(blocks: readonly Block[]): number {
  const index = blocks.findIndex((block) => block.kind === 'image' || (block.kind === 'video' && block.image !== undefined));
  return index >= 0 && index < HERO_BLOCK_WINDOW ? index : -1;
}

export function BodyBlocks({ blocks, deals, withHero = false }: { blocks: Block[]; deals?: DealsContext; withHero?: boolean }) {
  const hero = withHero ? heroBlockIndex(blocks) : -1;
  return (
    <>
      {blocks.map((block, index) => (
        <BodyBlock key={index} block={block} deals={deals} hero={index === hero} />
      ))}
    </>
  );
}

/** What the standard page's renderers need beside the block. */
interface StandardContext {
  deals: DealsContext | undefined;
  /** This block is the lead image (see heroBlockIndex). */
  hero: boolean;
}

/** The standard page's block table (block-table.ts): one renderer per kind. */
export const STANDARD_BLOCKS: BlockTable<StandardContext> = {
  ...TEXT_BLOCKS,
  'raw-html': (block) => <div className="raw-html" dangerouslySetInnerHTML={{ __html: block.html }} />,
  image: (block, { hero }) => <ImageFigure image={block.image} className={block.fullSpan ? 'article-image full-span-image' : 'article-image'} Image={Img} hero={hero} />,
  images: (block) => <ImagesBlock block={block} Image={Img} />,
  'related-media': (block) => <RelatedMediaBlock block={block} Image={Img} />,
  video: (block, { hero }) => (
    <figure className={block.featured ? 'video featured-video' : 'video inline-video'} data-video-id={block.videoId} data-video-domain={block.videoDomain}>
      {block.image ? block.url ? <a href={block.url}><Img image={block.image} hero={hero} /></a> : <Img image={block.image} hero={hero} /> : null}
      <figcaption>
        {block.url ? <a href={block.url}>{block.title}</a> : block.title}
        {block.duration ? <span className="duration"> {block.duration}</span> : null}
      </figcaption>
    </figure>
  ),
  slider: (block) => <SliderBlock block={block} Image={Img} />,
  slideshow: (block) => <SlideshowBlock block={block} Image={Img} />,
  embed: (block) => {
    // Instagram and TikTok load their provider's script in the browser (spec 1 §4).
    if (block.embed.provider === 'instagram') {
      return <Island name="SocialEmbed" props={{ provider: 'instagram', url: block.embed.url, linkText: embedLinkText(block.embed), hideCaption: block.embed.hideCaption }} />;
    }
    if (block.embed.provider === 'tiktok') {
      return <Island name="SocialEmbed" props={{ provider: 'tiktok', url: block.embed.url, linkText: embedLinkText(block.embed), videoId: block.embed.videoId ?? null }} />;
    }
    return <EmbedPlaceholder embed={block.embed} />;
  },
  'shared-video': (block) => (
    <figure className="shared-video" data-network={block.network}>
      <a href={block.url}>{block.image ? <Img image={block.image} /> : block.title}</a>
      <figcaption>{block.title}</figcaption>
    </figure>
  ),
  pdf: (block) => (
    <figure className="embed embed-pdf" data-embed="pdf" data-src={block.url} data-height={block.height}>
      <a href={block.url} target="_blank" rel="noopener noreferrer">
        {block.linkText}
      </a>
    </figure>
  ),
  'live-blog': (block) => (
    <section className="live-blog" data-event-code={block.eventCode}>
      {block.title ? <h2>{block.title}</h2> : null}
    </section>
  ),
  'weather-list': (block) => <WeatherListBlock block={block} />,
  deal: (block, { deals }) => {
    // Deals show only when the section is deals or the tags include shopping or commerce (spec 2 §5).
    if (deals === undefined || !deals.show) return null;
    return (
      <Island
        name="Deals"
        props={{
          type: block.dealType,
          items: block.items,
          ...(block.title ? { title: block.title } : {}),
          disclosure: deals.disclosure ? [deals.disclosure] : [],
          endpoint: DEALS_ENDPOINT,
        }}
      />
    );
  },
  promo: (block) => {
    if (block.promo === 'text-to-speech') {
      return (
        <p className="text-to-speech">
          <span className="badge">{TEXT_TO_SPEECH.label}</span> {TEXT_TO_SPEECH.text}
        </p>
      );
    }
    return (
      <aside className="promo promo-betting" aria-label="Fox Bet">
        <p>
          <a href="/sports">See the latest odds and picks</a>
        </p>
      </aside>
    );
  },
  ad: (block) => <AdSlot slot={block.slot} />,
  countdown: (block) => <CountdownBlockView block={block} />,
};

function BodyBlock({ block, deals, hero }: { block: Block; deals: DealsContext | undefined; hero: boolean }) {
  return renderBlock(STANDARD_BLOCKS, block, { deals, hero });
}

/**
 * Show More (spec 1 §4) is the WeatherList island; without script every item shows. The island
 * takes the edition from its props (its button's language); the news edition's props carry none,
 * so news pages stay byte-identical.
 */
function WeatherListBlock({ block }: { block: Extract<Block, { kind: 'weather-list' }> }) {
  const site = useSiteId();
  return (
    <Island
      name="WeatherList"
      props={{
        ...(block.title ? { title: block.title } : {}),
        items: block.items.map((item) => ({
          title: item.title,
          url: item.url,
          ...(item.description ? { description: item.description } : {}),
          ...(item.image
            ? { image: { src: item.image.src, alt: item.image.alt, width: item.image.width, height: item.image.height, srcSet: item.image.srcSet, sizes: item.image.sizes } }
            : {}),
        })),
        ...(site === 'news' ? {} : { site }),
      }}
    />
  );
}

function Img({ image, hero = false }: { image: BlockImage; hero?: boolean }) {
  const loading = hero ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
  const img = <img src={image.src} alt={image.alt} srcSet={image.srcSet} sizes={image.sizes} width={image.width} height={image.height} {...loading} />;
  // The hero skips upstream's per-media <source>s (x descriptors): beside an eager img whose
  // srcset has width descriptors the HTML checker rejects them, and the img's own srcset and sizes
  // from the image service already fit every breakpoint.
  if (image.sources.length === 0 || hero) return img;
  return (
    <picture>
      {image.sources.map((source, i) => (
        <source key={i} media={source.media} srcSet={source.srcSet} />
      ))}
      {img}
    </picture>
  );
}

/** Data for the embeds rendered as links (no third-party script is loaded for them). */
function embedData(embed: EmbedModel): Record<string, string> {
  switch (embed.provider) {
    case 'facebook':
      return {};
    case 'instagram':
      return { 'data-hide-caption': String(embed.hideCaption), ...(embed.shortcode ? { 'data-shortcode': embed.shortcode } : {}) };
    case 'twitter':
      return {
        'data-tweet-id': embed.id,
        'data-hide-thread': String(embed.hideThread),
        'data-hide-media': String(embed.hideMedia),
        'data-dark-theme': String(embed.darkTheme),
      };
    case 'tiktok':
      return embed.videoId ? { 'data-video-id': embed.videoId } : {};
    case 'vimeo':
      return { 'data-video-id': embed.videoId };
    case 'youtube':
      return { 'data-video-id': embed.videoId, ...(embed.start !== undefined ? { 'data-start': String(embed.start) } : {}) };
  }
}

function EmbedPlaceholder({ embed }: { embed: EmbedModel }) {
  return (
    <figure className={`embed embed-${embed.provider}`} data-embed={embed.provider} data-url={embed.url} {...embedData(embed)}>
      <a href={embed.url} target="_blank" rel="noopener noreferrer">
        {embedLinkText(embed)}
      </a>
    </figure>
  );
}
