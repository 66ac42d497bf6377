/**
 * The 404 answer (spec 1 §2.2, §8): unknown paths get the stored 404 page, rendered ahead of time
 * like any page ("This page could not be found" ... "Go to Home"), with status 404 and the cache
 * policy stored with it. "If the error page itself fails, a fallback message with a link home is
 * shown": when the stored page is missing or cannot be read, a small built-in page says so.
 */
import { NOT_FOUND_TEXTS } from '../../core/isomorphic/constants.js';
import { SITES, type SiteId } from '../../core/isomorphic/sites.js';
import { notFoundPageKey } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { readObject, sendStoredObject } from '../stored-response.js';
import { appWidePlugin } from './define-plugin.js';
import { objectStoreSchema } from './options.js';
import { z } from 'zod';

/** The built-in last resort; static text only, nothing from the request is echoed. */
export function fallbackNotFoundHtml(site: SiteId): string {
  const info = SITES[site];
  return [
    '<!doctype html>',
    `<html lang="${info.lang}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${NOT_FOUND_TEXTS.loadingLayer}${info.titleSuffix}</title></head>`,
    `<body><main><h1>${NOT_FOUND_TEXTS.loadingLayer}</h1><p><a href="/">${NOT_FOUND_TEXTS.goHome}</a></p></main></body>`,
    '</html>',
    '',
  ].join('\n');
}

export interface NotFoundOptions {
  store: ObjectStore;
}

const optionsSchema = z.object({
  store: objectStoreSchema,
});

export const notFoundPlugin = appWidePlugin<NotFoundOptions>('edge-not-found', (app, options) => {
  const { store } = optionsSchema.parse(options);

  app.setNotFoundHandler(async (request, reply) => {
    const key = notFoundPageKey(request.site);
    try {
      const page = await readObject(store, key);
      if (page !== null) return sendStoredObject(request, reply, page, { status: 404, conditional: false });
      request.log.error({ key }, 'the stored 404 page is missing; sending the built-in fallback');
    } catch (error) {
      request.log.error({ key, error }, 'the stored 404 page failed to load; sending the built-in fallback');
    }
    // Not cached: the fallback stands in for a page that should exist, and must not outlive it.
    return reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(fallbackNotFoundHtml(request.site));
  });
  return Promise.resolve();
});
