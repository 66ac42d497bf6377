/**
 * The video area's carousels (spec 2 §2 "Horizontal video lists", §4 carousel drop rule, §8
 * "Carousel failures: logged, carousel dropped", §9 "A video carousel shows at most 10 items").
 *
 * A layout lists carousels as `video-carousel` components (docs/upstream-contract.md §4.3, "Video
 * carousel component"); each model names where its items come from:
 *
 *   tags      the video service by tag (one recommended call per tag, no fallback)
 *   section   the section's recommended videos: size 20, the section's tag, the latest-news
 *             fallback and their logs (core/upstream/video-client.ts getRecommendedVideos)
 *   managed   editor-picked items by id: videos by external id (the video lookup, getVideo),
 *             articles by path
 *   live      the live playlist feed's live items (a feed error is logged and leaves it empty)
 *   moxie     a Moxie playlist (unreadable JSON: 'Unable to read JSON from Moxie endpoint', empty)
 *
 * Spec 2 §4: "Carousels are dropped with a logged error when there are no tags, no content for
 * tags, no videos in the section, or a managed video or article is missing." Each drop logs one
 * line `Carousel "<title>" dropped: <reason>` with the carousel and reason as fields (an error for
 * a broken layout or a missing pick, a warning for a list with nothing in it yet); the rest of
 * the page renders. A live list is never dropped: an empty one says there is nothing live.
 * Only videos whose air start has passed are shown (spec 2 §2), at most 10 per carousel.
 */
import { videoPathOf } from '../paths.js';
import { uiText, type UiText } from '../../../core/isomorphic/ui-text.js';
import { z } from 'zod';
import { isUpstreamFailure } from '../../../core/upstream/client.js';
import { describeIssues, type LayoutComponent } from '../../../core/upstream/schemas.js';
import { hasAired, latestNewsVideoTag, type RecommendedVideo, type Video } from '../../../core/upstream/video-client.js';
import type { LiveItem, MoxieVideo } from '../../../core/upstream/video-feeds.js';
import { parseVideoCarouselProps, VIDEO_LIST_ITEM_STYLES, type VideoCarouselItem, type VideoListItemStyle } from '../../../interactive-bundle/islands/video-carousel.island.js';
import { toPlainText } from '../../blocks/sanitize.js';
import { safeHref } from '../../shared/links.js';
import { formatVideoDuration, VIDEO_CAROUSEL_MAX } from '../../shared/videos.js';
import type { PageBuildContext } from '../../page-kind.js';
import type { JsonValue } from '../../../interactive-bundle/island-props.js';
import { cardImage } from './card-images.js';

export const VIDEO_CAROUSEL_COMPONENT = 'video-carousel';

/** Spec 2 §4 drop reasons, as logged. */
export const CAROUSEL_DROP_REASONS = {
  noTags: 'no tags',
  noContentForTags: 'no content for tags',
  noVideosInSection: 'no videos in the section',
  managedVideoMissing: 'managed video missing',
  managedArticleMissing: 'managed article missing',
  noContent: 'no content',
} as const;
export type CarouselDropReason = (typeof CAROUSEL_DROP_REASONS)[keyof typeof CAROUSEL_DROP_REASONS];

export const LIVE_EMPTY_TEXT = 'Nothing is live right now.';

const managedItemSchema = z.union([z.strictObject({ video: z.string().min(1) }), z.strictObject({ article: z.string().startsWith('/') })]);

/** The `video-carousel` component model (docs/upstream-contract.md "Video carousel component"). */
export const videoCarouselModelSchema = z.looseObject({
  title: z.string().min(1),
  /** The list's url: a 'see all' link when present. */
  url: z.string().optional(),
  style: z.enum(VIDEO_LIST_ITEM_STYLES).default('video'),
  source: z.enum(['tags', 'section', 'managed', 'live', 'moxie']),
  tags: z.array(z.string().min(1)).default([]),
  section: z.string().min(1).optional(),
  items: z.array(managedItemSchema).default([]),
  feed: z.string().min(1).optional(),
  playlist: z.string().min(1).optional(),
});
export type VideoCarouselModel = z.infer<typeof videoCarouselModelSchema>;

export interface CarouselView {
  title: string;
  seeAllUrl?: string;
  style: VideoListItemStyle;
  items: VideoCarouselItem[];
  /** Shown instead of the list when it is empty (live lists only). */
  emptyText?: string;
}

class CarouselDropped extends Error {
  constructor(readonly reason: CarouselDropReason, readonly detail?: Record<string, unknown>) {
    super(reason);
  }
}

/**
 * Recommended-style videos as cards: aired only, safe links, plain titles, at most 10; a full
 * episode labelled in the edition's words (`text`, core/isomorphic/ui-text.ts).
 */
export function videoCards(videos: readonly RecommendedVideo[], now: Date, text: UiText, style: VideoListItemStyle = 'video'): VideoCarouselItem[] {
  const items: VideoCarouselItem[] = [];
  const seen = new Set<string>();
  for (const video of videos) {
    if (items.length >= VIDEO_CAROUSEL_MAX) break;
    const { attributes } = video;
    const url = safeHref(attributes.url);
    const name = toPlainText(attributes.title).trim();
    if (url === undefined || name === '' || seen.has(url) || !hasAired(attributes, now)) continue;
    seen.add(url);
    const image = cardImage(attributes.thumbnail?.url, style);
    const duration = formatVideoDuration(attributes.duration);
    items.push({ name, url, ...(attributes.fullEpisode ? { label: text.videoTypeFullEpisode } : {}), ...(duration ? { duration } : {}), ...(image ? { image } : {}) });
  }
  return items;
}

/** Live items as cards (spec 2 §3 Live item): the category as label, aired only (dc-date). */
export function liveCards(items: readonly LiveItem[], now: Date, text: UiText): VideoCarouselItem[] {
  const cards: VideoCarouselItem[] = [];
  for (const item of items) {
    if (cards.length >= VIDEO_CAROUSEL_MAX) break;
    const url = safeHref(item.link);
    const name = toPlainText(item.title ?? item.category).trim();
    if (url === undefined || name === '' || !hasAired({ start_air_date: item['dc-date'] }, now)) continue;
    const image = cardImage(item.image, 'live');
    cards.push({ name, url, label: `${text.videoTypeLive} · ${toPlainText(item.category)}`, ...(image ? { image } : {}) });
  }
  return cards;
}

function moxieCards(videos: readonly MoxieVideo[], now: Date, text: UiText, style: VideoListItemStyle): VideoCarouselItem[] {
  return videoCards(
    videos.map((video) => ({
      id: video.id,
      type: 'video' as const,
      attributes: {
        title: video.title,
        url: video.url,
        ...(video.thumbnail === undefined ? {} : { thumbnail: { url: video.thumbnail } }),
        ...(video.duration === undefined ? {} : { duration: video.duration }),
        ...(video.start_air_date === undefined ? {} : { start_air_date: video.start_air_date }),
      },
    })),
    now,
    text,
    style,
  );
}

/** A looked-up Video (§5.6) in the recommended item shape the cards read. */
function asListItem(video: Video): RecommendedVideo {
  return {
    id: video.external_id,
    type: 'video',
    attributes: {
      title: video.title,
      url: videoPathOf(video),
      ...(video.thumbnail ? { thumbnail: video.thumbnail } : {}),
      ...(video.duration === undefined ? {} : { duration: video.duration }),
      ...(video.start_air_date === undefined ? {} : { start_air_date: video.start_air_date }),
      fullEpisode: video.fullEpisode,
    },
  };
}

/** Newest air start first across several tag lists, each video once. */
function mergeByAirStart(lists: readonly RecommendedVideo[][]): RecommendedVideo[] {
  const byId = new Map<string, RecommendedVideo>();
  for (const video of lists.flat()) if (!byId.has(video.id)) byId.set(video.id, video);
  return [...byId.values()].sort((a, b) => (b.attributes.start_air_date ?? '').localeCompare(a.attributes.start_air_date ?? ''));
}

async function loadItems(ctx: PageBuildContext, model: VideoCarouselModel): Promise<VideoCarouselItem[]> {
  const { client, now } = ctx;
  const domain = ctx.site.layoutDomain;
  const text = uiText(ctx.site.id);
  switch (model.source) {
    case 'tags': {
      if (model.tags.length === 0) throw new CarouselDropped(CAROUSEL_DROP_REASONS.noTags);
      const lists = await Promise.all(model.tags.map((tag) => client.getRecommendedVideos({ tag })));
      const items = videoCards(mergeByAirStart(lists), now, text, model.style);
      if (items.length === 0) throw new CarouselDropped(CAROUSEL_DROP_REASONS.noContentForTags, { tags: model.tags });
      return items;
    }
    case 'section': {
      if (model.section === undefined) throw new CarouselDropped(CAROUSEL_DROP_REASONS.noTags);
      const videos = await client.getRecommendedVideos({ tag: `${domain}/${model.section}`, fallbackTag: latestNewsVideoTag(domain) });
      const items = videoCards(videos, now, text, model.style);
      if (items.length === 0) throw new CarouselDropped(CAROUSEL_DROP_REASONS.noVideosInSection, { section: model.section });
      return items;
    }
    case 'managed': {
      // Every managed item must exist: one missing drops the whole carousel (spec 2 §4).
      const items = await Promise.all(
        model.items.map(async (item): Promise<VideoCarouselItem> => {
          if ('video' in item) {
            const video = await client.getVideo(item.video);
            const [card] = video === null ? [] : videoCards([asListItem(video)], now, text, model.style);
            if (card === undefined) throw new CarouselDropped(CAROUSEL_DROP_REASONS.managedVideoMissing, { video: item.video });
            return card;
          }
          const article = await client.getArticleByPath(item.article);
          const url = article === null ? undefined : safeHref(new URL(article.canonical_url, 'https://placeholder.invalid').pathname);
          if (article === null || url === undefined) throw new CarouselDropped(CAROUSEL_DROP_REASONS.managedArticleMissing, { article: item.article });
          return { name: toPlainText(article.title), url };
        }),
      );
      if (items.length === 0) throw new CarouselDropped(CAROUSEL_DROP_REASONS.noContent);
      return items.slice(0, VIDEO_CAROUSEL_MAX);
    }
    case 'live':
      return liveCards(await client.getLivePlaylist(model.feed ?? 'news'), now, text);
    case 'moxie': {
      const items = model.playlist === undefined ? [] : moxieCards(await client.getMoxiePlaylist(model.playlist), now, text, model.style);
      if (items.length === 0) throw new CarouselDropped(CAROUSEL_DROP_REASONS.noContent, { playlist: model.playlist });
      return items;
    }
  }
}

/**
 * Drops that are routine, not faults: a tag or section with nothing (aired) in it yet, an empty
 * playlist. Logged as warnings; an error line is one an operator or editor should act on (a
 * carousel with no tags, an editor's pick that no longer exists).
 */
const ROUTINE_DROPS: ReadonlySet<string> = new Set([CAROUSEL_DROP_REASONS.noContentForTags, CAROUSEL_DROP_REASONS.noVideosInSection, CAROUSEL_DROP_REASONS.noContent]);

/** Logs a drop: the carousel's title and the reason, in the message and as fields. */
export function logCarouselDrop(ctx: Pick<PageBuildContext, 'log'>, title: string, reason: string, detail: Record<string, unknown> = {}): void {
  const level = ROUTINE_DROPS.has(reason) ? 'warn' : 'error';
  ctx.log[level]({ carousel: { title, ...detail }, reason }, `Carousel "${title}" dropped: ${reason}`);
}

/** The side-data key of a managed carousel's items (core/upstream/side-data.ts): its items' ids. */
function managedCarouselKey(model: VideoCarouselModel): string {
  return `managed-carousel:${model.items.map((item) => ('video' in item ? `v:${item.video}` : `a:${item.article}`)).join(',')}`;
}

/** A last good copy of carousel items, checked as the island checks its props; undefined when unusable. */
function parseCarouselItems(value: unknown): VideoCarouselItem[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const { videos } = parseVideoCarouselProps({ videos: value as JsonValue[] });
  return videos.length === value.length ? videos : undefined;
}

/** One carousel from its model, or null when it is dropped (logged). */
export async function loadCarousel(ctx: PageBuildContext, model: VideoCarouselModel): Promise<CarouselView | null> {
  const title = toPlainText(model.title);
  let items: VideoCarouselItem[];
  try {
    items = await loadItems(ctx, model);
  } catch (error) {
    if (error instanceof CarouselDropped) {
      logCarouselDrop(ctx, title, error.reason, error.detail);
      return null;
    }
    if (!isUpstreamFailure(error)) throw error;
    // The other sources read through the client's side-data reads, which already answer with the
    // last good copy; a managed list reads videos and articles, so its last good items stand in.
    const lastGood = model.source === 'managed' ? await ctx.sideData.recall(managedCarouselKey(model), parseCarouselItems) : undefined;
    if (lastGood === undefined) {
      logCarouselDrop(ctx, title, 'upstream failure', { error });
      return null;
    }
    ctx.log.warn({ carousel: { title }, error }, `Carousel "${title}": upstream failure; its last good items are shown`);
    items = lastGood;
  }
  if (model.source === 'managed') ctx.sideData.remember(managedCarouselKey(model), items);
  const seeAllUrl = safeHref(model.url);
  return {
    title,
    style: model.style,
    items,
    ...(seeAllUrl === undefined ? {} : { seeAllUrl }),
    ...(model.source === 'live' && items.length === 0 ? { emptyText: LIVE_EMPTY_TEXT } : {}),
  };
}

/**
 * The carousels of a layout region, in order; other component types are left to their page (a
 * `video-topics` list) or skipped with a warning. An invalid model is logged and skipped.
 */
export async function loadCarousels(ctx: PageBuildContext, components: readonly LayoutComponent[]): Promise<CarouselView[]> {
  const loaded = await Promise.all(
    components.map(async (component, index) => {
      if (component.type !== VIDEO_CAROUSEL_COMPONENT) return null;
      const parsed = videoCarouselModelSchema.safeParse(component.model);
      if (!parsed.success) {
        const title = typeof component.model.title === 'string' ? component.model.title : `#${index}`;
        logCarouselDrop(ctx, title, `invalid model: ${describeIssues(parsed.error)}`);
        return null;
      }
      return await loadCarousel(ctx, parsed.data);
    }),
  );
  return loaded.filter((view): view is CarouselView => view !== null);
}
