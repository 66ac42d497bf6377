/**
 * Every URL in structured data is absolute (issue 15 item 8: author URLs were site-relative, which
 * crawlers resolve against nothing and drop).
 */
import { canonicalFor } from '../load/shell.js';

/** An http(s) URL as given, a protocol-relative one as https, a site path on `publicOrigin`; else undefined. */
export function absoluteUrl(url: string | undefined, publicOrigin: string): string | undefined {
  if (url === undefined) return undefined;
  const trimmed = url.trim();
  if (/^https?:\/\/[^\s<>"]+$/i.test(trimmed)) return trimmed;
  if (/^\/\/[^\s/<>"][^\s<>"]*$/.test(trimmed)) return `https:${trimmed}`;
  if (/^\/(?![/\\])[^\s<>"]*$/.test(trimmed)) return canonicalFor(publicOrigin, trimmed);
  return undefined;
}
