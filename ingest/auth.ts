/**
 * Admin authentication: one shared token (ADMIN_TOKEN) guards the republish API, the admin page and
 * the queue dashboard. Scripts send `Authorization: Bearer <token>`; a browser opens the printed
 * address once with `?token=`, which is exchanged for an HttpOnly, SameSite=Strict cookie and a
 * redirect to the clean URL, so the token does not stay in the address bar or in history.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import { ERRORS } from '../core/errors.js';
import { errorBody, WWW_AUTHENTICATE } from './http-errors.js';

export const ADMIN_COOKIE = 'ingest_admin';

/**
 * Constant-time string comparison. Both sides are hashed first so the buffers handed to
 * timingSafeEqual always have equal length and the comparison time reveals nothing, not even the
 * length of the secret.
 */
export function safeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * The cookie carries a value derived from the token, not the token itself: a leaked cookie opens
 * the admin pages but cannot be replayed as a Bearer token against the API from elsewhere.
 */
export function sessionValue(adminToken: string): string {
  return createHmac('sha256', adminToken).update('ingest-admin-session-v1').digest('base64url');
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface AdminAuthOptions {
  /** ADMIN_TOKEN. */
  token: string;
  /** Accept the session cookie as well as the Bearer header (browser pages, not the JSON API). */
  allowCookie: boolean;
}

export function isAuthorised(request: FastifyRequest, options: AdminAuthOptions): boolean {
  const bearer = bearerToken(request.headers.authorization);
  if (bearer !== undefined) return safeEqual(bearer, options.token);
  if (!options.allowCookie) return false;
  const cookie = readCookie(request.headers.cookie, ADMIN_COOKIE);
  return cookie !== undefined && safeEqual(cookie, sessionValue(options.token));
}

/**
 * Answers 401 from the hook itself rather than throwing: the dashboard's routes live in
 * bull-board's plugin, whose own error handler would turn a thrown error into a 500.
 */
function unauthorised(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .status(ERRORS.UNAUTHORIZED.status)
    .header('www-authenticate', WWW_AUTHENTICATE)
    .header('cache-control', 'no-store')
    .send(errorBody(ERRORS.UNAUTHORIZED.code, message));
}

/** onRequest hook: answers 401 UNAUTHORIZED (with WWW-Authenticate) unless the request is authorised. */
export function requireAdmin(options: AdminAuthOptions): onRequestHookHandler {
  return (request, reply, done) => {
    if (isAuthorised(request, options)) {
      done();
      return;
    }
    // A hook that has sent the reply ends the request without calling done().
    unauthorised(
      reply,
      request.headers.authorization === undefined ? 'Missing admin token: send "Authorization: Bearer <ADMIN_TOKEN>"' : 'Invalid admin token',
    );
  };
}

/**
 * onRequest hook for browser pages: a valid `?token=` sets the session cookie and redirects to the
 * same URL without it; a wrong one is refused. Requests without `token` pass through untouched.
 */
export function exchangeQueryToken(options: { token: string }): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://admin.invalid');
    const given = url.searchParams.get('token');
    if (given === null) return;
    if (!safeEqual(given, options.token)) return unauthorised(reply, 'Invalid admin token');
    url.searchParams.delete('token');
    const secure = request.protocol === 'https' ? '; Secure' : '';
    // Returning the reply ends the hook chain: the redirect is the whole answer.
    return reply
      .header('set-cookie', `${ADMIN_COOKIE}=${sessionValue(options.token)}; Path=/admin; HttpOnly; SameSite=Strict${secure}`)
      .header('cache-control', 'no-store')
      .redirect(url.pathname + url.search, 302);
  };
}
