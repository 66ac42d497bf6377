/**
 * HTML allow-lists for text that arrives from the CMS (spec 1 §5). Everything else is removed,
 * including every attribute but a link's href (and its style, which the spec strips explicitly).
 */
import { collapseWhitespace, hasMarkup, plainTextOf } from '../../core/plain-text.js';
import untimedSanitizeHtml from 'sanitize-html';
import { timedSync } from '../../core/phase-timer.js';
import { safeHttpsUrl, safeImageSrc, safeTextLinkUrl } from '../shared/links.js';
import { reportSkip } from '../shared/skip-log.js';
import type { AmpIframeModel } from '../shared/view-model.js';
import { DEFAULT_IFRAME_SANDBOX, iframeSandbox } from './iframe-sandbox.js';
import { SanitizeMemo, sanitizeMemo } from './sanitize-memo.js';

/** sanitize-html, timed as `sanitise` by the bench's phase timer (core/phase-timer.ts). */
const sanitizeHtml = timedSync('sanitise', untimedSanitizeHtml);

// sanitize-html's own scheme check stays as a second line; the rule that decides is
// safeTextLinkUrl (the one safe-URL rule, plus mailto: and tel:), whose canonical form is stored.
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/**
 * Each sanitizer below goes through the process's memo (sanitize-memo.ts) under a name of its own
 * option set: a field whose source did not change since it was last sanitised is not parsed again.
 * A new option set needs a new name.
 */

/** Paragraphs allow only br, strong, em, u, s, b, i, a (spec 1 §5). */
export function sanitizeParagraph(html: string): string {
  return sanitizeMemo.run('paragraph', html, sanitizeParagraphNow);
}

function sanitizeParagraphNow(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['br', 'strong', 'em', 'u', 's', 'b', 'i', 'a'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: LINK_SCHEMES,
    allowProtocolRelative: false,
    transformTags: {
      // A link that opens a new window must not hand the opener to the target.
      a: (tagName, attribs) => {
        const next: Record<string, string> = {};
        const href = safeTextLinkUrl(attribs.href);
        if (href !== null) next.href = href;
        if (attribs.target === '_blank') {
          next.target = '_blank';
          next.rel = 'noopener noreferrer';
        }
        return { tagName, attribs: next };
      },
    },
  });
}

/** Pull quotes allow only br, strong, span, em, u, s, b, i (spec 1 §5). */
export function sanitizePullQuote(html: string): string {
  return sanitizeMemo.run('pull-quote', html, sanitizePullQuoteNow);
}

function sanitizePullQuoteNow(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['br', 'strong', 'span', 'em', 'u', 's', 'b', 'i'],
    allowedAttributes: {},
  });
}

/** Summary paragraphs and list titles are stripped of unsafe tags (spec 1 §5): inline formatting only. */
export function sanitizeInline(html: string): string {
  return sanitizeParagraph(html);
}

/** Tags raw-html blocks keep on standard and print pages: text structure, links, images, iframes. */
const RAW_HTML_TAGS = [
  'p', 'br', 'hr', 'strong', 'em', 'u', 's', 'b', 'i', 'a', 'span', 'div', 'small', 'sub', 'sup',
  'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'cite', 'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'img', 'iframe',
];

/**
 * A raw-html iframe's sandbox (iframe-sandbox.ts): the default when upstream gives none, else its
 * allow-listed tokens, never allow-scripts with allow-same-origin (the sanitizer cannot know the
 * frame is on another origin than the page). What is dropped is logged as a skip.
 */
function rawIframeSandbox(value: string | undefined, amp: boolean): string {
  const decision = iframeSandbox(value ?? DEFAULT_IFRAME_SANDBOX, { crossOrigin: false, amp });
  if (value !== undefined && decision.dropped.length > 0) {
    reportSkip({ kind: 'iframe-sandbox', use: 'frame', reason: decision.dropped.join(' '), value });
  }
  return decision.sandbox;
}

const POSITIVE_INT = /^\d{1,5}$/;

/**
 * Raw HTML blocks (spec 1 §3) through a strict allow-list: no script, style, svg or math, no event
 * handlers, no srcdoc, no id/name (DOM clobbering), links http(s)/site-relative/mailto/tel only, images
 * http(s)/site-relative only, iframes https only and always sandboxed.
 */
export function sanitizeRawHtml(html: string): string {
  return sanitizeMemo.run('raw-html', html, (source) => sanitizeHtml(source, rawHtmlOptions(RAW_HTML_TAGS)));
}

/** Raw HTML for print: the same allow-list without iframes (print shows no interactive parts). */
export function sanitizeRawHtmlForPrint(html: string): string {
  return sanitizeMemo.run('raw-html-print', html, (source) => sanitizeHtml(source, rawHtmlOptions(RAW_HTML_TAGS.filter((tag) => tag !== 'iframe'))));
}

/** sanitize-html 2.x reads `allowedEmptyAttributes`; its type definitions do not list it yet. */
type RawHtmlOptions = untimedSanitizeHtml.IOptions & { allowedEmptyAttributes: string[] };

function rawHtmlOptions(allowedTags: string[]): RawHtmlOptions {
  return {
    allowedTags,
    allowedAttributes: {
      a: ['href', 'target', 'rel', 'title'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      iframe: ['src', 'width', 'height', 'title', 'sandbox', 'loading', 'allow'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
    allowProtocolRelative: false,
    // An empty sandbox is the strictest one; sanitize-html would drop the empty attribute and leave
    // the frame unsandboxed (`sandbox="allow-top-navigation"` would come out with no sandbox; ADR 0021).
    allowedEmptyAttributes: ['alt', 'sandbox'],
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'xmp'],
    transformTags: {
      a: (tagName, attribs) => {
        const next: Record<string, string> = {};
        // The rule plus mailto: (and tel:, as in paragraphs), in canonical form.
        const href = safeTextLinkUrl(attribs.href);
        if (href !== null) next.href = href;
        if (attribs.title !== undefined) next.title = attribs.title;
        if (attribs.target === '_blank') {
          next.target = '_blank';
          next.rel = 'noopener noreferrer';
        }
        return { tagName, attribs: next };
      },
      img: (tagName, attribs) => {
        const next: Record<string, string> = { loading: 'lazy' };
        const src = safeImageSrc(attribs.src);
        if (src !== null) next.src = src;
        next.alt = attribs.alt ?? '';
        if (attribs.width !== undefined && POSITIVE_INT.test(attribs.width)) next.width = attribs.width;
        if (attribs.height !== undefined && POSITIVE_INT.test(attribs.height)) next.height = attribs.height;
        return { tagName, attribs: next };
      },
      iframe: (tagName, attribs) => {
        const next: Record<string, string> = { loading: 'lazy', sandbox: rawIframeSandbox(attribs.sandbox, false) };
        const src = safeHttpsUrl(attribs.src);
        if (src !== null) next.src = src;
        if (attribs.width !== undefined && POSITIVE_INT.test(attribs.width)) next.width = attribs.width;
        if (attribs.height !== undefined && POSITIVE_INT.test(attribs.height)) next.height = attribs.height;
        if (attribs.title !== undefined) next.title = attribs.title;
        return { tagName, attribs: next };
      },
    },
    // An image without an accepted src or an iframe without an https src is dropped entirely.
    exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && frame.attribs.src === undefined,
  };
}

/** The old, prefixed fullscreen attributes the AMP conversion refuses (spec 1 §5). */
const OLD_FULLSCREEN_ATTRIBUTES = ['mozallowfullscreen', 'webkitallowfullscreen'];


/**
 * The AMP raw-html rule (spec 1 §5): only the FIRST iframe is converted, only if it has src,
 * height and width, is not http and does not use the old fullscreen attributes; a sandbox is added
 * when missing. Returns null when there is nothing to convert (the rest of the HTML is dropped).
 */
export function firstAmpIframe(html: string): AmpIframeModel | null {
  return ampIframeMemo.run('amp-iframe', html, firstAmpIframeNow);
}

/** The AMP iframes found in raw-html blocks: values, so a memo of their own (sanitize-memo.ts). */
const ampIframeMemo = new SanitizeMemo<AmpIframeModel | null>(5_000, 1024 * 1024);

function firstAmpIframeNow(html: string): AmpIframeModel | null {
  const found: Record<string, string>[] = [];
  sanitizeHtml(html, {
    allowedTags: ['iframe'],
    allowedAttributes: false,
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'xmp'],
    transformTags: {
      iframe: (tagName, attribs) => {
        if (found.length === 0) found.push({ ...attribs });
        return { tagName, attribs: {} };
      },
    },
  });
  const attribs = found[0];
  if (attribs === undefined) return null;
  const names = Object.keys(attribs).map((n) => n.toLowerCase());
  if (OLD_FULLSCREEN_ATTRIBUTES.some((name) => names.includes(name))) return null;
  const src = safeHttpsUrl(attribs.src);
  const width = attribs.width;
  const height = attribs.height;
  if (src === null || width === undefined || height === undefined) return null;
  if (!POSITIVE_INT.test(width) || !POSITIVE_INT.test(height) || Number(width) === 0 || Number(height) === 0) return null;
  const sandbox = rawIframeSandbox(attribs.sandbox, true);
  return {
    src,
    width: Number(width),
    height: Number(height),
    sandbox,
    ...(attribs.title !== undefined ? { title: toPlainText(attribs.title) } : {}),
  };
}

/**
 * Plain text from HTML, for descriptions and alt texts. Text with no markup at all (core/plain-text.ts
 * MARKUP_START) costs less to answer than a memo lookup (building its key and moving its entry to
 * the end): a page's lists ask for a few hundred headlines and alt texts, most of them plain.
 */
export function toPlainText(html: string): string {
  if (!hasMarkup(html)) return collapseWhitespace(html);
  return sanitizeMemo.run('plain-text', html, plainTextOf);
}
