/**
 * What a reader sees as a broken layout, measured in the page (issue 15 item 2): the document
 * wider than the viewport (the page scrolls sideways), and text that is clipped: cut by a box
 * with overflow hidden or clip, or running past the viewport's edges. Text inside a box that
 * scrolls on its own (a carousel, a wide table) is fine: the reader can scroll to it.
 */
import type { Page } from 'playwright-core';

export interface LayoutProblems {
  viewportWidth: number;
  scrollWidth: number;
  /** One line per clipped text: where it is and the start of the text. */
  clipped: string[];
}

/** Runs in the browser: the page's layout problems (kept free of closures over Node values). */
function measure(): LayoutProblems {
  const viewportWidth = document.documentElement.clientWidth;
  const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body?.scrollWidth ?? 0);
  const clipped: string[] = [];
  const describe = (element: Element): string => {
    const id = element.id ? `#${element.id}` : '';
    const cls = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
    return `${element.tagName.toLowerCase()}${id}${cls}`;
  };
  /** Hidden on purpose: not rendered, invisible, or a 1 px visually-hidden box or an off-screen skip link. */
  const hiddenOnPurpose = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return true;
      const rect = node.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return true;
      if (rect.right <= 0 || (rect.bottom <= 0 && style.position === 'absolute')) return true;
    }
    return false;
  };
  /** Inside a box the reader scrolls horizontally (overflow-x auto or scroll). */
  const inScroller = (element: Element): boolean => {
    for (let node = element.parentElement; node && node !== document.documentElement; node = node.parentElement) {
      const overflow = getComputedStyle(node).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && node !== document.body) return true;
    }
    return false;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<Element>();
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const content = (text.textContent ?? '').trim();
    const element = text.parentElement;
    if (content === '' || !element || seen.has(element)) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION'].includes(element.tagName)) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    const rect = range.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    if (hiddenOnPurpose(element)) continue;
    const label = `${describe(element)} "${content.slice(0, 40)}"`;
    // Past the viewport's edges (partly on screen: wholly off-screen text is hidden on purpose).
    if ((rect.right > viewportWidth + 1 || rect.left < -1) && rect.right > 0 && !inScroller(element)) {
      seen.add(element);
      clipped.push(`${label} runs past the viewport (${Math.round(rect.left)}..${Math.round(rect.right)} of ${viewportWidth})`);
      continue;
    }
    // Cut by an ancestor (or itself) whose overflow hides what does not fit.
    for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      const hides = (value: string) => value === 'hidden' || value === 'clip';
      if (!hides(style.overflowX) && !hides(style.overflowY)) continue;
      const boxRect = box.getBoundingClientRect();
      if (boxRect.width <= 1 || boxRect.height <= 1) break;
      const cutX = hides(style.overflowX) && (rect.right > boxRect.right + 1 || rect.left < boxRect.left - 1);
      const cutY = hides(style.overflowY) && (rect.bottom > boxRect.bottom + 1 || rect.top < boxRect.top - 1);
      if (cutX || cutY) {
        seen.add(element);
        clipped.push(`${label} is clipped by ${describe(box)}`);
        break;
      }
    }
  }
  return { viewportWidth, scrollWidth, clipped };
}

/** The layout problems of the page as it is now. */
export async function layoutProblems(page: Page): Promise<LayoutProblems> {
  return await page.evaluate(measure);
}
