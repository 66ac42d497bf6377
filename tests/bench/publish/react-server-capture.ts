/**
 * A stand-in for `react-dom/server` that the render-cost child process (render-cost-child.ts)
 * puts in front of the renderer's imports with a module resolve hook (capture-hooks.ts). It
 * renders with React exactly as before and, while a capture is on, keeps each element it was
 * asked to render and the CPU time the render took, so the bench can re-render the very same
 * elements (the "bare limit") and say how much of a real render React is.
 *
 * The renderer's code is not changed for this: only its import is redirected, in that process.
 */
import type { ReactNode } from 'react';
import * as server from 'react-dom/server';

export interface CapturedRender {
  element: ReactNode;
  /** The rendered component's name, e.g. ArticlePage, PrintArticlePage, AmpArticleBody. */
  component: string;
  /** User + system CPU of this renderToString call, ms. */
  cpuMs: number;
  /**
   * Called while another renderToString was running (an island's own root, the header's inner
   * HTML): its cost is already inside the outer render's, and a bare re-render of the outer
   * element runs it again.
   */
  nested: boolean;
}

let active: CapturedRender[] | undefined;
/** renderToString calls in progress (nested renders run inside an outer one, synchronously). */
let depth = 0;

/** Captures every render until `stopCapture`. */
export function startCapture(): void {
  active = [];
}

export function stopCapture(): CapturedRender[] {
  const captured = active ?? [];
  active = undefined;
  return captured;
}

export function componentName(element: ReactNode): string {
  if (typeof element !== 'object' || element === null || !('type' in element)) return 'unknown';
  const type: unknown = element.type;
  if (typeof type === 'string') return type;
  if (typeof type === 'function') return type.name || 'anonymous';
  return 'unknown';
}

export function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

export const renderToString: typeof server.renderToString = (element, options) => {
  if (active === undefined) return server.renderToString(element, options);
  const nested = depth > 0;
  const start = process.cpuUsage();
  depth += 1;
  let html: string;
  try {
    html = server.renderToString(element, options);
  } finally {
    depth -= 1;
  }
  active?.push({ element, component: componentName(element), cpuMs: cpuMs(start), nested });
  return html;
};

export const renderToStaticMarkup = server.renderToStaticMarkup;
export const renderToPipeableStream = server.renderToPipeableStream;
export const renderToReadableStream = server.renderToReadableStream;
export const resumeToPipeableStream = server.resumeToPipeableStream;
export const version = server.version;
