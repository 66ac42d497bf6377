/**
 * HTML from upstream as plain text: no tags, the five entities sanitize-html writes decoded back,
 * whitespace collapsed. One rule for the render worker's text fields (render-workers/blocks/
 * sanitize.ts toPlainText, which memoises it) and the edge's live answers (the video cards of
 * /api/videos), so a card the edge answers reads as the one the worker stored.
 */
import sanitizeHtml from 'sanitize-html';

/** A tag, a comment or an entity starts with one of these; text without them is text already. */
const MARKUP_START = /[<&]/;

/**
 * Text with no `<` and no `&` (most headlines, summaries and alt texts) comes back with only its
 * whitespace collapsed, without a parse: with nothing that can open a tag, a comment or an entity,
 * the parser sees one text node, and the characters sanitize-html escapes in it (`>`, `"`) are
 * decoded back below. core/plain-text.test.ts checks that both ways agree.
 */
export function plainTextOf(html: string): string {
  if (!hasMarkup(html)) return collapseWhitespace(html);
  return parsedPlainText(html);
}

/** Whether the text holds a `<` or a `&`: anything plainTextOf must parse. */
export function hasMarkup(text: string): boolean {
  return MARKUP_START.test(text);
}

/** Plain text of text that has no markup (hasMarkup false): whitespace collapsed, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The parse every input used to take (exported for the test that compares both ways). */
export function parsedPlainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
