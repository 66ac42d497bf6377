/**
 * Upstream body components -> view-model blocks (spec 1 §3, §5). Each block's props are validated
 * by its kind (core/upstream/block-schemas.ts); an unknown kind, malformed props or a block whose
 * only URL is unsafe is logged and rendered as nothing, never a reason to fail the page
 * (docs/architecture.md, "Principles"). Every HTML field goes through its spec 1 §5 allow-list here, every
 * other text becomes plain text, and every image is resized by the image service rule at the size
 * spec 1 §9 gives its context, so the three variants' components only lay blocks out.
 */
import {
  IMAGE_SIZES,
  LIST_THUMBNAIL_SIZES,
  resizedImageUrl,
  responsiveSources,
  type BreakpointSizes,
  type ImageSize,
} from '../../core/isomorphic/images.js';
import { parseCountdownEnd } from '../../core/isomorphic/countdown.js';
import type { Logger } from '../../core/logger.js';
import {
  parseArticleBlock,
  type ArticleBlock,
  type ArticleImageProps,
  type KnownBlock,
  type ResponsiveImage,
} from '../../core/upstream/schemas.js';
import {
  firstAmpIframe,
  sanitizeInline,
  sanitizeParagraph,
  sanitizePullQuote,
  sanitizeRawHtml,
  sanitizeRawHtmlForPrint,
  toPlainText,
} from '../blocks/sanitize.js';
import type { AdSlotModel } from '../blocks/types.js';
import type { Block, BlockImage, EmbedModel, HeadingLevel } from './view-model.js';
import { safeHttpsUrl, safeImageSrc, safeLinkUrl } from './links.js';

/** Default article image size (spec 1 §9: image default 931x523). */
export const ARTICLE_IMAGE_SIZE = IMAGE_SIZES.imageDefault;

/** Where the blocks come from, for log lines. */
export interface BlockContext {
  articleId?: string;
  path?: string;
}

/** Link text of a PDF block without its own (spec 1 §3 names linkText, not a default). */
export const PDF_DEFAULT_LINK_TEXT = 'View PDF';

/** A deal button's ASIN: 10 letters or digits (the edge router's /api/deals checks the same). */
const DEAL_ASIN = /^[A-Za-z0-9]{10}$/;
/** At most 10 products per deal button: the most /api/deals takes in one request. */
export const DEAL_MAX_ITEMS = 10;

type Skip = { skip: string };
type Converted = Block | null | Skip;

const ALL_DEVICES: AdSlotModel['devices'] = ['desktop', 'tablet', 'mobile'];

export function toBlocks(components: ArticleBlock[], log: Logger, context: BlockContext = {}): Block[] {
  const blocks: Block[] = [];
  components.forEach((component, index) => {
    const parsed = parseArticleBlock(component);
    if (!parsed.ok) {
      log.warn({ block: { index, kind: parsed.kind, reason: parsed.reason, ...context } }, parsed.message);
      return;
    }
    const block = toBlock(parsed.block, index);
    if (block === null) return;
    if ('skip' in block) {
      log.warn({ block: { index, kind: parsed.block.kind, reason: 'unsafe-or-empty', ...context } }, `Skipped ${parsed.block.kind} block: ${block.skip}`);
      return;
    }
    blocks.push(block);
  });
  return blocks;
}

function nonEmpty(html: string): string | undefined {
  return html.trim() === '' ? undefined : html;
}

function plain(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = toPlainText(value);
  return text === '' ? undefined : text;
}

/** A credit line; a single space (any blank) means none (spec 1 §3 Slideshow). */
function copyrightOf(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : plain(value);
}

const SRCSET_DESCRIPTOR = /^\d{1,5}(\.\d{1,3})?[wx]$/;
const MEDIA_QUERY = /^[a-z0-9()\s:.,-]{1,200}$/i;

/** Upstream's `{ media, srcset }` pairs, keeping only entries whose every URL is an accepted image. */
function checkedSources(list: ResponsiveImage[]): { media: string; srcSet: string }[] {
  const out: { media: string; srcSet: string }[] = [];
  for (const item of list) {
    if (!MEDIA_QUERY.test(item.media)) continue;
    const candidates = item.srcset.split(/,\s+/).map((c) => c.trim().split(/\s+/));
    const parts: string[] = [];
    let ok = candidates.length > 0;
    for (const [url, descriptor, ...rest] of candidates) {
      const safe = safeImageSrc(url);
      if (safe === null || rest.length > 0 || (descriptor !== undefined && !SRCSET_DESCRIPTOR.test(descriptor))) {
        ok = false;
        break;
      }
      parts.push(descriptor === undefined ? safe : `${safe} ${descriptor}`);
    }
    if (ok) out.push({ media: item.media, srcSet: parts.join(', ') });
  }
  return out;
}

interface ImageInput {
  url: string | undefined;
  alt?: string | undefined;
  caption?: string | undefined;
  copyright?: string | undefined;
  responsiveImages?: ResponsiveImage[];
  link?: string | undefined;
  sourceTitle?: string | undefined;
}

/** One image at its context's size per breakpoint, with the print size (spec 1 §9); null if unsafe. */
function toBlockImage(input: ImageInput, sizes: BreakpointSizes): BlockImage | null {
  const responsive = responsiveSources(input.url, sizes);
  const printSrc = resizedImageUrl(input.url, IMAGE_SIZES.printImage);
  if (responsive === null || printSrc === null) return null;
  const captionHtml = input.caption === undefined ? undefined : nonEmpty(sanitizeInline(input.caption));
  // Alt falls back to the caption (spec 1 §3 Slideshow).
  const alt = plain(input.alt) ?? plain(input.caption) ?? '';
  const copyright = copyrightOf(input.copyright);
  const link = input.link === undefined ? null : safeLinkUrl(input.link);
  const sourceTitle = plain(input.sourceTitle);
  return {
    src: responsive.src,
    width: responsive.width,
    height: responsive.height,
    srcSet: responsive.srcSet,
    sizes: responsive.sizes,
    sources: checkedSources(input.responsiveImages ?? []),
    print: { src: printSrc, ...IMAGE_SIZES.printImage },
    alt,
    ...(captionHtml !== undefined ? { captionHtml } : {}),
    ...(copyright !== undefined ? { copyright } : {}),
    ...(link !== null ? { link } : {}),
    ...(sourceTitle !== undefined ? { sourceTitle } : {}),
  };
}

const single = (size: ImageSize): BreakpointSizes => ({ desktop: size });

function articleImage(props: ArticleImageProps, size: ImageSize): BlockImage | null {
  return toBlockImage(
    {
      url: props.url,
      alt: props.imageAlt,
      caption: props.caption,
      copyright: props.copyright,
      responsiveImages: props.responsiveImages,
      link: props.externalUrl,
    },
    single(size),
  );
}

/** Featured article images are 931x524, the others 931x523 (spec 1 §9). */
function articleImageSize(props: ArticleImageProps): ImageSize {
  return props.type === 'featured' || props.isSpotlight ? IMAGE_SIZES.imageFeatured : IMAGE_SIZES.imageDefault;
}

const optional = <K extends string, V>(key: K, value: V | undefined | null): Partial<Record<K, V>> =>
  value === undefined || value === null ? {} : ({ [key]: value } as Partial<Record<K, V>>);

const INSTAGRAM_SHORTCODE = /^https:\/\/(?:www\.)?instagram\.com\/(?:p|reel|tv)\/([A-Za-z0-9_-]{5,40})(?:\/|$|\?)/;

function toBlock(block: KnownBlock, index: number): Converted {
  switch (block.kind) {
    case 'paragraph': {
      const html = nonEmpty(sanitizeParagraph(block.props.text));
      return html === undefined ? null : { kind: 'paragraph', html };
    }
    case 'heading': {
      // Spec 1 §5: level 1 to 6, otherwise nothing is rendered.
      const level = block.props.level;
      if (level < 1 || level > 6) return null;
      const text = plain(block.props.text);
      return text === undefined ? null : { kind: 'heading', level: level as HeadingLevel, text };
    }
    case 'list': {
      const titleHtml = block.props.title === undefined ? undefined : nonEmpty(sanitizeInline(block.props.title));
      const items = block.props.items.map(sanitizeInline).filter((html) => html.trim() !== '');
      if (items.length === 0) return null;
      return { kind: 'list', ordered: block.props.ordered, items, ...optional('titleHtml', titleHtml) };
    }
    case 'pull-quote': {
      const html = nonEmpty(sanitizePullQuote(block.props.text));
      if (html === undefined) return null;
      return { kind: 'pullquote', html, ...optional('attribution', plain(block.props.attribution)) };
    }
    case 'raw-html': {
      const html = sanitizeRawHtml(block.props.html);
      const ampIframe = firstAmpIframe(block.props.html);
      if (html.trim() === '' && ampIframe === null) return null;
      return { kind: 'raw-html', html, printHtml: sanitizeRawHtmlForPrint(block.props.html), ...optional('ampIframe', ampIframe) };
    }
    case 'external-link': {
      const url = safeLinkUrl(block.props.url);
      // External links are absolute http(s) only.
      if (url === null || url.startsWith('/')) return { skip: 'url is not http(s)' };
      const title = plain(block.props.title) ?? url;
      return { kind: 'external-link', url, title, newWindow: block.props.newWindow, ...optional('description', plain(block.props.description)) };
    }
    case 'table': {
      const rows = [...block.props.headerRows.map((row) => row.map((c) => ({ ...c, isHeader: true }))), ...block.props.rows];
      return {
        kind: 'table',
        ...optional('caption', plain(block.props.caption)),
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
    case 'article-image': {
      const image = articleImage(block.props, articleImageSize(block.props));
      return image === null ? { skip: 'image url is not http(s) or site-relative' } : { kind: 'image', image, fullSpan: false };
    }
    case 'full-span-image': {
      // Full width: the 2x featured size (spec 1 §9 featured image 1862x1048).
      const image = articleImage(block.props, IMAGE_SIZES.featuredImage);
      return image === null ? { skip: 'image url is not http(s) or site-relative' } : { kind: 'image', image, fullSpan: true };
    }
    case 'images': {
      const images = block.props.items.map((item) => articleImage(item, articleImageSize(item))).filter((i): i is BlockImage => i !== null);
      return images.length === 0 ? { skip: 'no image with an accepted url' } : { kind: 'images', images };
    }
    case 'related-media': {
      const p = block.props;
      const url = safeLinkUrl(p.url);
      if (url === null) return { skip: 'url is not http(s) or site-relative' };
      const image = toBlockImage({ url: p.imageUrl ?? p.originalImageUrl, alt: p.title }, LIST_THUMBNAIL_SIZES);
      const captionHtml = p.caption === undefined ? undefined : nonEmpty(sanitizeInline(p.caption));
      return {
        kind: 'related-media',
        mediaType: p.type,
        title: plain(p.title) ?? url,
        url,
        newWindow: p.newWindow,
        ...optional('image', image),
        ...optional('captionHtml', captionHtml),
      };
    }
    case 'inline-video':
    case 'featured-video': {
      const p = block.props;
      const featured = block.kind === 'featured-video';
      const size = featured ? IMAGE_SIZES.videoFeatured : IMAGE_SIZES.videoDefault;
      const image = toBlockImage({ url: p.imageUrl, alt: p.title }, single(size));
      return {
        kind: 'video',
        featured,
        videoId: p.videoId,
        title: plain(p.title) ?? '',
        ...optional('url', p.url === undefined ? null : safeLinkUrl(p.url)),
        ...optional('videoDomain', plain(p.videoDomain)),
        ...optional('duration', plain(p.duration)),
        ...optional('image', image),
      };
    }
    case 'slider': {
      const items = block.props.items.flatMap((item) => {
        const image = toBlockImage({ url: item.imageUrl, alt: item.imageAlt, caption: item.caption }, single(IMAGE_SIZES.slideshow));
        if (image === null) return [];
        const url = item.url === undefined ? null : safeLinkUrl(item.url);
        return [{ image, ...optional('title', plain(item.title)), ...optional('url', url) }];
      });
      return items.length === 0 ? { skip: 'no slide with an accepted image url' } : { kind: 'slider', ...optional('title', plain(block.props.title)), items };
    }
    case 'slideshow': {
      const slides = block.props.items.flatMap((item) => {
        const image = toBlockImage(
          {
            url: item.imageUrl,
            alt: item.alt,
            caption: item.caption,
            copyright: item.copyright,
            responsiveImages: item.responsiveImages,
            sourceTitle: item.source?.title,
          },
          single(IMAGE_SIZES.slideshow),
        );
        return image === null ? [] : [image];
      });
      if (slides.length === 0) return { skip: 'no slide with an accepted image url' };
      const url = block.props.url === undefined ? null : safeLinkUrl(block.props.url);
      return { kind: 'slideshow', ...optional('title', plain(block.props.title)), ...optional('dek', plain(block.props.dek)), ...optional('url', url), slides };
    }
    case 'facebook-post': {
      const url = safeHttpsUrl(block.props.url);
      return url === null ? { skip: 'url is not https' } : embed({ provider: 'facebook', url });
    }
    case 'instagram': {
      const url = safeHttpsUrl(block.props.url);
      if (url === null) return { skip: 'url is not https' };
      const shortcode = INSTAGRAM_SHORTCODE.exec(url)?.[1];
      return embed({ provider: 'instagram', url, hideCaption: block.props.hideCaption, ...optional('shortcode', shortcode) });
    }
    case 'tweet': {
      const p = block.props;
      const url = (p.url === undefined ? null : safeHttpsUrl(p.url)) ?? `https://twitter.com/i/status/${p.id}`;
      return embed({ provider: 'twitter', id: p.id, url, hideThread: p.hideThread, hideMedia: p.hideMedia, darkTheme: p.darkTheme });
    }
    case 'tiktok': {
      const url = safeHttpsUrl(block.props.url);
      return url === null ? { skip: 'url is not https' } : embed({ provider: 'tiktok', url, ...optional('videoId', block.props.videoId) });
    }
    case 'vimeo':
      return embed({ provider: 'vimeo', videoId: block.props.videoId, url: `https://vimeo.com/${block.props.videoId}`, ...optional('title', plain(block.props.title)) });
    case 'youtube': {
      const p = block.props;
      return embed({
        provider: 'youtube',
        videoId: p.videoId,
        url: `https://www.youtube.com/watch?v=${p.videoId}`,
        ...optional('title', plain(p.title)),
        ...optional('start', p.start),
      });
    }
    case 'shared-video': {
      const p = block.props;
      const url = safeLinkUrl(p.url);
      if (url === null) return { skip: 'url is not http(s) or site-relative' };
      const image = toBlockImage({ url: p.imageUrl, alt: p.title }, single(IMAGE_SIZES.sharedVideo));
      return { kind: 'shared-video', url, title: plain(p.title) ?? url, ...optional('network', plain(p.network)), ...optional('image', image) };
    }
    case 'pdf': {
      const url = safeHttpsUrl(block.props.url);
      if (url === null) return { skip: 'url is not https' };
      return { kind: 'pdf', url, height: block.props.height, linkText: plain(block.props.linkText) ?? PDF_DEFAULT_LINK_TEXT };
    }
    case 'live-blog':
      return { kind: 'live-blog', eventCode: block.props.eventCode, ...optional('title', plain(block.props.title)) };
    case 'weather-list': {
      const items = block.props.items.flatMap((item) => {
        const url = safeLinkUrl(item.url);
        const title = plain(item.title);
        if (url === null || title === undefined) return [];
        const image = toBlockImage({ url: item.imageUrl, alt: item.title }, LIST_THUMBNAIL_SIZES);
        return [{ title, url, ...optional('description', plain(item.description)), ...optional('image', image) }];
      });
      return items.length === 0 ? { skip: 'no item with an accepted url' } : { kind: 'weather-list', ...optional('title', plain(block.props.title)), items };
    }
    case 'deal-button': {
      const raw = typeof block.props.button_data === 'string' ? block.props.button_data.split(',') : block.props.button_data;
      const entries = raw.map((entry) => entry.trim()).filter((entry) => entry !== '');
      const items =
        block.props.button_type === 'amazon'
          ? entries.filter((entry) => DEAL_ASIN.test(entry)).map((entry) => entry.toUpperCase())
          : entries.flatMap((entry) => {
              // Absolute http(s) only: the products API is asked for these exact URLs.
              const url = safeLinkUrl(entry);
              return url === null || url.startsWith('/') || url.includes(',') ? [] : [url];
            });
      if (items.length === 0) return { skip: 'no valid product in button_data' };
      return { kind: 'deal', dealType: block.props.button_type, items: items.slice(0, DEAL_MAX_ITEMS), ...optional('title', plain(block.props.title)) };
    }
    case 'countdown': {
      // The schema accepted endDate (an ISO date-time with a zone); kept as UTC for every variant.
      const end = parseCountdownEnd(block.props.endDate);
      if (end === null) return { skip: 'endDate is not an ISO date-time with a zone' };
      return { kind: 'countdown', end: new Date(end).toISOString(), ...optional('title', plain(block.props.title)), ...optional('endText', plain(block.props.endText)) };
    }
    case 'ad':
      return {
        kind: 'ad',
        slot: { id: block.props.id ?? `ad-block-${index}`, sizes: block.props.sizes, devices: block.props.devices ?? ALL_DEVICES, placement: 'block' },
      };
  }
}

function embed(model: EmbedModel): Block {
  return { kind: 'embed', embed: model };
}
