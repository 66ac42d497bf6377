/**
 * Body blocks of the print article page (spec 1 §2.6 Print page). Paper has no interactive parts:
 * no ads, no iframes, embeds and videos as links, and every image at the print size 612x344
 * (spec 1 §9 "print image").
 */
import type { Block, BlockImage, EmbedModel } from '../view-model.js';
import { embedLinkText, ImageCaption, isTextBlock, TextBlockView } from './common-blocks.js';
import { StaticCountdownBlockView } from './countdown-blocks.js';

export function PrintBodyBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <PrintBlock key={index} block={block} />
      ))}
    </>
  );
}

function PrintBlock({ block }: { block: Block }) {
  if (isTextBlock(block)) return <TextBlockView block={block} />;
  switch (block.kind) {
    case 'raw-html':
      return block.printHtml.trim() === '' ? null : <div className="raw-html" dangerouslySetInnerHTML={{ __html: block.printHtml }} />;
    case 'image':
      return <PrintFigure image={block.image} />;
    case 'images':
      return (
        <>
          {block.images.map((image, i) => (
            <PrintFigure key={i} image={image} />
          ))}
        </>
      );
    case 'related-media':
      return (
        <p className="related-media">
          <a href={block.url}>{block.title}</a>
        </p>
      );
    case 'video':
      return (
        <figure className="video">
          {block.image ? <PrintImg image={block.image} /> : null}
          <figcaption>{block.url ? <a href={block.url}>{block.title}</a> : block.title}</figcaption>
        </figure>
      );
    case 'slider':
      return (
        <>
          {block.items.map((item, i) => (
            <PrintFigure key={i} image={item.image} />
          ))}
        </>
      );
    case 'slideshow':
      return (
        <>
          {block.title ? <h2>{block.title}</h2> : null}
          {block.slides.map((image, i) => (
            <PrintFigure key={i} image={image} />
          ))}
        </>
      );
    case 'embed':
      return <EmbedLink embed={block.embed} />;
    case 'shared-video':
      return (
        <p className="embed-link">
          <a href={block.url}>{block.title}</a>
        </p>
      );
    case 'pdf':
      return (
        <p className="embed-link">
          <a href={block.url}>{block.linkText}</a>
        </p>
      );
    case 'weather-list':
      return (
        <ul className="weather-list">
          {block.items.map((item, i) => (
            <li key={i}>
              <a href={item.url}>{item.title}</a>
            </li>
          ))}
        </ul>
      );
    case 'countdown':
      return <StaticCountdownBlockView block={block} />;
    // Deal buttons are the Deals island on the standard page only: no island on AMP or print.
    case 'deal':
    case 'live-blog':
    case 'ad':
    case 'promo':
      return null;
  }
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
