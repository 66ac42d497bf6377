/**
 * Article body blocks as upstream sends them (spec 1 §3 "Block types"): `{ kind, props }`.
 *
 * Lenient on extra fields (every props object is a `z.looseObject`), strict on the types of the
 * fields the renderer reads. Text fields marked HTML are hostile input: the renderer sanitises them
 * by the spec 1 §5 allow-lists; every other text field is rendered as escaped text. URL fields are
 * plain strings here; the renderer accepts only http(s) (and, for images and links, site-relative)
 * URLs and drops the rest. Ids that end up inside a URL we build (video ids, tweet ids) have a
 * format here, so a malformed one makes the block invalid rather than a broken embed.
 *
 * ## Block props reference (docs/upstream-contract.md links here)
 *
 * | kind              | props |
 * |-------------------|-------|
 * | `paragraph`       | `{ text: string }` HTML: br, strong, em, u, s, b, i, a |
 * | `heading`         | `{ text: string; level: int }` rendered only for 1..6 (spec 1 §5) |
 * | `list`            | `{ ordered: boolean = false; items: string[] (HTML); title?: string (HTML) }` |
 * | `pull-quote`      | `{ text: string (HTML: br, strong, span, em, u, s, b, i); attribution?: string }` |
 * | `raw-html`        | `{ html: string }` strict allow-list on standard/print; AMP keeps only the first iframe |
 * | `external-link`   | `{ url: string (http/https); title: string; description?: string; imageUrl?: string; newWindow: boolean = true }` |
 * | `table`           | `{ caption?: string; headerRows: Cell[][] = []; rows: Cell[][] }`, `Cell { text: string; isHeader: boolean = false; colSpan: int >= 1 = 1; rowSpan: int >= 1 = 1 }` |
 * | `article-image`   | `Image` (below) |
 * | `images`          | `{ items: Image[] (at least 1) }` |
 * | `full-span-image` | `Image` |
 * | `related-media`   | `{ type: 'image' \| 'video' \| 'slideshow'; title: string; url: string; imageUrl?; originalImageUrl?; caption? (HTML); newWindow: boolean = false }` |
 * | `inline-video`    | `Video` (below) |
 * | `featured-video`  | `Video` |
 * | `slider`          | `{ title?: string; items: SliderItem[] (at least 1) }`, `SliderItem { imageUrl: string; title?; url?; caption? (HTML); imageAlt? }` |
 * | `slideshow`       | `{ title?; dek?; url?; lastMod?; imgCount?: int; items: SlideshowItem[] (at least 1) }` (spec 1 §3 Slideshow) |
 * | `facebook-post`   | `{ url: string }` |
 * | `instagram`       | `{ url: string; hideCaption: boolean = false }` |
 * | `tweet`           | `{ id: string (digits); url?: string; hideThread: boolean = false; hideMedia: boolean = false; darkTheme: boolean = false }` |
 * | `tiktok`          | `{ url: string; videoId?: string (digits) }` |
 * | `vimeo`           | `{ videoId: string (digits); title?: string }` |
 * | `youtube`         | `{ videoId: string ([A-Za-z0-9_-]{6,20}); title?: string; start?: int >= 0 (seconds) }` |
 * | `shared-video`    | `{ url: string; title: string; imageUrl?: string; network?: string }` (thumbnail 1280x720) |
 * | `pdf`             | `{ url: string; height: int 100..5000 = 800; linkText?: string }` |
 * | `live-blog`       | `{ eventCode: string ([A-Za-z0-9_-]{1,100}); title?: string }` |
 * | `weather-list`    | `{ title?: string; items: { title: string; url: string; imageUrl?; description? }[] }` |
 * | `deal-button`     | `{ button_type: 'amazon' \| 'skimlinks'; button_data: string[] \| string (comma-separated): ASINs or product URLs; title?: string }` (spec 2 §3) |
 * | `ad`              | `{ sizes: string[] ("WxH", at least 1, spec 1 §5); id?: string; devices?: ('desktop' \| 'tablet' \| 'mobile')[] }` |
 * | `countdown`       | `{ endDate: string (ISO 8601 date-time with a zone); title?: string; endText?: string }` (spec 1 §5: days at least 0, hours 0-24, minutes 0-59) |
 *
 * `Image { url: string; baseImage?; type?; imageAlt?; isSpotlight: boolean = false; caption? (HTML);
 * copyright? (a single space means none); responsiveImages: { media: string; srcset: string }[] = [];
 * externalUrl?; width?: int > 0; height?: int > 0 }`
 *
 * `Video { videoId: string; title: string; videoDomain?: string; url?: string; imageUrl?: string;
 * type?: string; duration?: string }`
 *
 * `SlideshowItem { imageId?; imageUrl: string; imageOrig?; imageThumb?; imageFull?;
 * responsiveImages: { media; srcset }[] = []; alt? (falls back to caption); caption? (HTML);
 * copyright? (blank when a single space); source?: { title?: string; url?: string } }`
 */
import { z } from 'zod';
import { parseCountdownEnd } from '../isomorphic/countdown.js';

const text = z.string();
const optionalText = z.string().optional();

/** Video and tweet ids go into URLs we build: digits only (spec 1 §3 tweet id, vimeo, tiktok). */
const digitsId = z.string().regex(/^\d{1,30}$/, 'expected digits');
const youtubeId = z.string().regex(/^[A-Za-z0-9_-]{6,20}$/, 'expected a YouTube video id');
const slugId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'expected letters, digits, - or _');

/** Paragraph: HTML limited to br, strong, em, u, s, b, i, a (spec 1 §5; the renderer sanitises). */
export const paragraphPropsSchema = z.looseObject({ text });
export type ParagraphProps = z.infer<typeof paragraphPropsSchema>;

/** Heading: the renderer draws nothing when level is outside 1..6 (spec 1 §5). */
export const headingPropsSchema = z.looseObject({ text, level: z.number().int() });
export type HeadingProps = z.infer<typeof headingPropsSchema>;

/** List: items are inline HTML; the optional title is stripped of unsafe tags (spec 1 §5). */
export const listPropsSchema = z.looseObject({
  ordered: z.boolean().default(false),
  items: z.array(text),
  title: optionalText,
});
export type ListProps = z.infer<typeof listPropsSchema>;

/** Pull quote: HTML limited to br, strong, span, em, u, s, b, i (spec 1 §5). */
export const pullQuotePropsSchema = z.looseObject({ text, attribution: optionalText });
export type PullQuoteProps = z.infer<typeof pullQuotePropsSchema>;

/** Raw HTML: hostile; passes a strict allow-list (render-workers/blocks/sanitize.ts). */
export const rawHtmlPropsSchema = z.looseObject({ html: text });
export type RawHtmlProps = z.infer<typeof rawHtmlPropsSchema>;

/** External link: only http(s) URLs are rendered. */
export const externalLinkPropsSchema = z.looseObject({
  url: text,
  title: text,
  description: optionalText,
  imageUrl: optionalText,
  newWindow: z.boolean().default(true),
});
export type ExternalLinkProps = z.infer<typeof externalLinkPropsSchema>;

export const responsiveImageSchema = z.looseObject({ media: text, srcset: text });
export type ResponsiveImage = z.infer<typeof responsiveImageSchema>;

/** Article image (spec 1 §3): url, baseImage, type, imageAlt, isSpotlight, caption, copyright, ... */
export const articleImagePropsSchema = z.looseObject({
  url: text,
  baseImage: optionalText,
  type: optionalText,
  imageAlt: optionalText,
  isSpotlight: z.boolean().default(false),
  /** HTML caption. */
  caption: optionalText,
  /** Credit line; a single space means none (spec 1 §3 Slideshow). */
  copyright: optionalText,
  responsiveImages: z.array(responsiveImageSchema).default([]),
  externalUrl: optionalText,
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type ArticleImageProps = z.infer<typeof articleImagePropsSchema>;

/** Images: a group of article images. */
export const imagesPropsSchema = z.looseObject({ items: z.array(articleImagePropsSchema).min(1) });
export type ImagesProps = z.infer<typeof imagesPropsSchema>;

export const tableCellSchema = z.looseObject({
  text,
  isHeader: z.boolean().default(false),
  colSpan: z.number().int().positive().default(1),
  rowSpan: z.number().int().positive().default(1),
});
export type TableCellProps = z.infer<typeof tableCellSchema>;

/** Table (spec 1 §3): header rows and body rows, each a list of cells. */
export const tablePropsSchema = z.looseObject({
  caption: optionalText,
  headerRows: z.array(z.array(tableCellSchema)).default([]),
  rows: z.array(z.array(tableCellSchema)),
});
export type TableProps = z.infer<typeof tablePropsSchema>;

export const RELATED_MEDIA_TYPES = ['image', 'video', 'slideshow'] as const;

/** Related media (spec 1 §3): type image, video or slideshow. */
export const relatedMediaPropsSchema = z.looseObject({
  type: z.enum(RELATED_MEDIA_TYPES),
  title: text,
  url: text,
  imageUrl: optionalText,
  originalImageUrl: optionalText,
  /** HTML caption. */
  caption: optionalText,
  newWindow: z.boolean().default(false),
});
export type RelatedMediaProps = z.infer<typeof relatedMediaPropsSchema>;

/** Inline and featured video (spec 1 §3: videoId, title, videoDomain, url, imageUrl, type). */
export const videoPropsSchema = z.looseObject({
  videoId: slugId,
  title: text,
  videoDomain: optionalText,
  url: optionalText,
  imageUrl: optionalText,
  type: optionalText,
  /** "mm:ss" (spec 1 §9). */
  duration: optionalText,
});
export type VideoProps = z.infer<typeof videoPropsSchema>;

export const sliderItemSchema = z.looseObject({
  imageUrl: text,
  title: optionalText,
  url: optionalText,
  caption: optionalText,
  imageAlt: optionalText,
});
/** Slider (spec 1 §3: items). */
export const sliderPropsSchema = z.looseObject({ title: optionalText, items: z.array(sliderItemSchema).min(1) });
export type SliderProps = z.infer<typeof sliderPropsSchema>;

/** Slideshow item (spec 1 §3 Slideshow entity). */
export const slideshowItemSchema = z.looseObject({
  imageId: optionalText,
  imageUrl: text,
  imageOrig: optionalText,
  imageThumb: optionalText,
  imageFull: optionalText,
  responsiveImages: z.array(responsiveImageSchema).default([]),
  /** Falls back to the caption (spec 1 §3). */
  alt: optionalText,
  /** HTML caption. */
  caption: optionalText,
  /** Blank when a single space (spec 1 §3). */
  copyright: optionalText,
  source: z.looseObject({ title: optionalText, url: optionalText }).optional(),
});
export type SlideshowItemProps = z.infer<typeof slideshowItemSchema>;

export const slideshowPropsSchema = z.looseObject({
  title: optionalText,
  dek: optionalText,
  url: optionalText,
  lastMod: optionalText,
  imgCount: z.number().int().min(0).optional(),
  items: z.array(slideshowItemSchema).min(1),
});
export type SlideshowProps = z.infer<typeof slideshowPropsSchema>;

export const facebookPostPropsSchema = z.looseObject({ url: text });
export type FacebookPostProps = z.infer<typeof facebookPostPropsSchema>;

export const instagramPropsSchema = z.looseObject({ url: text, hideCaption: z.boolean().default(false) });
export type InstagramProps = z.infer<typeof instagramPropsSchema>;

/** Tweet (spec 1 §3: id, hideThread, hideMedia, darkTheme). */
export const tweetPropsSchema = z.looseObject({
  id: digitsId,
  url: optionalText,
  hideThread: z.boolean().default(false),
  hideMedia: z.boolean().default(false),
  darkTheme: z.boolean().default(false),
});
export type TweetProps = z.infer<typeof tweetPropsSchema>;

export const tiktokPropsSchema = z.looseObject({ url: text, videoId: digitsId.optional() });
export type TiktokProps = z.infer<typeof tiktokPropsSchema>;

export const vimeoPropsSchema = z.looseObject({ videoId: digitsId, title: optionalText });
export type VimeoProps = z.infer<typeof vimeoPropsSchema>;

export const youtubePropsSchema = z.looseObject({
  videoId: youtubeId,
  title: optionalText,
  start: z.number().int().min(0).optional(),
});
export type YoutubeProps = z.infer<typeof youtubePropsSchema>;

/** Shared video from a sister network (thumbnail 1280x720, spec 1 §9). */
export const sharedVideoPropsSchema = z.looseObject({
  url: text,
  title: text,
  imageUrl: optionalText,
  network: optionalText,
});
export type SharedVideoProps = z.infer<typeof sharedVideoPropsSchema>;

/** PDF (spec 1 §3: url, height, linkText). */
export const pdfPropsSchema = z.looseObject({
  url: text,
  height: z.number().int().min(100).max(5000).default(800),
  linkText: optionalText,
});
export type PdfProps = z.infer<typeof pdfPropsSchema>;

/** Live blog (spec 1 §3: event code; the comments provider serves its updates, spec 1 §7). */
export const liveBlogPropsSchema = z.looseObject({ eventCode: slugId, title: optionalText });
export type LiveBlogProps = z.infer<typeof liveBlogPropsSchema>;

/** Weather content list (spec 1 §3; Show More in spec 1 §4 is a later island). */
export const weatherListPropsSchema = z.looseObject({
  title: optionalText,
  items: z.array(z.looseObject({ title: text, url: text, imageUrl: optionalText, description: optionalText })),
});
export type WeatherListProps = z.infer<typeof weatherListPropsSchema>;

/**
 * Deal button (spec 2 §3 "Deal button: button_type (amazon or skimlinks), button_data (product codes
 * or URLs)"). button_data arrives as a list or one comma-separated string; the renderer checks each
 * entry (ASIN format, http(s) URL) and the deals island asks /api/deals for them.
 */
export const dealButtonPropsSchema = z.looseObject({
  button_type: z.enum(['amazon', 'skimlinks']),
  button_data: z.union([z.array(text).min(1), text.min(1)]),
  title: optionalText,
});
export type DealButtonProps = z.infer<typeof dealButtonPropsSchema>;

export const AD_DEVICES = ['desktop', 'tablet', 'mobile'] as const;

/** Ad: sizes must be a list of strings (spec 1 §5), each "WxH". */
export const adPropsSchema = z.looseObject({
  sizes: z.array(z.string().regex(/^\d{1,4}x\d{1,4}$/, 'expected "WxH"')).min(1),
  id: slugId.optional(),
  devices: z.array(z.enum(AD_DEVICES)).min(1).optional(),
});
export type AdProps = z.infer<typeof adPropsSchema>;

/**
 * Countdown (spec 1 §5 "Countdown: days at least 0, hours 0-24, minutes 0-59"): the moment it
 * counts down to, with its zone (a bare date would depend on the reader's clock); an optional
 * title above it and a text shown once the moment has come.
 */
export const countdownPropsSchema = z.looseObject({
  endDate: text.refine((value) => parseCountdownEnd(value) !== null, 'expected an ISO 8601 date-time with a zone'),
  title: optionalText,
  endText: optionalText,
});
export type CountdownProps = z.infer<typeof countdownPropsSchema>;

/** Every block kind of spec 1 §3 with its props schema. */
export const BLOCK_PROPS_SCHEMAS = {
  paragraph: paragraphPropsSchema,
  heading: headingPropsSchema,
  list: listPropsSchema,
  'pull-quote': pullQuotePropsSchema,
  'raw-html': rawHtmlPropsSchema,
  'external-link': externalLinkPropsSchema,
  table: tablePropsSchema,
  'article-image': articleImagePropsSchema,
  images: imagesPropsSchema,
  'full-span-image': articleImagePropsSchema,
  'related-media': relatedMediaPropsSchema,
  'inline-video': videoPropsSchema,
  'featured-video': videoPropsSchema,
  slider: sliderPropsSchema,
  slideshow: slideshowPropsSchema,
  'facebook-post': facebookPostPropsSchema,
  instagram: instagramPropsSchema,
  tweet: tweetPropsSchema,
  tiktok: tiktokPropsSchema,
  vimeo: vimeoPropsSchema,
  youtube: youtubePropsSchema,
  'shared-video': sharedVideoPropsSchema,
  pdf: pdfPropsSchema,
  'live-blog': liveBlogPropsSchema,
  'weather-list': weatherListPropsSchema,
  'deal-button': dealButtonPropsSchema,
  ad: adPropsSchema,
  countdown: countdownPropsSchema,
} as const;

export type KnownBlockKind = keyof typeof BLOCK_PROPS_SCHEMAS;
export const KNOWN_BLOCK_KINDS = Object.keys(BLOCK_PROPS_SCHEMAS) as KnownBlockKind[];

export type KnownBlock = {
  [K in KnownBlockKind]: { kind: K; props: z.infer<(typeof BLOCK_PROPS_SCHEMAS)[K]> };
}[KnownBlockKind];

/** Props as upstream may send them (before defaults), by kind; the sample dataset is typed with it. */
export type BlockPropsInput<K extends KnownBlockKind> = z.input<(typeof BLOCK_PROPS_SCHEMAS)[K]>;

export function isKnownBlockKind(kind: string): kind is KnownBlockKind {
  return Object.hasOwn(BLOCK_PROPS_SCHEMAS, kind);
}
