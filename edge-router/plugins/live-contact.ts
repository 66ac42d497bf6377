/**
 * POST /api/contact: the contact form (spec 1 §3 "Contact form", §8 "Contact form success: 'Your
 * message has been sent!'; error: 'An error occurred, please try again later.'"). The send call is
 * "not shown" in the spec; its shape is ours: docs/upstream-contract.md §5.20.
 *
 *   request   Content-Type: application/json, at most CONTACT_BODY_LIMIT bytes,
 *             { name, email, message, state?, town?, email_token, form_id }
 *             name, email, message required; state one of the 59 states and territories
 *             (core/isomorphic/us-states.ts) or empty; email_token is the GET /api/email token
 *             (empty when that failed, spec 1 §7), passed through for the email service to check
 *   200 { sent: true }
 *   400 { error: { code: 'BAD_REQUEST', message, fields } }
 *   413 / 415 / 502 / Cache-Control: no-store   as POST /api/newsletter (live-newsletter.ts)
 *
 * The island shows the success text on 200 and the spec's error text on anything else.
 */
import { z } from 'zod';
import { CONTACT_PATH, type ContactRequest, type ContactResponse } from '../../core/isomorphic/live/forms.js';
import { US_STATES } from '../../core/isomorphic/us-states.js';
import { routePlugin } from './define-plugin.js';
import { emailSchema, registerFormRoute, type LiveFormOptions } from './live-newsletter.js';

export const CONTACT_UPSTREAM_PATH = '/api/contact';
/** A message of a few thousand characters plus the other fields; readers do not post essays here. */
export const CONTACT_BODY_LIMIT = 16 * 1024;
export const CONTACT_MESSAGE_MAX = 5000;

const STATE_CODES = new Set(US_STATES.map((state) => state.abbreviation));

const required = (max: number) => z.string().trim().min(1, 'is required').max(max);

export const contactBodySchema = z.strictObject({
  name: required(200),
  email: emailSchema,
  message: required(CONTACT_MESSAGE_MAX),
  state: z
    .string()
    .refine((value) => value === '' || STATE_CODES.has(value), 'must be a US state or territory')
    .optional(),
  town: z.string().trim().max(200).optional(),
  email_token: z.string().regex(/^[A-Za-z0-9._~+/=-]{0,512}$/, 'must be the /api/email token'),
  form_id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/, 'must be a form id'),
}) satisfies z.ZodType<ContactRequest>;

export const liveContactPlugin = routePlugin<LiveFormOptions>('edge-live-contact', (app, options) => {
  registerFormRoute(app, options, {
    path: CONTACT_PATH,
    bodyLimit: CONTACT_BODY_LIMIT,
    schema: contactBodySchema,
    service: 'contact',
    upstreamPath: CONTACT_UPSTREAM_PATH,
    answer: { sent: true } satisfies ContactResponse,
  });
  return Promise.resolve();
});
