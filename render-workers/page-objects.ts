/**
 * The one owner of what a page path stores (ADR 0036): its variants (core/storage/keys.ts
 * PAGE_VARIANTS: standard, amp, print, redirect), the stored object of each, and which variants a
 * render removes. Page kinds build their objects here instead of spelling the key, content type
 * and cache policy themselves; render-page.ts asks it what a deleted page and a page of another
 * kind leave behind; publish.ts asks it which keys are the page's own variants (only those are
 * versioned).
 *
 * Removal lists keep a fixed order: a render's `written` lists removed keys in that order.
 */
import type { PageRef } from '../core/dependency-index.js';
import type { SiteId } from '../core/isomorphic/sites.js';
import { cacheControlFor } from '../core/storage/cache-policy.js';
import { notFoundPageKey, PAGE_VARIANTS, pageKey, parseKey, type PageVariant } from '../core/storage/keys.js';
import type { BuiltPage } from './page-kind.js';
import type { RenderedObject } from './publish.js';
import { redirectRecord } from './shared/redirects.js';

/** The content type of every stored HTML page. */
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

export type HtmlVariant = Exclude<PageVariant, 'redirect'>;

/** One HTML variant of the page at `path`. */
export function htmlObject(site: SiteId, path: string, html: string, variant: HtmlVariant = 'standard'): RenderedObject {
  return { key: pageKey(site, path, variant), body: html, contentType: HTML_CONTENT_TYPE, cacheControl: cacheControlFor('html') };
}

/** A page of one standard HTML variant (every kind but articles, crawler files and redirects). */
export function htmlPage<Kind extends string>(kind: Kind, site: SiteId, path: string, html: string): BuiltPage<Kind> {
  return { kind, objects: [htmlObject(site, path, html)] };
}

/** The site's 404 page (ADR 0006): rendered with home, stored once per site, served with status 404. */
export function notFoundObject(site: SiteId, html: string): RenderedObject {
  return { key: notFoundPageKey(site), body: html, contentType: HTML_CONTENT_TYPE, cacheControl: cacheControlFor('notFound'), status: 404 };
}

/** The redirect record at `path` (the edge router answers it with a 301 to `to`). */
export function redirectObject(site: SiteId, path: string, to: string): RenderedObject {
  return { key: pageKey(site, path, 'redirect'), body: redirectRecord(to), contentType: 'application/json', cacheControl: cacheControlFor('redirect') };
}

/** The keys of `variants` of the page at `path`, in the order given. */
export function variantKeys(site: SiteId, path: string, variants: readonly PageVariant[]): string[] {
  return variants.map((variant) => pageKey(site, path, variant));
}

/** A path that redirects: the redirect record, and every HTML variant removed. */
export function redirectPage(site: SiteId, path: string, to: string): BuiltPage<'redirect'> & { remove: string[] } {
  return { kind: 'redirect', objects: [redirectObject(site, path, to)], remove: variantKeys(site, path, ['standard', 'amp', 'print']) };
}

/**
 * What a page that is neither an article nor a redirect removes unless its kind says otherwise:
 * an article's redirect record and AMP/print variants from before, which would shadow the page or
 * linger.
 */
export function staleVariantKeys(site: SiteId, path: string): string[] {
  return variantKeys(site, path, ['redirect', 'amp', 'print']);
}

/** What a content delete leaves at a page path: nothing, or the redirect the delete event named. */
export function deletedPage(site: SiteId, path: string, redirectTo: string | undefined): { objects: RenderedObject[]; remove: string[] } {
  return {
    objects: redirectTo === undefined ? [] : [redirectObject(site, path, redirectTo)],
    remove: variantKeys(
      site,
      path,
      PAGE_VARIANTS.filter((variant) => redirectTo === undefined || variant !== 'redirect'),
    ),
  };
}

/** Whether `key` is one of the variants of `page` (not the 404 page home writes, nor a crawler file). */
export function isVariantOfPage(page: PageRef, key: string): boolean {
  const parsed = parseKey(key);
  return parsed?.kind === 'page' && parsed.site === page.site && parsed.path === page.path;
}
