/**
 * Derived article meta (spec 1 §3 "Derived article meta"), robots (spec 1 §9) and the article's
 * head tags as data (spec 1 §9: canonical, AMP link, Open Graph, Twitter card, meta entries).
 *
 * Everything here is a pure function of the upstream article and the render options: no clock, no
 * randomness, so the same article always yields the same head (the pipeline skips unchanged pages by
 * content hash). Text that reaches a tag is plain text (`toPlainText`); the `HeadTags` component
 * renders it through React, which escapes attribute values and text.
 */
import { createElement, Fragment, type ReactElement } from 'react';
import { z } from 'zod';
import { DEFAULT_ROBOTS, TWITTER_CARD } from '../../core/isomorphic/constants.js';
import { isDraftDate } from '../../core/isomorphic/dates.js';
import { safeUrl } from '../../core/isomorphic/safe-url.js';
import type { SiteInfo } from '../../core/isomorphic/sites.js';
import { normalisePagePath, variantUrlPath } from '../../core/storage/keys.js';
import type { FullArticle } from '../../core/upstream/schemas.js';
import { toPlainText } from '../blocks/sanitize.js';
import { safeAbsoluteUrl } from '../shared/links.js';
import { isGatedArticle, isQuizArticle, lastTagSegment } from './rules.js';

// ---------------------------------------------------------------------------------------------
// Sizes and defaults (spec 1 §9)

export interface ImageSize {
  width: number;
  height: number;
}

/** Open Graph image: the default social size (spec 1 §9 "1200x675 default social"). */
export const SOCIAL_IMAGE_SIZE: ImageSize = { width: 1200, height: 675 };
/** Twitter card image (spec 1 §9 "social card 1024x512"). */
export const SOCIAL_CARD_SIZE: ImageSize = { width: 1024, height: 512 };

/** Author default for AP-sourced articles (spec 1 §3 "Defaults"). */
export const AP_AUTHOR = 'Associated Press';
/** content_type of AP wire posts (spec 1 §3). */
export const AP_CONTENT_TYPE = 'spark_ap_post';

/**
 * Articles that are always noindex. Spec 1 §9 says "One specific article is hard-coded noindex" but
 * does not name it; the sample dataset carries 'art-noindex-demo' so the rule is exercised end to end.
 * Replace or extend with the real id(s) when the product names them.
 */
export const HARD_CODED_NOINDEX_ARTICLE_IDS: readonly string[] = ['art-noindex-demo'];

/** Robots of the print variant (spec 1 §2.6 "Print page ... Marked noindex, nofollow"). */
export const PRINT_ROBOTS = 'noindex, nofollow';

/** Section slugs of forum articles (spec 1 §9 "Forum articles: published, category forum"). */
export const FORUM_CATEGORY = 'forum';

/** Tag that marks a video-gated article (spec 1 §4 "Video gated if tagged video_gate"). */
export const VIDEO_GATE_TAG = 'video_gate';

// Section codes (spec 1 §9) live in core/isomorphic/sections.ts, shared with the fronts.
export { SECTION_CODES, sectionCode } from '../../core/isomorphic/sections.js';

// ---------------------------------------------------------------------------------------------
// Types

export type FnType = 'article' | 'interactive' | 'slideshow';

export interface ArticleDates {
  /** ISO date, or null when absent or all zeros. */
  published: string | null;
  modified: string | null;
  lastPublished: string | null;
  /** The publication date is all zeros (spec 1 §4 "Draft"). */
  isDraft: boolean;
}

export interface Contributor {
  full_name: string;
  page_url?: string;
  canonical_url?: string;
}

export interface AuthorMeta {
  name: string;
  url?: string;
  /** True for the newsroom or AP default (no person): structured data calls it an Organization. */
  isOrganization: boolean;
}

export interface ImageMeta {
  /** The image is a block of the body (always true today: no off-page image is read). */
  isOnPage: boolean;
  type: 'image' | 'video';
  /** The image's source URL (absolute), before any resizing. */
  src: string;
  alt: string;
  component: { kind: string; isFeatured: boolean };
}

export interface SizedImage extends ImageSize {
  url: string;
}

export interface SocialMeta {
  title: string;
  description: string;
  /** Open Graph image at SOCIAL_IMAGE_SIZE, or null when the article has none and no default is set. */
  image: SizedImage | null;
  /** Twitter card image at SOCIAL_CARD_SIZE. */
  card: SizedImage | null;
}

/** A `<meta name content>` entry (spec 1 §3 "Meta entries carry name/content"). */
export interface MetaEntry {
  name: string;
  content: string;
}

export interface ArticleMeta {
  id: string;
  siteName: string;
  titleSuffix: string;
  lang: string;
  /** This deployment's public origin, without a trailing slash. */
  publicOrigin: string;
  /** The page path being rendered. */
  path: string;
  /** The canonical page path: pathname of canonical_url, or `path` when that is unusable. */
  canonicalPath: string;
  metaTitle: string;
  articleTitle: string;
  metaDescription: string;
  articleDescription: string;
  standFirst: string;
  /** Section slug (first fn__sections segment, else wp__category slug, else first path segment). */
  section: string;
  subsection: string;
  /** First fn__shows title, or ''. */
  show: string;
  /** Human section name (header.category, else wp__category title, else the slug). */
  articleSection: string;
  fnType: FnType;
  originalNetwork: string;
  source: { name: string; url?: string };
  dates: ArticleDates;
  authors: AuthorMeta[];
  /** Author names joined with ", ". */
  authorName: string;
  contributors: Contributor[];
  /** This page's URL on this deployment. */
  articleURL: string;
  /** publicOrigin + canonicalPath. */
  canonicalUrl: string;
  shorturl: string | null;
  noIndex: boolean;
  noFollow: boolean;
  isAMP: boolean;
  isOpinion: boolean;
  isLiveBlog: boolean;
  foxBet: boolean;
  isGated: boolean;
  isMetered: boolean;
  preventGating: boolean;
  gatedSections: string[];
  videoGate: boolean;
  isPublished: boolean;
  isForum: boolean;
  isQuiz: boolean;
  isAPSourced: boolean;
  contentType: string;
  storyType: string;
  /** Tag paths in upstream order ("fox-news/lifestyle/shopping"). */
  tags: string[];
  /** Plain text of the paragraph blocks, separated by blank lines. */
  articleBody: string;
  imageMeta: ImageMeta | null;
  /** Index in `components` of the first featured video, or null (spec 1 §9 text-to-speech). */
  featuredVideoIndex: number | null;
  social: SocialMeta;
  metaEntries: MetaEntry[];
}

export interface ArticleMetaOptions {
  site: SiteInfo;
  /** This deployment's public origin, without a trailing slash. */
  publicOrigin: string;
  /** The page path being rendered (normalised). */
  path: string;
  /**
   * Builds a resized image URL (the image service rule, core/isomorphic/images.ts). Without it the source URL
   * is used as is and the size is only declared.
   */
  imageUrl?: (src: string, size: ImageSize) => string;
  /** Social image when the article has none (spec 1 §9 "1200x675 default social"). */
  defaultSocialImage?: string;
  /** The identity-login (ad-hoc gating) flag (spec 1 §4). Default false. */
  adHocGating?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Lenient read of a field core/upstream/schemas.ts does not type: `gated_sections` is not in the
// spec's field list (it names only the derived `gatedSections`); a malformed value counts as none.

const optionalString = z.string().optional().catch(undefined);
const optionalBoolean = z.boolean().optional().catch(undefined);

const extrasSchema = z.looseObject({
  gated_sections: z.array(z.string()).catch([]).default([]),
});

const imagePropsSchema = z.looseObject({
  url: optionalString,
  baseImage: optionalString,
  imageUrl: optionalString,
  originalImageUrl: optionalString,
  imageAlt: optionalString,
  alt: optionalString,
  title: optionalString,
  caption: optionalString,
  isFeatured: optionalBoolean,
  isSpotlight: optionalBoolean,
});

const paragraphTextSchema = z.looseObject({ text: z.string() });

/** Block kinds that carry the article's lead picture; video kinds use their poster image. */
const SLIDESHOW_KIND = 'slideshow';
const slideshowPropsSchema = z.looseObject({
  items: z.array(z.looseObject({ imageOrig: optionalString, imageUrl: optionalString, alt: optionalString, caption: optionalString })).catch([]),
});
const IMAGE_BLOCK_KINDS = new Set(['article-image', 'full-span-image', 'featured-video', 'inline-video']);
const FEATURED_VIDEO_KIND = 'featured-video';
const LIVE_BLOG_KIND = 'live-blog';

// ---------------------------------------------------------------------------------------------

function plain(value: string | undefined): string {
  return value ? toPlainText(value) : '';
}

function firstText(...values: (string | undefined)[]): string {
  for (const value of values) {
    const text = plain(value);
    if (text !== '') return text;
  }
  return '';
}

/** A usable date or null (absent, blank or all zeros). */
function dateOrNull(value: string | undefined): string | null {
  if (!value || value.trim() === '' || isDraftDate(value)) return null;
  return value;
}

/** "/politics/elections", "fox-news/politics/elections" -> ["politics", "elections"]. */
function sectionSegments(path: string): string[] {
  const segments = path.split('/').filter((segment) => segment !== '');
  return segments[0] === 'fox-news' ? segments.slice(1) : segments;
}

/**
 * The canonical page path of an article: pathname of canonical_url, normalised. Null when the URL
 * is unusable (not http(s), not a valid page path) or points at another site (`siteHosts`, when
 * given), or when upstream marks a third-party canonical: that article's home is elsewhere.
 */
export function canonicalPathOf(article: FullArticle, options: { siteHosts?: readonly string[] } = {}): string | null {
  if (article.third_party_canonical_url) return null;
  let url: URL;
  try {
    url = new URL(article.canonical_url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (options.siteHosts !== undefined && !options.siteHosts.includes(url.hostname.toLowerCase())) return null;
  try {
    return normalisePagePath(url.pathname);
  } catch {
    return null;
  }
}

/** AP-sourced (spec 1 §3): external_source or an fn__sources label of Associated Press, or an AP wire post. */
export function isAPSourced(article: FullArticle): boolean {
  const isAP = (label: string | undefined) => label !== undefined && /^(associated press|ap)$/i.test(label.trim());
  return article.content_type === AP_CONTENT_TYPE || isAP(article.external_source) || article.fn__sources.some((source) => isAP(source.label));
}

function fnTypeOf(legacy: string | undefined): FnType {
  return legacy === 'interactive' || legacy === 'slideshow' ? legacy : 'article';
}

/** The article's picture for structured data and social tags: the safe-URL rule, made absolute. */
function absoluteUrl(src: string, publicOrigin: string): string | null {
  return safeAbsoluteUrl(src, publicOrigin, 'image') ?? null;
}

/** A slideshow's first slide as the article's picture (without it a slideshow's NewsArticle has no image; ADR 0020). */
function slideshowImageOf(props: unknown, publicOrigin: string): ImageMeta | null {
  const parsed = slideshowPropsSchema.safeParse(props);
  const slide = parsed.success ? parsed.data.items[0] : undefined;
  const candidate = slide?.imageOrig ?? slide?.imageUrl;
  const src = candidate === undefined ? null : absoluteUrl(candidate, publicOrigin);
  if (slide === undefined || src === null) return null;
  return { isOnPage: true, type: 'image', src, alt: firstText(slide.alt, slide.caption), component: { kind: SLIDESHOW_KIND, isFeatured: true } };
}

function imageMetaOf(article: FullArticle, publicOrigin: string): ImageMeta | null {
  for (const component of article.components) {
    if (component.kind === SLIDESHOW_KIND) {
      const slide = slideshowImageOf(component.props, publicOrigin);
      if (slide !== null) return slide;
      continue;
    }
    if (!IMAGE_BLOCK_KINDS.has(component.kind)) continue;
    const parsed = imagePropsSchema.safeParse(component.props);
    if (!parsed.success) continue;
    const props = parsed.data;
    const isVideo = component.kind.includes('video');
    // baseImage / originalImageUrl are the unresized originals, the better input for a resize.
    const candidate = isVideo ? (props.originalImageUrl ?? props.imageUrl) : (props.baseImage ?? props.url);
    const src = candidate === undefined ? null : absoluteUrl(candidate, publicOrigin);
    if (src === null) continue;
    return {
      isOnPage: true,
      type: isVideo ? 'video' : 'image',
      src,
      alt: firstText(props.imageAlt, props.alt, props.title, props.caption),
      component: { kind: component.kind, isFeatured: props.isFeatured ?? (component.kind.startsWith('featured-') || props.isSpotlight === true) },
    };
  }
  return null;
}

function shortUrlOf(urls: readonly string[]): string | null {
  return urls.map((url) => safeUrl(url)).find((url): url is string => url !== null && !url.startsWith('/')) ?? null;
}

/** spec 1 §3 "Meta entries ... classification and classification-isa". */
function metaEntriesOf(article: FullArticle, tags: string[]): MetaEntry[] {
  const entries: MetaEntry[] = [];
  if (tags.length > 0) entries.push({ name: 'classification', content: tags.join(', ') });
  const isa = article.wp__tags.map((tag) => tag.isa_value?.trim() ?? '').filter((value) => value !== '');
  if (isa.length > 0) entries.push({ name: 'classification-isa', content: isa.join(', ') });
  return entries;
}

export function deriveArticleMeta(article: FullArticle, options: ArticleMetaOptions): ArticleMeta {
  const { site, publicOrigin, path } = options;
  const extras = extrasSchema.safeParse(article);
  const gatedSections = extras.success ? extras.data.gated_sections : [];
  const header = article.header;

  const canonicalPath = canonicalPathOf(article) ?? path;
  const [sectionFromSections, subsectionFromSections] = sectionSegments(article.fn__sections[0]?.path ?? '');
  const section = sectionFromSections ?? article.wp__category?.slug ?? sectionSegments(path)[0] ?? '';
  const subsection = subsectionFromSections ?? '';

  const publishedRaw = header.publicationDate || article.publication_date;
  const dates: ArticleDates = {
    published: dateOrNull(publishedRaw),
    modified: dateOrNull(header.modifiedDate ?? article.last_modified_date),
    lastPublished: dateOrNull(header.lastPublishedDate ?? article.last_published_date),
    isDraft: isDraftDate(publishedRaw),
  };

  const apSourced = isAPSourced(article);
  const people: AuthorMeta[] = header.authors
    .map((author) => ({ name: plain(author.fullName ?? author.name) || plain(author.name), url: author.url, isOrganization: false }))
    .filter((author) => author.name !== '')
    .map(({ name, url, isOrganization }) => (url ? { name, url, isOrganization } : { name, isOrganization }));
  // Spec 1 §3 defaults: the newsroom's name, or Associated Press for AP-sourced articles.
  const authors: AuthorMeta[] = people.length > 0 ? people : [{ name: apSourced ? AP_AUTHOR : site.name, isOrganization: true }];

  const firstSource = article.fn__sources[0];
  const source = header.source?.name
    ? { name: plain(header.source.name), url: header.source.url }
    : firstSource
      ? { name: plain(firstSource.label), url: firstSource.url }
      : { name: site.name };

  const tags = article.tags.length > 0 ? article.tags : article.fn__tags.map((tag) => tag.path);
  const articleTitle = firstText(header.headline, article.title);
  const articleDescription = firstText(article.description, article.dek, header.subHeadline);
  const metaTitle = firstText(article.meta_title, article.title);
  const metaDescription = firstText(article.meta_description, article.description, article.dek);
  const storyType = article.fn__story_type ?? '';
  const platforms = article.fn__distribution_platforms;
  const isPublished = article.published && header.isPublished && !dates.isDraft;

  const imageMeta = imageMetaOf(article, publicOrigin);
  const resize = options.imageUrl ?? ((src: string) => src);
  const sized = (size: ImageSize): SizedImage | null => {
    if (imageMeta) return { url: resize(imageMeta.src, size), ...size };
    return options.defaultSocialImage ? { url: options.defaultSocialImage, ...size } : null;
  };
  const featuredVideoIndex = article.components.findIndex((component) => component.kind === FEATURED_VIDEO_KIND);

  return {
    id: article.id,
    siteName: site.name,
    titleSuffix: site.titleSuffix,
    lang: site.lang,
    publicOrigin,
    path,
    canonicalPath,
    metaTitle,
    articleTitle,
    metaDescription,
    articleDescription,
    standFirst: plain(article.standfirst),
    section,
    subsection,
    show: plain(article.fn__shows[0]?.title),
    articleSection: firstText(header.category, header.headerCategory?.name, article.wp__category?.title) || section,
    fnType: fnTypeOf(article.fn__legacy_type),
    originalNetwork: plain(article.original_shared_post?.original_network),
    source,
    dates,
    authors,
    authorName: authors.map((author) => author.name).join(', '),
    contributors: article.fn__contributors.map((c) => ({
      full_name: plain(c.full_name),
      ...(c.page_url ? { page_url: c.page_url } : {}),
      ...(c.canonical_url ? { canonical_url: c.canonical_url } : {}),
    })),
    articleURL: `${publicOrigin}${path}`,
    canonicalUrl: `${publicOrigin}${canonicalPath}`,
    shorturl: shortUrlOf(article.short_urls),
    noIndex: article.robots_noindex || HARD_CODED_NOINDEX_ARTICLE_IDS.includes(article.id),
    noFollow: article.robots_nofollow,
    isAMP: article.isAMP || platforms?.google_news?.amp === true,
    isOpinion: section === 'opinion' || storyType === 'opinion' || platforms?.facebook_news?.opinion === true,
    isLiveBlog: storyType === 'live' || storyType === 'live-blog' || article.components.some((c) => c.kind === LIVE_BLOG_KIND),
    foxBet: article.fox_bet,
    isGated: isGatedArticle(article, { adHocGating: options.adHocGating ?? false, path: canonicalPath }),
    isMetered: header.isMetered,
    preventGating: article.prevent_gating,
    gatedSections,
    videoGate: tags.some((tag) => lastTagSegment(tag) === VIDEO_GATE_TAG),
    isPublished,
    isForum: isPublished && (section === FORUM_CATEGORY || article.wp__category?.slug === FORUM_CATEGORY),
    isQuiz: isQuizArticle(article),
    isAPSourced: apSourced,
    contentType: article.content_type ?? '',
    storyType,
    tags,
    articleBody: article.components
      .filter((component) => component.kind === 'paragraph')
      .map((component) => paragraphTextSchema.safeParse(component.props))
      .map((parsed) => (parsed.success ? toPlainText(parsed.data.text) : ''))
      .filter((text) => text !== '')
      .join('\n\n'),
    imageMeta,
    featuredVideoIndex: featuredVideoIndex < 0 ? null : featuredVideoIndex,
    social: { title: articleTitle, description: metaDescription, image: sized(SOCIAL_IMAGE_SIZE), card: sized(SOCIAL_CARD_SIZE) },
    metaEntries: metaEntriesOf(article, tags),
  };
}

// ---------------------------------------------------------------------------------------------
// Robots (spec 1 §9)

/**
 * Robots for an article page. The default is DEFAULT_ROBOTS ("index, follow,
 * max-image-preview:large, max-video-preview:-1"). robots_noindex, the hard-coded noindex list and
 * robots_nofollow switch the first two directives; the preview directives stay only while the page
 * is indexed (they mean nothing on a noindex page). The print variant is always noindex, nofollow
 * (spec 1 §2.6). Forum articles (spec 1 §9) get no robots rule of their own: the spec defines them
 * but names no robots change.
 */
export function robotsFor(meta: Pick<ArticleMeta, 'noIndex' | 'noFollow'>, variant: ArticleVariant = 'standard'): string {
  if (variant === 'print') return PRINT_ROBOTS;
  if (!meta.noIndex && !meta.noFollow) return DEFAULT_ROBOTS;
  if (meta.noIndex) return `noindex, ${meta.noFollow ? 'nofollow' : 'follow'}`;
  return DEFAULT_ROBOTS.replace('index, follow', 'index, nofollow');
}

// ---------------------------------------------------------------------------------------------
// Head tags

export type ArticleVariant = 'standard' | 'amp' | 'print';

export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; name: string; content: string }
  | { tag: 'meta'; property: string; content: string }
  | { tag: 'link'; rel: string; href: string };

/** The head title: meta title (else title) plus the site-name suffix (spec 1 §2.4, §2.5 rule). */
export function articleTitleTag(meta: Pick<ArticleMeta, 'metaTitle' | 'articleTitle' | 'titleSuffix'>): string {
  return `${meta.metaTitle || meta.articleTitle}${meta.titleSuffix}`;
}

/**
 * The head of one article variant, as data.
 *
 * `variants` says which variants of this article are published (`amp`: an AMP page exists at
 * `{path}.amp`; `print`: a print page exists at `{path}.print`). `page` is the variant being
 * rendered. Every variant links rel=canonical to the standard page's canonical URL (AMP requires
 * it); only the standard page links rel=amphtml, and only when the AMP variant exists. The print
 * variant gets no head link of its own (there is no link relation for it).
 *
 * Images: og:image at 1200x675 (spec 1 §9 "default social"), twitter:image at 1024x512 (spec 1 §9
 * "social card"); both absent when the article has no image and no default is configured.
 */
export function articleHeadTags(meta: ArticleMeta, variants: { amp: boolean; print: boolean }, page: ArticleVariant = 'standard'): HeadTag[] {
  const title = articleTitleTag(meta);
  const tags: HeadTag[] = [
    { tag: 'title', text: title },
    { tag: 'meta', name: 'description', content: meta.metaDescription },
    { tag: 'meta', name: 'robots', content: robotsFor(meta, page) },
    { tag: 'link', rel: 'canonical', href: meta.canonicalUrl },
  ];
  if (page === 'standard' && variants.amp) {
    tags.push({ tag: 'link', rel: 'amphtml', href: `${meta.publicOrigin}${variantUrlPath(meta.canonicalPath, 'amp')}` });
  }
  tags.push(
    { tag: 'meta', property: 'og:type', content: 'article' },
    { tag: 'meta', property: 'og:site_name', content: meta.siteName },
    { tag: 'meta', property: 'og:title', content: meta.social.title },
    { tag: 'meta', property: 'og:description', content: meta.social.description },
    { tag: 'meta', property: 'og:url', content: meta.canonicalUrl },
  );
  if (meta.social.image) {
    tags.push(
      { tag: 'meta', property: 'og:image', content: meta.social.image.url },
      { tag: 'meta', property: 'og:image:width', content: String(meta.social.image.width) },
      { tag: 'meta', property: 'og:image:height', content: String(meta.social.image.height) },
    );
  }
  tags.push(
    { tag: 'meta', name: 'twitter:card', content: TWITTER_CARD },
    { tag: 'meta', name: 'twitter:title', content: meta.social.title },
    { tag: 'meta', name: 'twitter:description', content: meta.social.description },
  );
  if (meta.social.card) tags.push({ tag: 'meta', name: 'twitter:image', content: meta.social.card.url });
  if (meta.dates.published) tags.push({ tag: 'meta', property: 'article:published_time', content: meta.dates.published });
  const modified = meta.dates.modified ?? meta.dates.lastPublished;
  if (modified) tags.push({ tag: 'meta', property: 'article:modified_time', content: modified });
  if (meta.articleSection) tags.push({ tag: 'meta', property: 'article:section', content: meta.articleSection });
  for (const entry of meta.metaEntries) tags.push({ tag: 'meta', name: entry.name, content: entry.content });
  return tags;
}

function tagKey(tag: HeadTag): string {
  switch (tag.tag) {
    case 'title':
      return 'title';
    case 'link':
      return `link:${tag.rel}`;
    case 'meta':
      return 'name' in tag ? `name:${tag.name}` : `property:${tag.property}`;
  }
}

/** Renders head tags; React escapes every value, so upstream text cannot become markup. */
export function HeadTags({ tags }: { tags: readonly HeadTag[] }): ReactElement {
  return createElement(
    Fragment,
    null,
    tags.map((tag, index) => {
      const key = `${tagKey(tag)}:${index}`;
      switch (tag.tag) {
        case 'title':
          return createElement('title', { key }, tag.text);
        case 'link':
          return createElement('link', { key, rel: tag.rel, href: tag.href });
        case 'meta':
          return 'name' in tag
            ? createElement('meta', { key, name: tag.name, content: tag.content })
            : createElement('meta', { key, property: tag.property, content: tag.content });
      }
    }),
  );
}
