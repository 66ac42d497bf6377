/**
 * Upstream body components -> view-model blocks (spec 1 §3, §5). Each block's props are validated
 * by its kind; an unknown kind or malformed props is logged and rendered as nothing, never a
 * reason to fail the page (DESIGN.md, "Bad input").
 */
import type { Logger } from '../../core/logger.js';
import { parseArticleBlock, type ArticleBlock, type KnownBlock } from '../../core/upstream/schemas.js';
import { sanitizeInline, sanitizeParagraph, sanitizePullQuote, toPlainText } from '../blocks/sanitize.js';
import type { Block } from '../view-model.js';

/** Default article image size (spec 1 §9: image default 931x523). */
export const ARTICLE_IMAGE_SIZE = { width: 931, height: 523 } as const;

const SAFE_IMAGE_URL = /^(https?:)?\/\/|^\//;

export function toBlocks(components: ArticleBlock[], log: Logger): Block[] {
  const blocks: Block[] = [];
  components.forEach((component, index) => {
    const parsed = parseArticleBlock(component);
    if (!parsed.ok) {
      log.warn({ block: { index, kind: parsed.kind, reason: parsed.reason } }, parsed.message);
      return;
    }
    const block = toBlock(parsed.block);
    if (block) blocks.push(block);
  });
  return blocks;
}

function toBlock(block: KnownBlock): Block | null {
  switch (block.kind) {
    case 'paragraph': {
      const html = sanitizeParagraph(block.props.text);
      return html.trim() === '' ? null : { kind: 'paragraph', html };
    }
    case 'heading': {
      // Spec 1 §5: level 1 to 6, otherwise nothing is rendered.
      const level = block.props.level;
      if (level < 1 || level > 6) return null;
      return { kind: 'heading', level: level as 1 | 2 | 3 | 4 | 5 | 6, text: toPlainText(block.props.text) };
    }
    case 'list':
      return { kind: 'list', ordered: block.props.ordered, items: block.props.items.map(sanitizeInline) };
    case 'pull-quote':
      return {
        kind: 'pullquote',
        html: sanitizePullQuote(block.props.text),
        ...(block.props.attribution ? { attribution: toPlainText(block.props.attribution) } : {}),
      };
    case 'article-image': {
      const props = block.props;
      if (!SAFE_IMAGE_URL.test(props.url)) return null;
      const caption = props.caption ? toPlainText(props.caption) : '';
      // A copyright of a single space means none (spec 1 §3).
      const copyright = props.copyright && props.copyright.trim() !== '' ? toPlainText(props.copyright) : '';
      return {
        kind: 'image',
        src: props.url,
        alt: props.imageAlt ?? caption,
        width: props.width ?? ARTICLE_IMAGE_SIZE.width,
        height: props.height ?? ARTICLE_IMAGE_SIZE.height,
        ...(caption ? { caption } : {}),
        ...(copyright ? { copyright } : {}),
      };
    }
    case 'table': {
      const rows = [...block.props.headerRows.map((row) => row.map((c) => ({ ...c, isHeader: true }))), ...block.props.rows];
      return {
        kind: 'table',
        rows: rows.map((row) =>
          row.map((cell) => ({
            text: toPlainText(cell.text),
            isHeader: cell.isHeader,
            ...(cell.colSpan > 1 ? { colSpan: cell.colSpan } : {}),
            ...(cell.rowSpan > 1 ? { rowSpan: cell.rowSpan } : {}),
          })),
        ),
      };
    }
  }
}
