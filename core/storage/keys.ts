/**
 * The one mapping between what readers ask for and where it lives in object storage (docs/architecture.md,
 * "Storage keys"). Render workers write with it, the edge router reads with it, ingest deletes
 * with it. Both directions are total on valid input and reject everything else, so no upstream id
 * or request path can name a key outside its site's prefix.
 *
 * Key layout (one site per prefix):
 *   {site}/pages{path}/index.html      standard page     ("/" is {site}/pages/index.html)
 *   {site}/pages{path}/amp.html        AMP variant       (served at {path}.amp)
 *   {site}/pages{path}/print.html      print variant     (served at {path}.print and {path}.print.html)
 *   {site}/pages{path}/redirect.json   redirect record
 *   {site}/special/404.html            the stored 404 page
 *   {site}/root/robots.txt, {site}/root/sitemap.xml, ...  files served at the site root
 *   {site}/feeds/{section}.xml         a section's RSS feed (served at /rss/{section}.xml)
 *   assets/{file}                      hashed bundle assets, shared by every site
 *   {site}/versions{path}/_v/{version}/{variant file}   earlier versions of a page (rollback,
 *                                      core/page-versions.ts); never served
 *   probe/render-worker.txt            what the recovery sweep writes to learn whether storage
 *                                      takes writes again (render-workers/recovery-sweep.ts);
 *                                      never served
 */
import { PlatformError } from '../errors.js';
import { isSiteId, type SiteId } from '../isomorphic/sites.js';
import { key as dataKey } from '../upstream/data-keys.js';

export const PAGE_VARIANTS = ['standard', 'amp', 'print', 'redirect'] as const;
export type PageVariant = (typeof PAGE_VARIANTS)[number];

const VARIANT_FILE: Record<PageVariant, string> = {
  standard: 'index.html',
  amp: 'amp.html',
  print: 'print.html',
  redirect: 'redirect.json',
};
const FILE_VARIANT = new Map(Object.entries(VARIANT_FILE).map(([variant, file]) => [file, variant as PageVariant]));

/** Limits on a page path. Generous for real URLs, small enough to refuse garbage early. */
export const PATH_LIMITS = { maxLength: 512, maxSegments: 12, maxSegmentLength: 200 } as const;

// A segment is what CMS slugs are made of. No dots at the start (no "." or ".." or hidden files),
// no percent-escapes, no separators other than "/".
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
const ROOT_FILE = /^[a-z0-9][a-z0-9._-]*\.(txt|xml)$/;
const ASSET_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(js|css|map|json|svg|png|woff2)$/;
// A feed is named by its section slug (spec 1 §2.4: "lifestyle", "us", ...): one lower-case slug,
// so a feed key can never hold a "/" or a dot segment.
const FEED_SECTION = /^[a-z0-9][a-z0-9-]{0,63}$/;
const FEED_REQUEST = /^\/rss\/([^/]+)\.xml$/;

/**
 * Validates and normalises a page path: a leading slash, no trailing slash (except "/"),
 * no empty, "." or ".." segments, only slug characters. Throws INVALID_PATH otherwise.
 */
export function normalisePagePath(path: string): string {
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new PlatformError('INVALID_PATH', 'A page path must start with "/"', { details: { path } });
  }
  if (path.length > PATH_LIMITS.maxLength) {
    throw new PlatformError('INVALID_PATH', `A page path may be at most ${PATH_LIMITS.maxLength} characters`);
  }
  if (path === '/') return '/';
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = trimmed.slice(1).split('/');
  if (segments.length > PATH_LIMITS.maxSegments) {
    throw new PlatformError('INVALID_PATH', `A page path may have at most ${PATH_LIMITS.maxSegments} segments`, { details: { path } });
  }
  for (const segment of segments) {
    if (segment.length > PATH_LIMITS.maxSegmentLength || !SEGMENT.test(segment)) {
      throw new PlatformError('INVALID_PATH', `Invalid path segment ${JSON.stringify(segment.slice(0, 40))}`, { details: { path } });
    }
  }
  return '/' + segments.join('/');
}

export function isValidPagePath(path: string): boolean {
  try {
    return normalisePagePath(path) === path;
  } catch {
    return false;
  }
}

export function pageKey(site: SiteId, path: string, variant: PageVariant): string {
  const normal = normalisePagePath(path);
  const dir = normal === '/' ? `${site}/pages` : `${site}/pages${normal}`;
  return `${dir}/${VARIANT_FILE[variant]}`;
}

/** Every variant's key for one page (used to delete a page). */
export function pageKeys(site: SiteId, path: string): Record<PageVariant, string> {
  return Object.fromEntries(PAGE_VARIANTS.map((v) => [v, pageKey(site, path, v)])) as Record<PageVariant, string>;
}

export function notFoundPageKey(site: SiteId): string {
  return `${site}/special/404.html`;
}

/** Files served at the site root (robots.txt, sitemaps); section feeds have feedKey. */
export function rootFileKey(site: SiteId, file: string): string {
  if (!ROOT_FILE.test(file)) throw new PlatformError('INVALID_PATH', `Invalid root file name ${JSON.stringify(file)}`);
  return `${site}/root/${file}`;
}

/** A section's RSS feed (spec 1 §2.4). Kept out of `root/` because its public URL has two segments. */
export function feedKey(site: SiteId, section: string): string {
  if (!FEED_SECTION.test(section)) throw new PlatformError('INVALID_PATH', `Invalid feed section ${JSON.stringify(section.slice(0, 40))}`);
  return `${site}/feeds/${section}.xml`;
}

/** Public URL path of a section's RSS feed: `/rss/{section}.xml`. */
export function feedUrlPath(section: string): string {
  if (!FEED_SECTION.test(section)) throw new PlatformError('INVALID_PATH', `Invalid feed section ${JSON.stringify(section.slice(0, 40))}`);
  return `/rss/${section}.xml`;
}

/** The section a request path names as a feed (`/rss/politics.xml` -> "politics"), else null. */
export function feedSectionFromRequestPath(requestPath: string): string | null {
  const section = FEED_REQUEST.exec(requestPath)?.[1];
  return section !== undefined && FEED_SECTION.test(section) ? section : null;
}

/**
 * The storage probe's object (key layout above). Outside every site's prefix, so no request path
 * maps to it and no listing of pages finds it.
 */
export const STORAGE_PROBE_KEY = 'probe/render-worker.txt';

export function assetKey(file: string): string {
  if (!ASSET_FILE.test(file)) throw new PlatformError('INVALID_PATH', `Invalid asset file name ${JSON.stringify(file)}`);
  return `assets/${file}`;
}

export type ParsedKey =
  | { kind: 'page'; site: SiteId; path: string; variant: PageVariant }
  | { kind: 'not-found'; site: SiteId }
  | { kind: 'root'; site: SiteId; file: string }
  | { kind: 'feed'; site: SiteId; section: string }
  | { kind: 'asset'; file: string };

/** The inverse of the key builders; null for a key this module did not make. */
export function parseKey(key: string): ParsedKey | null {
  if (key.startsWith('assets/')) {
    const file = key.slice('assets/'.length);
    return ASSET_FILE.test(file) ? { kind: 'asset', file } : null;
  }
  const slash = key.indexOf('/');
  const site = key.slice(0, slash);
  if (slash < 0 || !isSiteId(site)) return null;
  const rest = key.slice(slash + 1);
  if (rest === 'special/404.html') return { kind: 'not-found', site };
  if (rest.startsWith('root/')) {
    const file = rest.slice('root/'.length);
    return ROOT_FILE.test(file) ? { kind: 'root', site, file } : null;
  }
  if (rest.startsWith('feeds/') && rest.endsWith('.xml')) {
    const section = rest.slice('feeds/'.length, -'.xml'.length);
    return FEED_SECTION.test(section) ? { kind: 'feed', site, section } : null;
  }
  if (!rest.startsWith('pages/')) return null;
  const lastSlash = rest.lastIndexOf('/');
  const variant = FILE_VARIANT.get(rest.slice(lastSlash + 1));
  if (!variant) return null;
  const home = lastSlash === 'pages'.length;
  const path = home ? '/' : rest.slice('pages'.length, lastSlash);
  // Only the canonical spelling maps back: "pages//index.html" is not the home page.
  if ((!home && path === '/') || !isValidPagePath(path)) return null;
  return { kind: 'page', site, path, variant };
}

/** The prefix under which every variant of every page below `path` is stored. */
export function pagePrefix(site: SiteId, path: string): string {
  const normal = normalisePagePath(path);
  return normal === '/' ? `${site}/pages/` : `${site}/pages${normal}/`;
}

/**
 * Earlier versions of a page live beside the live objects, under `{site}/versions{path}/_v/`. The
 * `_v` segment ends the page path, so a page's versions can be listed by prefix without walking
 * the versions of every page below it (without it, the home page's prefix would hold the whole
 * site). A page whose own path has a `_v` segment is told apart by the segment count
 * (parseVersionKey), so the layout stays unambiguous.
 */
const VERSIONS_MARKER = '_v';
/** A version id: letters, digits and "-" (core/page-versions.ts makes them sortable by time). */
const VERSION_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

export function isVersionId(value: string): boolean {
  return VERSION_ID.test(value);
}

/** The prefix holding every version of one page (and nothing of any other page's live objects). */
export function pageVersionsPrefix(site: SiteId, path: string): string {
  const normal = normalisePagePath(path);
  return normal === '/' ? `${site}/versions/${VERSIONS_MARKER}/` : `${site}/versions${normal}/${VERSIONS_MARKER}/`;
}

/** One variant of one kept version of a page. */
export function pageVersionKey(site: SiteId, path: string, version: string, variant: PageVariant): string {
  if (!isVersionId(version)) throw new PlatformError('INVALID_PATH', `Invalid version id ${JSON.stringify(version.slice(0, 70))}`);
  return `${pageVersionsPrefix(site, path)}${version}/${VARIANT_FILE[variant]}`;
}

/** The inverse of pageVersionKey; null for any other key. */
export function parseVersionKey(key: string): { site: SiteId; path: string; version: string; variant: PageVariant } | null {
  const segments = key.split('/');
  const [site, area] = segments;
  if (site === undefined || !isSiteId(site) || area !== 'versions' || segments.length < 5) return null;
  const file = segments[segments.length - 1] ?? '';
  const version = segments[segments.length - 2] ?? '';
  const marker = segments[segments.length - 3];
  const variant = FILE_VARIANT.get(file);
  if (marker !== VERSIONS_MARKER || !variant || !isVersionId(version)) return null;
  const pathSegments = segments.slice(2, -3);
  const path = '/' + pathSegments.join('/');
  if (!isValidPagePath(path)) return null;
  // Only the canonical spelling maps back.
  return pageVersionKey(site, path, version, variant) === key ? { site, path, version, variant } : null;
}

/**
 * The CDN surrogate key naming one page (`page:<site>:<path>`), stored with every object of the
 * page so one page can be purged by name (render-workers write it, ingest purges it after a
 * rollback). Built like the data keys, so an overlong path is digested instead of breaking a write.
 */
export function pageSurrogateKey(page: { site: SiteId; path: string }): string {
  return dataKey('page', page.site, page.path);
}

/** Maps a public request path to the page and variant it asks for (".amp", ".print", ".print.html"). */
export function variantFromRequestPath(requestPath: string): { path: string; variant: PageVariant } {
  for (const [suffix, variant] of [
    ['.print.html', 'print'],
    ['.print', 'print'],
    ['.amp', 'amp'],
  ] as const) {
    if (requestPath.endsWith(suffix) && requestPath.length > suffix.length + 1) {
      return { path: requestPath.slice(0, -suffix.length), variant };
    }
  }
  return { path: requestPath, variant: 'standard' };
}

/** Public URL path of a variant (inverse of variantFromRequestPath). */
export function variantUrlPath(path: string, variant: Exclude<PageVariant, 'redirect'>): string {
  if (variant === 'standard') return path;
  return variant === 'amp' ? `${path}.amp` : `${path}.print`;
}
