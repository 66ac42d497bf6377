/**
 * The one mapping between what readers ask for and where it lives in object storage (DESIGN.md,
 * "Object storage"). Render workers write with it, the edge router reads with it, ingest deletes
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
 */
import { PlatformError } from '../errors.js';
import { isSiteId, type SiteId } from '../isomorphic/sites.js';

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
