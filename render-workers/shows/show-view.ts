/**
 * Shared checks for the shows pages: poster and image URLs through the safe-URL rule
 * (shared/links.ts), host links on this site's person pages, plain-text titles and descriptions.
 */
import type { Show } from '../../core/upstream/show-client.js';
import { toPlainText } from '../blocks/sanitize.js';
import { safeHref, safeImageSrc } from '../shared/links.js';
import type { PosterView } from './show-page.js';

export function posterOf(show: Show, sizes: PosterView['sizes']): PosterView | undefined {
  const src = safeImageSrc(show.thumbnail ?? show.image);
  return src === null ? undefined : { src, alt: toPlainText(show.title), sizes };
}

export function imageOf(url: string | undefined): string | undefined {
  return safeImageSrc(url) ?? undefined;
}

/** A host's person page link: the path of its page_url when that is a /person/ page, else the checked URL. */
export function hostLink(host: Show['hosts'][number]): { name: string; url?: string } {
  const name = toPlainText(host.full_name);
  if (host.page_url === undefined) return { name };
  const checked = safeHref(host.page_url);
  if (checked === undefined) return { name };
  // A person page on any of our hosts is linked on this site.
  const { pathname } = new URL(checked, 'https://placeholder.invalid');
  const url = pathname.startsWith('/person/') ? safeHref(pathname) : checked;
  return url === undefined ? { name } : { name, url };
}
