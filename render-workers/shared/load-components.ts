/**
 * Layout regions -> front component view models (spec 1 §2.4, §3, §4, §9; spec 2 §2). Each
 * component's model is validated by its own schema (core/upstream/component-schemas.ts); an
 * unknown type or an invalid model is logged and skipped, never a reason to fail the page.
 */
import { boundedMemo } from '../../core/isomorphic/bounded-memo.js';
import { insertAutoAds } from './auto-ads.js';
import { z } from 'zod';
import { IMAGE_SIZES, LIST_THUMBNAIL_SIZES, resizedImageUrl, responsiveSources, type ImageSize } from '../../core/isomorphic/images.js';
import { easternDay } from '../../core/isomorphic/relative-time.js';
import { isDraftDate } from '../../core/isomorphic/dates.js';
import type { Logger } from '../../core/logger.js';
import type { UpstreamClient } from '../../core/upstream/client.js';
import {
  businessNewsModelSchema,
  businessSitesModelSchema,
  contactFormModelSchema,
  frontAdModelSchema,
  frontArticleItemSchema,
  merchandiseModelSchema,
  promoSlideshowModelSchema,
  recirculationModelSchema,
  spotlightModelSchema,
  stocksModelSchema,
  summaryItemSchema,
  summaryModelSchema,
  timelineModelSchema,
  tvScheduleModelSchema,
  type FrontAdModel,
} from '../../core/upstream/component-schemas.js';
import { articleListModelSchema, describeIssues, newsletterPromoModelSchema, type ArticleListModel, type ArticleSummary, type Layout, type LayoutComponent } from '../../core/upstream/schemas.js';
import { placementFires } from './ads.js';
import { DEFAULT_PERSON_IMAGE, showHeadshot } from '../article/rules.js';
import { SITES } from '../../core/isomorphic/sites.js';
import { sanitizeInline, toPlainText } from '../blocks/sanitize.js';
import { safeHref, safeImageSrc } from './links.js';
import { deriveShared } from './derived.js';
import type { FrontArticleItem, FrontComponent, FrontImage, FrontRegions, SpotlightItemView, SummaryItemView, TimeModel } from './front-view-model.js';

/** Load-more page size: 10, fetched as 10 plus one to learn whether more exist (spec 1 §4, §9). */
export const LOAD_MORE_PAGE_SIZE = 10;
/** "A rank list uses at most 20 items" (spec 1 §9, spec 2 §9). */
export const RANK_LIST_MAX = 20;

type RegionName = 'preContent' | 'main' | 'rightRail' | 'postContent';

/**
 * No story twice on one front: an article list leaves out stories an earlier
 * component already shows, and asks upstream for that many more (at most this many) so it stays full.
 */
export const DEDUPE_HEADROOM_MAX = 40;

/** Reading order of the regions for de-duplication: the main column, then the right rail, then the rest. */
export const READING_ORDER = ['main', 'rightRail', 'preContent', 'postContent'] as const satisfies readonly RegionName[];

interface LoadState {
  client: UpstreamClient;
  log: Logger;
  /** The first `list` article list of the main region carries the load-more data. */
  loadMoreTaken: boolean;
  /** URLs of the stories shown so far, in reading order. */
  shown: Set<string>;
  /** The article lists' reads, started together (startListReads). */
  listReads: Map<LayoutComponent, ListRead>;
}

/** An article list's upstream read, started before the components above it have loaded. */
interface ListRead {
  /** The `size` it asked for: the most the list can need. */
  size: number;
  answer: Promise<ArticleSummary[]>;
}

/** An article list's upstream read: `size` of its stories from its offset. */
function searchList(client: UpstreamClient, m: ArticleListModel, size: number): Promise<ArticleSummary[]> {
  return client.searchArticles({ ...(m.category === undefined ? {} : { category: m.category }), size, from: m.from });
}

/** How many stories an article list shows, and whether it is the load-more list (spec 1 §9). */
function listShape(m: ArticleListModel, region: RegionName, loadMoreTaken: boolean): { visible: number; loadMore: boolean } {
  const loadMore = m.style === 'list' && region === 'main' && !loadMoreTaken;
  const visible = m.style === 'rank' ? Math.min(m.size, RANK_LIST_MAX) : loadMore ? LOAD_MORE_PAGE_SIZE : m.size;
  return { visible, loadMore };
}

/**
 * Starts the upstream read of every article list of the layout at once (ADR 0040), instead of one
 * after another as the components load. A list's size depends on how many stories the components
 * above it show (its de-duplication headroom), which is known only once they have loaded; so each
 * read asks for the most the list can need: the headroom if every component above shows all it
 * may. loadComponent then takes the answer's first items up to the size it works out, which is
 * what a read of that size answers. When the lists above come back full, as they do unless
 * upstream is short of stories, that is the size asked before.
 */
function startListReads(client: UpstreamClient, layout: Layout | null): Map<LayoutComponent, ListRead> {
  const reads = new Map<LayoutComponent, ListRead>();
  let loadMoreTaken = false;
  let mostShown = 0;
  for (const region of READING_ORDER) {
    for (const component of layout?.[region] ?? []) {
      if (component.type === 'spotlight') {
        const m = spotlightModelSchema.safeParse(component.model);
        if (m.success) mostShown += m.data.items.length;
        continue;
      }
      if (component.type !== 'article-list') continue;
      const m = articleListModelSchema.safeParse(component.model);
      if (!m.success) continue;
      const { visible, loadMore } = listShape(m.data, region, loadMoreTaken);
      if (loadMore) loadMoreTaken = true;
      const size = loadMore ? LOAD_MORE_PAGE_SIZE + 1 : visible + Math.min(mostShown, DEDUPE_HEADROOM_MAX);
      const answer = searchList(client, m.data, size);
      // Awaited in loadComponent; a render that fails before it gets there must not leave it unhandled.
      answer.catch(() => {});
      reads.set(component, { size, answer });
      mostShown += visible;
    }
  }
  return reads;
}

type Loaded = FrontComponent | { type: 'placed-ad'; model: FrontAdModel; id: string } | null;

/**
 * Every region of a layout as components; a missing layout gives empty regions (spec 2 §2).
 * `autoAds` (section fronts and home): spec 1 §9's automatic ads in the main column (auto-ads.ts).
 */
export async function loadFrontRegions(client: UpstreamClient, layout: Layout | null, log: Logger, options: { autoAds?: boolean } = {}): Promise<FrontRegions> {
  const state: LoadState = { client, log, loadMoreTaken: false, shown: new Set(), listReads: startListReads(client, layout) };
  // Components load one after another in reading order: "the first list" is the main region's
  // first, and each list knows which stories the ones above it already show (their upstream
  // reads are already under way: startListReads).
  const regions: FrontRegions = { preContent: [], main: [], rightRail: [], postContent: [] };
  for (const region of READING_ORDER) {
    const loaded: Loaded[] = [];
    for (const [index, component] of (layout?.[region] ?? []).entries()) loaded.push(await loadComponent(component, { region, index }, state));
    regions[region] = placeAds(loaded, region);
  }
  // Fronts' main column also gets spec 1 §9's automatic ads between its components.
  if (options.autoAds === true) regions.main = insertAutoAds(regions.main);
  return regions;
}

/**
 * A layout's left rail (spec 2 §2: show, person and game pages have one; each region defaults to
 * empty). loadFrontRegions knows four regions; the left rail loads through it as a lone right rail,
 * so its lists take no load-more and its ads keep their placement rules.
 */
export async function loadLeftRail(client: UpstreamClient, layout: Layout | null, log: Logger): Promise<FrontComponent[]> {
  if (layout === null || layout.leftRail.length === 0) return [];
  return (await loadFrontRegions(client, { ...layout, preContent: [], main: [], postContent: [], rightRail: layout.leftRail }, log)).rightRail;
}

/**
 * Ads with a placement rule repeat after the region's components: after component position p
 * (1-based) when placementFires(p, rule, placed) — "position mod repeat equals startPosition,
 * index capped at max" (spec 1 §9). Ads without one stay where they are listed.
 */
function placeAds(loaded: readonly Loaded[], region: RegionName): FrontComponent[] {
  const rules = loaded.flatMap((item) => (item?.type === 'placed-ad' ? [item] : []));
  const placed = new Map<string, number>();
  const out: FrontComponent[] = [];
  let position = 0;
  for (const item of loaded) {
    if (item === null || item.type === 'placed-ad') continue;
    out.push(item);
    position += 1;
    for (const rule of rules) {
      const { placement } = rule.model;
      if (placement === undefined) continue;
      const count = placed.get(rule.id) ?? 0;
      if (!placementFires(position, placement, count)) continue;
      placed.set(rule.id, count + 1);
      out.push({ type: 'ad', slot: { id: `${rule.id}-${position}`, sizes: rule.model.sizes, devices: ['desktop', 'tablet', 'mobile'], placement: `front-${region}` } });
    }
  }
  return out;
}

function invalid(log: Logger, where: { region: string; index: number }, type: string, error: z.ZodError): null {
  log.warn({ layoutComponent: { ...where, type } }, `Invalid ${type} model: ${describeIssues(error)}`);
  return null;
}

async function loadComponent(component: LayoutComponent, where: { region: RegionName; index: number }, state: LoadState): Promise<Loaded> {
  const { log } = state;
  const { type, model } = component;
  const parse = <S extends z.ZodType>(schema: S): z.infer<S> | null => {
    const result = schema.safeParse(model);
    return result.success ? result.data : invalid(log, where, type, result.error);
  };

  switch (type) {
    case 'article-list': {
      const m = parse(articleListModelSchema);
      if (m === null) return null;
      const { visible, loadMore } = listShape(m, where.region, state.loadMoreTaken);
      if (loadMore) state.loadMoreTaken = true;
      // The load-more list keeps its fixed fetch (10 plus one, spec 1 §9): its offsets page on from it.
      const headroom = loadMore ? 0 : Math.min(state.shown.size, DEDUPE_HEADROOM_MAX);
      const wanted = loadMore ? LOAD_MORE_PAGE_SIZE + 1 : visible + headroom;
      // The started read always covers `wanted` while startListReads counts every component that
      // adds to `shown`; a read of its own keeps the list right should one be added without it.
      const started = state.listReads.get(component);
      const summaries = started !== undefined && started.size >= wanted ? (await started.answer).slice(0, wanted) : await searchList(state.client, m, wanted);
      const size = m.style === 'spotlight' ? IMAGE_SIZES.spotlightBigtop : undefined;
      const listed = summaries.flatMap((summary) => listedStory(summary, size));
      const items = dedupeStories(listed, state.shown);
      // A list whose every story is already shown above is left out: under its title it would
      // read "No stories yet.", which is false (home's Health list, whose one story Latest News
      // shows), and no story shows twice on a front. A list upstream had nothing for keeps its
      // empty state, as does the load-more list (its button reads on).
      if (items.length === 0 && listed.length > 0 && !loadMore) return null;
      for (const item of items.slice(0, visible)) state.shown.add(item.url);
      const url = safeHref(m.url);
      return {
        type: 'article-list',
        style: m.style,
        ...(m.title ? { title: toPlainText(m.title) } : {}),
        ...(url ? { url } : {}),
        items: items.slice(0, visible),
        ...(loadMore
          ? {
              loadMore: {
                ...(m.category === undefined ? {} : { category: m.category }),
                pageSize: LOAD_MORE_PAGE_SIZE,
                from: m.from + summaries.length,
                hasMore: summaries.length > LOAD_MORE_PAGE_SIZE,
                preloaded: items.slice(visible),
              },
            }
          : {}),
      };
    }
    case 'spotlight': {
      const m = parse(spotlightModelSchema);
      if (m === null) return null;
      const items = m.items.flatMap((item): SpotlightItemView[] => {
        const size = item.dimensionType === 'bigtop' ? IMAGE_SIZES.spotlightBigtop : IMAGE_SIZES.spotlightTwocross;
        const base = articleItem(item, size);
        if (base.length === 0) return [];
        const [first] = base;
        if (first === undefined) return [];
        return [
          {
            ...first,
            ...textField('kickerText', item.kickerText),
            ...textField('eyebrowType', item.eyebrowType),
            ...textField('imageCopyright', item.imageCopyright),
            ...textField('dek', item.dek),
            dimensionType: item.dimensionType,
            isVideo: item.isVideo,
            isShared: item.isShared,
            ...textField('originationStation', item.originationStation),
            relatedArticles: item.relatedArticles.flatMap((related) => {
              const url = safeHref(related.url);
              return url ? [{ title: toPlainText(related.title), url, ...textField('duration', related.duration) }] : [];
            }),
          },
        ];
      });
      for (const item of items) state.shown.add(item.url);
      return { type: 'spotlight', ...textField('title', m.title), items };
    }
    case 'summary': {
      const m = parse(summaryModelSchema);
      if (m === null) return null;
      const items = m.items.flatMap((raw, index): SummaryItemView[] => {
        const parsed = summaryItemSchema.safeParse(raw);
        if (!parsed.success) {
          // Spec 1 §3: an unexpected content type is logged and the item skipped.
          const contentType = z.looseObject({ content_type: z.string() }).safeParse(raw);
          log.warn(
            { layoutComponent: { ...where, type, item: index } },
            contentType.success ? `Unexpected summary item content_type: ${contentType.data.content_type}` : `Invalid summary item: ${describeIssues(parsed.error)}`,
          );
          return [];
        }
        return summaryItem(parsed.data);
      });
      return { type: 'summary', ...textField('title', m.title), items };
    }
    case 'recirculation': {
      const m = parse(recirculationModelSchema);
      if (m === null) return null;
      const items = m.items.flatMap((item) => {
        const url = safeHref(item.url);
        if (!url) return [];
        const image = fixedImage(item.imageUrl, IMAGE_SIZES.listThumbnailDesktop, item.title);
        return [{ title: toPlainText(item.title), url, ...(image ? { image } : {}), ...textField('source', item.source), isExternal: item.isExternal }];
      });
      return { type: 'recirculation', ...textField('title', m.title), items };
    }
    case 'business-sites': {
      const m = parse(businessSitesModelSchema);
      if (m === null) return null;
      const items = m.items.flatMap((item) => {
        const link = safeHref(item.link);
        const src = safeImageSrc(item.image);
        return link && src ? [{ link, image: { src, width: 227, height: 128, alt: toPlainText(item.alt) } }] : [];
      });
      return { type: 'business-sites', ...textField('title', m.title), items };
    }
    case 'business-news': {
      const m = parse(businessNewsModelSchema);
      if (m === null) return null;
      const siteUrl = safeHref(m.site.url);
      if (!siteUrl) return invalid(log, where, type, new z.ZodError([{ code: 'custom', path: ['site', 'url'], message: 'not an http(s) URL', input: m.site.url }]));
      const items = m.items.flatMap((item) => {
        const url = safeHref(item.url);
        const published = timeModel(item.publicationDate);
        // Spec 2 §2: the label links to the category, or to video when the label is video.
        const labelUrl = item.label.trim().toLowerCase() === 'video' ? `${siteUrl.replace(/\/$/, '')}/video` : safeHref(item.categoryUrl);
        if (!url || !labelUrl || !published) return [];
        return [{ title: toPlainText(item.title), url, label: toPlainText(item.label), labelUrl, published, ...textField('description', item.description) }];
      });
      return { type: 'business-news', ...textField('title', m.title), site: { name: toPlainText(m.site.name), url: siteUrl }, items };
    }
    case 'newsletter-promo': {
      const m = parse(newsletterPromoModelSchema);
      if (m === null) return null;
      const logo = m.logo === undefined ? null : safeImageSrc(m.logo);
      return {
        type: 'newsletter-promo',
        anchorId: newsletterAnchorId(m.id),
        id: m.id,
        slid: m.slid,
        ...(logo ? { logo: { src: logo, width: 120, height: 40, alt: toPlainText(m.title) } } : {}),
        title: toPlainText(m.title),
        ...textField('description', m.description),
        ...textField('arrives', m.arrives),
      };
    }
    case 'contact-form': {
      const m = parse(contactFormModelSchema);
      if (m === null) return null;
      const { labels: l, placeholders: p, messages: msg } = m;
      const t = toPlainText;
      return {
        type: 'contact-form',
        form: {
          formId: m.formId,
          location: m.location,
          labels: { fullName: t(l.fullName), email: t(l.email), state: t(l.state), town: t(l.town), message: t(l.message), submit: t(l.submit) },
          placeholders: { fullName: t(p.fullName), email: t(p.email), state: t(p.state), town: t(p.town), message: t(p.message) },
          messages: { success: t(msg.success), error: t(msg.error) },
        },
      };
    }
    case 'merchandise': {
      const m = parse(merchandiseModelSchema);
      if (m === null) return null;
      const items = m.items.flatMap((item) => {
        const url = safeHref(item.url);
        if (!url) return [];
        const image = fixedImage(item.imageUrl, IMAGE_SIZES.listThumbnailDesktop, item.title);
        const authorUrl = item.author ? safeHref(item.author.url) : undefined;
        return [
          {
            title: toPlainText(item.title),
            url,
            ...textField('description', item.description),
            ...(image ? { image } : {}),
            ...(item.author ? { author: { name: toPlainText(item.author.name), ...(authorUrl ? { url: authorUrl } : {}) } } : {}),
            buttons: item.buttons.flatMap((button) => {
              const href = safeHref(button.url);
              return href ? [{ name: toPlainText(button.label), url: href }] : [];
            }),
          },
        ];
      });
      return { type: 'merchandise', ...textField('title', m.title), items };
    }
    case 'timeline': {
      const m = parse(timelineModelSchema);
      if (m === null) return null;
      const items = m.items.flatMap((item) => {
        const url = safeHref(item.url);
        if (!url) return [];
        const at = /^\d{4}-\d{2}-\d{2}T/.test(item.time) ? timeModel(item.time) : null;
        return [{ label: toPlainText(item.label), url, time: toPlainText(item.time), ...(at ? { at } : {}) }];
      });
      return { type: 'timeline', ...textField('title', m.title), items };
    }
    case 'stocks': {
      const m = parse(stocksModelSchema);
      if (m === null) return null;
      const signed = (n: number, suffix = '') => `${n > 0 ? '+' : ''}${n.toFixed(2)}${suffix}`;
      const items = m.items.flatMap((item) => {
        const url = safeHref(item.url);
        if (!url) return [];
        const direction = item.netChange > 0 ? ('up' as const) : item.netChange < 0 ? ('down' as const) : ('flat' as const);
        return [
          {
            ticker: toPlainText(item.ticker),
            url,
            ...textField('description', item.description),
            current: item.current.toFixed(2),
            netChange: signed(item.netChange),
            percentChange: signed(item.percentChange, '%'),
            direction,
          },
        ];
      });
      return { type: 'stocks', ...textField('title', m.title), items };
    }
    case 'promo-slideshow': {
      const m = parse(promoSlideshowModelSchema);
      if (m === null) return null;
      const slides = m.slides.flatMap((slide) => {
        const url = safeHref(slide.url);
        const image = fixedImage(slide.image, IMAGE_SIZES.spotlightBigtop, slide.imageAlt ?? slide.title);
        return url && image
          ? [{ image, showTitle: toPlainText(slide.showTitle), title: toPlainText(slide.title), url, ...textField('buttonLabel', slide.buttonLabel) }]
          : [];
      });
      return slides.length === 0 ? null : { type: 'promo-slideshow', slides };
    }
    case 'tv-schedule': {
      const m = parse(tvScheduleModelSchema);
      if (m === null) return null;
      return { type: 'tv-schedule', title: toPlainText(m.title), channel: m.channel, ...(m.dt === undefined ? {} : { dt: m.dt }) };
    }
    case 'ad': {
      const m = parse(frontAdModelSchema);
      if (m === null) return null;
      const id = m.id ?? `ad-${regionSlug(where.region)}-${where.index + 1}`;
      if (m.placement !== undefined) return { type: 'placed-ad', model: m, id };
      return { type: 'ad', slot: { id, sizes: m.sizes, devices: ['desktop', 'tablet', 'mobile'], placement: `front-${where.region}` } };
    }
    default:
      log.warn({ layoutComponent: { ...where, type } }, `Unknown front component type: ${type}`);
      return null;
  }
}

/** The items whose story is not shown yet, each story once (by URL). */
export function dedupeStories<T extends { url: string }>(items: readonly T[], shown: ReadonlySet<string>): T[] {
  const seen = new Set(shown);
  return items.filter((item) => {
    if (seen.has(item.url)) return false;
    seen.add(item.url);
    return true;
  });
}

function regionSlug(region: RegionName): string {
  return region.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The element id the Subscribe button scrolls to (spec 1 §2.4): `newsletter-{id}`, id made safe. */
export function newsletterAnchorId(id: string): string {
  const slug = id
    .toLowerCase()
    .replace(/^newsletter-/, '')
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `newsletter-${slug || 'promo'}`;
}

function textField<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  const text = value === undefined ? '' : toPlainText(value);
  return (text === '' ? {} : { [key]: text }) as { [P in K]?: string };
}

/** ISO and the US Eastern day; null for a draft (all zeros) or an unparsable date. */
export function timeModel(value: string | undefined): TimeModel | null {
  return value === undefined ? null : TIME_MODELS(value);
}

/** By upstream date text: a listed item is labelled on every front that lists it (ADR 0031). */
const TIME_MODELS = boundedMemo(20_000, (value): TimeModel | null => {
  const model = buildTimeModel(value);
  return model === null ? null : Object.freeze(model);
});

function buildTimeModel(value: string): TimeModel | null {
  if (isDraftDate(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return { iso: date.toISOString(), day: easternDay(date) };
}

function fixedImage(url: string | undefined, size: ImageSize, alt: string): FrontImage | null {
  const src = resizedImageUrl(url, size);
  return src === null ? null : { src, width: size.width, height: size.height, alt: toPlainText(alt) };
}

/** List thumbnails per breakpoint (spec 1 §9, render-workers/shared/load-blocks.ts LIST_THUMBNAIL). */
function listImage(url: string | undefined, alt: string): FrontImage | null {
  const image = responsiveSources(url, LIST_THUMBNAIL_SIZES);
  return image === null ? null : { src: image.src, width: image.width, height: image.height, srcSet: image.srcSet, sizes: image.sizes, alt: toPlainText(alt) };
}

/**
 * The first author headshot a list item may show (spec 1 §5: present, not the default-person
 * image, the publisher's own source on either edition, article/rules.ts isOwnSource), at the list
 * size 48x48 (spec 1 §9). An item without a source is the newsroom's own.
 */
export function listHeadshot(item: z.infer<typeof frontArticleItemSchema>): { src: string; name: string } | undefined {
  const source = item.source?.name ?? SITES.news.name;
  for (const author of item.authors) {
    if (!showHeadshot(author, { source, defaultPersonImage: DEFAULT_PERSON_IMAGE })) continue;
    const src = resizedImageUrl(author.avatar, IMAGE_SIZES.headshotInList);
    const name = toPlainText(author.name);
    if (src !== null && name !== '') return { src, name };
  }
  return undefined;
}

/**
 * A story an article list shows, from its upstream summary: none when the summary is invalid or
 * its link unsafe. Built once per kept upstream answer and image size (shared/derived.ts): a wave
 * lists the same latest stories on every page.
 */
function listedStory(summary: unknown, size: ImageSize | undefined): readonly FrontArticleItem[] {
  return deriveShared(summary, size ?? LIST_IMAGE, () => {
    const parsed = frontArticleItemSchema.safeParse(summary);
    return parsed.success ? articleItem(parsed.data, size) : [];
  });
}

/** The derivation key of a list image (listImage), where a fixed size names its own. */
const LIST_IMAGE = 'list-image';

function articleItem(item: z.infer<typeof frontArticleItemSchema>, size: ImageSize | undefined): FrontArticleItem[] {
  const url = safeHref(item.url);
  if (!url) return [];
  const image = size === undefined ? listImage(item.imageUrl, item.title) : fixedImage(item.imageUrl, size, item.title);
  const categoryUrl = item.category ? safeHref(item.category.url) : undefined;
  const published = timeModel(item.publicationDate);
  const lastPublished = timeModel(item.lastPublishedDate);
  const headshot = listHeadshot(item);
  return [
    {
      title: toPlainText(item.title),
      url,
      ...(image ? { image } : {}),
      ...textField('description', item.description),
      ...(item.category && categoryUrl ? { category: { name: toPlainText(item.category.name), url: categoryUrl } } : {}),
      ...(published ? { published } : {}),
      ...(lastPublished ? { lastPublished } : {}),
      ...textField('duration', item.duration),
      isBreaking: item.isBreaking,
      isDeveloping: item.isDeveloping,
      isLive: item.isLive,
      authors: item.authors.map((author) => toPlainText(author.name)).filter((name) => name !== ''),
      ...(headshot ? { headshot } : {}),
    },
  ];
}

function summaryItem(item: z.infer<typeof summaryItemSchema>): SummaryItemView[] {
  switch (item.content_type) {
    case 'text':
      return [{ kind: 'text', html: sanitizeInline(item.text) }];
    case 'list': {
      const titleHtml = item.title === undefined ? '' : sanitizeInline(item.title);
      return [{ kind: 'list', ...(titleHtml ? { titleHtml } : {}), items: item.items.map(sanitizeInline) }];
    }
    case 'external_link': {
      const url = safeHref(item.url);
      return url ? [{ kind: 'external_link', title: toPlainText(item.title), url, ...textField('description', item.description) }] : [];
    }
    case 'article': {
      const url = safeHref(item.url);
      const image = listImage(item.imageUrl, item.title);
      const published = timeModel(item.publicationDate);
      return url
        ? [{ kind: 'article', title: toPlainText(item.title), url, ...textField('description', item.description), ...(image ? { image } : {}), ...(published ? { published } : {}) }]
        : [];
    }
    case 'video': {
      const url = safeHref(item.url);
      const image = fixedImage(item.imageUrl, IMAGE_SIZES.recommendedVideo, item.title);
      return url ? [{ kind: 'video', title: toPlainText(item.title), url, ...(image ? { image } : {}), ...textField('duration', item.duration) }] : [];
    }
    case 'brightcove_video': {
      // Spec 1 §2.6: "a video page path per video id".
      const url = `/video/${encodeURIComponent(item.videoId)}`;
      const image = fixedImage(item.imageUrl, IMAGE_SIZES.recommendedVideo, item.title);
      return [{ kind: 'brightcove_video', title: toPlainText(item.title), url, ...(image ? { image } : {}), ...textField('duration', item.duration) }];
    }
  }
}
