/**
 * What a reader sees as a broken layout, measured in the page: the document
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
  // Each element's answers are cached: a page has thousands of text nodes sharing ancestors.
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (element: Element): CSSStyleDeclaration => {
    let found = styles.get(element);
    if (found === undefined) styles.set(element, (found = getComputedStyle(element)));
    return found;
  };
  const hiddenCache = new Map<Element, boolean>();
  /** Hidden on purpose: not rendered, invisible, or a 1 px visually-hidden box or an off-screen skip link. */
  const hiddenOnPurpose = (element: Element | null): boolean => {
    if (element === null || element === document.documentElement) return false;
    const cached = hiddenCache.get(element);
    if (cached !== undefined) return cached;
    const own = style(element);
    const rect = element.getBoundingClientRect();
    const hidden =
      own.display === 'none' ||
      own.visibility === 'hidden' ||
      own.opacity === '0' ||
      rect.width <= 1 ||
      rect.height <= 1 ||
      rect.right <= 0 ||
      (rect.bottom <= 0 && own.position === 'absolute') ||
      hiddenOnPurpose(element.parentElement);
    hiddenCache.set(element, hidden);
    return hidden;
  };
  const scrollerCache = new Map<Element, boolean>();
  /** Inside a box the reader scrolls horizontally (overflow-x auto or scroll). */
  const inScroller = (element: Element | null): boolean => {
    const parent = element?.parentElement ?? null;
    if (parent === null || parent === document.documentElement || parent === document.body) return false;
    const cached = scrollerCache.get(parent);
    if (cached !== undefined) return cached;
    const overflow = style(parent).overflowX;
    const result = overflow === 'auto' || overflow === 'scroll' || inScroller(parent);
    scrollerCache.set(parent, result);
    return result;
  };
  const clipCache = new Map<Element, Element[]>();
  /** The element and its ancestors whose overflow hides what does not fit, nearest first. */
  const clippingBoxes = (element: Element | null): Element[] => {
    if (element === null || element === document.body || element === document.documentElement) return [];
    const cached = clipCache.get(element);
    if (cached !== undefined) return cached;
    const own = style(element);
    const hides = (value: string) => value === 'hidden' || value === 'clip';
    const boxes = [...(hides(own.overflowX) || hides(own.overflowY) ? [element] : []), ...clippingBoxes(element.parentElement)];
    clipCache.set(element, boxes);
    return boxes;
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
    for (const box of clippingBoxes(element)) {
      const boxStyle = style(box);
      const hides = (value: string) => value === 'hidden' || value === 'clip';
      const boxRect = box.getBoundingClientRect();
      if (boxRect.width <= 1 || boxRect.height <= 1) break;
      const cutX = hides(boxStyle.overflowX) && (rect.right > boxRect.right + 1 || rect.left < boxRect.left - 1);
      const cutY = hides(boxStyle.overflowY) && (rect.bottom > boxRect.bottom + 1 || rect.top < boxRect.top - 1);
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
