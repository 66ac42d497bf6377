/**
 * Security headers on every response the edge router sends: pages, redirects, 304s, errors and
 * the 404 page alike. Set in onSend because that hook runs for every reply.send, including the
 * error handler's and the not-found handler's, so no path can skip them.
 */
import type { FastifyReply } from 'fastify';
import { appWidePlugin } from './define-plugin.js';

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
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
