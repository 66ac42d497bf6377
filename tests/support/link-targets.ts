/**
 * What a crawler follows in a stored page (no link may lead nowhere): every link and image
 * target, read with htmlparser2 (attribute entities decoded). Only the site's own targets are
 * kept: relative URLs and absolute URLs on the page's origin.
 */
import { parseDocument } from 'htmlparser2';
import { isTag, type ChildNode, type Element } from 'domhandler';

export interface LinkTarget {
  /** Path and query on the page's origin, without the fragment. */
  path: string;
  /** How the page names it: `a`, `img`, `srcset`, `preload`, `amp-img`. */
  via: string;
}

function* elements(nodes: readonly ChildNode[]): Generator<Element> {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    yield node;
    yield* elements(node.children);
  }
}

/** The URLs of a `srcset` (or `imagesrcset`) value: each candidate is a URL and an optional descriptor. */
export function srcsetUrls(value: string): string[] {
  return value
    .split(/,\s+/)
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter((url) => url !== '');
}

/** The site's own link and image targets in `html`, served at `pageUrl`, each once per `via`. */
export function internalTargets(html: string, pageUrl: string): LinkTarget[] {
  const page = new URL(pageUrl);
  const found = new Map<string, LinkTarget>();
  const add = (raw: string | undefined, via: string) => {
    if (raw === undefined) return;
    const value = raw.trim();
    if (value === '' || value.startsWith('#')) return;
    let url: URL;
    try {
      url = new URL(value, page);
    } catch {
      return;
    }
    if (url.origin !== page.origin) return;
    const path = `${url.pathname}${url.search}`;
    found.set(`${via} ${path}`, { path, via });
  };
  for (const element of elements(parseDocument(html).children)) {
    const attrs = element.attribs;
    switch (element.name) {
      case 'a':
        add(attrs.href, 'a');
        break;
      case 'img':
      case 'amp-img':
        add(attrs.src, element.name);
        for (const url of srcsetUrls(attrs.srcset ?? '')) add(url, 'srcset');
        break;
      case 'source':
        for (const url of srcsetUrls(attrs.srcset ?? '')) add(url, 'srcset');
        break;
      case 'link':
        if (attrs.rel === 'preload' && attrs.as === 'image') {
          add(attrs.href, 'preload');
          for (const url of srcsetUrls(attrs.imagesrcset ?? '')) add(url, 'preload');
        }
        break;
      default:
        break;
    }
  }
  return [...found.values()];
}
