/**
 * HTML from upstream as plain text: no tags, the five entities sanitize-html writes decoded back,
 * whitespace collapsed. One rule for the render worker's text fields (render-workers/blocks/
 * sanitize.ts toPlainText, which memoises it) and the edge's live answers (the video cards of
 * /api/videos), so a card the edge answers reads as the one the worker stored.
 */
import sanitizeHtml from 'sanitize-html';

export function plainTextOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
