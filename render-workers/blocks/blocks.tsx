/**
 * Body blocks of the standard article page (spec 1 §3). Block HTML is already sanitised by the
 * loader (blocks/to-blocks.ts); components only lay it out.
 */
import type { Block, TableCell } from '../view-model.js';

export function BodyBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <BodyBlock key={index} block={block} />
      ))}
    </>
  );
}

function BodyBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return <p dangerouslySetInnerHTML={{ __html: block.html }} />;
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return <Tag>{block.text}</Tag>;
    }
    case 'list': {
      const items = block.items.map((html, i) => <li key={i} dangerouslySetInnerHTML={{ __html: html }} />);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'pullquote':
      return (
        <blockquote className="pull-quote">
          <p dangerouslySetInnerHTML={{ __html: block.html }} />
          {block.attribution ? <cite>{block.attribution}</cite> : null}
        </blockquote>
      );
    case 'image':
      return (
        <figure className="article-image">
          <img src={block.src} alt={block.alt} width={block.width} height={block.height} loading="lazy" decoding="async" />
          {block.caption || block.copyright ? (
            <figcaption>
              {block.caption ? <span className="caption">{block.caption}</span> : null}
              {block.copyright ? <span className="copyright"> ({block.copyright})</span> : null}
            </figcaption>
          ) : null}
        </figure>
      );
    case 'table':
      return <Table rows={block.rows} />;
    case 'ad':
      return (
        <aside className="ad" id={block.slot.id} data-sizes={block.slot.sizes.join(',')} data-devices={block.slot.devices.join(',')} aria-label="Advertisement">
          <span className="ad-label">Advertisement</span>
        </aside>
      );
  }
}

function Table({ rows }: { rows: TableCell[][] }) {
  return (
    <table>
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
