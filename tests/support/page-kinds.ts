/**
 * One sample page of every page kind readers meet, on both editions (each browser check covers one
 * page of every kind of both editions). Browser tests (widths, crawl, Lighthouse, screenshots) walk this list
 * instead of each keeping its own. Paths are real pages of the sample upstream
 * (infra/sample-upstream/data/, its site map at /api/sitemap) and of core/site-pages.ts.
 *
 * Both editions share the upstream site map (core/site-pages.ts), so every kind exists
 * on both; the translation statement is the Spanish edition's own static page.
 */
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import { SITE_IDS, type SiteId } from '../../core/isomorphic/sites.js';

export const PAGE_KIND_NAMES = [
  'home',
  'front',
  'category',
  'tag',
  'article',
  'print',
  'amp',
  'slideshow',
  'interactive',
  'gated',
  'search',
  'static',
  'legal',
  'not-found',
  'video-hub',
  'video',
  'video-topics',
  'show',
  'person',
  'persons-list',
  'games-hub',
  'game',
  'live-event',
] as const;
export type PageKindName = (typeof PAGE_KIND_NAMES)[number];

export interface PageKindSample {
  kind: PageKindName;
  site: SiteId;
  /** The public path a reader requests (".amp" and ".print" select those variants, core/storage/keys.ts). */
  path: string;
  /** The page says noindex to crawlers by design (search, print, 404): SEO audits assert that instead. */
  noindex?: boolean;
  /** The page is not published: the edge answers it with the stored 404 page (status 404). */
  notFound?: boolean;
}

/** The sample path of each kind; the same on both editions. */
const SAMPLE_PATHS: Readonly<Record<PageKindName, Omit<PageKindSample, 'kind' | 'site'>>> = {
  home: { path: '/' },
  front: { path: '/politics' },
  // A category route with its own category record (spec 1 §2.1 "/category/...").
  category: { path: '/category/us/personal-freedoms/america-together' },
  // A tag front: a tag and a category layout, no category record; articles link to it.
  tag: { path: '/category/politics/elections/senate' },
  article: { path: '/us/state-lawmakers-approve-sweeping-changes-to-rural-water-rights-after-decades-long-fight' },
  print: { path: '/us/state-lawmakers-approve-sweeping-changes-to-rural-water-rights-after-decades-long-fight.print', noindex: true },
  // Only articles flagged isAMP have the variant.
  amp: { path: '/us/harbor-commission-approves-taller-seawall.amp' },
  slideshow: { path: '/lifestyle/spring-gardens-in-bloom' },
  interactive: { path: '/us/map-where-the-new-bike-lanes-will-go' },
  gated: { path: '/politics/inside-the-budget-talks-that-almost-collapsed' },
  search: { path: SEARCH_RESULTS_PATH, noindex: true },
  static: { path: '/newsletters' },
  legal: { path: '/privacy-policy' },
  'not-found': { path: '/no-such-page-anywhere', noindex: true, notFound: true },
  'video-hub': { path: '/video' },
  video: { path: '/video/senate-leaders-week-ahead' },
  'video-topics': { path: '/video/topics' },
  show: { path: '/shows/the-evening-report' },
  person: { path: '/person/w/sarah-whitfield' },
  'persons-list': { path: '/personalities' },
  'games-hub': { path: '/games' },
  game: { path: '/games/daily-crossword-puzzle' },
  'live-event': { path: '/coverage/election-night' },
};

/** Every kind on every edition, news first, in PAGE_KIND_NAMES order. */
export const PAGE_KINDS: readonly PageKindSample[] = SITE_IDS.flatMap((site) =>
  PAGE_KIND_NAMES.map((kind) => ({ kind, site, ...SAMPLE_PATHS[kind] })),
);

/** The samples of one edition, or of all when `site` is omitted; optionally only some kinds. */
export function pageKinds(options: { site?: SiteId; kinds?: readonly PageKindName[] } = {}): PageKindSample[] {
  return PAGE_KINDS.filter((sample) => (options.site === undefined || sample.site === options.site) && (options.kinds === undefined || options.kinds.includes(sample.kind)));
}

/** The sample of one kind on one edition. */
export function pageKind(site: SiteId, kind: PageKindName): PageKindSample {
  const sample = PAGE_KINDS.find((candidate) => candidate.site === site && candidate.kind === kind);
  if (sample === undefined) throw new Error(`No sample page of kind ${kind} on ${site}`);
  return sample;
}

/** The paths to publish so every sample exists (the 404 sample is deliberately left out). */
export function pageKindPathsToPublish(site?: SiteId): string[] {
  return [...new Set(pageKinds(site === undefined ? {} : { site }).filter((s) => !s.notFound).map((s) => s.path.replace(/\.(amp|print)$/, '')))];
}
