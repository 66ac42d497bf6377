/**
 * Block markup shared by the variants: the text blocks, whose HTML is the same in standard, AMP and
 * print, and the image blocks whose standard and AMP markup differ only in the image element,
 * written once behind an image slot (`<img>`/`<picture>` on standard, `<amp-img>` on AMP). HTML fields were sanitised by the loader (render-workers/shared/load-blocks.ts) with
 * the spec 1 §5 allow-lists; everything else is escaped text.
 */
import type { ReactNode } from 'react';
import type { BlockImage, EmbedModel, TableCell } from '../shared/view-model.js';
import type { BlockOf, PartialBlockTable } from './block-table.js';

type TextKind = 'paragraph' | 'heading' | 'list' | 'pullquote' | 'table' | 'external-link';

/** The text blocks, laid out alike in every variant: spread into each variant's block table. */
export const TEXT_BLOCKS: PartialBlockTable<TextKind, unknown> = {
  paragraph: (block) => <p className={[block.speakable ? 'speakable' : '', block.dropcap ? 'dropcap' : ''].filter(Boolean).join(' ') || undefined} dangerouslySetInnerHTML={{ __html: block.html }} />,
  heading: (block) => {
    const Tag = `h${block.level}` as const;
    return <Tag>{block.text}</Tag>;
  },
  list: (block) => {
    const items = block.items.map((html, i) => <li key={i} dangerouslySetInnerHTML={{ __html: html }} />);
    return (
      <div className="list">
        {block.titleHtml ? <p className="list-title" dangerouslySetInnerHTML={{ __html: block.titleHtml }} /> : null}
        {block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>}
      </div>
    );
  },
  pullquote: (block) => (
    <blockquote className="pull-quote">
      <p dangerouslySetInnerHTML={{ __html: block.html }} />
      {block.attribution ? <cite>{block.attribution}</cite> : null}
    </blockquote>
  ),
  table: (block) => <Table caption={block.caption} rows={block.rows} />,
  'external-link': (block) => (
    <p className="external-link">
      <a href={block.url} {...newWindow(block.newWindow)}>
        {block.title}
      </a>
      {block.description ? <span className="description"> {block.description}</span> : null}
    </p>
  ),
};

export function newWindow(open: boolean) {
  return open ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

export function Table({ caption, rows }: { caption?: string | undefined; rows: TableCell[][] }) {
  return (
    <table>
      {caption ? <caption>{caption}</caption> : null}
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, c) => {
              const Cell = cell.isHeader ? 'th' : 'td';
              return (
                <Cell key={c} colSpan={cell.colSpan} rowSpan={cell.rowSpan} scope={cell.isHeader ? 'col' : undefined}>
                  {cell.text}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Caption (sanitised HTML), copyright and source title under an image (spec 1 §3). */
export function ImageCaption({ image }: { image: BlockImage }) {
  if (!image.captionHtml && !image.copyright && !image.sourceTitle) return null;
  return (
    <figcaption>
      {image.captionHtml ? <span className="caption" dangerouslySetInnerHTML={{ __html: image.captionHtml }} /> : null}
      {image.copyright ? <span className="copyright">{` (${image.copyright})`}</span> : null}
      {image.sourceTitle ? <span className="source">{` ${image.sourceTitle}`}</span> : null}
    </figcaption>
  );
}

/** The provider's name, for link texts of embeds shown as links. */
export const EMBED_PROVIDER_NAMES: Readonly<Record<EmbedModel['provider'], string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  vimeo: 'Vimeo',
  youtube: 'YouTube',
};

export function embedLinkText(embed: EmbedModel): string {
  if ((embed.provider === 'vimeo' || embed.provider === 'youtube') && embed.title) return embed.title;
  return `View this post on ${EMBED_PROVIDER_NAMES[embed.provider]}`;
}

/**
 * A variant's image element for a block image: the standard page's `<img>` (in a `<picture>` with
 * upstream's sources), AMP's `<amp-img>`. `hero` is the standard page's lead image (eager, high
 * priority); AMP ignores it.
 */
export type ImageSlot = (props: { image: BlockImage; hero?: boolean }) => ReactNode;

/** A figure of one image, linked when the image has a link, with its caption. */
export function ImageFigure({ image, className, Image, hero = false }: { image: BlockImage; className: string; Image: ImageSlot; hero?: boolean }) {
  return (
    <figure className={className}>
      {image.link ? (
        <a href={image.link}>
          <Image image={image} hero={hero} />
        </a>
      ) : (
        <Image image={image} hero={hero} />
      )}
      <ImageCaption image={image} />
    </figure>
  );
}

export function ImagesBlock({ block, Image }: { block: BlockOf<'images'>; Image: ImageSlot }) {
  return (
    <div className="images">
      {block.images.map((image, i) => (
        <ImageFigure key={i} image={image} className="article-image" Image={Image} />
      ))}
    </div>
  );
}

export function RelatedMediaBlock({ block, Image }: { block: BlockOf<'related-media'>; Image: ImageSlot }) {
  return (
    <aside className={`related-media related-${block.mediaType}`}>
      <a href={block.url} {...newWindow(block.newWindow)}>
        {block.image ? <Image image={block.image} /> : null}
        <span className="title">{block.title}</span>
      </a>
      {block.captionHtml ? <p className="caption" dangerouslySetInnerHTML={{ __html: block.captionHtml }} /> : null}
    </aside>
  );
}

export function SliderBlock({ block, Image }: { block: BlockOf<'slider'>; Image: ImageSlot }) {
  return (
    <section className="slider">
      {block.title ? <h2>{block.title}</h2> : null}
      {block.items.map((item, i) => (
        <figure key={i} className="slide">
          {item.url ? <a href={item.url}><Image image={item.image} /></a> : <Image image={item.image} />}
          {item.title ? <p className="slide-title">{item.title}</p> : null}
          <ImageCaption image={item.image} />
        </figure>
      ))}
    </section>
  );
}

export function SlideshowBlock({ block, Image }: { block: BlockOf<'slideshow'>; Image: ImageSlot }) {
  return (
    <section className="slideshow-block">
      {block.title ? <h2>{block.url ? <a href={block.url}>{block.title}</a> : block.title}</h2> : null}
      {block.slides.map((image, i) => (
        <ImageFigure key={i} image={image} className="slide" Image={Image} />
      ))}
    </section>
  );
}
