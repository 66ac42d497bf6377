/**
 * POST /api/newsletter: the newsletter promo's Subscribe (spec 1 §8 "Newsletter success: 'You've
 * successfully subscribed to this newsletter!'"; the subscribe call itself is "not shown" in the
 * spec, so its shape is ours: docs/upstream-contract.md §5.19).
 *
 *   request   Content-Type: application/json, at most NEWSLETTER_BODY_LIMIT bytes,
 *             { email: string, newsletterId: string }
 *   200 { subscribed: true }                        the newsletter service accepted it
 *   400 { error: { code: 'BAD_REQUEST', message, fields } }   the body does not validate; `fields`
 *                                                   names the bad fields (the island shows them)
 *   413 / 415                                       body too large / not JSON (Fastify's own checks)
 *   502 { error: { code: 'UPSTREAM_UNAVAILABLE' } } the service failed or could not be reached
 *   Cache-Control: no-store on every answer          a subscription is one reader's, never cached
 *
 * Only JSON is accepted, so a cross-site HTML form cannot post here (a JSON POST from another
 * origin needs a CORS preflight, which the edge never grants). Nothing is cached or coalesced: two
 * readers subscribing at once are two calls. The forwarded body is the validated one, rebuilt
 * field by field, so nothing a client adds reaches the service.
 *
 * `postUpstreamForm` is shared with live-contact.ts (the same POST pattern).
 */
import { z } from 'zod';
import { resolveUpstreamBases, type UpstreamConfig, type UpstreamService } from '../../core/config/upstream.js';
import { PlatformError } from '../../core/errors.js';
import { NEWSLETTER_PATH, type NewsletterRequest, type NewsletterResponse } from '../../core/isomorphic/live/forms.js';
import type { Logger } from '../../core/logger.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routePlugin } from './define-plugin.js';
import type { UpstreamCallTimer } from '../../core/upstream/transport.js';

/** The upstream path below the `newsletter` service base (contract §5.19). */
export const NEWSLETTER_UPSTREAM_PATH = '/api/newsletter/subscribe';
/** An email and an id fit in far less; anything bigger is not a subscription. */
export const NEWSLETTER_BODY_LIMIT = 1024;
export const FORM_CACHE_CONTROL = 'no-store';

export interface LiveFormOptions {
  config: UpstreamConfig;
  logger: Logger;
  fetchImpl?: typeof fetch;
  /** Wraps every upstream call: the edge router times them by service (app.ts). */
  timeCall?: UpstreamCallTimer;
  /** Accepted for symmetry with the other live endpoints and ignored: form posts are never cached. */
  cache?: unknown;
}

/** The email check the islands use too (type="email"-like, not RFC 5322): something@host.tld. */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export const emailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN, 'must be an email address');

export const newsletterBodySchema = z.strictObject({
  email: emailSchema,
  /** The promo's id as the layout gives it (e.g. "newsletter-politics"). */
  newsletterId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, 'must be a newsletter id'),
}) satisfies z.ZodType<NewsletterRequest>;

/** A 400 answer naming the bad fields, or null when the body validates. */
export function validateForm<T>(schema: z.ZodType<T>, body: unknown): { ok: true; value: T } | { ok: false; fields: string[]; message: string } {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const fields = [...new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '(body)')))];
  return { ok: false, fields, message: `Invalid ${fields.join(', ')}` };
}

/** Refuses anything but application/json before Fastify's parser (which also takes text/plain) runs. */
export function requireJson(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    void reply
      .code(415)
      .header('cache-control', FORM_CACHE_CONTROL)
      .type('application/json; charset=utf-8')
      .send({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send application/json' } });
    return;
  }
  done();
}

/**
 * POSTs `body` as JSON to `{service base}{path}`; resolves when the service answered 2xx, throws
 * UPSTREAM_UNAVAILABLE otherwise (a 4xx too: the body was validated, so a refusal is theirs).
 */
export async function postUpstreamForm(
  options: LiveFormOptions,
  service: UpstreamService,
  path: string,
  body: Record<string, string>,
): Promise<void> {
  const url = `${resolveUpstreamBases(options.config)[service]}${path}`;
  const fetchImpl = options.fetchImpl ?? fetch;
  const post = async (): Promise<{ response: Response; text: string }> => {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.config.UPSTREAM_TIMEOUT_MS),
    });
    // Drain the body so the connection is reused; its content is not needed.
    return { response, text: await response.text().catch(() => '') };
  };
  let response: Response;
  let text: string;
  try {
    ({ response, text } = await (options.timeCall === undefined ? post() : options.timeCall(service, post)));
  } catch (cause) {
    throw new PlatformError('UPSTREAM_UNAVAILABLE', `${service}: POST ${url} failed`, { cause, details: { api: service, url } });
  }
  if (!response.ok) {
    throw new PlatformError('UPSTREAM_UNAVAILABLE', `${service}: POST ${url} answered ${response.status}`, {
      details: { api: service, url, status: response.status, body: text.slice(0, 200) },
    });
  }
}

/** Registers one validated JSON POST endpoint that forwards to an upstream service. */
export function registerFormRoute<T extends Record<string, string | undefined>>(
  app: FastifyInstance,
  options: LiveFormOptions,
  route: { path: string; bodyLimit: number; schema: z.ZodType<T>; service: UpstreamService; upstreamPath: string; answer: Record<string, unknown> },
): void {
  app.post(route.path, { bodyLimit: route.bodyLimit, onRequest: requireJson }, async (request, reply) => {
    reply.header('cache-control', FORM_CACHE_CONTROL).type('application/json; charset=utf-8');
    const checked = validateForm(route.schema, request.body);
    if (!checked.ok) {
      return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: checked.message, fields: checked.fields } });
    }
    const forwarded = Object.fromEntries(Object.entries(checked.value).filter((entry): entry is [string, string] => entry[1] !== undefined));
    await postUpstreamForm(options, route.service, route.upstreamPath, forwarded);
    return reply.code(200).send(route.answer);
  });
}

export const liveNewsletterPlugin = routePlugin<LiveFormOptions>('edge-live-newsletter', (app, options) => {
  registerFormRoute(app, options, {
    path: NEWSLETTER_PATH,
    bodyLimit: NEWSLETTER_BODY_LIMIT,
    schema: newsletterBodySchema,
    service: 'newsletter',
    upstreamPath: NEWSLETTER_UPSTREAM_PATH,
    answer: { subscribed: true } satisfies NewsletterResponse,
  });
  return Promise.resolve();
});
