/**
 * The video area's list pages (spec 2 §2, §4, §7, §8, §9), rendered into storage:
 *
 *   /video                 video home: the carousels of the layout ('video', '/video')
 *   /video/shows           video shows list: every published show, shows-page posters, each
 *                          linking to /video/shows/{id}
 *   /video/shows/{id}      a show's video page: the show's header, its videos (the video service
 *                          by the show's tags: its fnTags paths, else `{domain}/shows/{show_slug}`)
 *                          and the other shows (show posters)
 *   /video/topics          the topics the layout ('video', '/video/topics') lists
 *   /video/topics/{topic}  that topic's videos (tag `{domain}/{topic}`): a rail of 10, then a
 *                          paged list of the next 3 with Show More (VideoLoadMore, spec 1 §9
 *                          "Video load-more step 3"); or the carousels of the layout ('video',
 *                          '/video/topics/{topic}') when there is one
 *
 * Carousels, their drop rules and the live and Moxie lists: render-workers/video/lists/carousels.ts.
 * Every page records `refresh:video`, so the video schedule (every 2 minutes, ingest/schedules.ts)
 * re-renders it and live-now stays current. A missing or unpublished show or an unknown topic is
 * not found: nothing is written. A failed show or layout fetch is logged and fails the render with
 * the client's retryable error (a failed read is not "not found": docs/architecture.md "Failure handling"), so the job retries
 * and the stored page stays meanwhile.
 */
import { breadcrumbListJsonLd, homeCrumb, VIDEO_CRUMB_NAME } from '../shared/structured-data/breadcrumbs.js';
import { createElement } from 'react';
import { isUpstreamFailure } from '../../core/upstream/client.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import type { Layout, LayoutComponent } from '../../core/upstream/schemas.js';
import type { Show, ShowClient } from '../../core/upstream/show-client.js';
import { toPlainText } from '../blocks/sanitize.js';
import { VIDEO_LOAD_MORE_STEP, videoCards } from '../../core/isomorphic/live/videos.js';
import { RECOMMENDED_VIDEOS_SIZE } from '../../core/upstream/video-client.js';
import type { VideoLoadMoreProps } from '../../interactive-bundle/islands/video-load-more.island.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import { VIDEO_CAROUSEL_MAX } from '../shared/videos.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { VideoAreaPage, type VideoAreaView } from './lists/video-area-page.js';
import { renderDocument } from '../shared/render-html.js';
import { loadShow } from '../shows/build-show-page.js';
import { loadPublishedShows } from '../shows/build-shows-list.js';
import { showPathOf } from '../shows/show-rules.js';
import { cardImage } from './lists/card-images.js';
import { loadCarousel, loadCarousels, type CarouselView, type VideoCarouselModel } from './lists/carousels.js';
import { topicsOf, topicTag, VIDEO_LAYOUT_SUBTYPE, type VideoTopic } from './lists/topics.js';
import { VIDEO_HOME_PATH, VIDEO_SHOWS_PATH, VIDEO_TOPICS_PATH } from './paths.js';
import { htmlObject } from '../page-objects.js';
import { fillText, uiText } from '../../core/isomorphic/ui-text.js';
import type { SiteId } from '../../core/isomorphic/sites.js';

/** The video home without a layout: the live-now list and the latest news videos, in the edition's language. */
export function defaultHomeCarousels(site: SiteId): readonly LayoutComponent[] {
  const text = uiText(site);
  return [
    { type: 'video-carousel', model: { title: text.liveNow, source: 'live', feed: 'news', style: 'live' } },
    { type: 'video-carousel', model: { title: text.latestNews, source: 'tags', tags: ['fox-news/latest-news'], url: '/video/topics/latest-news' } },
  ];
}

/**
 * The title of a topic page's default rail: "Latest U.S. Videos"; a topic whose label already
 * says "Latest" ("Latest News") is not doubled: "Latest News Videos". In the edition's language.
 */
export function topicRailTitle(label: string, site: SiteId = 'news'): string {
  const text = uiText(site);
  const topic = label.trim();
  return fillText(site === 'news' && /^latest\b/i.test(topic) ? text.topicVideos : text.topicRail, { topic });
}

/** A show's video page path (spec 2 §2 /video/shows/{id}). */
export function showVideoPagePath(show: Pick<Show, 'id'>): string {
  return `${VIDEO_SHOWS_PATH}/${show.id}`;
}

/** The tags a show's videos carry: its fnTags paths, else `{domain}/shows/{show_slug}`. */
export function showVideoTags(show: Pick<Show, 'fnTags' | 'show_slug'>, domain: string): string[] {
  const tags = show.fnTags.map((tag) => tag.path).filter((path) => path !== '');
  return tags.length > 0 ? tags : [`${domain}/shows/${show.show_slug}`];
}

/** The video layout, or null when there is none. A failed fetch is logged and thrown. */
async function loadVideoLayout(ctx: PageBuildContext, elementId: string): Promise<Layout | null> {
  try {
    return await ctx.client.getLayout(VIDEO_LAYOUT_SUBTYPE, elementId);
  } catch (error) {
    if (isUpstreamFailure(error)) ctx.log.error({ layout: { subtype: VIDEO_LAYOUT_SUBTYPE, elementId }, error }, 'video layout fetch failed');
    throw error;
  }
}

async function page<Kind extends string>(ctx: PageBuildContext, kind: Kind, head: { title: string; description: string; imageUrl?: string }, view: VideoAreaView): Promise<BuiltPage<Kind>> {
  const { site } = ctx;
  const shell = await loadShell(ctx.client, ctx.shellContext);
  const model = {
    head: buildHead({
      site,
      title: head.title,
      description: head.description,
      canonicalUrl: canonicalFor(ctx.publicOrigin, ctx.path),
      ...(head.imageUrl ? { imageUrl: head.imageUrl } : {}),
      // Breadcrumbs (ADR 0020): Home > Video > this page (on /video itself the last crumb repeats and is dropped).
      structuredData: [breadcrumbListJsonLd([homeCrumb(site), { name: VIDEO_CRUMB_NAME, url: VIDEO_HOME_PATH }, { name: head.title, url: ctx.path }], ctx.publicOrigin)],
    }),
    shell,
    view,
  };
  const html = renderDocument(createElement(VideoAreaPage, { model, path: ctx.path }));
  return { kind, objects: [htmlObject(site.id, ctx.path, html)] };
}

function regionComponents(layout: Layout): LayoutComponent[] {
  return [...layout.preContent, ...layout.main, ...layout.postContent];
}

export async function buildVideoHome(ctx: PageBuildContext): Promise<BuiltPage<'video-home'> | null> {
  ctx.record(dataKeys.refresh('video'));
  const layout = await loadVideoLayout(ctx, '/video');
  const carousels = await loadCarousels(ctx, layout === null ? defaultHomeCarousels(ctx.site.id) : regionComponents(layout));
  const text = uiText(ctx.site.id);
  return await page(
    ctx,
    'video-home',
    { title: text.videoHome, description: fillText(text.videoHomeDescription, { site: ctx.site.name }) },
    { kind: 'home', heading: text.videoHome, carousels, emptyText: text.videoHomeEmpty },
  );
}

export async function buildVideoShowsList(ctx: PageBuildContext, shows: ShowClient): Promise<BuiltPage<'video-shows'> | null> {
  ctx.record(dataKeys.refresh('video'));
  const published = await loadPublishedShows(ctx, shows);
  if (published === null) {
    ctx.log.info('no shows; nothing to list');
    return null;
  }
  const items = published.map((show) => {
    const image = cardImage(show.thumbnail ?? show.image, 'shows-page');
    return { name: toPlainText(show.title), url: showVideoPagePath(show), ...(image ? { image } : {}) };
  });
  return await page(
    ctx,
    'video-shows',
    { title: uiText(ctx.site.id).videoShows, description: fillText(uiText(ctx.site.id).videoShowsDescription, { site: ctx.site.name }) },
    { kind: 'shows', heading: uiText(ctx.site.id).videoShows, grid: { label: uiText(ctx.site.id).allShows, style: 'shows-page', items }, carousels: [] },
  );
}

/** The other published shows as a show-poster list; a failure is logged and leaves it out. */
async function otherShows(ctx: PageBuildContext, shows: ShowClient, current: Show): Promise<CarouselView | null> {
  const published = await loadPublishedShows(ctx, shows);
  const others = (published ?? []).filter((show) => show.id !== current.id).slice(0, VIDEO_CAROUSEL_MAX);
  if (others.length === 0) return null;
  return {
    title: uiText(ctx.site.id).moreShows,
    seeAllUrl: VIDEO_SHOWS_PATH,
    style: 'show',
    items: others.map((show) => {
      const image = cardImage(show.thumbnail ?? show.image, 'show');
      return { name: toPlainText(show.title), url: showVideoPagePath(show), ...(image ? { image } : {}) };
    }),
  };
}

/** The show's video page, or null when there is no (published) show with this id. */
export async function buildShowVideoPage(ctx: PageBuildContext, shows: ShowClient, id: string): Promise<BuiltPage<'video-show'> | null> {
  const show = await loadShow(ctx, shows, id);
  if (show === null) return null;
  ctx.record(dataKeys.refresh('video'));
  const title = toPlainText(show.title);
  const text = uiText(ctx.site.id);
  const videosModel: VideoCarouselModel = {
    title: fillText(text.latestFromShow, { show: title }),
    source: 'tags',
    style: 'video',
    tags: showVideoTags(show, ctx.site.layoutDomain),
    items: [],
  };
  const [videos, more] = await Promise.all([loadCarousel(ctx, videosModel), otherShows(ctx, shows, show)]);
  const carousels = [videos, more].filter((carousel): carousel is CarouselView => carousel !== null);
  const poster = cardImage(show.thumbnail ?? show.image, 'show');
  const description = toPlainText(show.description ?? '');
  const airtime = [show.airtimeDays, show.airtime].filter((part) => part !== undefined && part !== '').join(' ');
  const view: VideoAreaView = {
    kind: 'show',
    heading: fillText(text.showVideos, { show: title }),
    show: {
      title,
      showPageUrl: showPathOf(show),
      ...(description === '' ? {} : { description }),
      ...(airtime === '' ? {} : { airtime: toPlainText(airtime) }),
      ...(poster ? { poster: { ...poster, alt: title } } : {}),
    },
    carousels,
    ...(videos === null ? { intro: text.noShowVideos } : {}),
  };
  const head = { title: fillText(text.showVideos, { show: title }), description: description === '' ? fillText(text.showVideosDescription, { show: title }) : description };
  return await page(ctx, 'video-show', { ...head, ...(poster ? { imageUrl: poster.src } : {}) }, view);
}

/** The heading of a topic's paged list: "More U.S. Videos", in the edition's language. */
export function topicMoreTitle(label: string, site: SiteId = 'news'): string {
  return fillText(uiText(site).topicMore, { topic: label.trim() });
}

/**
 * The topic's paged list (spec 1 §9 "Video load-more step 3"): the tag's videos after the rail's
 * 10, starting with one step of 3; the VideoLoadMore island asks the edge's /api/videos for the
 * next 3 from there. Undefined when the tag has no video past the rail. The cards are made as the
 * edge makes them (core/isomorphic/live/videos.ts), so positions agree.
 */
async function topicMoreList(ctx: PageBuildContext, tag: string, label: string): Promise<VideoLoadMoreProps | undefined> {
  const videos = await ctx.client.getRecommendedVideos({ tag });
  const cards = videoCards(
    videos.map((video) => video.attributes),
    ctx.now,
    toPlainText,
    uiText(ctx.site.id).videoTypeFullEpisode,
  );
  const items = cards.slice(VIDEO_CAROUSEL_MAX, VIDEO_CAROUSEL_MAX + VIDEO_LOAD_MORE_STEP);
  if (items.length === 0) return undefined;
  const from = VIDEO_CAROUSEL_MAX + items.length;
  // A full upstream page may hide more cards than the worker read: the edge reads further.
  const hasMore = cards.length > from || videos.length >= RECOMMENDED_VIDEOS_SIZE;
  return { title: topicMoreTitle(label, ctx.site.id), tag, items, from, hasMore };
}

/** /video/topics (topic = null) or /video/topics/{topic...}. */
export async function buildTopicPage(ctx: PageBuildContext, topic: string | null): Promise<BuiltPage<'video-topics' | 'video-topic'> | null> {
  const layout = await loadVideoLayout(ctx, VIDEO_TOPICS_PATH);
  const topics = topicsOf(ctx, layout);
  if (topic === null) {
    if (topics.length === 0) {
      ctx.log.info('no video topics; nothing to list');
      return null;
    }
    ctx.record(dataKeys.refresh('video'));
    const carousels = layout === null ? [] : await loadCarousels(ctx, regionComponents(layout));
    return await page(
      ctx,
      'video-topics',
      { title: uiText(ctx.site.id).videoTopics, description: fillText(uiText(ctx.site.id).videoTopicsDescription, { site: ctx.site.name }) },
      { kind: 'topics', heading: uiText(ctx.site.id).videoTopics, topics: topics.map(({ label, url }) => ({ label, url })), carousels },
    );
  }
  const known: VideoTopic | undefined = topics.find((candidate) => candidate.topic === topic);
  if (known === undefined) {
    ctx.log.info({ topic }, 'unknown video topic');
    return null;
  }
  ctx.record(dataKeys.refresh('video'));
  const own = await loadVideoLayout(ctx, known.url);
  let carousels: CarouselView[];
  let more: VideoLoadMoreProps | undefined;
  if (own === null) {
    const tag = topicTag(ctx.site.layoutDomain, known.topic);
    const model: VideoCarouselModel = { title: topicRailTitle(known.label, ctx.site.id), source: 'tags', style: 'video', tags: [tag], items: [] };
    const [carousel, paged] = await Promise.all([loadCarousel(ctx, model), topicMoreList(ctx, tag, known.label)]);
    carousels = carousel === null ? [] : [carousel];
    more = carousel === null ? undefined : paged;
  } else {
    carousels = await loadCarousels(ctx, regionComponents(own));
  }
  return await page(
    ctx,
    'video-topic',
    { title: fillText(uiText(ctx.site.id).topicVideos, { topic: known.label }), description: fillText(uiText(ctx.site.id).topicVideosDescription, { topic: known.label, site: ctx.site.name }) },
    { kind: 'topic', heading: fillText(uiText(ctx.site.id).topicVideos, { topic: known.label }), carousels, ...(more === undefined ? {} : { more }), emptyText: uiText(ctx.site.id).noTopicVideos },
  );
}
