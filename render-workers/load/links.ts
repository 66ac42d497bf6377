/**
 * Links from upstream data (author pages, categories, sources, menus, lists) are hostile input
 * like any other field: only http(s) and site-relative URLs may become an href (DESIGN.md, bad
 * input). Anything else is dropped, and the component renders the text without a link.
 */
import { safeLinkUrl } from '../blocks/sanitize.js';
import type { Link } from '../view-model.js';

export function safeHref(url: string | undefined | null): string | undefined {
  return safeLinkUrl(url ?? undefined) ?? undefined;
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
