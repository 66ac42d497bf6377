/**
 * Block markup shared by the standard, AMP and print variants: the text blocks, whose HTML is the
 * same everywhere. HTML fields were sanitised by the loader (render-workers/load/blocks.ts) with
 * the spec 1 §5 allow-lists; everything else is escaped text.
 */
import type { Block, BlockImage, EmbedModel, TableCell } from '../view-model.js';

type TextBlock = Extract<Block, { kind: 'paragraph' | 'heading' | 'list' | 'pullquote' | 'table' | 'external-link' }>;

export function isTextBlock(block: Block): block is TextBlock {
  return ['paragraph', 'heading', 'list', 'pullquote', 'table', 'external-link'].includes(block.kind);
}

export function TextBlockView({ block }: { block: TextBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p className={block.speakable ? 'speakable' : undefined} dangerouslySetInnerHTML={{ __html: block.html }} />;
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return <Tag>{block.text}</Tag>;
    }
    case 'list': {
      const items = block.items.map((html, i) => <li key={i} dangerouslySetInnerHTML={{ __html: html }} />);
      return (
        <div className="list">
          {block.titleHtml ? <p className="list-title" dangerouslySetInnerHTML={{ __html: block.titleHtml }} /> : null}
          {block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>}
        </div>
      );
    }
    case 'pullquote':
      return (
        <blockquote className="pull-quote">
          <p dangerouslySetInnerHTML={{ __html: block.html }} />
          {block.attribution ? <cite>{block.attribution}</cite> : null}
        </blockquote>
      );
    case 'table':
      return <Table caption={block.caption} rows={block.rows} />;
    case 'external-link':
      return (
        <p className="external-link">
          <a href={block.url} {...newWindow(block.newWindow)}>
            {block.title}
          </a>
          {block.description ? <span className="description"> {block.description}</span> : null}
        </p>
      );
  }
}

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
