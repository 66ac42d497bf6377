/**
 * GET /api/email: the token the contact form sends back as its hidden `email_token` field (spec 1
 * §3 "Contact form ... hidden email_token", spec 1 §7 "GET /api/email | none | returns a token used
 * as hidden email_token; on failure token is empty"; docs/architecture.md "Live endpoints").
 *
 *   200 { token: string }     always 200; `token` is '' when the email service failed (logged)
 *   Cache-Control: no-store   every reader gets a token of their own
 *
 * The token is the email service's, issued to whoever asks: not a secret of ours and nothing
 * here authenticates with it. But one reader's token must never be handed to another, so nothing
 * caches it: no shared cache (no-store for browsers and the CDN), no in-process cache and no
 * request coalescing (live-cache.ts would give concurrent readers the same token). Query
 * parameters are ignored and never forwarded. A token that is not 1..512 printable token
 * characters is treated as a failure, so upstream cannot put markup into the page.
 * The contract (path, answer, the browser's check) is core/isomorphic/live/email-token.ts.
 * Upstream: docs/upstream-contract.md §5.14; its timeout is UPSTREAM_TIMEOUT_MS.
 */
import { z } from 'zod';
import { isPlatformError } from '../../core/errors.js';
import { EMAIL_TOKEN_PATH, EMPTY_EMAIL_TOKEN, type EmailTokenResponse } from '../../core/isomorphic/live/email-token.js';
import type { CallSpec } from '../../core/upstream/transport.js';
import { JSON_TYPE, liveTransport, NO_STORE, type LiveUpstreamOptions } from '../live-endpoint.js';
import { routePlugin } from './define-plugin.js';

export const EMAIL_CACHE_CONTROL = NO_STORE;

/** The live endpoints' upstream options; `cache` is accepted for symmetry and ignored: tokens are never cached. */
export type LiveEmailOptions = Omit<LiveUpstreamOptions, 'cache'> & { cache?: unknown };

// Base64, base64url, hex, UUIDs, JWT-like dotted tokens: the characters such tokens use.
const tokenSchema = z.string().regex(/^[A-Za-z0-9._~+/=-]{1,512}$/);

export const liveEmailPlugin = routePlugin<LiveEmailOptions>('edge-live-email', (app, options) => {
  const transport = liveTransport({ ...options, cache: {} });
  const spec: CallSpec = { name: 'email-token', service: 'email', path: '/api/email' };

  app.get(EMAIL_TOKEN_PATH, async (request, reply) => {
    let token = EMPTY_EMAIL_TOKEN;
    try {
      const result = await transport.first(spec, z.looseObject({ token: tokenSchema }));
      if (result === null) request.log.warn({ api: { name: spec.name } }, 'email token: upstream sent none; the token is empty');
      else token = result.token;
    } catch (error) {
      if (!isPlatformError(error)) throw error;
      request.log.warn({ error }, 'email token failed upstream; the token is empty');
    }
    const body: EmailTokenResponse = { token };
    return reply.code(200).header('cache-control', EMAIL_CACHE_CONTROL).type(JSON_TYPE).send(body);
  });
  return Promise.resolve();
});
