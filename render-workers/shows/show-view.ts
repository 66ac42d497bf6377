/**
 * Shared checks for the shows pages: poster and image URLs through safeImageUrl, host links on
 * this site's person pages, plain-text titles and descriptions.
 */
import { safeImageUrl } from '../../core/isomorphic/images.js';
import type { Show } from '../../core/upstream/show-client.js';
import { toPlainText } from '../blocks/sanitize.js';
import { safeHref } from '../load/links.js';
import type { PosterView } from '../pages/show-page.js';

export function posterOf(show: Show, sizes: PosterView['sizes']): PosterView | undefined {
  const src = safeImageUrl(show.thumbnail ?? show.image);
  return src === null ? undefined : { src, alt: toPlainText(show.title), sizes };
}

export function imageOf(url: string | undefined): string | undefined {
  return safeImageUrl(url) ?? undefined;
}

/** A host's person page link: the path of its page_url when that is a /person/ page, else the checked URL. */
export function hostLink(host: Show['hosts'][number]): { name: string; url?: string } {
  const name = toPlainText(host.full_name);
  if (host.page_url === undefined) return { name };
  try {
    const { pathname } = new URL(host.page_url, 'https://placeholder.invalid');
    if (pathname.startsWith('/person/')) return { name, url: pathname };
  } catch {
    // Falls through to the checked URL.
  }
  const url = safeHref(host.page_url);
  return url === undefined ? { name } : { name, url };
}
