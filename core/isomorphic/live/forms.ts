/**
 * POST /api/contact and POST /api/newsletter, the two forms the edge relays to their services
 * (spec 1 §3, §7). The one owner of their contract: paths, request bodies and answers. The edge
 * validates the bodies (edge-router/plugins/live-contact.ts, live-newsletter.ts, whose schemas are
 * typed by these requests); the ContactForm and Newsletter islands send them. A refused body is a
 * 400 `{ error: { code: 'BAD_REQUEST', message, fields } }`. Isomorphic: no Node APIs, nothing secret.
 */

export const CONTACT_PATH = '/api/contact';
export const NEWSLETTER_PATH = '/api/newsletter';

/** The contact form's JSON body. */
export interface ContactRequest {
  name: string;
  email: string;
  message: string;
  /** A US state or territory code, or '' (forms with a location only). */
  state?: string;
  town?: string;
  /** The GET /api/email token, '' when there was none. */
  email_token: string;
  form_id: string;
}

export interface ContactResponse {
  sent: true;
}

/** The newsletter promo's JSON body. */
export interface NewsletterRequest {
  email: string;
  /** The promo's id as the layout gives it (e.g. "newsletter-politics"). */
  newsletterId: string;
}

export interface NewsletterResponse {
  subscribed: true;
}
