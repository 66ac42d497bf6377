/** Small builders for article body blocks (spec 1 §3 "Block types"), so the articles read as text. */
import { sampleImage } from './images.js';

// A type alias, not an interface, so it is assignable to the schema's loose (index-signature) type.
export type BlockRecord = { kind: string; props: Record<string, unknown> };

export const paragraph = (text: string): BlockRecord => ({ kind: 'paragraph', props: { text } });

export const heading = (text: string, level = 2): BlockRecord => ({ kind: 'heading', props: { text, level } });

export const list = (items: string[], ordered = false): BlockRecord => ({ kind: 'list', props: { ordered, items } });

export const pullQuote = (text: string, attribution?: string): BlockRecord => ({
  kind: 'pull-quote',
  props: attribution === undefined ? { text } : { text, attribution },
});

export function image(name: string, alt: string, caption: string, copyright: string, isSpotlight = false): BlockRecord {
  const url = sampleImage(name);
  return {
    kind: 'article-image',
    props: {
      url,
      baseImage: url,
      type: 'image',
      imageAlt: alt,
      isSpotlight,
      caption,
      copyright,
      width: 1200,
      height: 675,
      responsiveImages: [
        { media: '(max-width: 767px)', srcset: `${url}?w=343 1x, ${url}?w=686 2x` },
        { media: '(min-width: 768px)', srcset: `${url}?w=931 1x, ${url}?w=1862 2x` },
      ],
    },
  };
}

interface CellOptions {
  isHeader?: boolean;
  colSpan?: number;
  rowSpan?: number;
}

export const cell = (text: string, options: CellOptions = {}) => ({ text, ...options });
export const th = (text: string, options: CellOptions = {}) => cell(text, { ...options, isHeader: true });

export function table(caption: string, headerRows: ReturnType<typeof cell>[][], rows: ReturnType<typeof cell>[][]): BlockRecord {
  return { kind: 'table', props: { caption, headerRows, rows } };
}
