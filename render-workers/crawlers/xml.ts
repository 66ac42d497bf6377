/**
 * The few XML primitives the feeds and sitemaps need. Every value that reaches an XML file goes
 * through `xmlText` or `xmlAttribute`: upstream text is hostile (a title may hold `<script>`,
 * `]]>`, `&` or control characters), and one stray character makes a whole feed unreadable to
 * every crawler, not just one item.
 */
import { toPlainText } from '../blocks/sanitize.js';

// Characters XML 1.0 forbids outright (XML 1.0 §2.2 "Char"): C0 controls other than tab, LF and
// CR, lone surrogates, U+FFFE and U+FFFF. They are removed, not escaped: a character reference to
// them is not well-formed either.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Removes the characters XML 1.0 cannot carry. */
export function stripInvalidXmlChars(value: string): string {
  return value.replace(NOT_XML_CHAR, '');
}

/** Escaped element content. `>` is escaped too, so `]]>` can never appear in character data. */
export function xmlText(value: string): string {
  return stripInvalidXmlChars(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escaped attribute value (for double-quoted attributes). */
export function xmlAttribute(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** `<name>text</name>` with the text escaped. */
export function element(name: string, text: string): string {
  return `<${name}>${xmlText(text)}</${name}>`;
}

/**
 * Upstream text (which may hold markup) as plain text for a feed or sitemap: markup stripped by
 * the sanitizer (render-workers/blocks/sanitize.ts), characters XML cannot carry removed, white
 * space collapsed. Escaping happens when it is written (`element`).
 */
export function plainText(html: string): string {
  return toPlainText(stripInvalidXmlChars(html));
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** A parsed date, or null for what upstream sends for a draft (all zeros) or garbage. */
export function parseDate(value: string | undefined): Date | null {
  if (value === undefined || value.trim() === '') return null;
  const time = Date.parse(value);
  // Year 1 and earlier is how an all-zeros date parses; no story was published then.
  if (Number.isNaN(time) || new Date(time).getUTCFullYear() < 1970) return null;
  return new Date(time);
}

/** RFC 822 date-time as RSS 2.0 asks (with a four-digit year, per RFC 1123): "Sun, 01 Mar 2026 12:00:00 GMT". */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

/** W3C date-time (sitemaps, news sitemaps) in UTC, to the second: "2026-03-01T12:00:00Z". */
export function w3cDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
