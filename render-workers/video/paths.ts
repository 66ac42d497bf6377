/**
 * The video area's paths (spec 2 §2), in one place for the router, the page builders and the
 * card links: /video, /video/shows, /video/topics, and a video's own page, /video/{slug} or, for
 * show videos, /video/shows/{slug}.
 */
import type { Video } from '../../core/upstream/video-client.js';

export const VIDEO_HOME_PATH = '/video';
export const VIDEO_SHOWS_PATH = '/video/shows';
export const VIDEO_TOPICS_PATH = '/video/topics';

/** A show video (it carries its show, spark_shows) lives under /video/shows/ (spec 2 §2). */
export function isShowVideo(video: Pick<Video, 'spark_shows'>): boolean {
  return video.spark_shows !== undefined && video.spark_shows.title.trim() !== '';
}

/** Spec 2 §2: "/video/{slug} and, for show videos, /video/shows/{slug}". */
export function videoPathOf(video: Pick<Video, 'slug' | 'spark_shows'>): string {
  return `${isShowVideo(video) ? VIDEO_SHOWS_PATH : VIDEO_HOME_PATH}/${encodeURIComponent(video.slug)}`;
}
