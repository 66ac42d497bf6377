/**
 * Rate limiting of the live endpoints (a client must not exhaust the upstream behind them; RELIABILITY.md, hostile input): every route under /api/ gets a
 * per-client budget through @fastify/rate-limit; pages, feeds, assets and the 404 page do not (the
 * CDN absorbs them, and a limit there would only hurt readers behind one NAT).
 *
 *   default  120 requests per client per 60 s window (RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_MS):
 *            a reader's browser calls a handful of endpoints per page view, so two a second
 *            sustained is far above any reader and well below a scraper.
 *   client   request.ip: the socket address, or the X-Forwarded-For client when TRUST_PROXY names
 *            the proxy in front (Fastify's trustProxy). Behind a CDN without TRUST_PROXY every
 *            reader shares the CDN's address, so set TRUST_PROXY wherever a proxy is in front.
 *   over     429 { error: { code: 'RATE_LIMITED', message } } with Retry-After (seconds) and
 *            x-ratelimit-limit / -remaining / -reset; never cached (the error handler's no-store).
 *
 * Counters are per process (the plugin's in-memory store, at most 5000 clients tracked, least
 * recently seen dropped), so N edge replicas allow up to N times the budget: a bound on abuse, not
 * an exact quota.
 *
 * Registered before the routes: the plugin adds its hook to each route as it is registered
 * (onRoute), and only routes whose URL starts with /api/ are counted.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { PlatformError } from '../../core/errors.js';
import { appWidePlugin } from './define-plugin.js';

export const RATE_LIMIT_DEFAULTS = { max: 120, windowMs: 60_000 } as const;

export interface RateLimitOptions {
  /** Requests per client per window. Default 120. */
  max?: number;
  /** Window length. Default 60 000 ms. */
  windowMs?: number;
}

const optionsSchema = z.object({
  max: z.number().int().positive().default(RATE_LIMIT_DEFAULTS.max),
  windowMs: z.number().int().positive().default(RATE_LIMIT_DEFAULTS.windowMs),
});

/** Only the live endpoints are limited. */
export function isLimitedRoute(routeUrl: string | undefined): boolean {
  return routeUrl?.startsWith('/api/') === true;
}

export const rateLimitPlugin = appWidePlugin<RateLimitOptions>('edge-rate-limit', async (app, options) => {
  const { max, windowMs } = optionsSchema.parse(options);
  await app.register(fastifyRateLimit, {
    global: true,
    max,
    timeWindow: windowMs,
    // Exempt (the allow list) everything that is not a live endpoint.
    allowList: (request) => !isLimitedRoute(request.routeOptions.url),
    keyGenerator: (request) => request.ip,
    // Thrown, so the error handler answers with the project's error JSON and no-store; the
    // plugin has set Retry-After already.
    errorResponseBuilder: (_request, context) =>
      new PlatformError('RATE_LIMITED', `Too many requests: at most ${context.max} per ${Math.round(windowMs / 1000)} s; retry in ${context.after}`),
  });
});
