/**
 * The image service URL rule and the image sizes of article pages (spec 1 §7 last paragraph,
 * spec 1 §9 "Image sizes on articles" and breakpoints). Isomorphic: no Node APIs.
 *
 * URL rule (spec 1 §7: "resized through an image service by URL built from base, path and
 * width/height/file with ve and tl query values"). An image URL is read as
 *
 *     {base}{path}/{file}                       an original, e.g. https://img.example/up/2025/03/a.jpg
 *     {base}{path}/{width}/{height}/{file}?…    an already resized one, recognised by its ve and tl values
 *
 * where base is the origin ("" for a site-relative URL), path the directory ("/up/2025/03") and
 * file the last segment. A resized URL is always
 *
 *     {base}{path}/{width}/{height}/{file}?ve=1&tl=1
 *
 * (ve = image service version 1, tl = 1 keeps the top-left crop anchor), so resizing an already
 * resized URL replaces its size instead of nesting it, and the same source and size always give
 * the same URL (pages are compared by content hash).
 *
 * Only `http:`/`https:` URLs and site-relative paths ("/…", not "//…") are images; anything else
 * (javascript:, data:, protocol-relative, entity tricks) yields `null`, i.e. no image. The check is
 * the one safe-URL rule of safe-url.ts.
 */
import { boundedMemo } from './bounded-memo.js';
import { safeUrl } from './safe-url.js';

export interface ImageSize {
  width: number;
  height: number;
}

/** Spec 1 §9 "Image sizes on articles", each named for the context that uses it. */
export const IMAGE_SIZES = {
  imageFeatured: { width: 931, height: 524 },
  imageDefault: { width: 931, height: 523 },
  videoFeatured: { width: 896, height: 500 },
  videoDefault: { width: 720, height: 405 },
  featuredImage: { width: 1862, height: 1048 },
  slideshow: { width: 931, height: 524 },
  printImage: { width: 612, height: 344 },
  headshot: { width: 32, height: 32 },
  headshotInList: { width: 48, height: 48 },
  spotlightBigtop: { width: 920, height: 518 },
  spotlightTwocross: { width: 454, height: 256 },
  recommendedVideo: { width: 320, height: 180 },
  recommendedVideoMobile: { width: 200, height: 113 },
  recommendedVideoTablet: { width: 240, height: 135 },
  listThumbnailMobile: { width: 132, height: 74 },
  listThumbnailMobileLarge: { width: 268, height: 148 },
  listThumbnailTablet: { width: 221, height: 124 },
  listThumbnailTabletLarge: { width: 442, height: 148 },
  listThumbnailDesktop: { width: 227, height: 128 },
  sharedVideo: { width: 1280, height: 720 },
  ampVideoImage: { width: 1200, height: 675 },
} as const satisfies Record<string, ImageSize>;

export type ImageSizeName = keyof typeof IMAGE_SIZES;

/** Article breakpoints (spec 1 §9): mobile under 768, tablet 768 to 1023, desktop 1024 and up. */
export const ARTICLE_BREAKPOINTS = {
  mobile: { max: 767 },
  tablet: { min: 768, max: 1023 },
  desktop: { min: 1024 },
} as const;

export type Breakpoint = keyof typeof ARTICLE_BREAKPOINTS;

/** Media queries for the article breakpoints, narrowest first (the order `sizes` needs). */
export const BREAKPOINT_MEDIA: Readonly<Record<Breakpoint, string>> = {
  mobile: `(max-width: ${ARTICLE_BREAKPOINTS.mobile.max}px)`,
  tablet: `(min-width: ${ARTICLE_BREAKPOINTS.tablet.min}px) and (max-width: ${ARTICLE_BREAKPOINTS.tablet.max}px)`,
  desktop: `(min-width: ${ARTICLE_BREAKPOINTS.desktop.min}px)`,
};

export interface ImageSource {
  /** Origin such as "https://img.example", or "" for a site-relative image. */
  base: string;
  /** Directory, "" or starting with "/", without a trailing slash or an old width/height. */
  path: string;
  /** Last path segment, percent-encoded. */
  file: string;
}

const PARSE_BASE = 'https://relative.invalid';

/**
 * The canonical form of an image URL when it is one we accept, else null: the one safe-URL rule
 * (safe-url.ts; http(s) or site-relative), whose result is percent-encoded with commas encoded
 * too, so it is safe inside `srcset`.
 */
export function safeImageUrl(url: string | undefined | null): string | null {
  return safeUrl(url);
}

/** Splits an accepted image URL into base, path and file; null for a URL that is not an image. */
export function imageSourceFromUrl(url: string | undefined | null): ImageSource | null {
  return typeof url === 'string' ? IMAGE_SOURCES(url) : null;
}

/** Parsed sources by URL: a listed image is parsed again on every page that lists it (ADR 0031). */
const IMAGE_SOURCES = boundedMemo(20_000, (url): ImageSource | null => {
  const source = parseImageSource(url);
  return source === null ? null : Object.freeze(source);
});

function parseImageSource(url: string): ImageSource | null {
  const safe = safeImageUrl(url);
  if (safe === null) return null;
  const parsed = new URL(safe, PARSE_BASE);
  const base = parsed.origin === PARSE_BASE ? '' : parsed.origin;
  const segments = parsed.pathname.split('/').slice(1);
  const file = segments.pop() ?? '';
  if (file === '') return null;
  // An already resized URL (it carries the rule's ve and tl values): drop its {width}/{height} so
  // the new size replaces it. Without them, numeric folders such as /2025/03/ are just folders.
  const last = segments.length;
  const resized = parsed.searchParams.has('ve') && parsed.searchParams.has('tl');
  if (resized && last >= 2 && /^\d{1,5}$/.test(segments[last - 1] ?? '') && /^\d{1,5}$/.test(segments[last - 2] ?? '')) {
    segments.splice(last - 2, 2);
  }
  const path = segments.length === 0 ? '' : `/${segments.join('/')}`;
  return { base, path, file: file.replace(/,/g, '%2C') };
}

/** `{base}{path}/{width}/{height}/{file}?ve=1&tl=1`, or null when the source is not an image URL. */
export function resizedImageUrl(source: ImageSource | string | undefined | null, size: ImageSize): string | null {
  const parts = typeof source === 'string' || source === undefined || source === null ? imageSourceFromUrl(source) : source;
  if (parts === null) return null;
  const width = Math.round(size.width);
  const height = Math.round(size.height);
  return `${parts.base}${parts.path}/${width}/${height}/${parts.file}?ve=1&tl=1`;
}

export interface ResponsiveSource {
  breakpoint: Breakpoint;
  /** Media query of the breakpoint (BREAKPOINT_MEDIA). */
  media: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface ResponsiveImageModel {
  /** Fallback `src`: the desktop size. */
  src: string;
  width: number;
  height: number;
  /** Every distinct size, as width descriptors. */
  srcSet: string;
  /** The displayed width per breakpoint, narrowest first. */
  sizes: string;
  /** One entry per breakpoint, for `<picture><source media srcset>` (narrowest first). */
  sources: ResponsiveSource[];
}

/** Sizes per breakpoint; a breakpoint without its own size uses the next wider one's. */
export type BreakpointSizes = { desktop: ImageSize } & Partial<Record<'mobile' | 'tablet', ImageSize>> & {
  /**
   * A larger candidate for high-density screens at a breakpoint (spec 1 §9's list thumbnails:
   * 268x148 beside 132x74 on mobile, 442x148 beside 221x124 on tablet): in the `srcset` by width,
   * and as the 2x candidate of that breakpoint's `<source>`.
   */
  dense?: Partial<Record<'mobile' | 'tablet', ImageSize>>;
};

/**
 * List thumbnails per breakpoint (spec 1 §9: 132x74 and 268x148 mobile, 221x124 and 442x148
 * tablet, 227x128 desktop; the larger ones for high-density screens).
 */
export const LIST_THUMBNAIL_SIZES: BreakpointSizes = {
  mobile: IMAGE_SIZES.listThumbnailMobile,
  tablet: IMAGE_SIZES.listThumbnailTablet,
  desktop: IMAGE_SIZES.listThumbnailDesktop,
  dense: { mobile: IMAGE_SIZES.listThumbnailMobileLarge, tablet: IMAGE_SIZES.listThumbnailTabletLarge },
};

/**
 * `srcset`/`sizes` for one image at the spec's size per article breakpoint (spec 1 §9), e.g. list
 * thumbnails `{ mobile: listThumbnailMobile, tablet: listThumbnailTablet, desktop: listThumbnailDesktop }`.
 * Mobile and tablet display at most the full viewport width. Null when the URL is not an image.
 */
export function responsiveSources(url: ImageSource | string | undefined | null, bySize: BreakpointSizes): ResponsiveImageModel | null {
  if (typeof url !== 'string') return buildResponsiveSources(url ?? null, bySize);
  // By size set and URL: a list's thumbnails repeat on every front that lists them (ADR 0031).
  let memo = RESPONSIVE_BY_SIZES.get(bySize);
  if (memo === undefined) {
    memo = boundedMemo(20_000, (key) => freezeModel(buildResponsiveSources(key, bySize)));
    RESPONSIVE_BY_SIZES.set(bySize, memo);
  }
  return memo(url);
}

const RESPONSIVE_BY_SIZES = new WeakMap<BreakpointSizes, (url: string) => ResponsiveImageModel | null>();

function freezeModel(model: ResponsiveImageModel | null): ResponsiveImageModel | null {
  if (model === null) return null;
  for (const source of model.sources) Object.freeze(source);
  Object.freeze(model.sources);
  return Object.freeze(model);
}

function buildResponsiveSources(url: ImageSource | string | null, bySize: BreakpointSizes): ResponsiveImageModel | null {
  const source = typeof url === 'string' || url === null ? imageSourceFromUrl(url) : url;
  if (source === null) return null;
  const desktop = bySize.desktop;
  const tablet = bySize.tablet ?? desktop;
  const mobile = bySize.mobile ?? tablet;
  const chosen: [Breakpoint, ImageSize][] = [
    ['mobile', mobile],
    ['tablet', tablet],
    ['desktop', desktop],
  ];
  const byWidth = new Map<number, string>();
  const sources = chosen.map(([breakpoint, size]): ResponsiveSource => {
    const href = resizedImageUrl(source, size) ?? '';
    if (!byWidth.has(size.width)) byWidth.set(size.width, href);
    const dense = breakpoint === 'desktop' ? undefined : bySize.dense?.[breakpoint];
    const denseHref = dense === undefined ? null : resizedImageUrl(source, dense);
    if (dense !== undefined && denseHref !== null && !byWidth.has(dense.width)) byWidth.set(dense.width, denseHref);
    const srcSet = denseHref === null ? href : `${href} 1x, ${denseHref} 2x`;
    return { breakpoint, media: BREAKPOINT_MEDIA[breakpoint], srcSet, width: size.width, height: size.height };
  });
  const srcSet = [...byWidth.entries()]
    .sort(([a], [b]) => a - b)
    .map(([width, href]) => `${href} ${width}w`)
    .join(', ');
  const sizes = [
    `(max-width: ${ARTICLE_BREAKPOINTS.mobile.max}px) min(100vw, ${mobile.width}px)`,
    `(max-width: ${ARTICLE_BREAKPOINTS.tablet.max}px) min(100vw, ${tablet.width}px)`,
    `${desktop.width}px`,
  ].join(', ');
  return { src: resizedImageUrl(source, desktop) ?? '', width: desktop.width, height: desktop.height, srcSet, sizes, sources };
}

/**
 * The default images (spec 1 §4 "Images that fail to load fall back to a default image (cards) or
 * are hidden"; spec 2 §4 "A failed thumbnail is cleared and a default poster is used"). Small SVGs
 * at 16:9, used inline as data URIs so a fallback can never fail to load itself and costs no
 * request (interactive-bundle/client/platform/image-fallback.ts swaps them in). `file` and `svg`
 * let an asset writer also publish them as files under /assets/.
 */
export interface DefaultImageAsset {
  file: string;
  contentType: 'image/svg+xml';
  svg: string;
  /** The SVG as a data URI, for `src` and `data-fallback-src`. */
  dataUri: string;
}

function svgAsset(file: string, svg: string): DefaultImageAsset {
  return { file, contentType: 'image/svg+xml', svg, dataUri: `data:image/svg+xml,${encodeURIComponent(svg)}` };
}

export const DEFAULT_IMAGE_ASSETS = {
  /** A neutral frame with a picture mark: cards whose image failed. */
  card: svgAsset(
    'default-image.svg',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#d9dde3"/><path d="M62 58l12-14 9 10 6-7 11 11z" fill="#aeb5bf"/><circle cx="92" cy="36" r="5" fill="#aeb5bf"/></svg>',
  ),
  /** A dark frame with a play mark: video thumbnails and posters whose image failed. */
  poster: svgAsset(
    'default-poster.svg',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#1d2733"/><circle cx="80" cy="45" r="16" fill="#ffffff" fill-opacity=".85"/><path d="M75 37v16l13-8z" fill="#1d2733"/></svg>',
  ),
} as const satisfies Record<string, DefaultImageAsset>;
