/**
 * Thumbnail sizes of the video area's list items (spec 2 §9 "Thumbnails"), one set per item style
 * of the horizontal lists (spec 2 §2 "item styles are video, show, shows page and live"):
 *
 *   video       480x270, 360x203, 240x135 (desktop, tablet, mobile)
 *   live        the list thumbnails: 132x74 and 268x148 mobile, 221x124 and 442x148 tablet,
 *               227x128 desktop (the larger of each pair is the high-density candidate)
 *   show        show poster 196x294 desktop, 150x225, 128x192
 *   shows-page  shows page poster 268x402 and smaller steps (the show poster steps:
 *               render-workers/shows/show-rules.ts SHOWS_PAGE_POSTER_SIZES)
 *
 * Each becomes `src` (the desktop size), `srcset` with every size as a width descriptor and
 * `sizes` with the displayed width per breakpoint (mobile under 768, tablet under 1024).
 */
import { IMAGE_SIZES, resizedImageUrl, type ImageSize } from '../../../core/isomorphic/images.js';
import { VIDEO_THUMBNAIL_SIZES } from '../../../core/isomorphic/live/videos.js';
import type { VideoListItemStyle } from '../../../interactive-bundle/islands/video-carousel.island.js';
import { SHOW_POSTER_SIZES, SHOWS_PAGE_POSTER_SIZES } from '../../shows/show-rules.js';

export interface CardImage {
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
}

interface StyleSizes {
  /** Displayed size per breakpoint. */
  mobile: ImageSize;
  tablet: ImageSize;
  desktop: ImageSize;
  /** Extra srcset candidates (high-density). */
  extra: readonly ImageSize[];
}

/** Spec 2 §9 video thumbnails; owned by the paged lists' contract, whose cards use them too. */
export { VIDEO_THUMBNAIL_SIZES };

export const CARD_SIZES: Readonly<Record<VideoListItemStyle, StyleSizes>> = {
  video: { ...VIDEO_THUMBNAIL_SIZES, extra: [] },
  live: {
    mobile: IMAGE_SIZES.listThumbnailMobile,
    tablet: IMAGE_SIZES.listThumbnailTablet,
    desktop: IMAGE_SIZES.listThumbnailDesktop,
    extra: [IMAGE_SIZES.listThumbnailMobileLarge, IMAGE_SIZES.listThumbnailTabletLarge],
  },
  show: { ...SHOW_POSTER_SIZES, extra: [] },
  'shows-page': { ...SHOWS_PAGE_POSTER_SIZES, extra: [] },
};

/** The card image of an item style, or undefined when the URL is not an image. */
export function cardImage(url: string | undefined, style: VideoListItemStyle): CardImage | undefined {
  const sizes = CARD_SIZES[style];
  const src = resizedImageUrl(url, sizes.desktop);
  if (src === null) return undefined;
  const candidates = new Map<number, string>();
  for (const size of [sizes.mobile, sizes.tablet, sizes.desktop, ...sizes.extra]) {
    if (!candidates.has(size.width)) candidates.set(size.width, resizedImageUrl(url, size) ?? src);
  }
  const srcSet = [...candidates.entries()]
    .sort(([a], [b]) => a - b)
    .map(([width, href]) => `${href} ${width}w`)
    .join(', ');
  return {
    src,
    srcSet,
    sizes: `(max-width: 767px) ${sizes.mobile.width}px, (max-width: 1023px) ${sizes.tablet.width}px, ${sizes.desktop.width}px`,
    width: sizes.desktop.width,
    height: sizes.desktop.height,
  };
}

/** Card widths per style and breakpoint, for the pages' CSS. */
export function cardCss(): string {
  return Object.entries(CARD_SIZES)
    .map(([style, sizes]) => {
      const rule = (size: ImageSize) => `.video-list-${style} li{width:${size.width}px}`;
      return `${rule(sizes.desktop)}@media (max-width:1023px){${rule(sizes.tablet)}}@media (max-width:767px){${rule(sizes.mobile)}}`;
    })
    .join('');
}
