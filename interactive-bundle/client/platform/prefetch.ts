/**
 * Link prefetch (spec 2 §4 "Link prefetch runs when a link becomes visible. It is skipped when
 * offline, on a 2g connection or in data-saver mode. Idle prefetch timeout is 2000 ms"; §8
 * "Prefetch error: swallowed").
 *
 * Same-origin page links are watched with an IntersectionObserver; a link that scrolls into view
 * is queued, and the queue is fetched when the browser is idle (requestIdleCallback with a 2000 ms
 * timeout; a plain 2000 ms timer where it is missing). Stored pages are cacheable, so the later
 * navigation is served from the HTTP cache. Each URL is fetched once per page view. Links added
 * later (search results, load more) are picked up by a MutationObserver.
 *
 * Only stored pages are prefetched (ADR 0017: a prefetch of a missing page logs a 404 in the console and costs a Lighthouse score): each flush first asks the edge router
 * which of the queued paths are stored (GET /api/stored-pages?paths=..., answered from storage,
 * at most STORED_PAGES_BATCH paths a request) and fetches only those, so a link to a page that is
 * not published never costs a 404 (nor a console error).
 */
import { MAX_STORED_PAGES_PATHS, parseStoredPagesResponse, STORED_PAGES_PATH } from '../../../core/isomorphic/live/stored-pages.js';

/** Spec 2 §4. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** The edge router's stored-pages endpoint and its batch limit (edge-router/plugins/stored-pages.ts). */
export const STORED_PAGES_ENDPOINT = STORED_PAGES_PATH;
export const STORED_PAGES_BATCH = MAX_STORED_PAGES_PATHS;

/** The answer of the stored-pages endpoint: the asked paths that are stored. Anything else: none. */
export const storedPathsOf = parseStoredPagesResponse;

/** Queued URLs grouped by the stored-pages requests that check them (at most `size` distinct paths each). */
export function storedPagesBatches(urls: readonly string[], size = STORED_PAGES_BATCH): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let paths = new Set<string>();
  for (const url of urls) {
    const path = new URL(url).pathname;
    if (!paths.has(path) && paths.size === size) {
      batches.push(current);
      current = [];
      paths = new Set();
    }
    paths.add(path);
    current.push(url);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The Network Information API's fields we read (not in TypeScript's DOM lib everywhere). */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** Whether prefetching is allowed now (spec 2 §4: not offline, not 2g, not data saver). */
export function prefetchAllowed(online: boolean, connection: ConnectionInfo | undefined): boolean {
  if (!online) return false;
  if (connection?.saveData === true) return false;
  // 'slow-2g' and '2g' both count as 2g.
  if (connection?.effectiveType !== undefined && connection.effectiveType.includes('2g')) return false;
  return true;
}

/**
 * The URL to prefetch for a link, or null: only http(s) links on this origin, not the page itself
 * (a fragment link), not downloads, not links that open elsewhere.
 */
export function prefetchTarget(href: string, pageUrl: string, options: { download?: boolean; target?: string } = {}): string | null {
  let url: URL;
  let page: URL;
  try {
    url = new URL(href, pageUrl);
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  if (options.download || (options.target !== undefined && options.target !== '' && options.target !== '_self')) return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== page.origin) return null;
  url.hash = '';
  page.hash = '';
  if (url.href === page.href) return null;
  return url.href;
}

function connectionOf(nav: Navigator): ConnectionInfo | undefined {
  const connection = (nav as Navigator & { connection?: ConnectionInfo }).connection;
  return typeof connection === 'object' && connection !== null ? connection : undefined;
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

export function whenIdle(win: Window, callback: () => void): void {
  const idleWindow = win as IdleWindow;
  if (typeof idleWindow.requestIdleCallback === 'function') idleWindow.requestIdleCallback(callback, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  else win.setTimeout(callback, PREFETCH_IDLE_TIMEOUT_MS);
}

/** Starts prefetching visible links; returns a function that stops. No-op without IntersectionObserver. */
export function startLinkPrefetch(win: Window = window): () => void {
  if (typeof IntersectionObserver !== 'function') return () => undefined;
  const doc = win.document;
  const done = new Set<string>();
  const queue: string[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    // Conditions are checked when fetching, not only when observing: the reader may have gone offline.
    if (!prefetchAllowed(win.navigator.onLine, connectionOf(win.navigator))) {
      queue.length = 0;
      return;
    }
    for (const batch of storedPagesBatches(queue.splice(0))) {
      const paths = [...new Set(batch.map((url) => new URL(url).pathname))];
      const ask = `${STORED_PAGES_ENDPOINT}?paths=${paths.map(encodeURIComponent).join(',')}`;
      // Errors are swallowed (spec 2 §8): a prefetch is only a hint. A failed check prefetches nothing.
      win
        .fetch(ask, { credentials: 'same-origin' })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: unknown) => {
          const stored = storedPathsOf(body);
          for (const url of batch) {
            if (!stored.has(new URL(url).pathname)) continue;
            win.fetch(url, { credentials: 'same-origin', headers: { purpose: 'prefetch' } }).then(
              (response) => response.body?.cancel().catch(() => undefined),
              () => undefined,
            );
          }
        })
        .catch(() => undefined);
    }
  };

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      if (!(entry.target instanceof HTMLAnchorElement)) continue;
      const link = entry.target;
      const url = prefetchTarget(link.href, win.location.href, { download: link.hasAttribute('download'), target: link.target });
      if (url === null || done.has(url)) continue;
      if (!prefetchAllowed(win.navigator.onLine, connectionOf(win.navigator))) continue;
      done.add(url);
      queue.push(url);
    }
    if (queue.length > 0 && !scheduled) {
      scheduled = true;
      whenIdle(win, flush);
    }
  });

  const observeAll = (scope: ParentNode) => {
    for (const link of scope.querySelectorAll('a[href]')) observer.observe(link);
  };
  observeAll(doc);
  const mutations = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLAnchorElement && node.hasAttribute('href')) observer.observe(node);
        else if (node instanceof Element) observeAll(node);
      }
    }
  });
  mutations.observe(doc.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    mutations.disconnect();
  };
}
