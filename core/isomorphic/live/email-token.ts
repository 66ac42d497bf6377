/**
 * GET /api/email, the token the contact form sends back as its hidden `email_token` (spec 1 §3,
 * §7: "on failure token is empty"). The one owner of the endpoint's contract: its path, its
 * answer and the browser's check of the answer. The edge serves it
 * (edge-router/plugins/live-email.ts, never cached: each reader gets a token of their own); the
 * ContactForm island asks it. Isomorphic: no Node APIs, nothing secret.
 */
import { isRecord } from '../guards.js';

export const EMAIL_TOKEN_PATH = '/api/email';
/** The empty token of spec 1 §7's failure case. */
export const EMPTY_EMAIL_TOKEN = '';

/** The answer, always a 200: `token` is '' when the email service failed. */
export interface EmailTokenResponse {
  token: string;
}

/** The browser's check of the answer: its token, '' for anything else. */
export function parseEmailTokenResponse(body: unknown): string {
  return isRecord(body) && typeof body.token === 'string' ? body.token : EMPTY_EMAIL_TOKEN;
}
