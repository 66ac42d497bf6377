/**
 * GET /api/videos, the video area's load-more (spec 1 §9 "Video load-more step 3"): the next
 * videos of a tag, 3 at a time. The one owner of the endpoint's contract: its path, its query, its
 * answer, the check the browser makes of the answer, and the card every video of a paged list
 * becomes, so the cards the render worker writes into the page and the ones the edge answers are
 * the same (render-workers/video/build-video-lists.ts, edge-router/plugins/live-videos.ts, the
 * VideoLoadMore island). Isomorphic: no Node APIs, nothing secret.
 *
 * Positions (`from`) count cards, not upstream items: a video that has not aired yet (spec 2 §2),
 * has no usable title or URL, or repeats a URL is no card, on either side.
 */
import { isRecord } from '../guards.js';
import { resizedImageUrl, type ImageSize } from '../images.js';
import { safeUrl } from '../safe-url.js';

export const VIDEOS_PATH = '/api/videos';

/** Spec 1 §9: "Video load-more step 3". Each Show More asks this many, and a paged list starts with this many. */
export const VIDEO_LOAD_MORE_STEP = 3;
/**
 * How many videos of a tag the edge reads in one upstream call, and so the end of every paged
 * list: the video service's largest page (docs/upstream-contract.md §5.5).
 */
export const VIDEOS_UPSTREAM_SIZE = 100;
/** Deepest offset served: past the one upstream page there is nothing to load. */
export const VIDEOS_MAX_FROM = VIDEOS_UPSTREAM_SIZE - 1;
/** A video tag: path segments of a-z, 0-9 and '-', e.g. "fox-news/us". */
export const VIDEO_TAG_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;
export const VIDEO_TAG_MAX_LENGTH = 200;

/** Spec 2 §9 video thumbnails: desktop, tablet, mobile (the horizontal lists' 'video' style too). */
export const VIDEO_THUMBNAIL_SIZES = {
  desktop: { width: 480, height: 270 },
  tablet: { width: 360, height: 203 },
  mobile: { width: 240, height: 135 },
} as const satisfies Record<string, ImageSize>;

/** The query, as the edge reads it. */
export interface VideosQuery {
  tag: string;
  /** 0..VIDEOS_MAX_FROM: cards already shown. */
  from: number;
  /** 1..VIDEO_LOAD_MORE_STEP. */
  size: number;
}

/** `/api/videos?tag=<tag>&from=<n>&size=3`: the browser's request. */
export function videosUrl(query: VideosQuery): string {
  const params = new URLSearchParams({ tag: query.tag, from: String(query.from), size: String(query.size) });
  return `${VIDEOS_PATH}?${params.toString()}`;
}

/** A card's image, as the video lists' `<img>` takes it. Type aliases, not interfaces: island props are JSON. */
export type VideoCardImage = { src: string; srcSet: string; sizes: string; width: number; height: number };

/** One video card: the shape of the horizontal lists' items (interactive-bundle VideoList). */
export type VideoCard = {
  name: string;
  url: string;
  duration?: string;
  label?: string;
  image?: VideoCardImage;
};

/** The 200 answer (also the stale one, marked `x-stale: 1`). */
export interface VideosResponse {
  items: VideoCard[];
  /** Whether cards exist past these. */
  hasMore: boolean;
}

/** Seconds, or a display string such as "2:35", as "m:ss" or "h:mm:ss"; undefined for none or nonsense. */
export function formatVideoDuration(duration: number | string | undefined): string | undefined {
  if (typeof duration === 'string') return /^\d{1,2}(:\d{2}){1,2}$/.test(duration.trim()) ? duration.trim() : undefined;
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) return undefined;
  const total = Math.round(duration);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * The video thumbnail's image: the desktop size as src, every size in the srcset, `sizes` for the
 * paged list's grid (one column on phones, three from 768px); undefined when the URL is no image.
 */
export function videoCardImage(url: string | undefined): VideoCardImage | undefined {
  const { mobile, tablet, desktop } = VIDEO_THUMBNAIL_SIZES;
  const src = resizedImageUrl(url, desktop);
  if (src === null) return undefined;
  const srcSet = [mobile, tablet, desktop].map((size) => `${resizedImageUrl(url, size) ?? src} ${size.width}w`).join(', ');
  return { src, srcSet, sizes: `(max-width: 767px) 100vw, min(33vw, ${desktop.width}px)`, width: desktop.width, height: desktop.height };
}

/** What a card is made from: the video service's list item attributes (docs/upstream-contract.md §5.5). */
export interface VideoCardSource {
  title: string;
  url: string;
  thumbnail?: { url: string } | undefined;
  duration?: number | string | undefined;
  start_air_date?: string | undefined;
  fullEpisode?: boolean | undefined;
}

function aired(startAirDate: string | undefined, now: Date): boolean {
  if (startAirDate === undefined) return true;
  const start = Date.parse(startAirDate);
  return Number.isNaN(start) || start < now.getTime();
}

/**
 * Every card of a tag's list, in order: aired only (spec 2 §2), a usable title and a site-relative
 * or http(s) URL, each URL once. `plainText` turns a title into text (the renderer's sanitiser on
 * both sides, so the cards match); `fullEpisodeLabel` is the edition's label of a full episode
 * (core/isomorphic/ui-text.ts `videoTypeFullEpisode`), as the worker's carousels write it.
 */
export function videoCards(videos: readonly VideoCardSource[], now: Date, plainText: (html: string) => string, fullEpisodeLabel: string): VideoCard[] {
  const cards: VideoCard[] = [];
  const seen = new Set<string>();
  for (const video of videos) {
    const url = safeUrl(video.url);
    const name = plainText(video.title).trim();
    if (url === null || name === '' || seen.has(url) || !aired(video.start_air_date, now)) continue;
    seen.add(url);
    const duration = formatVideoDuration(video.duration);
    const image = videoCardImage(video.thumbnail?.url);
    cards.push({ name, url, ...(video.fullEpisode === true ? { label: fullEpisodeLabel } : {}), ...(duration ? { duration } : {}), ...(image ? { image } : {}) });
  }
  return cards;
}

/** The browser's check of a card (from the answer or an island's props): null when unusable; only safe URLs kept. */
export function parseVideoCard(value: unknown): VideoCard | null {
  if (!isRecord(value) || typeof value.name !== 'string' || value.name.trim() === '' || typeof value.url !== 'string') return null;
  const url = safeUrl(value.url);
  if (url === null) return null;
  const { image } = value;
  const src = isRecord(image) && typeof image.src === 'string' ? safeUrl(image.src) : null;
  const parsedImage =
    isRecord(image) && src !== null && typeof image.srcSet === 'string' && typeof image.sizes === 'string' && typeof image.width === 'number' && typeof image.height === 'number'
      ? { src, srcSet: image.srcSet, sizes: image.sizes, width: image.width, height: image.height }
      : undefined;
  return {
    name: value.name,
    url,
    ...(typeof value.duration === 'string' ? { duration: value.duration } : {}),
    ...(typeof value.label === 'string' ? { label: value.label } : {}),
    ...(parsedImage === undefined ? {} : { image: parsedImage }),
  };
}

/**
 * The browser's check of the answer `{ items, hasMore }`: null when it is not one. `advance` is
 * how many positions the answer covered (unusable cards count: they hold a position at the edge).
 */
export function parseVideosResponse(body: unknown): { items: VideoCard[]; advance: number; hasMore: boolean } | null {
  if (!isRecord(body) || !Array.isArray(body.items) || typeof body.hasMore !== 'boolean') return null;
  const page = body.items.slice(0, VIDEO_LOAD_MORE_STEP);
  return { items: page.map(parseVideoCard).filter((card): card is VideoCard => card !== null), advance: page.length, hasMore: body.hasMore };
}
