/**
 * Every URL in structured data is absolute (issue 15 item 8: author URLs were site-relative, which
 * crawlers resolve against nothing and drop) and passes the one safe-URL rule first (issue 16:
 * `data:` and `javascript:` author URLs were stored in the NewsArticle JSON-LD). A refused URL is
 * left out of the data and logged as a skip (render-workers/shared/links.ts).
 */
import { safeAbsoluteUrl } from '../links.js';

/** An http(s) URL in canonical form, a site path on `publicOrigin`; else undefined (protocol-relative too). */
export function absoluteUrl(url: string | undefined, publicOrigin: string): string | undefined {
  return safeAbsoluteUrl(url, publicOrigin);
}
