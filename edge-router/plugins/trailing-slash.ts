/**
 * Canonical redirects of the request target itself (spec 1 §2.2), in one 301 hop:
 *
 *   "A path with a trailing slash gets a 301 redirect to the path without it, keeping the query."
 *     Repeated trailing slashes collapse ("/a///" -> "/a"); the query is kept byte for byte.
 *   "A middleware redirects to the same route, dropping a hash if present."
 *     A browser never sends a fragment, so for a server this means two things (ADR 0011):
 *       - a raw "#..." in the request target (hand-made clients, some bots): dropped, with
 *         whatever query it hid ("/a#b?x" -> "/a", as a URL parser reads it);
 *       - an encoded "%23" in the path, the usual form of a hash that went through a share
 *         button or a double encoding ("/politics%23comments"): the path is cut there
 *         ("/politics"), the query kept. A slug never holds "#", so no page is lost.
 *     Without the redirect both forms would be one more CDN cache key for the same page (or a 404).
 *     "%23" in the query is a search term ("?q=%23news") and is left alone.
 *
 * Other canonical redirects (an article at a non-canonical path) are redirect records that the
 * render workers store and page-store.ts answers.
 *
 * Open redirects: a target that would start with "//" (from "//evil.com/") is a protocol-relative
 * URL to another origin, so such paths are not redirected at all; they fall through to the page
 * store, which answers with the 404 page. Nor are targets starting with an encoded "/" or "\".
 * Raw backslashes, which browsers treat like "/", never get here: the request guard refuses them.
 * So every Location this plugin sends is a same-origin path starting with exactly one "/".
 */
import { REDIRECT_STATUS } from '../../core/isomorphic/constants.js';
import { CACHE_POLICIES } from '../../core/storage/cache-policy.js';
import { splitRequestTarget } from '../request-target.js';
import { applyCachePolicy } from '../stored-response.js';
import { appWidePlugin } from './define-plugin.js';

/** A same-origin path: one "/" not followed by "/", "\" or their encodings. */
function isSafeLocation(target: string): boolean {
  return /^\/(?![/\\]|%2f|%5c)/i.test(target);
}

/** The redirect target for a raw path and query, or null when there is nothing (safe) to redirect. */
export function trailingSlashTarget(rawPath: string, search: string): string | null {
  if (rawPath === '/' || !rawPath.endsWith('/')) return null;
  const trimmed = rawPath.replace(/\/+$/, '');
  const target = trimmed === '' ? '/' : trimmed;
  // Also "/%2F..." and "/%5C...": a browser keeps them as a path, but a proxy that decodes before
  // it forwards would turn them into "//".
  if (!isSafeLocation(target)) return null;
  return target + search;
}

/**
 * The canonical form of a raw request target (hash dropped, trailing slashes removed), or null
 * when it is canonical already or its canonical form would not be a safe same-origin path.
 */
export function canonicalTarget(url: string): string | null {
  const { rawPath, search } = splitRequestTarget(url);
  const encodedHash = rawPath.search(/%23/i);
  const hadHash = encodedHash >= 0 || url.includes('#');
  let path = encodedHash >= 0 ? rawPath.slice(0, encodedHash) : rawPath;
  if (path === '') path = '/';
  const slashless = trailingSlashTarget(path, search);
  if (slashless !== null) return slashless;
  if (!hadHash || !isSafeLocation(path) || /\/{2,}$/.test(path)) return null;
  return path + search;
}

export const trailingSlashPlugin = appWidePlugin('edge-trailing-slash', (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    const location = canonicalTarget(request.url);
    if (location === null) {
      done();
      return;
    }
    request.routeKind = 'redirect';
    // Same lifetime as a stored redirect record: long enough to spare the origin, short enough
    // that a wrong redirect can be fixed.
    applyCachePolicy(reply, CACHE_POLICIES.redirect);
    reply.code(REDIRECT_STATUS).header('location', location).send();
  });
  return Promise.resolve();
});
