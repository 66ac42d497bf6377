/**
 * React server rendering to a complete HTML document. Stored pages are static: renderToString is
 * the right tool (no streaming to a reader happens at render time).
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PlatformError } from '../../core/errors.js';
import { timeSync } from '../../core/phase-timer.js';

export function renderDocument(element: ReactElement): string {
  const html = '<!DOCTYPE html>' + timeSync('react', () => renderToString(element)); // bench phase timer (core/phase-timer.ts)
  assertCompleteDocument(html);
  return html;
}

/**
 * A last guard before storage: never replace a good page with a broken one (docs/architecture.md "Principles"). A page
 * that is not a complete document fails the job instead of being written.
 */
export function assertCompleteDocument(html: string): void {
  // lastIndexOf: the closing tag is at the end, and includes() read the whole page to find it.
  if (!html.startsWith('<!DOCTYPE html>') || html.lastIndexOf('</html>') === -1 || !html.includes('<title>')) {
    throw new PlatformError('RENDER_FAILED', 'Rendered page is not a complete HTML document', {
      details: { length: html.length },
    });
  }
}
