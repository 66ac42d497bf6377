/**
 * The 404 answer (spec 1 §2.2, §8): unknown paths get the stored 404 page, rendered ahead of time
 * like any page ("This page could not be found" ... "Go to Home"), with status 404 and the cache
 * policy stored with it. "If the error page itself fails, a fallback message with a link home is
 * shown": when the stored page is missing or cannot be read, a small built-in page says so.
 *
 * With render on miss (ADR 0018), a GET for a path the page rules could serve also asks for a
 * `miss` render (render-on-miss.ts), without waiting for it; that 404 is cached for seconds only
 * (`missNotFound`) and carries the page's surrogate key, so the page rendered meanwhile is what
 * the next request gets, through the CDN too.
 */
import { SITES, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { cacheControlFor } from '../../core/storage/cache-policy.js';
import { notFoundPageKey, pageSurrogateKey } from '../../core/storage/keys.js';
import type { MissRequester } from '../render-on-miss.js';
import { applyCachePolicy, sendStoredObject } from '../stored-response.js';
import { appWidePlugin } from './define-plugin.js';
import type { ObjectReader } from './hot-cache.js';
import { objectReaderSchema } from './options.js';
import { z } from 'zod';

/** The built-in last resort; static text only, nothing from the request is echoed. */
export function fallbackNotFoundHtml(site: SiteId): string {
  const info = SITES[site];
  // The spec's texts (core/isomorphic/constants.ts NOT_FOUND_TEXTS) in the edition's language.
  const text = uiText(site);
  return [
    '<!doctype html>',
    `<html lang="${info.lang}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${text.notFoundTitle}${info.titleSuffix}</title></head>`,
    `<body><main><h1>${text.notFoundTitle}</h1><p><a href="/">${text.goToHome}</a></p></main></body>`,
    '</html>',
    '',
  ].join('\n');
}

export interface NotFoundOptions {
  /** Reads through the hot cache: the 404 page is among the hottest objects of all. */
  reader: ObjectReader;
  /** Asks for renders of missing pages (render-on-miss.ts); none when render on miss is off. */
  renderOnMiss?: MissRequester;
}

const optionsSchema = z.object({
  reader: objectReaderSchema,
  renderOnMiss: z.custom<MissRequester>((value) => typeof value === 'object' && value !== null && 'handle' in value && typeof value.handle === 'function').optional(),
});

export const notFoundPlugin = appWidePlugin<NotFoundOptions>('edge-not-found', (app, options) => {
  const { reader, renderOnMiss } = optionsSchema.parse(options);

  app.setNotFoundHandler(async (request, reply) => {
    request.routeKind = 'not_found';
    const key = notFoundPageKey(request.site);
    const miss = renderOnMiss?.handle({ site: request.site, url: request.url, method: request.method, clientIp: request.ip });
    const rendering =
      miss?.renderable === true ? { cacheControl: cacheControlFor('missNotFound'), extraSurrogateKeys: [pageSurrogateKey({ site: request.site, path: miss.path })] } : {};
    try {
      const page = await reader.read(key);
      if (page !== null) return await sendStoredObject(request, reply, page, { status: 404, conditional: false, ...rendering });
      request.log.error({ key }, 'the stored 404 page is missing; sending the built-in fallback');
    } catch (error) {
      request.log.error({ key, error }, 'the stored 404 page failed to load; sending the built-in fallback');
    }
    // Not cached: the fallback stands in for a page that should exist, and must not outlive it.
    applyCachePolicy(reply, 'no-store');
    for (const name of ['etag', 'last-modified', 'surrogate-key', 'content-encoding', 'vary']) reply.removeHeader(name);
    return reply.code(404).type('text/html; charset=utf-8').send(fallbackNotFoundHtml(request.site));
  });
  return Promise.resolve();
});
