/**
 * The page kinds, in routing order (ADR 0036; spec 1 §2.1): render-page.ts builds a path with the
 * first kind that claims it. Order matters: a crawler file, a static or special page, the search
 * page, a person, a show, the video area, games and live events are never articles or fronts, so
 * they come before the article kind; any path may be a front, and a path nothing else built is a
 * static page if upstream has one.
 *
 *   path                                 kind (id)                 folder   builds
 *   /                                    home                      home/    home and the 404 page (ADR 0006)
 *   /robots.txt, sitemaps, /rss/*.xml    crawler-files             crawlers/
 *   /search-results/search               search                    search/
 *   /personalities, its /person/ alias   persons-list              people/
 *   /person/{p}/{slug}                   person                    people/
 *   static and special pages             static                    static/
 *   /shows, /shows/{id}                  shows-list, show          shows/   a missing show is the 404 page
 *   /video...                            video-area                video/
 *   /games, /games/{id}                  games                     games/
 *   /coverage/{page?}                    live-event                live/
 *   /{section}/{article...}              article                   article/ none there: on to the fronts
 *   any other path                       front                     fronts/  section, category, tag, elections; none: on
 *   anything else                        static-fallback           static/  a static page there, if upstream has one
 *
 * Adding a page kind: its folder (builder, rules, page components, `kind.ts` declaring it with
 * `pageKind`) and its place in this list.
 */
import type { BuiltPage, PageKind } from './page-kind.js';
import { articleKind } from './article/kind.js';
import { crawlerFilesKind } from './crawlers/kind.js';
import { frontKind } from './fronts/kind.js';
import { gamesKind } from './games/kind.js';
import { homeKind } from './home/kind.js';
import { liveEventKind } from './live/kind.js';
import { personKind, personsListKind } from './people/kind.js';
import { searchKind } from './search/kind.js';
import { showKind, showsListKind } from './shows/kind.js';
import { staticFallbackKind, staticKind } from './static/kind.js';
import { videoAreaKind } from './video/kind.js';

export const PAGE_KINDS = [
  homeKind,
  crawlerFilesKind,
  searchKind,
  personsListKind,
  personKind,
  staticKind,
  showsListKind,
  showKind,
  videoAreaKind,
  gamesKind,
  liveEventKind,
  articleKind,
  frontKind,
  staticFallbackKind,
] as const;

type AnyPageKind = (typeof PAGE_KINDS)[number];

/** A page kind's id: 'home', 'crawler-files', ..., 'static-fallback'. */
export type PageKindId = AnyPageKind['id'];

/** What a built page rendered as (BuiltPage.kind): 'home', 'feed', 'article', 'redirect', 'section', ... */
export type BuiltPageKind = AnyPageKind extends infer Kind ? (Kind extends PageKind<string, infer Built> ? Built : never) : never;

type IsTrue<T extends true> = T;
/** Fails to compile when a kind's build returns `BuiltPage` (kind: string), which would widen the union to string. */
export type EveryKindNamesItsPages = IsTrue<string extends BuiltPageKind ? false : true>;

/** The built page of any kind in the list. */
export type AnyBuiltPage = BuiltPage<BuiltPageKind>;
