/**
 * Maps every error a hook or handler throws to a short plain-text answer, following the error
 * catalogue (core/errors.ts): a PlatformError answers with its status, and with its message only
 * when it is safe to show (`expose`); storage failures answer 503 with Retry-After so the CDN
 * serves its stale copy (stale-if-error) and retries later; anything else is a generic 500.
 * Stacks and causes go to the log line, never to the client.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { isPlatformError } from '../../core/errors.js';
import { appWidePlugin } from './define-plugin.js';

/** Seconds a client or CDN should wait before retrying after a storage failure. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

export interface ErrorAnswer {
  status: number;
  body: string;
  retryAfter?: number;
}

function statusText(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

export function answerFor(error: unknown): ErrorAnswer {
  if (isPlatformError(error)) {
    const status = error.status;
    const body = error.expose ? error.message : statusText(status);
    return error.code === 'STORAGE_FAILED' ? { status, body, retryAfter: STORAGE_RETRY_AFTER_SECONDS } : { status, body };
  }
  // Fastify's own client errors (a bad header, say) keep their 4xx; their wording is not ours, so
  // only the status text is shown.
  const statusCode = typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return { status: statusCode, body: statusText(statusCode) };
  return { status: 500, body: statusText(500) };
}

export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = answerFor(error);
  if (answer.status >= 500) request.log.error({ error }, 'request failed');
  else request.log.info({ error }, 'request refused');
  // Headers a handler set before it failed describe an object that is not being sent.
  for (const name of ['etag', 'last-modified', 'surrogate-key', 'location', 'content-length']) reply.removeHeader(name);
  if (answer.retryAfter !== undefined) reply.header('retry-after', String(answer.retryAfter));
  return reply
    .code(answer.status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(answer.body + '\n');
}

export const errorHandlerPlugin = appWidePlugin('edge-error-handler', (app) => {
  app.setErrorHandler(handleError);
  return Promise.resolve();
});
