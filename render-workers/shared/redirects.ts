/**
 * Canonical redirects (spec 1 §2.2 "Article ... pages get a 301 redirect to their canonical path
 * when the requested path differs"; ADR 0007). The render worker stores a redirect record at
 * the requested path (core/storage/keys.ts variant 'redirect'); the edge router reads it
 * (edge-router/plugins/page-store.ts parseRedirectRecord) and answers with the status and location,
 * adding the .amp / .print suffix for variant requests itself.
 */
import { REDIRECT_STATUS } from '../../core/isomorphic/constants.js';
import { PlatformError } from '../../core/errors.js';
import { normalisePagePath } from '../../core/storage/keys.js';
import type { FullArticle } from '../../core/upstream/schemas.js';
import { canonicalPathOf } from '../article/meta.js';

export interface CanonicalRedirect {
  /** The requested page path (normalised): where the record is stored. */
  from: string;
  /** The canonical page path: the record's location. */
  to: string;
}

export interface CanonicalRedirectOptions {
  /**
   * Host names that count as this site. When given, a canonical_url on any other host is off-site
   * and ignored. Without it every http(s) host is accepted (docs/upstream-contract.md: canonical_url
   * is on the production origin).
   */
  siteHosts?: readonly string[];
}

/**
 * The 301 an article needs when `requestedPath` is not its canonical path, or null when it is, when
 * the requested path is not a valid page path, or when the canonical is unusable, off-site, or a
 * third-party canonical (never redirect a reader to another site, never to an invalid path).
 */
export function canonicalRedirect(
  article: FullArticle,
  requestedPath: string,
  options: CanonicalRedirectOptions = {},
): CanonicalRedirect | null {
  let from: string;
  try {
    from = normalisePagePath(requestedPath);
  } catch {
    return null;
  }
  const to = canonicalPathOf(article, options.siteHosts === undefined ? {} : { siteHosts: options.siteHosts.map((host) => host.toLowerCase()) });
  if (to === null || to === from) return null;
  return { from, to };
}

/**
 * The stored body of a redirect record: `{"location":"/politics/x","status":301}`, the shape
 * parseRedirectRecord in edge-router/plugins/page-store.ts accepts. Only a normalised page path is
 * accepted as the location (a canonical redirect never leaves the site).
 */
export function redirectRecord(to: string): Buffer {
  const location = normalisePagePath(to);
  if (location !== to) {
    throw new PlatformError('INVALID_PATH', 'A redirect location must be a normalised page path', { details: { to } });
  }
  return Buffer.from(JSON.stringify({ location, status: REDIRECT_STATUS }), 'utf8');
}
