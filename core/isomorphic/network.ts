/**
 * The network bar's sister sites (spec 1 §2.3: "A network bar lists 8 sister sites"). Configuration,
 * not upstream data: the list changes with a deploy, so it lives here beside the other business
 * constants. Isomorphic: the browser bundle may import it.
 */

export interface SisterSite {
  /** Display name, shown as the link text. */
  name: string;
  /** Absolute https address of the site's home page. */
  url: string;
}

/** How many sister sites the network bar lists (spec 1 §2.3). */
export const NETWORK_BAR_SIZE = 8;

/** In display order. */
export const NETWORK_SITES: readonly SisterSite[] = [
  { name: 'Fox News', url: 'https://www.foxnews.com/' },
  { name: 'Fox Business', url: 'https://www.foxbusiness.com/' },
  { name: 'Fox Nation', url: 'https://nation.foxnews.com/' },
  { name: 'Fox News Audio', url: 'https://radio.foxnews.com/' },
  { name: 'Fox Weather', url: 'https://www.foxweather.com/' },
  { name: 'Fox Sports', url: 'https://www.foxsports.com/' },
  { name: 'Tubi', url: 'https://tubitv.com/' },
  { name: 'Outkick', url: 'https://www.outkick.com/' },
];
