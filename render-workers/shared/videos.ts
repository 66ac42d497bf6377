/**
 * Video lists for the pages that show recommended or latest videos: the article's recommended
 * strip (spec 1 §2.6, §7) and the 404 page's "Latest Videos" (spec 1 §2.2). The client never
 * throws for them (core/upstream/video-client.ts); this turns its items into view items: titles as
 * plain text, only safe links, a thumbnail through the image service at the spec's sizes, a
 * duration label, and only videos that have aired (spec 2 §2).
 */
import { responsiveSources, IMAGE_SIZES, type ResponsiveImageModel } from '../../core/isomorphic/images.js';
import type { UpstreamClient } from '../../core/upstream/client.js';
import { hasAired, latestNewsVideoTag, type RecommendedVideo } from '../../core/upstream/video-client.js';
import { formatVideoDuration } from '../../core/isomorphic/live/videos.js';
import { toPlainText } from '../blocks/sanitize.js';
import { deriveShared } from './derived.js';
import { safeHref } from './links.js';

/** Spec 1 §9, spec 2 §9: a video carousel shows at most 10 items. */
export const VIDEO_CAROUSEL_MAX = 10;

export interface VideoItem {
  name: string;
  url: string;
  /** Thumbnail at 320x180 (200x113 mobile, 240x135 tablet), spec 1 §9. */
  image?: ResponsiveImageModel;
  /** "2:35", "1:02:10"; absent for live streams and unknown durations. */
  duration?: string;
}

/** Seconds as m:ss or h:mm:ss (core/isomorphic/live/videos.ts: the paged video lists' cards use it too). */
export { formatVideoDuration };

export function toVideoItems(videos: readonly RecommendedVideo[], now: Date, limit = VIDEO_CAROUSEL_MAX): VideoItem[] {
  const items: VideoItem[] = [];
  const seen = new Set<string>();
  for (const video of videos) {
    if (items.length >= limit) break;
    const card = videoCard(video);
    if (card === null || seen.has(card.url) || !hasAired(video.attributes, now)) continue;
    seen.add(card.url);
    items.push(card);
  }
  return items;
}

/**
 * A video's card, built once per kept video (shared/derived.ts): every article of a section shows
 * the same recommended videos. None without a safe link or a title. Whether it has aired is
 * the render's to ask (it depends on the render's clock).
 */
function videoCard(video: RecommendedVideo): VideoItem | null {
  return deriveShared(video, 'video-card', () => {
    const attributes = video.attributes;
    const url = safeHref(attributes.url);
    const name = toPlainText(attributes.title).trim();
    if (url === undefined || name === '') return null;
    const image = responsiveSources(attributes.thumbnail?.url, {
      mobile: IMAGE_SIZES.recommendedVideoMobile,
      tablet: IMAGE_SIZES.recommendedVideoTablet,
      desktop: IMAGE_SIZES.recommendedVideo,
    });
    const duration = formatVideoDuration(attributes.duration);
    return { name, url, ...(image ? { image } : {}), ...(duration ? { duration } : {}) };
  });
}

/** The section's recommended videos with the latest-news fallback (spec 1 §7). */
export async function loadRecommendedVideos(client: UpstreamClient, options: { domain: string; section: string; now: Date }): Promise<VideoItem[]> {
  const videos = await client.getRecommendedVideos({ tag: `${options.domain}/${options.section}`, fallbackTag: latestNewsVideoTag(options.domain) });
  return toVideoItems(videos, options.now);
}

/** The latest-news videos (the 404 page's list, spec 1 §2.2). */
export async function loadLatestVideos(client: UpstreamClient, options: { domain: string; now: Date }): Promise<VideoItem[]> {
  const videos = await client.getRecommendedVideos({ tag: latestNewsVideoTag(options.domain) });
  return toVideoItems(videos, options.now);
}
