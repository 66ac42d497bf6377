/**
 * The shows pages' rules (spec 2 §2, §5, §9), kept apart from rendering so each has a unit test
 * with the spec's own numbers and strings:
 *   - poster sizes: show poster 196x294 desktop, 150x225, 128x192; shows page poster 268x402 and
 *     smaller steps (spec 2 §9)
 *   - paths: /shows is the list, /shows/{id} a show page (the page needs the param id, §5)
 *   - the canonical 301, skipped when the requested path contains "video" (§2 routing rules)
 */
import { normalisePagePath } from '../../core/storage/keys.js';
import type { Show } from '../../core/upstream/show-client.js';

export interface PosterSize {
  width: number;
  height: number;
}

/** Show poster on a show's own page (spec 2 §9): desktop first, then the smaller breakpoints. */
export const SHOW_POSTER_SIZES = {
  desktop: { width: 196, height: 294 },
  tablet: { width: 150, height: 225 },
  mobile: { width: 128, height: 192 },
} as const satisfies Record<string, PosterSize>;

/**
 * Shows page poster (spec 2 §9 "268x402 and smaller steps"): the smaller steps are the show poster
 * steps, so every poster keeps the same 2:3 shape.
 */
export const SHOWS_PAGE_POSTER_SIZES = {
  desktop: { width: 268, height: 402 },
  tablet: SHOW_POSTER_SIZES.desktop,
  mobile: SHOW_POSTER_SIZES.tablet,
} as const satisfies Record<string, PosterSize>;

export const SHOWS_LIST_PATH = '/shows';

/** The show id of a /shows/{id} path, or null for any other path (no id, no fetch: spec 2 §5). */
export function showIdFromPath(path: string): string | null {
  const match = /^\/shows\/([^/]+)$/.exec(path);
  return match?.[1] ?? null;
}

/** The show page path of a show: its canonical URL's path when that is a /shows/{id} path. */
export function showPathOf(show: Pick<Show, 'id' | 'canonicalUrl'>): string {
  try {
    const pathname = normalisePagePath(new URL(show.canonicalUrl, 'https://placeholder.invalid').pathname);
    if (showIdFromPath(pathname) !== null) return pathname;
  } catch {
    // An unusable canonical URL: the page stays at the id's path.
  }
  return `${SHOWS_LIST_PATH}/${show.id}`;
}

/**
 * The 301 target of a show page requested at `requestedPath`, or null when the page renders in
 * place: the path already is the canonical one, or it contains "video" (spec 2 §2: "For shows the
 * redirect is skipped when the path contains video").
 */
export function showRedirectTarget(show: Pick<Show, 'id' | 'canonicalUrl'>, requestedPath: string): string | null {
  if (requestedPath.includes('video')) return null;
  const target = showPathOf(show);
  return target === requestedPath ? null : target;
}
