/**
 * GET /favicon.ico: browsers ask every site for it whether or not a page names an icon. Without
 * an answer each first visit logged a 404 and, behind a CDN, cost an uncacheable miss. The icon is
 * a small constant SVG (the site's initials on the brand colour), so it needs no storage read and
 * is cached for a day everywhere. A real brand icon replaces FAVICON_SVG.
 */
import { routePlugin } from './define-plugin.js';

export const FAVICON_PATH = '/favicon.ico';

export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="4" fill="#003366"/>' +
  '<text x="16" y="22" font-family="Arial,sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">FN</text></svg>';

const BODY = Buffer.from(FAVICON_SVG, 'utf8');

export const faviconPlugin = routePlugin('edge-favicon', (app) => {
  app.get(FAVICON_PATH, async (request, reply) => {
    request.routeKind = 'asset';
    return reply.code(200).type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(BODY);
  });
  return Promise.resolve();
});
