/**
 * "A path with a trailing slash gets a 301 redirect to the path without it, keeping the query"
 * (spec 1 §2.2). Repeated trailing slashes collapse in one hop ("/a///" -> "/a"), and the query
 * string is kept byte for byte.
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
import { appWidePlugin } from './define-plugin.js';

/** The redirect target for a raw path and query, or null when there is nothing (safe) to redirect. */
export function trailingSlashTarget(rawPath: string, search: string): string | null {
  if (rawPath === '/' || !rawPath.endsWith('/')) return null;
  const trimmed = rawPath.replace(/\/+$/, '');
  const target = trimmed === '' ? '/' : trimmed;
  // Also "/%2F..." and "/%5C...": a browser keeps them as a path, but a proxy that decodes before
  // it forwards would turn them into "//".
  if (!/^\/(?![/\\]|%2f|%5c)/i.test(target)) return null;
  return target + search;
}

export const trailingSlashPlugin = appWidePlugin('edge-trailing-slash', (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    const { rawPath, search } = splitRequestTarget(request.url);
    const location = trailingSlashTarget(rawPath, search);
    if (location === null) {
      done();
      return;
    }
    // Same lifetime as a stored redirect record: long enough to spare the origin, short enough
    // that a wrong redirect can be fixed.
    reply.code(REDIRECT_STATUS).header('location', location).header('cache-control', CACHE_POLICIES.redirect).send();
  });
  return Promise.resolve();
});
