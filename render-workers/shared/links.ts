/**
 * Every URL from upstream data (author pages, categories, sources, menus, lists, images, iframes,
 * game frames, structured data) is hostile input like any other field (docs/architecture.md "Principles", bad input). The
 * render side asks here, and only here: each function applies the one safe-URL rule
 * (core/isomorphic/safe-url.ts) and reports a refused URL as a skip (skip-log.ts), so it is dropped
 * and logged, never stored. Components render the text without a link when a link's URL is gone.
 */
import { checkUrl, type UrlRuleOptions } from '../../core/isomorphic/safe-url.js';
import type { Link } from './view-model.js';
import { reportSkip, type UrlUse } from './skip-log.js';

function checked(url: string | undefined | null, use: UrlUse, options?: UrlRuleOptions): string | null {
  // Absent or blank is no URL, not an unsafe one: nothing to log.
  if (typeof url !== 'string' || url.trim() === '') return null;
  const result = checkUrl(url, options);
  if (result.ok) return result.url;
  reportSkip({ kind: 'unsafe-url', use, reason: result.reason, value: url });
  return null;
}

/** A link target: http(s) or site-relative, canonical form, or undefined. */
export function safeHref(url: string | undefined | null): string | undefined {
  return checked(url, 'link') ?? undefined;
}

/** A link target, or null (the blocks' convention). */
export function safeLinkUrl(url: string | undefined | null): string | null {
  return checked(url, 'link');
}

/** A link in text (paragraphs, raw HTML): the rule plus `mailto:` and `tel:`. */
export function safeTextLinkUrl(url: string | undefined | null): string | null {
  return checked(url, 'link', { mailtoAndTel: true });
}

/** An image source: http(s) or site-relative, canonical form, or null. */
export function safeImageSrc(url: string | undefined | null): string | null {
  return checked(url, 'image');
}

/** An iframe or embed source: absolute https only, or null. */
export function safeHttpsUrl(url: string | undefined | null): string | null {
  return checked(url, 'frame', { httpsOnly: true });
}

/** A game frame's source: http(s) or site-relative (the sandbox depends on which, games/game-frame.ts). */
export function safeGameFrameSrc(url: string | undefined | null): string | null {
  return checked(url, 'game-frame');
}

/**
 * A URL for structured data, or AMP pages served from AMP caches: checked, then a site path made
 * absolute on `publicOrigin` (crawlers resolve a site path against nothing).
 */
export function safeAbsoluteUrl(url: string | undefined | null, publicOrigin: string, use: UrlUse = 'structured-data'): string | undefined {
  const safe = checked(url, use);
  if (safe === null) return undefined;
  return safe.startsWith('/') ? `${publicOrigin}${safe}` : safe;
}

/** A link whose URL is unsafe is dropped entirely (menus, lists). */
export function safeLinks<T extends { url: string }>(links: readonly T[]): T[] {
  return links.flatMap((link) => {
    const url = safeHref(link.url);
    return url === undefined ? [] : [{ ...link, url }];
  });
}

/** A link whose URL is unsafe keeps its name, without a URL (authors, categories, sources). */
export function optionalLink(name: string, url: string | undefined | null): { name: string; url?: string } {
  const href = safeHref(url);
  return href === undefined ? { name } : { name, url: href };
}

export type { Link };
