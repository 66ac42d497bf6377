/**
 * Every stored variant of one article (spec 1 §2.6): the standard URL (standard, gated, slideshow
 * or interactive layout), the print URL (print, or gated for a gated article), the AMP URL for
 * articles flagged AMP, and a 301 redirect record instead when the article is requested at a
 * path other than its canonical one (spec 1 §2.2).
 */
import { brandImageUrl } from '../brand/images.js';
import { breadcrumbListJsonLd, type BreadcrumbListJsonLd, type Crumb } from '../shared/structured-data/breadcrumbs.js';
import { createElement, type ReactNode } from 'react';
import type { SiteInfo } from '../../core/isomorphic/sites.js';
import { IMAGE_SIZES, resizedImageUrl } from '../../core/isomorphic/images.js';
import type { Logger } from '../../core/logger.js';
import { variantUrlPath } from '../../core/storage/keys.js';
import { z } from 'zod';
import { isUpstreamFailure, type UpstreamClient } from '../../core/upstream/client.js';
import { articleSummarySchema, type ArticleSummary, type FullArticle, type Layout, type LayoutComponent } from '../../core/upstream/schemas.js';
import { parsedWith, readSideData, type SideData } from '../../core/upstream/side-data.js';
import { toPlainText } from '../blocks/sanitize.js';
import { toBlocks } from '../shared/load-blocks.js';
import { loadListSections } from '../shared/front.js';
import { optionalLink, safeHref, safeLinks } from '../shared/links.js';
import { loadShell, type ShellContext } from '../shared/shell.js';
import { loadRecommendedVideos, type VideoItem } from '../shared/videos.js';
import { ArticlePage, ON_OUR_RADAR } from './page/article-page.js';
import { renderAmpArticlePage } from './page/article-page.amp.js';
import { parsePrintProps, PrintArticlePage } from './page/article-page.print.js';
import type { ArticlePageView } from './page/article-view.js';
import type { JsonValue, VariantSite } from './page/variant-props.js';
import { RECOMMENDED_SLIDESHOWS, SlideshowPage } from './page/slideshow-page.js';
import type { RenderedObject } from '../publish.js';
import { htmlObject, redirectPage, variantKeys } from '../page-objects.js';
import { renderDocument } from '../shared/render-html.js';
import type { Block, Link, ListSection, ShellModel } from '../shared/view-model.js';
import { insertArticleAds } from '../shared/ads.js';
import { categorySlugOf, chooseArticleLayout } from './layout.js';
import { articleHeadTags, deriveArticleMeta, HeadTags, robotsFor, type ArticleMeta } from './meta.js';
import { canonicalRedirect } from '../shared/redirects.js';
import { cutBio, DEFAULT_PERSON_IMAGE, disclosureFor, isGatedArticle, limitRelatedTopics, limitTags, showHeadshot, showPrintLink, textToSpeechApplies } from './rules.js';
import { specialSeriesBanners } from './special-series.js';
import { JsonLd, newsArticleJsonLd, SPEAKABLE_PARAGRAPHS } from '../shared/structured-data/news-article.js';

/** Social and structured-data images go through the image service at their spec sizes (§9). */
function resizeOrKeep(src: string, size: { width: number; height: number }): string {
  return resizedImageUrl(src, size) ?? src;
}

export interface ArticleRenderOptions {
  site: SiteInfo;
  path: string;
  client: UpstreamClient;
  log: Logger;
  publicOrigin: string;
  shellContext: ShellContext;
  /** The render's clock (videos show only once aired, spec 2 §2). */
  now: Date;
  /** The environment's ad-hoc gating switch (spec 2 §6: "an environment setting ... being 'true'"). */
  adHocGating: boolean;
  /** The render's side data: the lists beside the article fall back on their last good copy. */
  sideData: SideData;
}

/** The lists beside an article, as last rendered (a last good copy is checked against it). */
const listSectionsSchema = z.array(
  z.looseObject({ title: z.string().optional(), items: z.array(z.looseObject({ title: z.string(), url: z.string() })) }),
) as unknown as z.ZodType<ListSection[]>;
const articleSummariesSchema = z.array(articleSummarySchema);

/**
 * An article's side lists as a reader meets them, the right rail's before the post-content's: no
 * list shows the article itself ("Trending in Politics" on a politics story does not list that
 * story) or a story a list above it shows, and a list whose every story is shown above is left
 * out, as on fronts. Each is cut to the size its layout asks for: they were read with spares
 * (shared/front.ts loadListSections). A rail the layout does not show (interactive) takes nothing
 * from the lists after it. A last good copy kept before the spares shows what it has.
 */
export function articleSideLists(lists: { rightRail: readonly ListSection[]; postContent: readonly ListSection[] }, path: string, showsRail: boolean): { rightRail: ListSection[]; postContent: ListSection[] } {
  const shown = new Set([path]);
  const pick = (sections: readonly ListSection[], shownAbove: Set<string>): ListSection[] =>
    sections.flatMap(({ size, ...section }) => {
      const items: ListSection['items'] = [];
      for (const item of section.items) {
        if (size !== undefined && items.length === size) break;
        if (shownAbove.has(item.url) || items.some((listed) => listed.url === item.url)) continue;
        items.push(item);
      }
      if (items.length === 0 && section.items.length > 0) return [];
      for (const item of items) shownAbove.add(item.url);
      return [{ ...section, items }];
    });
  const rightRail = pick(lists.rightRail, showsRail ? shown : new Set(shown));
  return { rightRail, postContent: pick(lists.postContent, shown) };
}

/** A side list that failed: logged; an error that is not an upstream failure is a bug and fails the render. */
function sideListFailed(log: Logger, list: string): (error: unknown) => void {
  return (error) => {
    if (!isUpstreamFailure(error)) throw error;
    log.error({ error, list }, 'side list fetch failed');
  };
}

export type ArticleOutcome =
  | { kind: 'redirect'; objects: RenderedObject[]; remove: string[] }
  | { kind: 'article'; objects: RenderedObject[]; remove: string[] };

/** The section whose articles show On Our Radar on mobile (spec 1 §2.6), and how many items. */
export const ON_OUR_RADAR_SECTION = 'entertainment';
export const ON_OUR_RADAR_SIZE = 5;

export { DEFAULT_PERSON_IMAGE } from './rules.js';

/**
 * The reads of an article page that depend only on its path (the section is its first segment):
 * menus and legal links, the section's article layout, the lists that layout places beside the
 * article, On Our Radar and the recommended videos. Started with the article's own read, so a
 * render waits for one round of upstream calls and the layout's lists, not for four in a row
 * (ADR 0040).
 */
export interface ArticlePathReads {
  shell: Promise<ShellModel>;
  layout: Promise<Layout | null>;
  rightRail: Promise<ListSection[]>;
  postContent: Promise<ListSection[]>;
  onOurRadar: Promise<ArticleSummary[]>;
  recommendedVideos: Promise<VideoItem[]>;
}

/**
 * Starts an article page's path reads through `via`: the render's client and side data by
 * default; article/kind.ts passes a hold (render-workers/shared/held-reads.ts). Each promise is
 * marked handled: reads a render ends up not using (the path holds no article, or redirects) fail
 * nothing; a read the render awaits still fails it as before.
 */
export function startArticlePathReads(options: ArticleRenderOptions, via: { client: UpstreamClient; sideData: SideData } = options): ArticlePathReads {
  const { site, path, log } = options;
  const { client, sideData } = via;
  const section = categorySlugOf(path);
  const shell = loadShell(client, options.shellContext, { topicUrl: path, sectionUrl: `/${section}` });
  // Spec 1 §7: the article layout's elementId is fox-news/{category slug}.
  const layout = client.getLayout('article', `${site.layoutDomain}/${section}`);
  // Lists beside the article (rail, post-content, On Our Radar) are read without recording: if
  // every article depended on its section's list, each new story would rewrite and purge every
  // article of the section. They refresh whenever the article renders (edits, sweeps).
  // They are side data (core/upstream/side-data.ts): a failed read shows the last good copy.
  const unrecorded = client.withRecorder({ record: () => {}, sideData });
  const sideLists = (key: string, components: readonly LayoutComponent[]): Promise<ListSection[]> =>
    components.length === 0 ? Promise.resolve([]) : readSideData(sideData, key, () => loadListSections(unrecorded, components, log), { empty: [], parse: parsedWith(listSectionsSchema), onFailure: sideListFailed(log, key) });
  const reads: ArticlePathReads = {
    shell,
    layout,
    rightRail: layout.then((found) => sideLists(`article-rail:${site.layoutDomain}/${section}`, found?.rightRail ?? [])),
    postContent: layout.then((found) => sideLists(`article-post-content:${site.layoutDomain}/${section}`, found?.postContent ?? [])),
    onOurRadar:
      section === ON_OUR_RADAR_SECTION
        ? readSideData(sideData, `on-our-radar:${section}`, () => unrecorded.searchArticles({ category: section, size: ON_OUR_RADAR_SIZE + 1, from: 0 }), {
            empty: [],
            parse: parsedWith(articleSummariesSchema),
            onFailure: sideListFailed(log, 'on-our-radar'),
          })
        : Promise.resolve([]),
    // The recommended-videos strip likewise: a new video of the section would otherwise rewrite
    // every article of the section.
    recommendedVideos: loadRecommendedVideos(unrecorded, { domain: site.layoutDomain, section, now: options.now }),
  };
  for (const read of Object.values(reads) as Array<Promise<unknown>>) read.catch(() => {});
  return reads;
}

/**
 * Path reads started before the article was read (article/kind.ts), through a hold: `keep` hands
 * what they recorded and remembered to the render once the path is known to render this article.
 */
export interface EarlyArticleReads {
  reads: ArticlePathReads;
  keep(): void;
}

export async function renderArticle(article: FullArticle, options: ArticleRenderOptions, early?: EarlyArticleReads): Promise<ArticleOutcome> {
  const { site, path, client, log } = options;
  const redirect = await verifiedRedirect(article, path, client, log);
  if (redirect) {
    // The variants that stood here before the article moved are shadowed by the record anyway;
    // removing them keeps storage honest.
    return redirectPage(site.id, path, redirect.to);
  }
  early?.keep();
  const reads = early?.reads ?? startArticlePathReads(options);

  const section = categorySlugOf(path);
  const meta = deriveArticleMeta(article, {
    site,
    publicOrigin: options.publicOrigin,
    path,
    adHocGating: options.adHocGating,
    imageUrl: resizeOrKeep,
    // Spec 1 §9 "1200x675 default social": the served brand image (ADR 0020).
    defaultSocialImage: brandImageUrl('defaultSocial', options.publicOrigin),
  });
  const gated = isGatedArticle(article, { adHocGating: options.adHocGating, path });
  const [shell, layout, rightRail, postContent, onOurRadar, recommendedVideos] = await Promise.all([
    reads.shell,
    reads.layout,
    reads.rightRail,
    reads.postContent,
    reads.onOurRadar,
    reads.recommendedVideos,
  ]);
  const radar: ListSection = {
    title: ON_OUR_RADAR,
    items: safeLinks(onOurRadar)
      .filter((item) => item.url !== path)
      .slice(0, ON_OUR_RADAR_SIZE)
      .map((item) => ({ title: toPlainText(item.title), url: item.url })),
  };
  const blocks = toBlocks(article.components, log, { articleId: article.id, path });
  const variants = { amp: meta.isAMP, print: true };

  const standardLayout = chooseArticleLayout({ amp: false, gated, print: false, legacyType: article.fn__legacy_type });
  const printLayout = chooseArticleLayout({ amp: false, gated, print: true, legacyType: article.fn__legacy_type });

  const breadcrumbs = articleBreadcrumbs(article, meta, section);
  const extraHead = (page: 'standard' | 'print'): ReactNode => [
    createElement(HeadTags, { key: 'tags', tags: articleHeadTags(meta, variants, page) }),
    createElement(JsonLd, { key: 'ld', data: newsArticleJsonLd(meta, { imageUrl: resizeOrKeep }) }),
    breadcrumbs === null ? null : createElement(JsonLd, { key: 'breadcrumbs', data: breadcrumbs }),
  ];

  const objects: RenderedObject[] = [];

  let standardHtml: string;
  if (standardLayout === 'slideshow') {
    standardHtml = await renderSlideshow(article, meta, blocks, shell, extraHead('standard'), options);
  } else {
    const layoutName = standardLayout === 'gated' ? 'gated' : standardLayout === 'interactive' ? 'interactive' : 'standard';
    const view = {
      ...articleView(article, meta, blocks, layoutName, articleSideLists({ rightRail, postContent }, path, layoutName !== 'interactive'), path),
      banners: specialSeriesBanners(layout?.preContent ?? [], [...article.fn__tags.map((tag) => tag.path), ...article.tags], log),
      recommendedVideos,
      ...(radar.items.length > 0 ? { onOurRadar: radar } : {}),
    };
    standardHtml = renderDocument(createElement(ArticlePage, { head: { tags: extraHead('standard') }, shell, view }));
  }
  objects.push(htmlObject(site.id, path, standardHtml));

  if (printLayout === 'gated') {
    // A gated article's print URL shows the gated page (spec 1 §2.6 priority: gated before print).
    objects.push(htmlObject(site.id, path, standardHtml, 'print'));
  } else {
    objects.push(htmlObject(site.id, path, renderPrint(article, meta, blocks, shell), 'print'));
  }

  if (meta.isAMP) objects.push(htmlObject(site.id, path, renderAmp(article, meta, blocks, shell, section), 'amp'));

  return {
    kind: 'article',
    objects,
    // An article published at a path that used to redirect must not stay shadowed by the record;
    // an article no longer flagged AMP loses its AMP page.
    remove: variantKeys(site.id, path, meta.isAMP ? ['redirect'] : ['redirect', 'amp']),
  };
}

/**
 * A 301 only when the canonical path really serves this article (spec 1 §2.2): the same article
 * id at the target, whose own canonical path is the target. Otherwise (an off-site canonical, a
 * target that is missing, another article, or itself a redirect) the article renders in place,
 * so a reader never follows a redirect to a 404 or round a loop.
 */
async function verifiedRedirect(article: FullArticle, path: string, client: UpstreamClient, log: Logger): Promise<{ from: string; to: string } | null> {
  const redirect = canonicalRedirect(article, path);
  if (!redirect) return null;
  const target = await client.getArticleByPath(redirect.to);
  if (target && target.id === article.id && canonicalRedirect(target, redirect.to) === null) return redirect;
  log.warn({ redirect, targetId: target?.id ?? null }, 'canonical path does not serve this article; rendering in place');
  return null;
}

/** A tag path "fox-news/politics/elections" is the category page /category/politics/elections. */
function tagLink(term: { title: string; path: string }): Link {
  const withoutDomain = term.path.replace(/^[^/]+\//, '');
  return { name: toPlainText(term.title), url: `/category/${withoutDomain}` };
}

function articleView(
  article: FullArticle,
  meta: ArticleMeta,
  blocks: Block[],
  layout: ArticlePageView['layout'],
  lists: Pick<ArticlePageView, 'rightRail' | 'postContent'>,
  path: string,
): ArticlePageView {
  const header = article.header;
  const section = categorySlugOf(path);
  // Gated: the featured components (video) above the paywall, then the rest (spec 1 §2.6).
  const featuredCount = layout === 'gated' ? leadingFeatured(blocks) : 0;
  const liveBlog = blocks.find((b) => b.kind === 'live-blog');
  const body = blocks.slice(featuredCount).filter((b) => b.kind !== 'live-blog');
  const disclosure = disclosureFor(meta.tags);
  return {
    layout,
    section,
    banners: [],
    headline: meta.articleTitle,
    shareUrl: meta.canonicalUrl,
    ...(header.subHeadline || article.dek ? { subHeadline: toPlainText(header.subHeadline ?? article.dek ?? '') } : {}),
    // No upstream authors: the newsroom or AP default from the derived meta (spec 1 §3).
    authors: (header.authors.length > 0 ? header.authors : meta.authors.map((a) => ({ name: a.name, url: a.url }))).map((author) => {
      const headshot = showHeadshot('avatar' in author ? author : {}, { source: header.source?.name ?? meta.source.name, defaultPersonImage: DEFAULT_PERSON_IMAGE })
        ? resizedImageUrl('avatar' in author ? author.avatar : undefined, IMAGE_SIZES.headshot)
        : null;
      return { ...optionalLink(toPlainText(author.name), author.url), ...(headshot ? { headshotUrl: headshot } : {}) };
    }),
    ...(header.headerCategory && safeHref(header.headerCategory.url)
      ? { category: { name: toPlainText(header.headerCategory.name), url: safeHref(header.headerCategory.url) ?? '' } }
      : {}),
    publishedAt: meta.dates.published,
    ...(meta.dates.lastPublished ? { updatedAt: meta.dates.lastPublished } : {}),
    source: { name: meta.source.name, url: safeHref(meta.source.url) ?? '' },
    featuredBlocks: blocks.slice(0, featuredCount),
    blocks: layout === 'interactive' ? body : insertArticleAds(withTextToSpeech(markSpeakable(markDropcap(body, article.starts_with_dropcap)), textToSpeechApplies(meta)), { section, bettingPromo: meta.foxBet }),
    ...(disclosure ? { disclosure: disclosure.lines.join(' ') } : {}),
    ...(article.fn__footer ? { footerNote: toPlainText(article.fn__footer) } : {}),
    authorBios: header.authors
      .filter((a) => a.shortBio)
      .map((a) => ({ ...optionalLink(toPlainText(a.name), a.url), bio: cutBio(toPlainText(a.shortBio ?? '')) })),
    ...(liveBlog && liveBlog.kind === 'live-blog' ? { liveBlog: { eventCode: liveBlog.eventCode } } : {}),
    ...(header.sponsor || article.branding?.fn__indicator
      ? {
          sponsor: {
            ...(header.sponsor?.fn__indicator ?? article.branding?.fn__indicator ? { indicator: toPlainText(header.sponsor?.fn__indicator ?? article.branding?.fn__indicator ?? '') } : {}),
            ...(header.sponsor?.fn__disclaimer ?? article.branding?.fn__disclaimer ? { disclaimer: toPlainText(header.sponsor?.fn__disclaimer ?? article.branding?.fn__disclaimer ?? '') } : {}),
          },
        }
      : {}),
    relatedTopics: limitRelatedTopics(article.fn__tags.map(tagLink)),
    tags: limitTags(article.wp__tags.map(tagLink)),
    comments: Boolean(article.comments?.enabled) && header.allowComments,
    // Spec 1 §2.6 "comments (a forum variant exists)": a forum article's (§9) comments are the forum variant.
    ...(meta.isForum ? { commentsVariant: 'forum' as const } : {}),
    ...lists,
    recommendedVideos: [],
    ...(showPrintLink(meta) ? { printUrl: variantUrlPath(path, 'print') } : {}),
  };
}

/** Spec 1 §9: the text-to-speech block goes after the first featured video. */
function withTextToSpeech(blocks: Block[], applies: boolean): Block[] {
  if (!applies) return blocks;
  const index = blocks.findIndex((b) => b.kind === 'video' && b.featured);
  if (index < 0) return blocks;
  return [...blocks.slice(0, index + 1), { kind: 'promo', promo: 'text-to-speech' }, ...blocks.slice(index + 1)];
}

function leadingFeatured(blocks: Block[]): number {
  let count = 0;
  while (count < blocks.length) {
    const block = blocks[count];
    if (!block || block.kind !== 'video' || !block.featured) break;
    count += 1;
  }
  return count;
}

/** The first two paragraphs are speakable (spec 1 §9); structured-data.ts names the selector. */
/** The first paragraph of a starts_with_dropcap article opens with a drop cap (spec 1 §3). */
function markDropcap(blocks: Block[], dropcap: boolean): Block[] {
  const first = dropcap ? blocks.findIndex((block) => block.kind === 'paragraph') : -1;
  return first < 0 ? blocks : blocks.map((block, index) => (index === first && block.kind === 'paragraph' ? { ...block, dropcap: true } : block));
}

function markSpeakable(blocks: Block[]): Block[] {
  let seen = 0;
  return blocks.map((block) => {
    if (block.kind !== 'paragraph' || seen >= SPEAKABLE_PARAGRAPHS) return block;
    seen += 1;
    return { ...block, speakable: true };
  });
}

/** The edition as the AMP and print pages see it: name, language, id (its interface text) and the notice. */
function variantSite(shell: ShellModel): VariantSite {
  const { site } = shell;
  return { name: site.name, lang: site.lang, id: site.id, ...(site.translationNotice === undefined ? {} : { translationNotice: site.translationNotice }) };
}

function renderPrint(article: FullArticle, meta: ArticleMeta, blocks: Block[], shell: ShellModel): string {
  const disclosure = disclosureFor(meta.tags);
  // The print page's required props are checked where they are built (spec 1 §2.6); a draft
  // stays a draft on print as on the standard page.
  const props = parsePrintProps({
      site: variantSite(shell),
      // A headline that sanitises to nothing must not cost the article its print page.
      title: meta.articleTitle || meta.metaTitle || meta.siteName,
      lastPublishedDate: meta.dates.published === null ? article.publication_date : (meta.dates.lastPublished ?? meta.dates.published),
      source: { name: meta.source.name, url: safeHref(meta.source.url) ?? '/' },
      canonicalUrl: meta.canonicalUrl,
      header: {
        authors:
          article.header.authors.length > 0
            ? article.header.authors.map((a) => ({
                ...optionalLink(toPlainText(a.name), a.url),
                ...(a.shortBio ? { bio: cutBio(toPlainText(a.shortBio)) } : {}),
              }))
            : meta.authors.map((a) => optionalLink(a.name, a.url)),
      },
      articleTags: article.header.articleTags.map((t) => ({ slug: t.slug })),
      content: blocks,
      ...(disclosure ? { disclosure: disclosure.lines.join(' ') } : {}),
      year: shell.year,
      scripts: shell.scripts,
  });
  return renderDocument(createElement(PrintArticlePage, props));
}

/**
 * The AMP page's analytics tag (spec 1 §2.6 "analytics tags"): a pageview to the site's own
 * collector with the article's section and id. The vendor tags (the spec names none) slot in here.
 */
function ampPageviewAnalytics(meta: ArticleMeta, section: string): { config: { [key: string]: JsonValue } } {
  return {
    config: {
      requests: { pageview: `${meta.publicOrigin}/analytics/amp?article=\${articleId}&section=\${section}` },
      vars: { articleId: meta.id, section },
      triggers: { trackPageview: { on: 'visible', request: 'pageview' } },
      transport: { beacon: true, xhrpost: false },
    },
  };
}

/**
 * Home, the article's category (its header category, else its section front), the article
 * (ADR 0020). The section front is the page the shell marks as active for this article.
 */
function articleBreadcrumbs(article: FullArticle, meta: ArticleMeta, section: string): BreadcrumbListJsonLd | null {
  const header = article.header.headerCategory;
  const headerUrl = header === undefined ? undefined : safeHref(header.url);
  const category: Crumb = header !== undefined && headerUrl !== undefined ? { name: toPlainText(header.name), url: headerUrl } : { name: meta.articleSection, url: `/${section}` };
  return breadcrumbListJsonLd([{ name: meta.siteName, url: '/' }, category, { name: meta.articleTitle, url: meta.canonicalUrl }], meta.publicOrigin);
}

function renderAmp(article: FullArticle, meta: ArticleMeta, blocks: Block[], shell: ShellModel, section: string): string {
  const header = article.header;
  const categoryUrl = header.headerCategory ? safeHref(header.headerCategory.url) : undefined;
  const category = header.headerCategory && categoryUrl ? { name: toPlainText(header.headerCategory.name), url: categoryUrl } : undefined;
  const comments = Boolean(article.comments?.enabled) && header.allowComments;
  return renderAmpArticlePage({
    site: variantSite(shell),
    title: `${meta.metaTitle}${meta.titleSuffix}`,
    description: meta.metaDescription,
    canonicalUrl: meta.canonicalUrl,
    robots: robotsFor(meta, 'amp'),
    structuredData: newsArticleJsonLd(meta, { imageUrl: resizeOrKeep }),
    headline: meta.articleTitle,
    ...(header.subHeadline || article.dek ? { subHeadline: toPlainText(header.subHeadline ?? article.dek ?? '') } : {}),
    ...(category ? { category } : {}),
    ...(safeHref(meta.source.url) ? { source: { name: meta.source.name, url: safeHref(meta.source.url) ?? '' } } : {}),
    comments,
    authors: meta.authors.map((a) => ({ name: a.name, url: safeHref(a.url) ?? '' })),
    ...(meta.dates.published === null ? { publishedAt: null } : { publishedAt: meta.dates.published }),
    ...(meta.dates.lastPublished ? { updatedAt: meta.dates.lastPublished } : {}),
    blocks,
    menu: shell.menus.header,
    legalLinks: shell.legalLinks,
    year: shell.year,
    analytics: [ampPageviewAnalytics(meta, section)],
    ads: { slotPath: `/fox-news/amp/${section}`, rtcUrls: [] },
  });
}

async function renderSlideshow(
  article: FullArticle,
  meta: ArticleMeta,
  blocks: Block[],
  shell: ShellModel,
  extraHead: ReactNode,
  options: ArticleRenderOptions,
): Promise<string> {
  const block = blocks.find((b) => b.kind === 'slideshow');
  const slideshow = block?.kind === 'slideshow' ? block : undefined;
  const slides = slideshow?.slides ?? [];
  // The intro slide's dek (spec 1 §2.6, §3 Slideshow): the slideshow's own, else the article's standfirst.
  const dek = slideshow?.dek || meta.standFirst;
  const section = categorySlugOf(options.path);
  // Spec 1 §7/§9: request 6 from the same category, show 5 excluding the current one.
  // Unrecorded, like the article's other side lists (see renderArticle).
  const related = await readSideData(
    options.sideData,
    `related-slideshows:${section}`,
    () => options.client.withRecorder({ record: () => {}, sideData: options.sideData }).searchArticles({ category: section, size: RECOMMENDED_SLIDESHOWS.request, from: 0, contentTypes: ['slideshow'] }),
    { empty: [], parse: parsedWith(articleSummariesSchema), onFailure: sideListFailed(options.log, 'related-slideshows') },
  );
  return renderDocument(
    createElement(SlideshowPage, {
      head: { tags: extraHead },
      shell,
      bodyClass: `page-article layout-slideshow section-${section}`,
      slideshow: {
        title: meta.articleTitle,
        ...(dek ? { dek } : {}),
        url: options.path,
        shareUrl: meta.canonicalUrl,
        items: slides.map((slide, index) => ({
          imageId: `${article.id}-${index + 1}`,
          imageUrl: slide.src,
          alt: slide.alt,
          ...(slide.captionHtml ? { caption: toPlainText(slide.captionHtml) } : {}),
          ...(slide.copyright ? { copyright: slide.copyright } : {}),
          ...(slide.sourceTitle ? { sourceTitle: slide.sourceTitle } : {}),
        })),
      },
      recommended: safeLinks(related).map((item) => ({ title: toPlainText(item.title), url: item.url, ...(safeHref(item.imageUrl) ? { imageUrl: safeHref(item.imageUrl) ?? '' } : {}) })),
    }),
  );
}
