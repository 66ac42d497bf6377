/**
 * GET /api/videos: the next cards of a video area's paged list (spec 1 §9 "Video load-more step
 * 3"; the contract is core/isomorphic/live/videos.ts, the caller the VideoLoadMore island).
 *
 *   ?tag=fox-news/us&from=13&size=3
 *     tag   required, a video tag: /^[a-z0-9-]+(\/[a-z0-9-]+)*$/, at most 200 characters
 *     from  integer 0..99, default 0: cards already shown
 *     size  integer 1..3, default 3 (the spec's step)
 *   Any other parameter is ignored and never forwarded upstream. A bad value, a missing tag or a
 *   parameter given twice answers 400 { error: { code: 'INVALID_QUERY', message } }.
 *
 *   200 { items: VideoCard[], hasMore } with Cache-Control: public, max-age=30: the cards at
 *       positions from..from+size-1 of the tag's list and whether any follow. Only the card's
 *       fields reach the browser, and only site-relative or http(s) URLs.
 *   The same 200 from the last good answer (at most 10 minutes old) when upstream fails, marked
 *       `x-stale: 1` and `Warning: 110 - "Response is Stale"`, not cached by browsers or CDNs.
 *   502 { error: { code: 'UPSTREAM_UNAVAILABLE', message } } when upstream fails with nothing cached.
 *
 * One upstream call per tag and edition (docs/upstream-contract.md §5.5, size 100, the video
 * service's largest page) makes every card of the tag; pages are slices of it, so a reader
 * clicking through a list costs one call per 30 s, shared by every reader (live-cache.ts).
 * Per edition, asking upstream in the edition's language (ADR 0019), as the render worker did.
 */
import { plainTextOf } from '../../core/plain-text.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { z } from 'zod';
import { VIDEO_LOAD_MORE_STEP, VIDEO_TAG_MAX_LENGTH, VIDEO_TAG_PATTERN, videoCards, VIDEOS_MAX_FROM, VIDEOS_PATH, VIDEOS_UPSTREAM_SIZE, type VideoCard, type VideosQuery, type VideosResponse } from '../../core/isomorphic/live/videos.js';
import { describeIssues } from '../../core/upstream/schemas.js';
import type { CallSpec } from '../../core/upstream/transport.js';
import { RECOMMENDED_VIDEO_FIELDS, recommendedVideoSchema } from '../../core/upstream/video-client.js';
import type { LiveCacheSettings } from '../live-cache.js';
import { routePlugin } from './define-plugin.js';
import { editionTransports, liveCache, registerCachedLiveRoute, singleParam, type LiveQueryResult, type LiveUpstreamOptions } from '../live-endpoint.js';

export const VIDEOS_CACHE: LiveCacheSettings = { freshMs: 30_000, staleMs: 10 * 60_000, maxEntries: 200 };
export const VIDEOS_CACHE_CONTROL = 'public, max-age=30';

/** The plugin's options: the live endpoints' upstream options (live-endpoint.ts). */
export type LiveVideosOptions = LiveUpstreamOptions;

type QueryResult = LiveQueryResult<VideosQuery>;

function integer(value: string, min: number, max: number): number | undefined {
  if (!/^\d{1,5}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/** The whitelisted query from a raw query string ("?a=b" or ""); everything else is dropped. */
export function parseVideosQuery(search: string): QueryResult {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { ok: false, message: 'the query string cannot be read' };
  }
  const tag = singleParam(params, 'tag');
  const from = singleParam(params, 'from');
  const size = singleParam(params, 'size');
  for (const [name, value] of [['tag', tag], ['from', from], ['size', size]] as const) {
    if (value === null) return { ok: false, message: `${name} may be given once` };
  }
  if (tag === undefined || tag === null || tag.length > VIDEO_TAG_MAX_LENGTH || !VIDEO_TAG_PATTERN.test(tag)) {
    return { ok: false, message: 'tag is required: a video tag such as "fox-news/us"' };
  }
  const query: VideosQuery = { tag, from: 0, size: VIDEO_LOAD_MORE_STEP };
  if (from !== undefined && from !== null) {
    const parsed = integer(from, 0, VIDEOS_MAX_FROM);
    if (parsed === undefined) return { ok: false, message: `from must be an integer from 0 to ${VIDEOS_MAX_FROM}` };
    query.from = parsed;
  }
  if (size !== undefined && size !== null) {
    const parsed = integer(size, 1, VIDEO_LOAD_MORE_STEP);
    if (parsed === undefined) return { ok: false, message: `size must be an integer from 1 to ${VIDEO_LOAD_MORE_STEP}` };
    query.size = parsed;
  }
  return { ok: true, query };
}

/** The slice of a tag's cards a query asks for. */
export function videosPage(cards: readonly VideoCard[], query: VideosQuery): VideosResponse {
  return { items: cards.slice(query.from, query.from + query.size), hasMore: cards.length > query.from + query.size };
}


const jsonApiListSchema = z.looseObject({ data: z.array(z.unknown()) });

export const liveVideosPlugin = routePlugin<LiveVideosOptions>('edge-live-videos', (app, options) => {
  const { logger } = options;
  const transports = editionTransports(options);
  const now = options.cache?.now ?? Date.now;

  registerCachedLiveRoute(app, {
    path: VIDEOS_PATH,
    parseQuery: parseVideosQuery,
    // The whole list of the tag, per edition: every page of it is a slice of one upstream answer.
    cacheKey: (query, request) => `${request.site}:${query.tag}`,
    load: async (query, request) => {
      const transport = transports[request.site];
      const spec: CallSpec = { name: 'video-list', service: 'video', path: '/api/videos', query: { size: VIDEOS_UPSTREAM_SIZE, 'fields[videos]': RECOMMENDED_VIDEO_FIELDS, tags: query.tag } };
      const result = await transport.call(spec);
      // 404: the tag has no videos; an empty list, not a failure.
      if (!result.found) return [];
      const body = jsonApiListSchema.safeParse(result.body);
      if (!body.success) throw transport.badResponse(spec.name, result.url, body.error, '');
      const videos = body.data.data.flatMap((raw, index) => {
        const video = recommendedVideoSchema.safeParse(raw);
        if (video.success) return [video.data.attributes];
        logger.warn({ api: { name: spec.name, url: result.url }, issue: `data.${index}.${describeIssues(video.error)}` }, 'upstream video item off contract; skipped');
        return [];
      });
      // The full-episode label in the edition's words, as the worker stored it (core/isomorphic/ui-text.ts).
      return videoCards(videos, new Date(now()), plainTextOf, uiText(request.site).videoTypeFullEpisode);
    },
    body: (cards, query) => videosPage(cards, query),
    cache: liveCache<VideoCard[]>(VIDEOS_CACHE, options),
    cacheControl: VIDEOS_CACHE_CONTROL,
    what: 'video list',
    unavailableMessage: 'Videos are unavailable right now; try again shortly',
  });
  return Promise.resolve();
});
