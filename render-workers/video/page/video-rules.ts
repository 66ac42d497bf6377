/**
 * The single video page's rules (spec 2 §2, §4, §7, §9), pure functions of the upstream Video
 * (core/upstream/video-client.ts) so they are unit-tested without the network:
 *
 * - type: LIVE if tagged live_stream, FULL EPISODE if tagged full_episode, otherwise CLIP; gated when
 *   tagged video_gate (tags = brightcove.media_tags, spec 2 §4, §7);
 * - authentication (TV-provider sign-in) is needed for the fnc and fbn sources and for full
 *   episodes; the video is locked when it is needed and the reader is not authenticated (spec 2 §4);
 * - the video page path: /video/{slug}, /video/shows/{slug} for show videos (spec 2 §2);
 * - the embed URL with video_id, embedver, pn, pageUrl and ampProps (spec 2 §7);
 * - the ISO 8601 duration of the VideoObject.
 */
import type { Video } from '../../../core/upstream/video-client.js';

export const VIDEO_TYPE_LABELS = { live: 'LIVE', fullEpisode: 'FULL EPISODE', clip: 'CLIP' } as const;
export type VideoTypeLabel = (typeof VIDEO_TYPE_LABELS)[keyof typeof VIDEO_TYPE_LABELS];

/** Media tags of spec 2 §4. */
export const LIVE_STREAM_TAG = 'live_stream';
export const FULL_EPISODE_TAG = 'full_episode';
export const VIDEO_GATE_TAG = 'video_gate';
/** Sources that need a TV-provider sign-in (spec 2 §4). */
export const AUTHENTICATED_SOURCES: readonly string[] = ['fnc', 'fbn'];

/** Spec 2 §9: the video container's aspect ratio. */
export const VIDEO_ASPECT_RATIO = '56.25%';
/** Version of the embed player the embed URL names (the `embedver` parameter, spec 2 §7). */
export const EMBED_VERSION = '2';
/**
 * The embed player per video domain (spec 2 §3 "videoDomain (default news domain key, with a
 * business key also used)"): fbn videos play on the business player, everything else on news.
 */
export const EMBED_PLAYERS = {
  news: 'https://video.foxnews.com/v/video-embed.html',
  business: 'https://video.foxbusiness.com/v/video-embed.html',
} as const;
export type VideoDomain = keyof typeof EMBED_PLAYERS;

export function mediaTagsOf(video: Pick<Video, 'brightcove'>): readonly string[] {
  return video.brightcove?.media_tags ?? [];
}

export function videoTypeOf(video: Pick<Video, 'brightcove'>): VideoTypeLabel {
  const tags = mediaTagsOf(video);
  if (tags.includes(LIVE_STREAM_TAG)) return VIDEO_TYPE_LABELS.live;
  if (tags.includes(FULL_EPISODE_TAG)) return VIDEO_TYPE_LABELS.fullEpisode;
  return VIDEO_TYPE_LABELS.clip;
}

export function isGatedVideo(video: Pick<Video, 'brightcove'>): boolean {
  return mediaTagsOf(video).includes(VIDEO_GATE_TAG);
}

/** A full episode by its flag or its media tag. */
export function isFullEpisode(video: Pick<Video, 'brightcove' | 'fullEpisode'>): boolean {
  return video.fullEpisode || mediaTagsOf(video).includes(FULL_EPISODE_TAG);
}

/** Spec 2 §4: "Authentication is needed for fnc or fbn sources or full episodes". */
export function needsAuthentication(video: Pick<Video, 'brightcove' | 'fullEpisode' | 'source'>): boolean {
  return (video.source !== undefined && AUTHENTICATED_SOURCES.includes(video.source)) || isFullEpisode(video);
}

// The lock rule runs in the browser too (the provider id lives there): one copy, in the island.
export { isAuthenticated, isLocked } from '../../../interactive-bundle/islands/video-access.island.js';

export { isShowVideo, videoPathOf } from '../paths.js';

export function videoDomainOf(video: Pick<Video, 'source'>): VideoDomain {
  return video.source === 'fbn' ? 'business' : 'news';
}

/** Seconds from upstream's number or "m:ss" / "h:mm:ss" string; undefined when unknown or not positive. */
export function durationSeconds(duration: number | string | undefined): number | undefined {
  if (typeof duration === 'number') return Number.isFinite(duration) && duration > 0 ? Math.round(duration) : undefined;
  if (typeof duration !== 'string' || !/^\d{1,3}(:\d{2}){0,2}$/.test(duration.trim())) return undefined;
  const seconds = duration
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
  return seconds > 0 ? seconds : undefined;
}

/** ISO 8601 duration, e.g. 312 -> "PT5M12S", 7140 -> "PT1H59M". */
export function isoDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${minutes > 0 ? `${minutes}M` : ''}${rest > 0 || seconds === 0 ? `${rest}S` : ''}`;
}

/** One entry of the embed URL's ampProps list (spec 2 §7 "base64 list of article properties"). */
export interface EmbedProperty {
  name: string;
  value: string;
}

export interface EmbedUrlInput {
  videoId: string;
  domain: VideoDomain;
  /** Page name: the page path the player sits on (`pn`). */
  pageName: string;
  /** Absolute URL of the page (`pageUrl`). */
  pageUrl: string;
  properties: readonly EmbedProperty[];
}

/** Base64 of the JSON list of properties (UTF-8). */
export function encodeAmpProps(properties: readonly EmbedProperty[]): string {
  return Buffer.from(JSON.stringify(properties), 'utf8').toString('base64');
}

/** Spec 2 §7: "The video embed URL takes video_id, embedver, pn, pageUrl and ampProps". */
export function videoEmbedUrl(input: EmbedUrlInput): string {
  const params = new URLSearchParams({
    video_id: input.videoId,
    embedver: EMBED_VERSION,
    pn: input.pageName,
    pageUrl: input.pageUrl,
    ampProps: encodeAmpProps(input.properties),
  });
  return `${EMBED_PLAYERS[input.domain]}?${params.toString()}`;
}
