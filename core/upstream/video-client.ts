/**
 * The video service's reads: the video lookup by external id or slug (docs/upstream-contract.md
 * §5.6; spec 2 §7 "Video lookup by external_id with size=1 reads data.data.results[0]"), which
 * follows the usual failure rules (404 or empty -> null, anything else throws), and the
 * recommended-videos call (docs/upstream-contract.md §5.5; spec 1 §7 "GET video
 * service, recommended": size 20, fields[videos]=mobile-component, filter by tag for the section;
 * if empty, a fallback with latest-news tags and media tags).
 *
 * Unlike the lookup, the recommended call never throws (spec 1 §8 "Recommended videos fail: list left
 * empty, error logged"): a recommended-videos strip is decoration, and a video-service outage must
 * not stop an article or the 404 page from rendering. The spec's log texts are used as they are:
 * "Error fetching recommended videos:", "Error fetching recommended videos with fallback:" and
 * "No recommended videos available".
 *
 * Its body is JSON:API (`{ data: [{ id, type, attributes }] }`), not the usual envelope. A
 * malformed item is logged and skipped; a body that is not JSON:API at all counts as a failure.
 */
import { parseShared } from './read-reuse.js';
import { parsedWith, readSideData, type SideData } from './side-data.js';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { dataKeys, key } from './data-keys.js';
import { describeIssues } from './schemas.js';
import type { CallSpec, Transport } from './transport.js';

/** Spec 1 §7, §9: recommended videos page size. */
export const RECOMMENDED_VIDEOS_SIZE = 20;
/** Spec 1 §7: the field set the recommended call asks for. */
export const RECOMMENDED_VIDEO_FIELDS = 'mobile-component';
/** Media tag of the latest-news fallback (spec 1 §7 "latest-news tags and media tags"). */
export const LATEST_NEWS_MEDIA_TAG = 'latest_news';

/** The latest-news video tag of a site's layout domain, e.g. "fox-news/latest-news". */
export function latestNewsVideoTag(domain: string): string {
  return `${domain}/latest-news`;
}

export const recommendedVideoSchema = z.looseObject({
  id: z.string().min(1),
  type: z.literal('video'),
  attributes: z.looseObject({
    title: z.string(),
    url: z.string(),
    thumbnail: z.looseObject({ url: z.string() }).optional(),
    /** Seconds, or a display string such as "2:35" (upstream sends either). */
    duration: z.union([z.number(), z.string()]).optional(),
    external_id: z.string().optional(),
    source: z.string().optional(),
    slug: z.string().optional(),
    start_air_date: z.string().optional(),
    fullEpisode: z.boolean().optional(),
  }),
});
export type RecommendedVideo = z.infer<typeof recommendedVideoSchema>;
const recommendedVideosSchema = z.array(recommendedVideoSchema);

const jsonApiListSchema = z.looseObject({ data: z.array(z.unknown()) });

export interface RecommendedVideosRequest {
  /** The section's video tag, e.g. "fox-news/politics". */
  tag: string;
  /** The latest-news tag asked for when the first answer is empty; no fallback when omitted. */
  fallbackTag?: string;
}

const optionalText = z.string().optional();

/**
 * Video (spec 2 §3), as docs/upstream-contract.md §5.6 fixes it: the record the video lookup
 * returns as `data.results[0]` (spec 2 §7 "reads data.data.results[0] including
 * brightcove.media_tags").
 */
export const videoSchema = z.looseObject({
  external_id: z.string().min(1),
  title: z.string(),
  description: optionalText,
  /** Seconds, or a display string such as "2:35". */
  duration: z.union([z.number(), z.string()]).optional(),
  pill: optionalText,
  time: optionalText,
  /** 'fnc' or 'fbn' (both need TV-provider sign-in, spec 2 §4); other values are kept as they are. */
  source: optionalText,
  thumbnail: z.looseObject({ url: z.string() }).optional(),
  slug: z.string().min(1),
  streams: z.array(z.looseObject({ url: z.string(), mime_type: z.string() })).default([]),
  start_air_date: optionalText,
  streamUrl: optionalText,
  videoAirStart: optionalText,
  fullEpisode: z.boolean().default(false),
  last_published_date: optionalText,
  expiration_date: optionalText,
  /** Present on show videos (their pages live under /video/shows/{slug}, spec 2 §2). */
  spark_shows: z.looseObject({ title: z.string() }).optional(),
  /** Tag paths ("fox-news/politics"), the ones the recommended call filters by (§5.5). */
  tags: z.array(z.string()).default([]),
  brightcove: z
    .looseObject({
      duration: z.union([z.number(), z.string()]).optional(),
      media_tags: z.array(z.string()).default([]),
      streams: z.unknown().optional(),
      start_air_date: optionalText,
    })
    .optional(),
});
export type Video = z.infer<typeof videoSchema>;
/** The record as upstream sends it. */
export type VideoInput = z.input<typeof videoSchema>;

/** Data key of a slug lookup (§5.6 contract extension): a video published at that slug re-renders the page. */
export function videoSlugKey(slug: string): string {
  return key('video-slug', slug);
}

export interface VideoReads {
  /** Recommended videos for a tag, with the latest-news fallback. Never throws; [] on failure. */
  getRecommendedVideos(request: RecommendedVideosRequest): Promise<RecommendedVideo[]>;
  /**
   * The video with this external id (spec 2 §7 "Video lookup by external_id with size=1"); null
   * when there is none (404 or empty). Records `video:<external_id>`. Throws a PlatformError on
   * failure (the page builder logs "An error occurred while fetching video data").
   */
  getVideo(externalId: string): Promise<Video | null>;
  /**
   * The video at this slug (contract extension, §5.6: page paths carry the slug). Records
   * `video-slug:<slug>` before the call and `video:<external_id>` once found. Same results as getVideo.
   */
  getVideoBySlug(slug: string): Promise<Video | null>;
}

export function createVideoReads(transport: Transport, record: (dataKey: string) => void, logger: Logger, sideData?: SideData): VideoReads {
  async function fetchList(spec: CallSpec): Promise<RecommendedVideo[]> {
    const result = await transport.call(spec);
    if (!result.found) return [];
    const parsed = parseShared(result.body, jsonApiListSchema);
    if (!parsed.success) throw transport.badResponse(spec.name, result.url, parsed.error, '');
    const videos: RecommendedVideo[] = [];
    parsed.data.data.forEach((item, index) => {
      const video = parseShared(item, recommendedVideoSchema);
      if (video.success) videos.push(video.data);
      else logger.warn({ api: { name: spec.name, url: result.url }, issue: `data.${index}.${describeIssues(video.error)}` }, 'upstream video item off contract; skipped');
    });
    return videos;
  }

  function spec(query: CallSpec['query']): CallSpec {
    return {
      name: 'recommended-videos',
      service: 'video',
      path: '/api/videos',
      query: { size: RECOMMENDED_VIDEOS_SIZE, 'fields[videos]': RECOMMENDED_VIDEO_FIELDS, ...query },
    };
  }

  function lookup(query: CallSpec['query']): CallSpec {
    return { name: 'video', service: 'video', path: '/api/videos', query: { ...query, size: 1 } };
  }

  return {
    async getVideo(externalId) {
      record(dataKeys.video(externalId));
      return await transport.first(lookup({ external_id: externalId }), videoSchema);
    },

    async getVideoBySlug(slug) {
      record(videoSlugKey(slug));
      const video = await transport.first(lookup({ slug }), videoSchema);
      if (video !== null) record(dataKeys.video(video.external_id));
      return video;
    },

    async getRecommendedVideos({ tag, fallbackTag }) {
      record(dataKeys.videosByTag(tag));
      // Spec 1 §7: the fallback tag when the tag has no videos or its read fails. When the
      // answer is still a failure, this is side data that failed (core/upstream/side-data.ts):
      // the last good list, else none.
      const videos = await readSideData(
        sideData,
        `recommended-videos:${tag}|${fallbackTag ?? ''}`,
        async () => {
          let list: RecommendedVideo[] = [];
          let failure: Error | undefined;
          try {
            list = await fetchList(spec({ tags: tag }));
          } catch (error) {
            logger.error({ error, tag }, 'Error fetching recommended videos:');
            failure = error instanceof Error ? error : new Error(String(error));
          }
          if (list.length === 0 && fallbackTag !== undefined && fallbackTag !== tag) {
            record(dataKeys.videosByTag(fallbackTag));
            try {
              return await fetchList(spec({ tags: fallbackTag, mediaTags: LATEST_NEWS_MEDIA_TAG }));
            } catch (error) {
              logger.error({ error, tag: fallbackTag }, 'Error fetching recommended videos with fallback:');
              throw error;
            }
          }
          if (failure !== undefined) throw failure;
          return list;
        },
        { empty: [], parse: parsedWith(recommendedVideosSchema), onFailure: () => {} },
      );
      if (videos.length === 0) logger.info({ tag, fallbackTag }, 'No recommended videos available');
      return videos;
    },
  };
}

/**
 * Spec 2 §2: "A video card appears only when its air start is more than 0 minutes ago." A video
 * without an air start, or with one that does not parse, is shown.
 */
export function hasAired(video: { start_air_date?: string | undefined }, now: Date): boolean {
  if (video.start_air_date === undefined) return true;
  const start = Date.parse(video.start_air_date);
  return Number.isNaN(start) || start < now.getTime();
}
