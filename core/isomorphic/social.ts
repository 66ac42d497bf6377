/**
 * Footer social links (spec 1 §2.3): Facebook, Twitter, Instagram, RSS, Newsletters, and the URL
 * rule "A social URL is accepted if it looks like a web address, otherwise the network's base
 * address is prepended". The profiles are configuration per site; `socialUrl` is the rule, and it
 * never lets a value choose its own scheme: only http(s) addresses or the base address come out.
 * Isomorphic: no Node APIs.
 */
import { safeUrl } from './safe-url.js';
import type { SiteId } from './sites.js';
import { uiText } from './ui-text.js';

/** The footer's social networks, in display order (spec 1 §2.3). */
export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'instagram', 'rss', 'newsletters'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface SocialNetworkInfo {
  /** Link text (spec 1 §2.3). */
  label: string;
  /**
   * Prepended to a value that is not a web address. RSS and Newsletters live on the site itself,
   * so their base is the site root and the result stays site-relative.
   */
  base: string;
}

export const SOCIAL_NETWORK_INFO: Readonly<Record<SocialNetwork, SocialNetworkInfo>> = {
  facebook: { label: 'Facebook', base: 'https://www.facebook.com/' },
  twitter: { label: 'Twitter', base: 'https://twitter.com/' },
  instagram: { label: 'Instagram', base: 'https://www.instagram.com/' },
  rss: { label: 'RSS', base: '/' },
  newsletters: { label: 'Newsletters', base: '/' },
};

/** Each site's profile per network: a handle or path (base prepended) or a full web address. */
export const SOCIAL_PROFILES: Readonly<Record<SiteId, Readonly<Record<SocialNetwork, string>>>> = {
  news: { facebook: 'FoxNews', twitter: 'FoxNews', instagram: 'foxnews', rss: 'rss/us.xml', newsletters: 'newsletters' },
  es: { facebook: 'FoxNews', twitter: 'FoxNews', instagram: 'foxnews', rss: 'rss/us.xml', newsletters: 'newsletters' },
};

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}

/** Only resolves site-relative results; never appears in an output. */
const PLACEHOLDER_ORIGIN = 'https://site.invalid';

/** "Looks like a web address": an http(s) URL, a protocol-relative one, or a bare www. host. */
const ABSOLUTE = /^https?:\/\//i;
const PROTOCOL_RELATIVE = /^\/\/[^/\\]/;
const BARE_WWW = /^www\./i;
/** A host with at least two non-empty labels ("www." alone is not an address). */
const HOST_NAME = /^[^.]+(\.[^.]+)+$/;

function parse(input: string, base?: string): URL | undefined {
  try {
    return new URL(input, base);
  } catch {
    return undefined;
  }
}

function webAddress(value: string): string | undefined {
  const candidate = ABSOLUTE.test(value) ? value : PROTOCOL_RELATIVE.test(value) ? `https:${value}` : `https://${value}`;
  const url = parse(candidate);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !HOST_NAME.test(url.hostname)) return undefined;
  return url.href;
}

function prependBase(base: string, value: string): string | undefined {
  // A leading @ (a handle as people write it) or slash would otherwise change what the base means.
  const handle = value.replace(/^[@/\\]+/, '');
  if (handle === '') return undefined;
  let encoded: string;
  try {
    // encodeURI keeps a path and query readable but escapes spaces, quotes and backslashes.
    encoded = encodeURI(handle);
  } catch {
    return undefined; // a lone surrogate
  }
  const relative = base.startsWith('/');
  const origin = relative ? PLACEHOLDER_ORIGIN : parse(base)?.origin;
  const url = parse(`${base}${encoded}`, relative ? PLACEHOLDER_ORIGIN : undefined);
  // Prepending must keep the base's host: "..//host" segments must not turn into another origin.
  if (!url || origin === undefined || url.origin !== origin || url.pathname.startsWith('//')) return undefined;
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * The URL rule of spec 1 §2.3. Returns undefined when nothing safe can be made of the value (blank,
 * or an address that is not http(s)); the footer then leaves that network out.
 */
export function socialUrl(network: SocialNetwork, value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const url = ABSOLUTE.test(trimmed) || PROTOCOL_RELATIVE.test(trimmed) || BARE_WWW.test(trimmed) ? webAddress(trimmed) : prependBase(SOCIAL_NETWORK_INFO[network].base, trimmed);
  // What comes out passes the one safe-URL rule too (ADR 0021), in its canonical form.
  return safeUrl(url) ?? undefined;
}

/** A site's footer social links, in the spec's order; a profile the rule rejects is left out. */
export function socialLinks(site: SiteId): SocialLink[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = socialUrl(network, SOCIAL_PROFILES[site][network]);
    return url === undefined ? [] : [{ network, label: network === 'newsletters' ? uiText(site).newslettersLink : SOCIAL_NETWORK_INFO[network].label, url }];
  });
}
