/**
 * Admin authentication: one shared token (ADMIN_TOKEN) guards the republish API, the admin page and
 * the queue dashboard. Scripts send `Authorization: Bearer <token>`; a browser opens the printed
 * address once with `?token=`, which is exchanged for an HttpOnly, SameSite=Strict cookie and a
 * redirect to the clean URL, so the token does not stay in the address bar or in history.
 *
 * Failed attempts are rate-limited per client (ADR 0012): see
 * `registerAuthFailureLimit` below for the numbers.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import type { RedisClient } from '../core/redis.js';
import { ERRORS } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { errorBody, WWW_AUTHENTICATE } from './http-errors.js';
import { redisKeys } from '../core/redis-keys.js';

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
  refusedRequests.add(reply.request);
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

/** Requests refused for a missing or wrong admin credential; the failure limit counts them. */
const refusedRequests = new WeakSet<FastifyRequest>();

export interface AuthFailureLimitOptions {
  /** Non-blocking connection: the counters live in Redis so every ingest replica shares them. */
  redis: RedisClient;
  /** Key prefix (with its {hash tag}), the queue prefix. */
  keyPrefix: string;
  logger: Logger;
  /** Failed attempts a client may make in one window before it is refused. */
  maxFailures?: number;
  /** Length of the window, in seconds, counted from the client's first failure in it. */
  windowSeconds?: number;
  /** Paths that never count and are never refused: the health check and the HMAC-signed webhook. */
  exemptPaths?: readonly string[];
}

/** 20 failed attempts per client per 60 s; the 21st attempt and everything after it in the window gets 429. */
export const AUTH_FAILURE_DEFAULTS = { maxFailures: 20, windowSeconds: 60 } as const;

/**
 * Rate limit on failed admin authentication (ADR 0012: nothing else limits how many tokens a client may try). A client (its socket address:
 * the admin server sits behind no proxy) that is refused `maxFailures` times within
 * `windowSeconds` gets 429 RATE_LIMITED with `Retry-After` (the seconds left in the window) on
 * every admin request until the window ends, even with the right token: a blocked client's token
 * is not checked, so the 429s tell a guesser nothing. Successful requests never count, and other
 * clients are not affected. When Redis cannot be reached the limit fails open (the token check
 * still applies) at once, without waiting for the connection, and logs a warning. Registered on the root instance before the admin plugins,
 * so its hooks run ahead of every plugin's token check.
 */
export function registerAuthFailureLimit(app: FastifyInstance, options: AuthFailureLimitOptions): void {
  const maxFailures = options.maxFailures ?? AUTH_FAILURE_DEFAULTS.maxFailures;
  const windowSeconds = options.windowSeconds ?? AUTH_FAILURE_DEFAULTS.windowSeconds;
  const exempt = new Set(options.exemptPaths ?? []);
  const log = options.logger.child({ module: 'admin-auth' });
  const keyFor = (request: FastifyRequest) => redisKeys(options.keyPrefix).adminAuthFailures(request.ip);
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

  app.addHook('onRequest', async (request, reply) => {
    if (exempt.has(pathOf(request))) return;
    // While the connection is down a command would wait in ioredis's offline queue: fail open at
    // once instead (the outage itself is logged by core/redis.ts and refused by redis-availability.ts).
    if (options.redis.status !== 'ready') return;
    let failures: number;
    let ttlMs: number;
    try {
      const [count, ttl] = await Promise.all([options.redis.get(keyFor(request)), options.redis.pttl(keyFor(request))]);
      failures = Number(count ?? 0);
      ttlMs = ttl;
    } catch (error) {
      log.warn({ error }, 'admin auth failure limit: Redis unavailable, not limiting');
      return;
    }
    if (failures < maxFailures) return;
    const retryAfter = Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : windowSeconds * 1000) / 1000));
    // Returning the reply ends the hook chain: the token check never runs for a blocked client.
    return reply
      .status(ERRORS.RATE_LIMITED.status)
      .header('retry-after', String(retryAfter))
      .header('cache-control', 'no-store')
      .send(errorBody(ERRORS.RATE_LIMITED.code, `Too many failed admin authentication attempts; retry in ${retryAfter} s`));
  });

  // onSend, not onResponse: the failure is counted before the client sees its 401, so its next
  // attempt already meets the new count.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!refusedRequests.has(request)) return payload;
    if (options.redis.status !== 'ready') {
      log.warn({ client: request.ip, path: pathOf(request) }, 'admin auth failure limit: Redis unavailable, failure not counted');
      return payload;
    }
    try {
      const key = keyFor(request);
      const result = await options.redis.multi().set(key, '0', 'EX', windowSeconds, 'NX').incr(key).exec();
      const failures = Number(result?.[1]?.[1] ?? 0);
      // Never the token or the headers: the client, the path and the count.
      const fields = { client: request.ip, path: pathOf(request), failures, maxFailures, windowSeconds };
      if (failures === maxFailures) log.warn(fields, 'admin auth failure limit reached; refusing the client until the window ends');
      else log.info(fields, 'admin auth failed');
    } catch (error) {
      log.warn({ error }, 'admin auth failure limit: could not count a failure');
    }
    return payload;
  });
}
