/**
 * HTML allow-lists for text that arrives from the CMS (spec 1 §5). Everything else is removed,
 * including every attribute but a link's href (and its style, which the spec strips explicitly).
 */
import sanitizeHtml from 'sanitize-html';

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** Paragraphs allow only br, strong, em, u, s, b, i, a (spec 1 §5). */
export function sanitizeParagraph(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['br', 'strong', 'em', 'u', 's', 'b', 'i', 'a'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: LINK_SCHEMES,
    allowProtocolRelative: false,
    transformTags: {
      // A link that opens a new window must not hand the opener to the target.
      a: (tagName, attribs) => {
        const next: Record<string, string> = {};
        if (attribs.href !== undefined) next.href = attribs.href;
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
  return sanitizeHtml(html, {
    allowedTags: ['br', 'strong', 'span', 'em', 'u', 's', 'b', 'i'],
    allowedAttributes: {},
  });
}

/** Summary paragraphs and list titles are stripped of unsafe tags (spec 1 §5): inline formatting only. */
export function sanitizeInline(html: string): string {
  return sanitizeParagraph(html);
}

/** Plain text from HTML, for descriptions and alt texts. */
export function toPlainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
