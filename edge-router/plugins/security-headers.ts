/**
 * Security headers on every response the edge router sends: pages, redirects, 304s, errors and
 * the 404 page alike. Set in onSend because that hook runs for every reply.send, including the
 * error handler's and the not-found handler's, so no path can skip them.
 *
 * What each header is for:
 *   x-content-type-options: nosniff      no MIME sniffing of feeds, JSON or assets into HTML
 *   referrer-policy                      full URLs stay on the site; other sites get the origin
 *   x-frame-options: SAMEORIGIN          no framing by other sites (clickjacking), for old browsers
 *   content-security-policy:             the same for current browsers (CSP frame-ancestors
 *     frame-ancestors 'self'             supersedes x-frame-options). Only this directive: a
 *                                        script or source policy would have to list every ad and
 *                                        video vendor the pages load (spec 1 §7), and belongs with
 *                                        the renderer that knows them.
 * Not here: Strict-Transport-Security belongs to whoever terminates TLS (the CDN); sent over
 * plain HTTP from the origin it is ignored by browsers and would pin hosts from config we do not
 * own. No Server or X-Powered-By header is sent (Fastify sends neither).
 */
import type { FastifyReply } from 'fastify';
import { appWidePlugin } from './define-plugin.js';

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'content-security-policy': "frame-ancestors 'self'",
} as const;

export function applySecurityHeaders(reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS);
}

export const securityHeadersPlugin = appWidePlugin('edge-security-headers', (app) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    applySecurityHeaders(reply);
    done(null, payload);
  });
  return Promise.resolve();
});
