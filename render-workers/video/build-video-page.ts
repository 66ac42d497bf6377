/**
 * The single video page: /video/{slug}, and /video/shows/{slug} for show videos (spec 2 §2, §3, §4,
 * §7, §8, §9). render-workers/video/route.ts calls it.
 *
 * - The video is read by slug (docs/upstream-contract.md §5.6, contract extension), recording
 *   `video-slug:<slug>` and `video:<external_id>`; the page also records `refresh:video` so the video
 *   schedule (ingest/schedules.ts) re-renders it (live items, air starts, expiry).
 * - Failure (5xx, timeout, malformed answer): 'An error occurred while fetching video data' is
 *   logged (spec 2 §8) and the error is thrown. Spec 2 §8 has the old site carry on with no video
 *   data; here a page rendered without its video would replace the good stored page (docs/architecture.md
 *   "Principles": a good page is never replaced by a worse one), so the render fails instead, the job retries, and
 *   the edge keeps serving the last good page.
 * - Not found (404 or empty answer): null, nothing written; the edge serves the stored 404 page.
 * - Air start in the future: not found until it airs (the same rule as the cards, spec 2 §2 "A
 *   video card appears only when its air start is more than 0 minutes ago"); `refresh:video` makes
 *   the schedule render it once it has aired.
 * - Canonical path: a show video requested at /video/{slug}, or another video at
 *   /video/shows/{slug}, stores a 301 record to its canonical path (spec 2 §2, §9 redirect 301),
 *   like the show and person pages.
 * - showBar (spec 2 §2 "hidden unless showBar is set") is set for videos that need TV-provider
 *   sign-in; the VideoAccess island hides the bar again in a browser that has a provider id.
 */
import { VIDEO_HOME_PATH } from './paths.js';
import { breadcrumbListJsonLd, homeCrumb, VIDEO_CRUMB_NAME } from '../shared/structured-data/breadcrumbs.js';
import { createElement } from 'react';
import { absoluteDateLabel } from '../../core/isomorphic/relative-time.js';
import { IMAGE_SIZES, resizedImageUrl } from '../../core/isomorphic/images.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import { hasAired, latestNewsVideoTag, type Video } from '../../core/upstream/video-client.js';
import { toPlainText } from '../blocks/sanitize.js';
import { safeAbsoluteUrl } from '../shared/links.js';
import { formatVideoDuration, toVideoItems } from '../shared/videos.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { VideoPage, type VideoPageView } from './page/video-page.js';
import { renderDocument } from '../shared/render-html.js';
import { videoObjectJsonLd } from './page/structured-data.js';
import {
  durationSeconds,
  isGatedVideo,
  isoDuration,
  isShowVideo,
  needsAuthentication,
  videoDomainOf,
  videoEmbedUrl,
  videoPathOf,
  videoTypeOf,
  VIDEO_TYPE_LABELS,
} from './page/video-rules.js';
import { htmlObject, redirectPage } from '../page-objects.js';

export interface VideoPageRequest {
  /** The video's slug, the last path segment. */
  slug: string;
  /** True for /video/shows/{slug}. */
  showVideo: boolean;
}

/** Spec 2 §8, exactly. */
export const VIDEO_FETCH_ERROR_MESSAGE = 'An error occurred while fetching video data';

/** The air start upstream gives, in the order the record carries them. */
export function airStartOf(video: Video): string | undefined {
  return video.start_air_date ?? video.videoAirStart ?? video.brightcove?.start_air_date;
}

function absolute(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

function validDate(value: string | undefined): string | undefined {
  return value !== undefined && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** The section tag the recommended videos are filtered by: the video's first tag of this site's domain. */
function sectionTagOf(video: Video, domain: string): string | undefined {
  const latest = latestNewsVideoTag(domain);
  return video.tags.find((tag) => tag.startsWith(`${domain}/`) && tag !== latest);
}

/** The page of one video, or null when there is no such video (the stored 404 page). */
/** A 301 record at the requested path to `location` (spec 2 §9 redirect 301). */
function redirectTo(ctx: PageBuildContext, location: string): BuiltPage<'redirect'> {
  return redirectPage(ctx.site.id, ctx.path, location);
}

/** The aired video whose external id is `id`, or null (a failed lookup is logged: the slug lookup already missed). */
async function videoById(ctx: PageBuildContext, id: string): Promise<Video | null> {
  try {
    const video = await ctx.client.getVideo(id);
    if (video === null) return null;
    const airStart = validDate(airStartOf(video));
    return hasAired({ ...(airStart === undefined ? {} : { start_air_date: airStart }) }, ctx.now) ? video : null;
  } catch (error) {
    ctx.log.error({ error, video: { externalId: id } }, VIDEO_FETCH_ERROR_MESSAGE);
    throw error;
  }
}

export async function buildVideoPage(ctx: PageBuildContext, request: VideoPageRequest): Promise<BuiltPage<'video' | 'redirect'> | null> {
  const { site, client, log, publicOrigin } = ctx;
  ctx.record(dataKeys.refresh('video'));

  let video: Video | null;
  try {
    video = await client.getVideoBySlug(request.slug);
  } catch (error) {
    // Thrown on: the render fails and is retried, and the last good page stays (file header).
    log.error({ error, video: { slug: request.slug } }, VIDEO_FETCH_ERROR_MESSAGE);
    throw error;
  }
  // Article blocks and layouts link a video by its id (spec 1 §2.6 "a video page path per video
  // id"): /video/{id} is not a page of its own but a 301 to the video's canonical path.
  const byId = video === null && !request.showVideo ? await videoById(ctx, request.slug) : null;
  if (byId !== null) return redirectTo(ctx, videoPathOf(byId));
  if (video === null) {
    log.info({ video: { slug: request.slug } }, 'no video at this slug');
    return null;
  }
  const airStart = validDate(airStartOf(video));
  if (!hasAired({ ...(airStart === undefined ? {} : { start_air_date: airStart }) }, ctx.now)) {
    log.info({ video: { slug: request.slug, airStart } }, 'video has not aired yet; not found until it airs');
    return null;
  }

  const canonicalPath = videoPathOf(video);
  if (isShowVideo(video) !== request.showVideo) return redirectTo(ctx, canonicalPath);

  const domain = site.layoutDomain;
  const sectionTag = sectionTagOf(video, domain);
  const [shell, recommendedVideos] = await Promise.all([
    loadShell(client, ctx.shellContext),
    client.getRecommendedVideos(sectionTag === undefined ? { tag: latestNewsVideoTag(domain) } : { tag: sectionTag, fallbackTag: latestNewsVideoTag(domain) }),
  ]);
  const current = video;
  const recommended = toVideoItems(
    recommendedVideos.filter((item) => item.id !== current.external_id && item.attributes.external_id !== current.external_id && item.attributes.slug !== current.slug),
    ctx.now,
  );

  const canonicalUrl = canonicalFor(publicOrigin, canonicalPath);
  const title = toPlainText(video.title).trim();
  const description = toPlainText(video.description ?? '').trim();
  const typeLabel = videoTypeOf(video);
  const authenticationNeeded = needsAuthentication(video);
  const showTitle = video.spark_shows ? toPlainText(video.spark_shows.title).trim() : '';
  const poster = resizedImageUrl(video.thumbnail?.url, IMAGE_SIZES.sharedVideo) ?? undefined;
  const posterUrl = poster === undefined ? undefined : absolute(publicOrigin, poster);
  const streams = [...video.streams.map((stream) => ({ url: stream.url, type: stream.mime_type })), ...(video.streamUrl ? [{ url: video.streamUrl, type: '' }] : [])].flatMap((stream) => {
    // Stream URLs reach the player and the JSON-LD contentUrl: the safe-URL rule, absolute.
    const url = safeAbsoluteUrl(stream.url, publicOrigin, 'media');
    return url === undefined ? [] : [{ url, type: /^[\w.+-]+\/[\w.+-]+$/.test(stream.type) ? stream.type : 'application/x-mpegURL' }];
  });
  const seconds = durationSeconds(video.duration ?? video.brightcove?.duration);
  const duration = typeLabel === VIDEO_TYPE_LABELS.live ? undefined : formatVideoDuration(seconds);
  const videoDomain = videoDomainOf(video);
  const embedUrl = videoEmbedUrl({
    videoId: video.external_id,
    domain: videoDomain,
    pageName: canonicalPath,
    pageUrl: canonicalUrl,
    properties: [
      { name: 'title', value: title },
      { name: 'section', value: sectionTag?.slice(domain.length + 1) ?? 'video' },
      { name: 'videoType', value: typeLabel },
      { name: 'source', value: video.source ?? '' },
      { name: 'show', value: showTitle },
    ],
  });
  const expires = validDate(video.expiration_date);
  const uploadDate = validDate(video.last_published_date) ?? airStart;

  const view: VideoPageView = {
    videoId: video.external_id,
    title,
    description,
    typeLabel,
    gated: isGatedVideo(video),
    needsAuthentication: authenticationNeeded,
    showBar: authenticationNeeded,
    ...(showTitle === '' ? {} : { showTitle }),
    ...(duration === undefined ? {} : { duration }),
    ...(airStart === undefined ? {} : { airDate: { iso: new Date(airStart).toISOString(), label: absoluteDateLabel(new Date(airStart), ctx.site.lang) } }),
    ...(poster === undefined ? {} : { poster }),
    streams,
    domain: videoDomain,
    embedUrl,
    recommended,
    scheduleChannel: videoDomain === 'business' ? 'business' : 'news',
    jsonLd: videoObjectJsonLd({
      name: title,
      description,
      ...(posterUrl === undefined ? {} : { thumbnailUrl: posterUrl }),
      ...(uploadDate === undefined ? {} : { uploadDate }),
      ...(seconds === undefined ? {} : { duration: isoDuration(seconds) }),
      embedUrl,
      ...(streams[0] === undefined ? {} : { contentUrl: streams[0].url }),
      isLive: typeLabel === VIDEO_TYPE_LABELS.live,
      ...(airStart === undefined ? {} : { startDate: airStart }),
      ...(expires === undefined ? {} : { expires }),
      url: canonicalUrl,
    }),
  };
  const head = buildHead({
    site,
    title,
    description: description === '' ? title : description,
    canonicalUrl,
    ...(posterUrl === undefined ? {} : { imageUrl: posterUrl }),
    // Breadcrumbs (ADR 0020): Home > Video > this video.
    structuredData: [breadcrumbListJsonLd([homeCrumb(site), { name: VIDEO_CRUMB_NAME, url: VIDEO_HOME_PATH }, { name: title, url: canonicalUrl }], ctx.publicOrigin)],
  });
  const html = renderDocument(createElement(VideoPage, { model: { head, shell, view } }));
  return {
    kind: 'video',
    objects: [htmlObject(site.id, ctx.path, html)],
  };
}
