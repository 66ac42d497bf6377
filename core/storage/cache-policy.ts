/**
 * Named Cache-Control policies. The writer picks one and stores it with the object (ObjectMeta
 * `cacheControl`); the edge router splits it into what browsers get and what the CDN gets
 * (`splitCacheControl`, ADR 0011). One place, so the CDN behaviour of the whole site can be read
 * and changed here.
 *
 * Pages are purged from the CDN by surrogate key as soon as they change (docs/architecture.md, "The
 * flow", step 6), so `s-maxage` only bounds how stale a page gets when a purge is lost. `max-age` is what
 * a browser keeps without asking again; browsers are never purged, so it stays short for anything
 * that can change. `stale-if-error` lets the CDN keep serving the last copy when the origin (edge
 * router or storage) is down (docs/architecture.md, "What it is for").
 *
 * The stored value keeps the familiar one-header form (`s-maxage` for shared caches), so objects
 * written before the split, and every writer, stay valid; the split happens when serving.
 */

export const CACHE_POLICIES = {
  /**
   * Pages (standard, AMP, print). One minute in browsers so a corrected story reaches readers
   * quickly; five minutes at the CDN in case a purge is lost; a minute of background revalidation
   * so no reader waits on the origin; a day of stale-if-error to ride out an origin outage.
   */
  html: 'public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400',
  /**
   * Hashed bundle assets: the file name changes with the content, so a URL's bytes never change
   * and it may be kept for a year without revalidation.
   */
  asset: 'public, max-age=31536000, immutable',
  /**
   * The stored 404 page. Short everywhere: a path that is missing now may be published in a
   * minute (render-on-miss), and a cached 404 must not hide a new story for long.
   */
  notFound: 'public, max-age=30, s-maxage=60, stale-if-error=3600',
  /**
   * The 404 answered for a path a render on miss was asked for (ADR 0018): not stored, applied by
   * the edge router in place of `notFound`. Seconds only, so the page rendered meanwhile is what
   * the reader's next request gets; the answer also carries the page's surrogate key, so the purge
   * after that render drops it from the CDN at once.
   */
  missNotFound: 'public, max-age=5, s-maxage=10',
  /**
   * RSS feeds and sitemaps (including the news sitemap). Crawlers poll them; five minutes keeps
   * them close to the pages they list without every poll reaching the origin.
   */
  feed: 'public, max-age=300, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400',
  /** robots.txt changes rarely and crawlers fetch it often: an hour, and a day on origin errors. */
  robots: 'public, max-age=3600, s-maxage=3600, stale-if-error=86400',
  /**
   * Redirect records (answered with 301 by the edge router). Browsers cache a 301 for a long time
   * by default; a bounded max-age keeps a wrong redirect fixable.
   */
  redirect: 'public, max-age=300, s-maxage=300, stale-if-error=86400',
} as const;

export type CachePolicyName = keyof typeof CACHE_POLICIES;

export function cacheControlFor(policy: CachePolicyName): string {
  return CACHE_POLICIES[policy];
}

/**
 * The response headers that carry the CDN's own policy (ADR 0011). Both carry the same value:
 * `Surrogate-Control` is what Fastly reads first (and strips before the browser), and what our
 * Varnish VCL reads; `CDN-Cache-Control` is the standard one (RFC 9213) that Cloudflare and
 * Akamai read. Every CDN in front must strip them before delivery (default.vcl does).
 */
export const CDN_CACHE_HEADERS = ['surrogate-control', 'cdn-cache-control'] as const;

export interface SplitCacheControl {
  /** Cache-Control as sent: for browsers and for any shared cache that is not our CDN. */
  browser: string;
  /** The CDN's directives, or null when the CDN should follow Cache-Control. */
  cdn: string | null;
}

interface Directive {
  name: string;
  /** The raw text of the directive, as stored. */
  text: string;
  value: string | undefined;
}

// A directive: a token, optionally "=" and a token or a quoted string (which may hold commas).
const DIRECTIVE = /\s*([A-Za-z0-9!#$%&'*+.^_`|~-]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^,\s]*))?\s*(?:,|$)/gy;

function parseDirectives(value: string): Directive[] | null {
  const directives: Directive[] = [];
  DIRECTIVE.lastIndex = 0;
  while (DIRECTIVE.lastIndex < value.length) {
    const start = DIRECTIVE.lastIndex;
    const match = DIRECTIVE.exec(value);
    if (match === null || DIRECTIVE.lastIndex === start) return null;
    const name = (match[1] ?? '').toLowerCase();
    const raw = match[2];
    directives.push({ name, text: raw === undefined ? name : `${name}=${raw}`, value: raw?.replace(/^"|"$/g, '') });
  }
  return directives;
}

/** Directives a browser must not see: they are for shared caches only. */
const SHARED_ONLY = new Set(['s-maxage', 'proxy-revalidate']);
/** Directives the CDN keeps besides its lifetime. */
const CDN_KEEPS = ['stale-while-revalidate', 'stale-if-error'];

/**
 * Splits a stored Cache-Control into the browser's and the CDN's policies (ADR 0011):
 *
 *   public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400
 *     browser  public, max-age=60, stale-while-revalidate=60, stale-if-error=86400
 *     CDN      max-age=300, stale-while-revalidate=60, stale-if-error=86400
 *
 * Only a public response with `s-maxage` is split; anything else (assets, no-store, private, a
 * value that does not parse) is sent unchanged with no CDN header, and the CDN follows it.
 */
export function splitCacheControl(stored: string): SplitCacheControl {
  const directives = parseDirectives(stored);
  if (directives === null) return { browser: stored, cdn: null };
  const names = new Set(directives.map((d) => d.name));
  const sMaxAge = directives.find((d) => d.name === 's-maxage')?.value;
  if (sMaxAge === undefined || !/^\d+$/.test(sMaxAge) || names.has('private') || names.has('no-store')) {
    return { browser: stored, cdn: null };
  }
  const browser = directives.filter((d) => !SHARED_ONLY.has(d.name)).map((d) => d.text).join(', ');
  const cdn = [`max-age=${sMaxAge}`, ...directives.filter((d) => CDN_KEEPS.includes(d.name)).map((d) => d.text)].join(', ');
  return { browser, cdn };
}
