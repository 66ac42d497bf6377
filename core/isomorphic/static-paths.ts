/**
 * The fixed static-page paths of the route table (spec 1 §2.1, §2.3), shared by the render worker
 * (render-workers/static/paths.ts routes them to the static-page builder) and the edge's render-on-
 * miss gate (core/page-rules.ts), so both read one list; and the translation statement's path,
 * which whole-site work lists beside them (core/site-pages.ts).
 */
import type { SiteInfo } from './sites.js';

/** The special pages of the route table (spec 1 §2.1 "static or special pages"). */
export const SPECIAL_PAGE_PATHS = [
  '/connect',
  '/fnctv',
  '/foxaroundtheworld',
  '/foxaroundtheworld/search',
  '/go',
  '/gowatch',
  '/newsletters',
  '/newyears',
] as const;

/** Legal pages (spec 1 §2.1). */
export const LEGAL_PAGE_PATHS = ['/privacy-policy', '/terms-of-use'] as const;

/** The cookie demo page (spec 1 §2.3). The spec names no path; this one is ours. */
export const COOKIE_DEMO_PATH = '/cookie-demo';

/** Every fixed static-page path, on every site (the persons list at /personalities is not one). */
export const STATIC_PAGE_PATHS: readonly string[] = [...SPECIAL_PAGE_PATHS, ...LEGAL_PAGE_PATHS, COOKIE_DEMO_PATH];

/** The translation statement the machine-translation notice links to (spec 1 §1), if the site has one. */
export function translationStatementPath(site: SiteInfo): string | undefined {
  return site.translationNotice?.href;
}
