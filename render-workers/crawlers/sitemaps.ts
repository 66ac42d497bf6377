/**
 * Sitemaps (sitemaps.org protocol 0.9) and the Google News sitemap (a sitemap
 * index with page sitemaps, and a news sitemap of the last 48 hours; ADR 0020).
 *
 *   /sitemap.xml               index: the sections sitemap and every articles sitemap
 *   /sitemap-sections.xml      the home page and every section front (not yet the static pages)
 *   /sitemap-articles-N.xml    every article page, SITEMAP_MAX_URLS per file, paths in code-point order
 *   /sitemap-news.xml          articles published in the 48 hours before the render
 *
 * The index and its page sitemaps come from one read of the upstream site map, so one render (of
 * `/sitemap.xml`) writes them all: rendering each file apart would walk the whole site map once
 * per file. Every file is deterministic for unchanged content (no clock in the output; sorted
 * paths), so the content-hash check skips the ones that did not change.
 */
import { NEWS_SITEMAP_PATH, SITEMAP_INDEX_PATH } from '../../core/isomorphic/constants.js';
import { cacheControlFor } from '../../core/storage/cache-policy.js';
import { isValidPagePath, rootFileKey } from '../../core/storage/keys.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import type { ArticleSummary } from '../../core/upstream/schemas.js';
import { canonicalFor } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import type { RenderedObject } from '../publish.js';
import { HARD_CODED_NOINDEX_ARTICLE_IDS } from '../article/meta.js';
import { sitemapExclusion } from './sitemap-entries.js';
import { element, parseDate, plainText, w3cDateTime, XML_DECLARATION } from './xml.js';

export const SECTIONS_SITEMAP_PATH = '/sitemap-sections.xml';
const ARTICLES_SITEMAP = /^\/sitemap-articles-([1-9][0-9]{0,5})\.xml$/;

/** sitemaps.org: "no more than 50,000 URLs" per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Google News: "no more than 1,000 news:news tags" per news sitemap. */
export const NEWS_SITEMAP_MAX_URLS = 1_000;
/** The news sitemap's window (Google News lists articles of the last 48 hours). */
export const NEWS_WINDOW_HOURS = 48;
/** Page size of the latest-articles walk that fills the news sitemap (article search allows 1..100). */
const NEWS_PAGE_SIZE = 100;
/**
 * Articles sitemaps past the last one that a render deletes if they exist. The store can not be
 * listed from a builder, and the site shrinking by more than this many files (50,000 articles
 * each) between two renders of the index does not happen; a file left past it is not listed in
 * the index, which is what crawlers follow.
 */
const STALE_ARTICLE_SITEMAPS = 5;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';
export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

export function articlesSitemapPath(page: number): string {
  return `/sitemap-articles-${page}.xml`;
}

/** True for every sitemap path, including article pages that may not exist. */
export function isSitemapPath(path: string): boolean {
  return path === SITEMAP_INDEX_PATH || path === SECTIONS_SITEMAP_PATH || path === NEWS_SITEMAP_PATH || ARTICLES_SITEMAP.test(path);
}

/** The root file name of a sitemap path ("/sitemap.xml" -> "sitemap.xml"). */
function fileOf(path: string): string {
  return path.slice(1);
}

export function renderSitemapIndex(locations: readonly string[]): string {
  const entries = locations.map((loc) => `<sitemap>${element('loc', loc)}</sitemap>`);
  return [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NS}">`, ...entries, '</sitemapindex>', ''].join('\n');
}

export function renderUrlSet(locations: readonly string[]): string {
  const entries = locations.map((loc) => `<url>${element('loc', loc)}</url>`);
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}">`, ...entries, '</urlset>', ''].join('\n');
}

export interface NewsEntry {
  /** Absolute URL of the article. */
  loc: string;
  publicationDate: Date;
  title: string;
}

export function renderNewsSitemap(publication: { name: string; language: string }, entries: readonly NewsEntry[]): string {
  const urls = entries.map((entry) =>
    [
      '<url>',
      element('loc', entry.loc),
      '<news:news>',
      '<news:publication>',
      element('news:name', publication.name),
      element('news:language', publication.language),
      '</news:publication>',
      element('news:publication_date', w3cDateTime(entry.publicationDate)),
      element('news:title', entry.title),
      '</news:news>',
      '</url>',
    ].join(''),
  );
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}" xmlns:news="${NEWS_NS}">`, ...urls, '</urlset>', ''].join('\n');
}

function xmlObject(key: string, body: string): RenderedObject {
  return { key, body, contentType: XML_CONTENT_TYPE, cacheControl: cacheControlFor('feed') };
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The site's pages, from the typed upstream site map (docs/upstream-contract.md §4.7): articles go
 * in the article sitemaps, every other page kind in the sections sitemap; redirects, noindex
 * pages, drafts and non-canonical paths are left out (sitemap-entries.ts). Section, static and show pages record `category:<path>`, `static-page:<path>` or `list:shows`
 * so that removing one re-renders the sitemaps.
 */
async function loadSitePages(ctx: PageBuildContext): Promise<{ sections: string[]; articles: string[] }> {
  const entries = await ctx.client.listSiteEntries();
  const sections = new Set<string>();
  const articles = new Set<string>();
  for (const entry of entries) {
    // Recorded before the filter: a section or static page that turns noindex still re-renders the sitemaps.
    if (entry.type === 'section') ctx.record(dataKeys.category(entry.path));
    if (entry.type === 'static') ctx.record(dataKeys.staticPage(entry.path));
    if (entry.type === 'show') ctx.record(dataKeys.showList());
    if (sitemapExclusion(entry, ctx.site) !== null) continue;
    if (entry.type === 'article') articles.add(entry.path);
    else sections.add(entry.path);
  }
  return { sections: [...sections].sort(byCodePoint), articles: [...articles].sort(byCodePoint) };
}

/**
 * The index, the sections sitemap and every articles sitemap, in one render. Records
 * `list:latest`: the site-map reads record nothing, and every article event (publish, edit,
 * removal) invalidates `list:latest` (ingest/events.ts), so the sitemaps follow the articles.
 */
export async function buildSitemaps(ctx: PageBuildContext): Promise<BuiltPage<'sitemap'>> {
  ctx.record(dataKeys.latestList());
  const { sections, articles } = await loadSitePages(ctx);
  const absolute = (path: string): string => canonicalFor(ctx.publicOrigin, path);
  const key = (path: string): string => rootFileKey(ctx.site.id, fileOf(path));

  const pages: string[][] = [];
  for (let start = 0; start < articles.length; start += SITEMAP_MAX_URLS) pages.push(articles.slice(start, start + SITEMAP_MAX_URLS));
  const objects: RenderedObject[] = [];
  const add = (path: string, body: string): void => {
    objects.push(xmlObject(key(path), body));
  };
  add(SITEMAP_INDEX_PATH, renderSitemapIndex([SECTIONS_SITEMAP_PATH, ...pages.map((_, i) => articlesSitemapPath(i + 1))].map(absolute)));
  add(SECTIONS_SITEMAP_PATH, renderUrlSet(sections.map(absolute)));
  pages.forEach((page, i) => add(articlesSitemapPath(i + 1), renderUrlSet(page.map(absolute))));
  const remove = Array.from({ length: STALE_ARTICLE_SITEMAPS }, (_, i) => key(articlesSitemapPath(pages.length + i + 1)));
  return { kind: 'sitemap', objects, remove };
}

/** A latest-list item as a news entry; null outside the window or when it is not one of our pages. */
export function toNewsEntry(summary: ArticleSummary, publicOrigin: string, windowStart: Date, now: Date): NewsEntry | null {
  if (!isValidPagePath(summary.url)) return null;
  // Only indexable pages (ADR 0020), by the rules the article page applies (spec 1 §9).
  if (summary.noindex === true || (summary.id !== undefined && HARD_CODED_NOINDEX_ARTICLE_IDS.includes(summary.id))) return null;
  const publicationDate = parseDate(summary.publicationDate);
  if (publicationDate === null || publicationDate < windowStart || publicationDate > now) return null;
  const title = plainText(summary.title);
  if (title === '') return null;
  return { loc: canonicalFor(publicOrigin, summary.url), publicationDate, title };
}

/**
 * The news sitemap: the site's articles published in the 48 hours before `ctx.now`, newest first,
 * read from the latest list (records `list:latest`, so a publish re-renders it). The clock only
 * chooses the window; the output is the entries inside it and nothing else, so two renders with
 * the same articles in the window write the same bytes. The file does change as articles age
 * out of the window with no content event; a schedule re-renders it for that.
 */
export async function buildNewsSitemap(ctx: PageBuildContext): Promise<BuiltPage<'sitemap'>> {
  const now = ctx.now;
  const windowStart = new Date(now.getTime() - NEWS_WINDOW_HOURS * 3_600_000);
  const entries: NewsEntry[] = [];
  const seen = new Set<string>();
  for (let from = 0; entries.length < NEWS_SITEMAP_MAX_URLS; from += NEWS_PAGE_SIZE) {
    const page = await ctx.client.searchArticles({ size: NEWS_PAGE_SIZE, from });
    for (const summary of page) {
      const entry = toNewsEntry(summary, ctx.publicOrigin, windowStart, now);
      if (entry === null || seen.has(entry.loc) || entries.length >= NEWS_SITEMAP_MAX_URLS) continue;
      seen.add(entry.loc);
      entries.push(entry);
    }
    // The list is newest first: once an item is older than the window, so is everything after it.
    const oldest = page.length === 0 ? null : parseDate(page[page.length - 1]?.publicationDate);
    if (page.length < NEWS_PAGE_SIZE || (oldest !== null && oldest < windowStart)) break;
  }
  const body = renderNewsSitemap({ name: ctx.site.name, language: ctx.site.lang }, entries);
  return { kind: 'sitemap', objects: [xmlObject(rootFileKey(ctx.site.id, fileOf(NEWS_SITEMAP_PATH)), body)] };
}

export { NEWS_SITEMAP_PATH, SITEMAP_INDEX_PATH };
