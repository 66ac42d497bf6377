/**
 * Named Cache-Control policies. The writer picks one and stores it with the object (ObjectMeta
 * `cacheControl`); the edge router sends it as is. One place, so the CDN behaviour of the whole
 * site can be read and changed here.
 *
 * Pages are purged from the CDN by surrogate key as soon as they change (DESIGN.md, "The flow",
 * step 6), so `s-maxage` only bounds how stale a page gets when a purge is lost. `max-age` is what
 * a browser keeps without asking again; browsers are never purged, so it stays short for anything
 * that can change. `stale-if-error` lets the CDN keep serving the last copy when the origin (edge
 * router or storage) is down: DESIGN.md, "stays fast, cheap and up even when ... are down".
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
