/**
 * Stored pages: every GET and HEAD that no more specific route claims. Nothing renders here
 * (docs/architecture.md "What it is for": no reader's request renders a page); a request path maps to storage keys
 * through core/storage/keys.ts only, and the object found is sent as stored.
 *
 *   /robots.txt, /sitemap.xml, /rss.xml ...  one segment that is a root file name -> rootFileKey
 *   /rss/{section}.xml                       a section's RSS feed (spec 1 §2.4) -> feedKey
 *   /a/b, /a/b.amp, /a/b.print(.html)        -> the redirect record of /a/b if there is one,
 *                                               else the standard, AMP or print variant
 *   anything that is not a valid page path   -> the 404 page (not-found plugin)
 *
 * The query string never changes which object is served: the cache key is the path alone.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { isPlatformError } from '../../core/errors.js';
import { REDIRECT_STATUS } from '../../core/isomorphic/constants.js';
import type { SiteId } from '../../core/isomorphic/sites.js';
import { feedKey, feedSectionFromRequestPath, normalisePagePath, pageKey, rootFileKey, variantFromRequestPath, variantUrlPath, type PageVariant } from '../../core/storage/keys.js';
import type { StoredObject } from '../../core/storage/types.js';
import { decodeRequestPath, splitRequestTarget } from '../request-target.js';
import { applyCachePolicy, sendStoredObject } from '../stored-response.js';
import { routePlugin } from './define-plugin.js';
import type { ObjectReader } from './hot-cache.js';
import { objectReaderSchema } from './options.js';

export type StoredTarget =
  | { kind: 'root'; key: string }
  | { kind: 'feed'; key: string }
  | { kind: 'page'; path: string; variant: Exclude<PageVariant, 'redirect'>; key: string; redirectKey: string };

function tryKey<T>(build: () => T): T | null {
  try {
    return build();
  } catch (error) {
    if (isPlatformError(error, 'INVALID_PATH')) return null;
    throw error;
  }
}

/** Which stored object a decoded request path names, or null when it names none (-> 404). */
export function storedTargetFor(site: SiteId, path: string): StoredTarget | null {
  const single = /^\/([^/]+)$/.exec(path)?.[1];
  if (single !== undefined) {
    const key = tryKey(() => rootFileKey(site, single));
    if (key !== null) return { kind: 'root', key };
  }
  // Before page paths: "/rss/politics.xml" is also a valid page path, but no page lives there.
  const feedSection = feedSectionFromRequestPath(path);
  if (feedSection !== null) return { kind: 'feed', key: feedKey(site, feedSection) };
  const requested = variantFromRequestPath(path);
  if (requested.variant === 'redirect') return null;
  const variant = requested.variant;
  const page = tryKey(() => normalisePagePath(requested.path));
  // normalisePagePath accepts a trailing slash; a request with one was redirected already, so
  // only the exact normal form names a page ("/a.amp/" is not "/a.amp").
  if (page === null || page !== requested.path) return null;
  return { kind: 'page', path: page, variant, key: pageKey(site, page, variant), redirectKey: pageKey(site, page, 'redirect') };
}

// A redirect record is untrusted data at the boundary (docs/architecture.md "Conventions"): a malformed one is ignored with a
// warning rather than sent. Locations are same-origin paths (one leading "/") or absolute http(s)
// URLs, in header-safe characters.
const redirectRecordSchema = z.object({
  location: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^[\x21-\x7E]+$/, 'must be visible ASCII')
    .refine((value) => /^\/(?![/\\])/.test(value) || value === '/' || /^https?:\/\/[^/\\]/i.test(value), 'must be a path or an http(s) URL'),
  status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).default(REDIRECT_STATUS),
});
export type RedirectRecord = z.infer<typeof redirectRecordSchema>;

export function parseRedirectRecord(body: Buffer): RedirectRecord | null {
  let data: unknown;
  try {
    data = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  const result = redirectRecordSchema.safeParse(data);
  return result.success ? result.data : null;
}

/**
 * Where a redirect record sends a request for one variant: the same variant of the target page
 * when the target is a page path, and the request's query kept unless the record has its own.
 */
export function redirectLocation(record: RedirectRecord, variant: Exclude<PageVariant, 'redirect'>, search: string): string {
  let location = record.location;
  if (variant !== 'standard' && location.startsWith('/') && !location.includes('?')) {
    const page = tryKey(() => normalisePagePath(location));
    if (page !== null) location = variantUrlPath(page, variant);
  }
  return location.includes('?') ? location : location + search;
}

export interface PageStoreOptions {
  /** Reads through the hot cache (hot-cache.ts). */
  reader: ObjectReader;
}

const optionsSchema = z.object({
  reader: objectReaderSchema,
});

export const pageStorePlugin = routePlugin<PageStoreOptions>('edge-page-store', (app, options) => {
  const { reader } = optionsSchema.parse(options);

  function sendRedirect(reply: FastifyReply, object: StoredObject, location: string, status: number): FastifyReply {
    applyCachePolicy(reply, object.meta.cacheControl);
    if (object.meta.surrogateKeys.length > 0) reply.header('surrogate-key', object.meta.surrogateKeys.join(' '));
    return reply.code(status).header('location', location).send();
  }

  // Stored objects are compressed by sendStoredObject (with the hot cache keeping the result), not
  // per request by @fastify/compress.
  app.get('/*', { compress: false }, async (request, reply) => {
    const { rawPath, search } = splitRequestTarget(request.url);
    // The request guard has refused undecodable paths already; decoding again keeps this plugin
    // correct on its own.
    const target = storedTargetFor(request.site, decodeRequestPath(rawPath));
    if (target === null) return reply.callNotFound();

    if (target.kind === 'root' || target.kind === 'feed') {
      request.routeKind = target.kind;
      const object = await reader.read(target.key);
      return object === null ? reply.callNotFound() : sendStoredObject(request, reply, object);
    }

    // Both reads at once: the redirect record wins when there is one, and a page without one (the
    // common case) costs one round trip instead of two.
    const [redirect, page] = await Promise.all([reader.read(target.redirectKey), reader.read(target.key)]);
    if (redirect !== null) {
      const record = parseRedirectRecord(redirect.object.body);
      if (record !== null) {
        request.routeKind = 'redirect';
        return sendRedirect(reply, redirect.object, redirectLocation(record, target.variant, search), record.status);
      }
      request.log.warn({ key: target.redirectKey }, 'ignoring a malformed redirect record');
    }
    request.routeKind = target.variant === 'standard' ? 'page' : target.variant;
    return page === null ? reply.callNotFound() : sendStoredObject(request, reply, page);
  });
  return Promise.resolve();
});
