/**
 * Every URL in structured data is absolute (a site-relative URL is resolved by crawlers against
 * nothing and dropped; ADR 0020) and passes the one safe-URL rule first (ADR 0021: otherwise
 * `data:` and `javascript:` author URLs would reach the NewsArticle JSON-LD). A refused URL is
 * left out of the data and logged as a skip (render-workers/shared/links.ts).
 */
import { safeAbsoluteUrl } from '../links.js';

/** An http(s) URL in canonical form, a site path on `publicOrigin`; else undefined (protocol-relative too). */
export function absoluteUrl(url: string | undefined, publicOrigin: string): string | undefined {
  return safeAbsoluteUrl(url, publicOrigin);
}
