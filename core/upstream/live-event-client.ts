/**
 * The live-event reader (docs/upstream-contract.md §5.4, §5.16; spec 2 §3 "Live event page",
 * §7 "/api/live-event fetchByPath" and the live-blog SEO feed, §8). It follows the rules of
 * core/upstream/client.ts through the shared transport, and records each data key *before* its call:
 *   - `getLiveEvent(path)` records `live-event:<path>`; 404 or empty results -> null (spec 2 §8
 *     "undefined ... live event: not found"); network error, timeout, 5xx, 429 -> PlatformError
 *     UPSTREAM_UNAVAILABLE; other 4xx, malformed JSON, a body off the contract ->
 *     UPSTREAM_BAD_RESPONSE. The page builder logs these and answers not found (spec 2 §8 "live
 *     event fetch failure: logged, yields null").
 *   - `getLiveBlogUpdates(liveBlog)` records `live-blog:<eventCode>` and never throws: a failure
 *     (network error, timeout, 5xx, malformed feed) is logged and gives `{ status: 'failed',
 *     updates: [] }` (spec 2 §8 "Live-blog SEO fetch failure: empty data"); a feed that does not
 *     exist yet (404) is `{ status: 'missing', updates: [] }`. The page tells readers the two apart
 *     (a failing live blog shows readers a clear message, not an empty list). An update off the contract
 *     is logged and skipped; the others are kept.
 */
import { parseShared } from './read-reuse.js';
import { z } from 'zod';
import { resolveUpstreamBases } from '../config/upstream.js';
import { type ReadRecorder, type UpstreamClientOptions, keepReuse } from './client.js';
import { dataKeys } from './data-keys.js';
import { describeIssues } from './schemas.js';
import { parsedWith } from './side-data.js';
import { createTransport } from './transport.js';

const optionalText = z.string().optional();

/** Live event video (spec 2 §3: id, url, title, category, categoryUrl, duration, image, imageAlt, responsiveImages[] (media, srcset)). */
export const liveEventVideoSchema = z.looseObject({
  id: z.string().min(1),
  /** The video's page (a site path such as /video/{slug}) or an absolute URL. */
  url: z.string().min(1),
  title: z.string(),
  category: optionalText,
  categoryUrl: optionalText,
  /** As upstream shows it, e.g. "4:05"; a number is seconds. */
  duration: z.union([z.string(), z.number()]).optional(),
  image: optionalText,
  imageAlt: optionalText,
  responsiveImages: z.array(z.looseObject({ media: z.string(), srcset: z.string() })).default([]),
});
export type LiveEventVideo = z.infer<typeof liveEventVideoSchema>;

/**
 * adInfo as upstream sends it. Each field is optional *here* on purpose: spec 2 §5 "Live-event adInfo
 * must include size, value and text" is a rendering rule (the ad is logged and left out), not a
 * reason to reject the whole live event.
 */
export const liveEventAdInfoSchema = z.looseObject({
  /** Ad size, e.g. "300x250". */
  size: optionalText,
  /** The ad unit value, e.g. "/fox/live/coverage". */
  value: optionalText,
  /** The label shown with the ad, e.g. "Advertisement". */
  text: optionalText,
});
export type LiveEventAdInfo = z.infer<typeof liveEventAdInfoSchema>;

/** The live blog an event names: the §5.16 feed is `/live-blog/{providerId}/{eventCode}/seo.json`. */
export const liveBlogRefSchema = z.looseObject({
  providerId: z.string().min(1).max(200),
  eventCode: z.string().min(1).max(200),
});
export type LiveBlogRef = z.infer<typeof liveBlogRefSchema>;

/** Live event page (spec 2 §2 live-event header, §3), as docs/upstream-contract.md §5.4 fixes it. */
export const liveEventSchema = z.looseObject({
  id: z.string().min(1),
  title: z.string(),
  description: optionalText,
  eyebrow: optionalText,
  /** ISO 8601 date of the event. */
  date: optionalText,
  dek: optionalText,
  isBreaking: z.boolean().default(false),
  backgroundImage: optionalText,
  video: liveEventVideoSchema.optional(),
  playlist: z.array(liveEventVideoSchema).default([]),
  adInfo: liveEventAdInfoSchema.optional(),
  /** The live blog whose SEO feed fills the LiveBlogPosting structured data; none when absent. */
  liveBlog: liveBlogRefSchema.optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
/** The record as upstream sends it (the sample dataset is typed with it). */
export type LiveEventInput = z.input<typeof liveEventSchema>;

/** One entry of the live-blog SEO feed (§5.16). */
export const liveBlogUpdateSchema = z.looseObject({
  headline: z.string(),
  articleBody: optionalText,
  datePublished: z.string(),
  url: optionalText,
});
export type LiveBlogUpdate = z.infer<typeof liveBlogUpdateSchema>;
const liveBlogUpdatesSchema = z.array(liveBlogUpdateSchema);

const liveBlogFeedSchema = z.looseObject({ liveBlogUpdate: z.array(z.unknown()) });

/**
 * What a live-blog read gave: the feed's updates (`ok`), no feed yet (`missing`, a 404), or a
 * failure (`failed`). Both of the latter carry no updates (spec 2 §8 "empty data").
 */
export type LiveBlogRead = { status: 'ok'; updates: LiveBlogUpdate[] } | { status: 'missing' | 'failed'; updates: [] };

export interface LiveEventClient {
  /** The live event at a page path such as "/coverage/election-night"; null when there is none. */
  getLiveEvent(path: string): Promise<LiveEvent | null>;
  /** The live blog's SEO updates in feed order, or why there are none (a failure is logged). Never throws. */
  getLiveBlogUpdates(liveBlog: LiveBlogRef): Promise<LiveBlogRead>;
  /** The same client reporting reads to another recorder (one per render). */
  withRecorder(recorder: ReadRecorder | undefined): LiveEventClient;
}

const LIVE_EVENT_PATH = '/api/live-event';

/** Takes the same options as createUpstreamClient (config, logger, recorder, fetchImpl). */
export function createLiveEventClient(options: UpstreamClientOptions): LiveEventClient {
  return buildLiveEventClient(options, options.recorder);
}

function buildLiveEventClient(options: UpstreamClientOptions, recorder: ReadRecorder | undefined): LiveEventClient {
  const transport = createTransport({ ...options, bases: resolveUpstreamBases(options.config), ...(recorder?.reuse === undefined ? {} : { reuse: recorder.reuse }) });
  const { logger } = options;
  return {
    async getLiveEvent(path) {
      recorder?.record(dataKeys.liveEvent(path));
      return await transport.first({ name: 'live-event', service: 'liveEvent', path: LIVE_EVENT_PATH, query: { path } }, liveEventSchema);
    },
    async getLiveBlogUpdates(liveBlog) {
      recorder?.record(dataKeys.liveBlog(liveBlog.eventCode));
      const spec = {
        name: 'live-blog',
        service: 'liveBlog' as const,
        path: `/live-blog/${encodeURIComponent(liveBlog.providerId)}/${encodeURIComponent(liveBlog.eventCode)}/seo.json`,
      };
      const sideDataKey = `live-blog:${liveBlog.providerId}:${liveBlog.eventCode}`;
      try {
        const result = await transport.call(spec);
        if (!result.found) return { status: 'missing', updates: [] };
        const feed = parseShared(result.body, liveBlogFeedSchema);
        if (!feed.success) throw transport.badResponse(spec.name, result.url, feed.error, '');
        const updates = feed.data.liveBlogUpdate.flatMap((item, index) => {
          const parsed = parseShared(item, liveBlogUpdateSchema);
          if (parsed.success) return [parsed.data];
          logger.warn({ api: { name: spec.name, url: result.url }, liveBlog: { eventCode: liveBlog.eventCode, index } }, `Invalid live-blog update skipped: ${describeIssues(parsed.error)}`);
          return [];
        });
        recorder?.sideData?.remember(sideDataKey, updates);
        return { status: 'ok', updates };
      } catch (error) {
        // Spec 2 §8: "Live-blog SEO fetch failure: empty data". The transport already logged the
        // call. Empty only when no good copy exists (core/upstream/side-data.ts).
        logger.warn({ liveBlog: { providerId: liveBlog.providerId, eventCode: liveBlog.eventCode }, error }, 'Error fetching live-blog SEO data');
        const lastGood = await recorder?.sideData?.recall(sideDataKey, parsedWith(liveBlogUpdatesSchema));
        return lastGood === undefined ? { status: 'failed', updates: [] } : { status: 'ok', updates: lastGood };
      }
    },
    withRecorder(next) {
      return buildLiveEventClient(options, keepReuse(next, recorder));
    },
  };
}
