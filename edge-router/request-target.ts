/**
 * Splits and decodes the raw request target once, for every plugin that needs the path. The raw
 * URL is untrusted: the helpers here never throw anything but PlatformError('INVALID_PATH'), so bad
 * input turns into a 4xx and never into a 5xx (docs/architecture.md, "Principles").
 */
import { PlatformError } from '../core/errors.js';

/** Longest request target (path plus query) the edge answers; longer ones get 414. */
export const MAX_URL_LENGTH = 2048;

export interface RequestTarget {
  /** The path exactly as sent, still percent-encoded. */
  rawPath: string;
  /** The query string exactly as sent, with its leading "?", or "" when there is none. */
  search: string;
}

export function splitRequestTarget(url: string): RequestTarget {
  // A fragment never reaches a server from a browser; a hand-made one ends the path like a query.
  const end = url.search(/[?#]/);
  if (end < 0) return { rawPath: url, search: '' };
  const rest = url.slice(end);
  return { rawPath: url.slice(0, end), search: rest.startsWith('?') ? rest.split('#', 1)[0] ?? '' : '' };
}

// RFC 3986 path characters (unreserved, sub-delims, ":", "@", "/" and "%" for escapes). Anything
// else, including raw bytes above 0x7e, is not a URL a browser or crawler sends.
const RAW_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/**
 * Decodes a raw path segment by segment. Throws INVALID_PATH for characters outside RFC 3986,
 * malformed escapes and escapes that are not UTF-8. A segment whose escapes decode to "/" or "\"
 * is kept encoded, so it can never change how a path splits into segments (it then fails
 * normalisePagePath and answers 404).
 */
export function decodeRequestPath(rawPath: string): string {
  if (!RAW_PATH.test(rawPath)) {
    throw new PlatformError('INVALID_PATH', 'Bad request: the path contains characters a URL may not carry');
  }
  if (!rawPath.includes('%')) return rawPath;
  return rawPath
    .split('/')
    .map((segment) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        throw new PlatformError('INVALID_PATH', 'Bad request: the path has malformed percent-encoding or is not UTF-8');
      }
      return decoded.includes('/') || decoded.includes('\\') ? segment : decoded;
    })
    .join('/');
}
