/**
 * Builder of section fronts (`/politics`), category routes (`/category/{slug...}`) and the
 * elections routes (`/category/politics/elections/{slug?}`) (spec 1 §2.1, §2.4, §7; spec 2 §2, §7, §8).
 *
 * - Section front: the category by path (none -> null), the tag `fox-news/{section}` (optional:
 *   sponsor), the `section` layout by path (none -> empty regions, spec 2 §2).
 * - Category route: the category by path (none: the tag names the page), the tag `fox-news/` plus
 *   the path minus `/category/` and the `category` layout by that tag path; a missing tag or
 *   layout -> null, i.e. the 404 page (spec 2 §8).
 * A fetch that fails is logged (spec 1 §8, spec 2 §8) and then fails the render with the client's
 * retryable error: for a pre-rendering pipeline a failed read is neither "not found" nor "no
 * category" (docs/architecture.md "Failure handling"), so the job retries and the stored front stays meanwhile.
 * `front:<path>` is recorded only when the page rendered as a front (ingest's fronts schedule).
 */
import { breadcrumbListJsonLd, homeCrumb } from '../shared/structured-data/breadcrumbs.js';
import { createElement } from 'react';
import { sectionCode } from '../../core/isomorphic/sections.js';
import { isUpstreamFailure } from '../../core/upstream/client.js';
import { frontLayoutFlagsSchema } from '../../core/upstream/component-schemas.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import type { Category, Layout } from '../../core/upstream/schemas.js';
import { DEFAULT_WING_COLOR, tagPathFor, type SponsorImages, type Tag, type TagReader } from '../../core/upstream/tag-client.js';
import { toPlainText } from '../blocks/sanitize.js';
import { buildHead, canonicalFor, cssHexColor, loadShell } from '../shared/shell.js';
import { safeHref, safeImageSrc } from '../shared/links.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { renderDocument } from '../shared/render-html.js';
import { isFeedSection, sectionFeedLink } from '../crawlers/rss.js';
import { loadFrontRegions } from '../shared/load-components.js';
import { SectionFrontPage } from '../shared/section-front-page.js';
import type { SectionFrontView, SponsorPicture, SponsorView } from '../shared/front-view-model.js';
import { htmlObject } from '../page-objects.js';

/** The topper link on section fronts (spec 1 §2.4). */
export const TOPPER_LINK = { name: 'America Together', url: '/category/us/personal-freedoms/america-together' } as const;

/** Sponsor image breakpoints (spec 1 §9: mobile under 768, tablet 768-991, desktop 992+, big desktop over 1280), widest first for `<picture>`. */
export const SPONSOR_BREAKPOINT_MEDIA = {
  large: '(min-width: 1281px)',
  desktop: '(min-width: 992px)',
  tablet: '(min-width: 768px)',
  mobile: '(max-width: 767px)',
} as const;

export interface FrontRoute {
  kind: 'section' | 'category';
  /** `fox-news/` plus the path minus a leading `/category/` (spec 1 §7). */
  tagPath: string;
  /** Section slug for the body class and section code: the first segment after `/category/`, or the path's first. */
  sectionSlug: string;
}

export function frontRoute(path: string, layoutDomain?: string): FrontRoute {
  const isCategory = path.startsWith('/category/');
  const segments = (isCategory ? path.slice('/category/'.length) : path).split('/').filter(Boolean);
  return { kind: isCategory ? 'category' : 'section', tagPath: tagPathFor(path, layoutDomain), sectionSlug: segments[0] ?? 'category' };
}

export interface SectionFrontDeps {
  /** Tag reads, recording to this render (a TagClient's withRecorder({ record: ctx.record })). */
  tags: TagReader;
}

export async function buildSectionFront(ctx: PageBuildContext, deps: SectionFrontDeps): Promise<BuiltPage<FrontRoute['kind']> | null> {
  const route = frontRoute(ctx.path, ctx.site.layoutDomain);
  const loaded = route.kind === 'section' ? await loadSection(ctx, route, deps) : await loadCategoryRoute(ctx, route, deps);
  return loaded === null ? null : render(ctx, route, loaded);
}

interface Loaded {
  /** Title fields: the category when found, else the tag. */
  info: Category | Tag;
  category: Category | null;
  tag: Tag | null;
  layout: Layout | null;
}

async function loadSection(ctx: PageBuildContext, route: FrontRoute, deps: SectionFrontDeps): Promise<Loaded | null> {
  const category = await ctx.client.getCategoryByPath(ctx.path);
  if (category === null) return null;
  const [tag, layout] = await Promise.all([deps.tags.getTagByPath(route.tagPath), ctx.client.getLayout('section', category.path)]);
  return { info: category, category, tag, layout };
}

async function loadCategoryRoute(ctx: PageBuildContext, route: FrontRoute, deps: SectionFrontDeps): Promise<Loaded | null> {
  const [category, tag, layout] = await Promise.all([
    ctx.client.getCategoryByPath(ctx.path).catch((error: unknown) => {
      // Spec 1 §8: logged. Not treated as "no category": the page would lose its category's title.
      if (isUpstreamFailure(error)) ctx.log.warn({ error }, 'category fetch failed');
      throw error;
    }),
    deps.tags.getTagByPath(route.tagPath).catch((error: unknown) => {
      if (isUpstreamFailure(error)) ctx.log.warn({ error, tagPath: route.tagPath }, 'tag fetch failed');
      throw error;
    }),
    ctx.client.getLayout('category', route.tagPath).catch((error: unknown) => {
      if (isUpstreamFailure(error)) ctx.log.warn({ error, tagPath: route.tagPath }, 'layout fetch failed');
      throw error;
    }),
  ]);
  // Spec 2 §8: a missing tag or layout is a 404 on category routes.
  if (tag === null || layout === null) return null;
  return { info: category ?? tag, category, tag, layout };
}

function sponsorPicture(images: SponsorImages | undefined): SponsorPicture | undefined {
  if (images === undefined) return undefined;
  const sources = (['large', 'desktop', 'tablet', 'mobile'] as const).flatMap((breakpoint) => {
    const src = safeImageSrc(images[breakpoint]);
    return src === null ? [] : [{ media: SPONSOR_BREAKPOINT_MEDIA[breakpoint], srcSet: src }];
  });
  const fallback = safeImageSrc(images.desktop) ?? sources[0]?.srcSet;
  return fallback === undefined ? undefined : { src: fallback, sources };
}

function sponsorView(tag: Tag | null): SponsorView | undefined {
  const sponsor = tag?.sponsor;
  if (sponsor === undefined) return undefined;
  const logo = sponsorPicture(sponsor.logo);
  const background = sponsorPicture(sponsor.background);
  const url = safeHref(sponsor.url);
  const name = sponsor.name === undefined ? '' : toPlainText(sponsor.name);
  return {
    level: sponsor.level,
    ...(name ? { name } : {}),
    ...(url ? { url } : {}),
    ...(logo ? { logo } : {}),
    ...(background ? { background } : {}),
    // Only a hex colour reaches the style attribute; anything else gets the default red.
    // One colour rule for the whole shell (render-workers/shared/shell.ts): 3, 4, 6 or 8 hex digits.
    wingColor: cssHexColor(sponsor.wingColor) ?? DEFAULT_WING_COLOR,
  };
}

async function render(ctx: PageBuildContext, route: FrontRoute, loaded: Loaded): Promise<BuiltPage<FrontRoute['kind']>> {
  const { info, tag, layout } = loaded;
  const [shell, regions] = await Promise.all([
    loadShell(ctx.client, ctx.shellContext, { topicUrl: ctx.path, ...(safeHref(info.url) ? { sectionUrl: safeHref(info.url) ?? '' } : {}) }),
    loadFrontRegions(ctx.client, layout, ctx.log, { autoAds: true }),
  ]);
  // Marks this page as a front for ingest's fronts schedule (ingest/fronts.ts).
  ctx.record(dataKeys.front(ctx.path));

  // Spec 1 §2.4: customHeadline when non-blank, else the title.
  const custom = info.customHeadline === undefined ? '' : toPlainText(info.customHeadline);
  const heading = custom !== '' ? custom : toPlainText(info.title);
  const newsletter = regions.rightRail.find((component) => component.type === 'newsletter-promo');
  const sponsor = sponsorView(tag);
  const takeover = sponsor?.level === 'takeover' || (layout !== null && frontLayoutFlagsSchema.safeParse(layout).data?.takeover === true);
  const description = info.description === undefined ? '' : toPlainText(info.description);
  const slugClass = route.sectionSlug.toLowerCase().replace(/[^a-z0-9-]+/g, '-');

  const view: SectionFrontView = {
    heading,
    ...(description ? { description } : {}),
    ...(newsletter ? { subscribeHref: `#${newsletter.anchorId}` } : {}),
    ...(sponsor ? { sponsor } : {}),
    topper: { ...TOPPER_LINK },
    sectionCode: sectionCode(route.sectionSlug, ctx.log),
    regions,
  };
  const head = buildHead({
    site: ctx.site,
    // Spec 1 §2.4: the meta title, or the title when the meta title is absent or blank.
    title: toPlainText(info.metaTitle?.trim() ? info.metaTitle : info.title),
    description,
    canonicalUrl: canonicalFor(ctx.publicOrigin, ctx.path),
    structuredData: [breadcrumbListJsonLd([homeCrumb(ctx.site), { name: heading, url: ctx.path }], ctx.publicOrigin)],
    // The section's RSS feed (spec 1 §2.4's 12), announced on its front and its category pages,
    // titled as the feed's channel (a category page's own title is not the section's).
    ...(isFeedSection(route.sectionSlug)
      ? { feeds: [sectionFeedLink(ctx.site, ctx.publicOrigin, route.sectionSlug, route.kind === 'section' ? info.title : undefined)] }
      : {}),
  });
  const html = renderDocument(
    createElement(SectionFrontPage, {
      model: { head, shell, view },
      // Spec 1 §2.4: a body class per section, with a takeover variant.
      bodyClass: `page-section section-${slugClass}${takeover ? ' takeover' : ''}`,
    }),
  );
  return {
    kind: route.kind,
    objects: [htmlObject(ctx.site.id, ctx.path, html)],
  };
}
