/**
 * The video service's recommended-videos call (docs/upstream-contract.md §5.5; spec 1 §7 "GET video
 * service, recommended": size 20, fields[videos]=mobile-component, filter by tag for the section;
 * if empty, a fallback with latest-news tags and media tags).
 *
 * Unlike the other reads this one never throws (spec 1 §8 "Recommended videos fail: list left
 * empty, error logged"): a recommended-videos strip is decoration, and a video-service outage must
 * not stop an article or the 404 page from rendering. The spec's log texts are used as they are:
 * "Error fetching recommended videos:", "Error fetching recommended videos with fallback:" and
 * "No recommended videos available".
 *
 * The body is JSON:API (`{ data: [{ id, type, attributes }] }`), not the usual envelope. A
 * malformed item is logged and skipped; a body that is not JSON:API at all counts as a failure.
 */
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { dataKeys } from './data-keys.js';
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

const recommendedVideoSchema = z.looseObject({
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

const jsonApiListSchema = z.looseObject({ data: z.array(z.unknown()) });

export interface RecommendedVideosRequest {
  /** The section's video tag, e.g. "fox-news/politics". */
  tag: string;
  /** The latest-news tag asked for when the first answer is empty; no fallback when omitted. */
  fallbackTag?: string;
}

export interface VideoReads {
  /** Recommended videos for a tag, with the latest-news fallback. Never throws; [] on failure. */
  getRecommendedVideos(request: RecommendedVideosRequest): Promise<RecommendedVideo[]>;
}

export function createVideoReads(transport: Transport, record: (dataKey: string) => void, logger: Logger): VideoReads {
  async function fetchList(spec: CallSpec): Promise<RecommendedVideo[]> {
    const result = await transport.call(spec);
    if (!result.found) return [];
    const parsed = jsonApiListSchema.safeParse(result.body);
    if (!parsed.success) throw transport.badResponse(spec.name, result.url, parsed.error, '');
    const videos: RecommendedVideo[] = [];
    parsed.data.data.forEach((item, index) => {
      const video = recommendedVideoSchema.safeParse(item);
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

  return {
    async getRecommendedVideos({ tag, fallbackTag }) {
      record(dataKeys.videosByTag(tag));
      let videos: RecommendedVideo[] = [];
      try {
        videos = await fetchList(spec({ tags: tag }));
      } catch (error) {
        logger.error({ error, tag }, 'Error fetching recommended videos:');
      }
      if (videos.length === 0 && fallbackTag !== undefined && fallbackTag !== tag) {
        record(dataKeys.videosByTag(fallbackTag));
        try {
          videos = await fetchList(spec({ tags: fallbackTag, mediaTags: LATEST_NEWS_MEDIA_TAG }));
        } catch (error) {
          logger.error({ error, tag: fallbackTag }, 'Error fetching recommended videos with fallback:');
        }
      }
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
