/**
 * Which request targets the page rules could serve (spec 1 §2.1 route table, spec 2 §2), for
 * render on miss (docs/architecture.md "Render on miss"; ADR 0018). The edge router asks
 * `missRenderTarget` when it answers 404; only a target this module accepts may become a `miss`
 * render job, and the job's path is the page path it names (one job renders every variant).
 *
 * This is a gate, not the router: render-workers/page-kinds.ts still decides what a path
 * renders as, and a path accepted here may render nothing (the worker then records it in the
 * negative cache, core/miss-cache.ts). The gate is deliberately stricter than storage's page
 * paths (core/storage/keys.ts): a miss render is asked for by anyone on the internet, so only
 * targets shaped like the site's own URLs pass:
 *
 *   too-long        a target over MISS_RULE_LIMITS (length, segments, segment length)
 *   encoding        any percent-escape or character outside slug characters and "/" (CMS slugs
 *                   never need escapes, so "%2e%2e", overlong UTF-8 and the like never pass)
 *   dot-segment     ".", ".." or a segment starting with "."
 *   bad-segment     an empty segment ("//"), upper case or other non-slug characters
 *   asset           a file name (a dot in a segment once ".amp"/".print" is taken off): scripts,
 *                   images, "wp-login.php", and the crawler files, which the site publish and the
 *                   schedules keep stored
 *   query           a query string that is not a few short name=value pairs
 *   unknown-prefix  a first segment no route of the spec starts with (or one reserved for the
 *                   edge: /api, /assets, /admin, ...) on a path of two or more segments
 *   not-a-page      a known prefix with a shape none of its routes has (/games/a/b)
 */
import { SEARCH_RESULTS_PATH } from './isomorphic/constants.js';
import { SECTION_CODES } from './isomorphic/sections.js';
import { SITES, type SiteId } from './isomorphic/sites.js';
import { STATIC_PAGE_PATHS } from './isomorphic/static-paths.js';
import { isValidPagePath, variantFromRequestPath, type PageVariant } from './storage/keys.js';

export const MISS_RULE_LIMITS = {
  /** The whole target, path and query. */
  maxTargetLength: 512,
  /** The page path (after the variant suffix is taken off). Real article URLs are far shorter. */
  maxPathLength: 200,
  maxSegments: 6,
  maxSegmentLength: 100,
  maxQueryLength: 256,
  maxQueryParams: 8,
} as const;

export const MISS_REJECTIONS = ['too-long', 'encoding', 'dot-segment', 'bad-segment', 'asset', 'query', 'unknown-prefix', 'not-a-page'] as const;
export type MissRejection = (typeof MISS_REJECTIONS)[number];

/** Route names of spec 1 §2.1 and spec 2 §2, plus the video, search and static kinds of the table. */
export type PageRoute =
  | 'index'
  | 'static'
  | 'games'
  | 'personalities'
  | 'person-p-slug'
  | 'shows'
  | 'shows-id'
  | 'video'
  | 'search'
  | 'category'
  | 'category-slug'
  | 'category-politics-elections-slug'
  | 'coverage-page'
  | 'section'
  | 'slug-article';

export type MissDecision =
  | {
      renderable: true;
      route: PageRoute;
      /** The page path the render job carries (the variant suffix taken off). */
      path: string;
      /** The variant the request asked for. */
      variant: Exclude<PageVariant, 'redirect'>;
    }
  | { renderable: false; reason: MissRejection };

/** The fixed static pages (one list with the render worker's, core/isomorphic/static-paths.ts). */
const STATIC_PATHS: ReadonlySet<string> = new Set(STATIC_PAGE_PATHS);

/**
 * First segments under which articles and sub-sections live (`/{slug}/{article}` and
 * `/{slug}/{article}/*`, spec 1 §2.1): the sections of spec 1 §9 and the header menu's
 * categories (spec 1 §2.3, "AI"). A deeper path under any other first segment is refused.
 */
const SECTION_PREFIXES: ReadonlySet<string> = new Set([...Object.keys(SECTION_CODES), 'ai', 'business', 'weather']);

/**
 * First segments that belong to the edge router or to nobody: never a page, even as one segment
 * (common probes of other software among them).
 */
const RESERVED_PREFIXES: ReadonlySet<string> = new Set([
  'api',
  'assets',
  'admin',
  'administrator',
  'cgi-bin',
  'healthz',
  'readyz',
  'metrics',
  'phpmyadmin',
  'server-status',
  'vendor',
  'wp-admin',
  'wp-content',
  'wp-includes',
  'wp-login',
  'xmlrpc',
]);

const SLUG_SEGMENT = /^[a-z0-9][a-z0-9-]*$/;
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~/]*$/;
const QUERY_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/;
const QUERY_VALUE = /^[A-Za-z0-9\-._~%+,:]{0,128}$/;

function isRejection(value: PageRoute | MissRejection): value is MissRejection {
  return (MISS_REJECTIONS as readonly string[]).includes(value);
}

function reject(reason: MissRejection): MissDecision {
  return { renderable: false, reason };
}

function queryIsPlain(query: string): boolean {
  if (query === '') return true;
  if (query.length > MISS_RULE_LIMITS.maxQueryLength) return false;
  const pairs = query.split('&');
  if (pairs.length > MISS_RULE_LIMITS.maxQueryParams) return false;
  return pairs.every((pair) => {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    const value = equals < 0 ? '' : pair.slice(equals + 1);
    return QUERY_NAME.test(name) && QUERY_VALUE.test(value);
  });
}

/** The route of a well-formed page path, or why none of the spec's routes has its shape. */
function routeOf(site: SiteId, path: string, segments: readonly string[]): PageRoute | MissRejection {
  if (path === '/') return 'index';
  const [first = '', second] = segments;
  const depth = segments.length;
  if (RESERVED_PREFIXES.has(first)) return 'unknown-prefix';
  if (STATIC_PATHS.has(path) || SITES[site].translationNotice?.href === path) return 'static';
  switch (first) {
    case 'video':
      // /video, /video/shows, /video/shows/{id}, /video/topics, /video/topics/*, /video/{video}
      if (second === 'shows') return depth <= 3 ? 'video' : 'not-a-page';
      if (second === 'topics') return 'video';
      return depth <= 2 ? 'video' : 'not-a-page';
    case 'category':
      if (depth === 1) return 'category';
      if (second === 'politics' && segments[2] === 'elections') return depth <= 4 ? 'category-politics-elections-slug' : 'not-a-page';
      return 'category-slug';
    case 'person':
      // /person/personalities, /person/{p?}/{slug}
      if (depth === 2 && second === 'personalities') return 'personalities';
      return depth === 2 || depth === 3 ? 'person-p-slug' : 'not-a-page';
    case 'personalities':
      return depth === 1 ? 'personalities' : 'not-a-page';
    case 'shows':
      return depth === 1 ? 'shows' : depth === 2 ? 'shows-id' : 'not-a-page';
    case 'games':
      return depth <= 2 ? 'games' : 'not-a-page';
    case 'coverage':
      return depth <= 2 ? 'coverage-page' : 'not-a-page';
    case 'search-results':
      return path === SEARCH_RESULTS_PATH ? 'search' : 'not-a-page';
    default:
      // `{token}{slug?}`: any one segment may be a section front or a static page upstream holds.
      if (depth === 1) return 'section';
      return SECTION_PREFIXES.has(first) ? 'slug-article' : 'unknown-prefix';
  }
}

/**
 * Whether a miss of `target` (the request target as sent: path and query, still encoded) on `site`
 * may ask for a render, and of which page. Pure and cheap: it runs on every 404.
 */
export function missRenderTarget(site: SiteId, target: string): MissDecision {
  if (target.length > MISS_RULE_LIMITS.maxTargetLength) return reject('too-long');
  const end = target.search(/[?#]/);
  const rawPath = end < 0 ? target : target.slice(0, end);
  const rest = end < 0 ? '' : target.slice(end);
  if (!rawPath.startsWith('/') || !PATH_CHARACTERS.test(rawPath)) return reject('encoding');
  const query = rest.startsWith('?') ? (rest.slice(1).split('#', 1)[0] ?? '') : '';
  if (!queryIsPlain(query)) return reject('query');

  const requested = variantFromRequestPath(rawPath);
  const path = requested.path;
  if (requested.variant === 'redirect') return reject('not-a-page');
  if (path.length > MISS_RULE_LIMITS.maxPathLength) return reject('too-long');
  const segments = path === '/' ? [] : path.slice(1).split('/');
  if (segments.length > MISS_RULE_LIMITS.maxSegments) return reject('too-long');
  for (const segment of segments) {
    if (segment === '') return reject('bad-segment');
    if (segment.startsWith('.')) return reject('dot-segment');
    if (segment.length > MISS_RULE_LIMITS.maxSegmentLength) return reject('too-long');
    if (segment.includes('.')) return reject('asset');
    if (!SLUG_SEGMENT.test(segment)) return reject('bad-segment');
  }
  // Belt and braces: whatever passed must be a page path storage accepts as written.
  if (!isValidPagePath(path)) return reject('bad-segment');
  const route = routeOf(site, path, segments);
  if (isRejection(route)) return reject(route);
  return { renderable: true, route, path, variant: requested.variant };
}
