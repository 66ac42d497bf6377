/**
 * Maps every error a hook or handler throws to a short answer, following the error catalogue
 * (core/errors.ts): a PlatformError answers with its status, and with its message only when it is
 * safe to show (`expose`); storage failures answer 503 with Retry-After so the CDN serves its stale
 * copy (stale-if-error) and retries later; anything else is a generic 500. Stacks and causes go to
 * the log line, never to the client.
 *
 * Pages get plain text. The live /api/ endpoints get the project's error JSON,
 * `{ error: { code, message } }` (the shape live-article-search.ts answers with), so the browser
 * islands read one shape whatever failed: a bad query, a rate limit (429 RATE_LIMITED), a bug.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { isPlatformError } from '../../core/errors.js';
import { CDN_CACHE_HEADERS } from '../../core/storage/cache-policy.js';
import { splitRequestTarget } from '../request-target.js';
import { appWidePlugin } from './define-plugin.js';

/** Seconds a client or CDN should wait before retrying after a storage failure. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

export interface ErrorAnswer {
  status: number;
  /** The catalogue code, or the generic one for the status. */
  code: string;
  body: string;
  retryAfter?: number;
}

function statusText(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** The code an answer without a PlatformError carries in the error JSON. */
function genericCode(status: number): string {
  if (status >= 500) return 'INTERNAL_ERROR';
  return statusText(status).toUpperCase().replace(/[^A-Z]+/g, '_').replace(/^_|_$/g, '') || 'BAD_REQUEST';
}

export function answerFor(error: unknown): ErrorAnswer {
  if (isPlatformError(error)) {
    const status = error.status;
    const body = error.expose ? error.message : statusText(status);
    return error.code === 'STORAGE_FAILED'
      ? { status, code: error.code, body, retryAfter: STORAGE_RETRY_AFTER_SECONDS }
      : { status, code: error.code, body };
  }
  // Fastify's own client errors (a bad header, say) keep their 4xx; their wording is not ours, so
  // only the status text is shown.
  const statusCode = typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, code: genericCode(statusCode), body: statusText(statusCode) };
  }
  return { status: 500, code: 'INTERNAL_ERROR', body: statusText(500) };
}

/** Does this request get JSON errors? */
export function wantsJsonErrors(url: string): boolean {
  return splitRequestTarget(url).rawPath.startsWith('/api/');
}

export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = answerFor(error);
  if (answer.status >= 500) request.log.error({ error }, 'request failed');
  else request.log.info({ error }, 'request refused');
  // Headers a handler set before it failed describe an object that is not being sent.
  for (const name of ['etag', 'last-modified', 'surrogate-key', 'location', 'content-length', 'content-encoding', 'vary', ...CDN_CACHE_HEADERS]) {
    reply.removeHeader(name);
  }
  if (answer.retryAfter !== undefined) reply.header('retry-after', String(answer.retryAfter));
  reply.code(answer.status).header('cache-control', 'no-store');
  if (wantsJsonErrors(request.url)) {
    return reply.type('application/json; charset=utf-8').send({ error: { code: answer.code, message: answer.body } });
  }
  return reply.type('text/plain; charset=utf-8').send(answer.body + '\n');
}

export const errorHandlerPlugin = appWidePlugin('edge-error-handler', (app) => {
  app.setErrorHandler(handleError);
  return Promise.resolve();
});
