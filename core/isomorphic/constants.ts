/**
 * Business constants from the product specification, shared by the server and the browser bundle.
 * Isomorphic: no Node APIs here. Each constant cites the spec section it comes from.
 */

/** Version label (spec 1 §9, spec 2 §9). Written on every log line. */
export const APP_VERSION = 'v74';

/** Default robots meta (spec 1 §9: page-loading default adds max-video-preview:-1; spec 2 §9). */
export const DEFAULT_ROBOTS = 'index, follow, max-image-preview:large, max-video-preview:-1';

/** Twitter card type (spec 1 §9). */
export const TWITTER_CARD = 'summary_large_image';

/** Redirect status for trailing slash and canonical redirects (spec 1 §2.2, §9). */
export const REDIRECT_STATUS = 301;

/** Header menu categories, in order (spec 1 §2.3). */
export const HEADER_MENU_CATEGORIES = [
  'U.S.',
  'Politics',
  'World',
  'Opinion',
  'Media',
  'Entertainment',
  'Sports',
  'Lifestyle',
  'Video',
  'AI',
] as const;

/** Texts of the visible 404 page (spec 1 §2.2). */
export const NOT_FOUND_TEXTS = {
  loadingLayer: 'This page could not be found',
  heading: 'Something has gone wrong…',
  body: "It seems you've stumbled upon our 404 page.",
  goHome: 'Go to Home',
  latestVideos: 'Latest Videos',
  seeAll: 'See All',
} as const;

/** Search results route; the query travels in the fragment as `q` (spec 1 §2.3). */
export const SEARCH_RESULTS_PATH = '/search-results/search';

/** US Eastern, the time zone for every displayed date (spec 1 §9). */
export const SITE_TIME_ZONE = 'America/New_York';

/**
 * Crawler file paths shared by the render worker (which builds them) and ingest (which schedules
 * them, and lists them for whole-site work: core/site-pages.ts). The news sitemap's 48-hour window
 * moves with the clock, so it must be re-rendered even when no content changes.
 */
export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const NEWS_SITEMAP_PATH = '/sitemap-news.xml';
export const ROBOTS_PATH = '/robots.txt';

/**
 * Spec 1 §2.4: "RSS feeds exist for 12 sections", in the spec's order. Each is served at
 * `/rss/{section}.xml`; the render worker builds them and ingest lists them for whole-site work.
 */
export const FEED_SECTIONS = [
  'lifestyle',
  'us',
  'world',
  'politics',
  'media',
  'opinion',
  'entertainment',
  'science',
  'tech',
  'health',
  'travel',
  'sports',
] as const;

/** Shown when an embedded post is gone (spec 1 §8: Instagram, "the same for tweets in AMP"). */
export const EMBED_ERROR_TEXTS = {
  instagram: 'An error occurred while retrieving the Instagram post. It might have been deleted.',
  twitter: 'An error occurred while retrieving the tweet. It might have been deleted.',
} as const;
