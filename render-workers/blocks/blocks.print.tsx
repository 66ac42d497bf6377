/**
 * Body blocks of the print article page (spec 1 §2.6 Print page). Paper has no interactive parts:
 * no ads, no iframes, embeds and videos as links, and every image at the print size 612x344
 * (spec 1 §9 "print image").
 */
import type { Block, BlockImage, EmbedModel } from '../shared/view-model.js';
import { StaticCountdownBlockView } from './countdown-blocks.js';
import { nothing, renderBlock, type BlockTable } from './block-table.js';
import { embedLinkText, ImageCaption, TEXT_BLOCKS } from './common-blocks.js';

export function PrintBodyBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <PrintBlock key={index} block={block} />
      ))}
    </>
  );
}

/** The print page's block table (block-table.ts): one renderer per kind. */
export const PRINT_BLOCKS: BlockTable = {
  ...TEXT_BLOCKS,
  'raw-html': (block) => (block.printHtml.trim() === '' ? null : <div className="raw-html" dangerouslySetInnerHTML={{ __html: block.printHtml }} />),
  image: (block) => <PrintFigure image={block.image} />,
  images: (block) => (
    <>
      {block.images.map((image, i) => (
        <PrintFigure key={i} image={image} />
      ))}
    </>
  ),
  'related-media': (block) => (
    <p className="related-media">
      <a href={block.url}>{block.title}</a>
    </p>
  ),
  video: (block) => (
    <figure className="video">
      {block.image ? <PrintImg image={block.image} /> : null}
      <figcaption>{block.url ? <a href={block.url}>{block.title}</a> : block.title}</figcaption>
    </figure>
  ),
  slider: (block) => (
    <>
      {block.items.map((item, i) => (
        <PrintFigure key={i} image={item.image} />
      ))}
    </>
  ),
  slideshow: (block) => (
    <>
      {block.title ? <h2>{block.title}</h2> : null}
      {block.slides.map((image, i) => (
        <PrintFigure key={i} image={image} />
      ))}
    </>
  ),
  embed: (block) => <EmbedLink embed={block.embed} />,
  'shared-video': (block) => (
    <p className="embed-link">
      <a href={block.url}>{block.title}</a>
    </p>
  ),
  pdf: (block) => (
    <p className="embed-link">
      <a href={block.url}>{block.linkText}</a>
    </p>
  ),
  'weather-list': (block) => (
    <ul className="weather-list">
      {block.items.map((item, i) => (
        <li key={i}>
          <a href={item.url}>{item.title}</a>
        </li>
      ))}
    </ul>
  ),
  // Deal buttons are the Deals island on the standard page only: no island on AMP or print.
  deal: nothing,
  'live-blog': nothing,
  ad: nothing,
  promo: nothing,
  countdown: (block) => <StaticCountdownBlockView block={block} />,
};

function PrintBlock({ block }: { block: Block }) {
  return renderBlock(PRINT_BLOCKS, block, undefined);
}

function PrintImg({ image }: { image: BlockImage }) {
  return <img src={image.print.src} alt={image.alt} width={image.print.width} height={image.print.height} />;
}

function PrintFigure({ image }: { image: BlockImage }) {
  return (
    <figure className="article-image">
      <PrintImg image={image} />
      <ImageCaption image={image} />
    </figure>
  );
}

function EmbedLink({ embed }: { embed: EmbedModel }) {
  return (
    <p className="embed-link">
      <a href={embed.url}>{embedLinkText(embed)}</a> <span className="url">{embed.url}</span>
    </p>
  );
}
