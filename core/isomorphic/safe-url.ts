/**
 * The one safe-URL rule (ADR 0021). Every URL that comes from upstream and reaches a
 * stored page passes here first: link hrefs, image and iframe sources, game frames, the URLs of
 * structured data (JSON-LD), the AMP variant's. Isomorphic: the browser bundle's islands check the
 * props they hydrate with the same rule (through `safeImageUrl` in images.ts).
 *
 * A URL is safe when, after trimming the blanks a browser would also ignore at its ends, it is
 *   - an absolute `http:` or `https:` URL without credentials (`https://user:pw@host` is refused:
 *     it is a phishing device and no content needs it), or
 *   - a site-relative path: one `/` not followed by another `/` or a `\` (URL parsers read both
 *     as the start of another host), and
 *   - at most 2,048 characters, with no control character anywhere (browsers drop tabs and line
 *     breaks inside a URL, so `java<TAB>script:` would become `javascript:`), and
 *   - accepted by the WHATWG URL parser.
 * Everything else is refused with a reason: other schemes (`javascript:`, `vbscript:`, `data:`,
 * `file:`, ...), protocol-relative URLs (`//host`: the scheme would be whatever the page was
 * loaded with, and a host we never checked), relative paths, and text that is no URL at all
 * (an entity-encoded `java&#x09;script:` in a JSON field is such text: it has no scheme a browser
 * would read, so it is refused as relative, never decoded into one).
 *
 * A safe URL is returned in canonical form (the parser's percent-encoding, commas encoded too so a
 * URL can never split a `srcset`): what is stored is exactly what was checked.
 */

import { boundedMemo } from './bounded-memo.js';

export type UnsafeUrlReason =
  /** A scheme other than http(s) (or mailto/tel where links allow them). */
  | 'scheme'
  /** `//host` or `/\host`: another host, with the page's scheme. */
  | 'protocol-relative'
  /** Neither absolute nor site-relative (`person/x`, `#x`, entity-encoded text). */
  | 'relative'
  | 'control-characters'
  | 'too-long'
  | 'credentials'
  /** Refused by the URL parser (a bad host or port). */
  | 'malformed'
  /** Where only https will do (iframes, embeds). */
  | 'not-https';

export type UrlCheck = { ok: true; url: string } | { ok: false; reason: UnsafeUrlReason };

export interface UrlRuleOptions {
  /** Only absolute https URLs: iframes and embeds (an http frame is mixed content, and AMP refuses it). */
  httpsOnly?: boolean;
  /** Also `mailto:` and `tel:` links (links in text, spec 1 §5). */
  mailtoAndTel?: boolean;
}

/** The longest URL kept; longer ones are refused rather than cut. */
export const MAX_URL_LENGTH = 2048;

// C0 and C1 control characters and DEL: never part of a URL anyone meant.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const ABSOLUTE_HTTP = /^https?:\/\//i;
const PROTOCOL_RELATIVE = /^[/\\][/\\]/;
const SITE_RELATIVE = /^\/(?![/\\])/;
/** Only resolves site-relative URLs; never appears in a result. */
const PARSE_BASE = 'https://relative.invalid';

function parse(raw: string): URL | null {
  try {
    return new URL(raw, PARSE_BASE);
  } catch {
    return null;
  }
}

/** `mailto:` and `tel:` links: no markup characters, spaces encoded ("?subject=News tip"), in the parser's form. */
function checkMailtoOrTel(raw: string): UrlCheck {
  if (/[<>"'`\\]/.test(raw)) return { ok: false, reason: 'malformed' };
  const parsed = parse(raw.replace(/ /g, '%20'));
  return parsed === null ? { ok: false, reason: 'malformed' } : { ok: true, url: parsed.href };
}

/**
 * Results by options and URL: every page checks its menus' and lists' URLs again, and a parse
 * costs microseconds (ADR 0031). 20,000 entries of a few hundred bytes at most.
 */
const CHECKED = [0, 1, 2, 3].map((flags) =>
  boundedMemo(20_000, (url): UrlCheck => Object.freeze(checkUrlOnce(url, { httpsOnly: (flags & 1) !== 0, mailtoAndTel: (flags & 2) !== 0 }))),
);

/** The rule, with the reason a URL is refused (for the skip log line). */
export function checkUrl(url: string, options: UrlRuleOptions = {}): UrlCheck {
  const check = CHECKED[(options.httpsOnly ? 1 : 0) | (options.mailtoAndTel ? 2 : 0)];
  return check === undefined ? checkUrlOnce(url, options) : check(url);
}

function checkUrlOnce(url: string, options: UrlRuleOptions): UrlCheck {
  const raw = url.trim();
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: 'too-long' };
  if (CONTROL.test(raw)) return { ok: false, reason: 'control-characters' };
  if (PROTOCOL_RELATIVE.test(raw)) return { ok: false, reason: 'protocol-relative' };
  const scheme = SCHEME.exec(raw)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    if (options.mailtoAndTel && (scheme === 'mailto' || scheme === 'tel')) return checkMailtoOrTel(raw);
    return { ok: false, reason: 'scheme' };
  }
  const relative = SITE_RELATIVE.test(raw);
  // `https:/host` and `https:host` are read as https://host by parsers: only the plain form passes.
  if (scheme !== undefined && !ABSOLUTE_HTTP.test(raw)) return { ok: false, reason: 'malformed' };
  if (scheme === undefined && !relative) return { ok: false, reason: 'relative' };
  if (options.httpsOnly && scheme !== 'https') return { ok: false, reason: 'not-https' };
  const parsed = parse(raw);
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return { ok: false, reason: 'malformed' };
  if (parsed.username !== '' || parsed.password !== '') return { ok: false, reason: 'credentials' };
  const rest = `${parsed.pathname}${parsed.search}${parsed.hash}`.replace(/,/g, '%2C');
  if (relative) {
    // Dot segments can collapse into a leading "//" (`/..//evil.example` parses to the path
    // `//evil.example`), which a browser would read as another host.
    if (parsed.origin !== PARSE_BASE || rest.startsWith('//')) return { ok: false, reason: 'protocol-relative' };
    return { ok: true, url: rest };
  }
  return { ok: true, url: `${parsed.origin}${rest}` };
}

/** An http(s) or site-relative URL in canonical form, or null (absent, blank or refused). */
export function safeUrl(url: string | undefined | null, options?: UrlRuleOptions): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null;
  const result = checkUrl(url, options);
  return result.ok ? result.url : null;
}

/** True when `url` (already safe) is absolute and on another origin than `publicOrigin`. */
export function isCrossOrigin(url: string, publicOrigin: string): boolean {
  if (!ABSOLUTE_HTTP.test(url)) return false;
  const target = parse(url);
  const own = parse(publicOrigin);
  return target !== null && own !== null && target.origin !== own.origin;
}

const SAFE_START = /^(https?:\/\/|\/(?![/\\]))/i;
const SAFE_START_WITH_MAILTO_TEL = /^(https?:\/\/|mailto:|tel:|\/(?![/\\]))/i;
const ABSOLUTE_HTTP_START = /^https?:\/\//i;

export interface UrlStartOptions {
  /** `mailto:` and `tel:` too (links in text). */
  mailtoAndTel?: boolean;
  /** Only absolute http(s) URLs (affiliate links), no site-relative path. */
  absoluteOnly?: boolean;
}

/**
 * The islands' check of a URL they are about to make an href or src: it starts as an http(s) URL
 * or a site-relative path (one `/` not followed by `/` or `\`). The URLs in island props were
 * built from URLs that passed `checkUrl` when the page was rendered, and the live endpoints'
 * answers passed the edge's own check, so this guards against a tampered page or answer. It keeps
 * the value as given (no canonical form), so a hydrated island renders what the server rendered.
 */
export function hasSafeUrlStart(value: string, options: UrlStartOptions = {}): boolean {
  if (options.absoluteOnly === true) return ABSOLUTE_HTTP_START.test(value);
  return (options.mailtoAndTel === true ? SAFE_START_WITH_MAILTO_TEL : SAFE_START).test(value);
}
