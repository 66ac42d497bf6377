/**
 * One error shape for every admin-server response: `{ error: { code, message } }` with the code
 * from the catalogue (core/errors.ts). The user's mistakes get their message; anything else is
 * logged with context and answered with a generic message (STYLE.md, three kinds of failure).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { isPlatformError, type ErrorCode } from '../core/errors.js';
import type { Logger } from '../core/logger.js';

/** Sent with every 401 from an admin route (RFC 6750). */
export const WWW_AUTHENTICATE = 'Bearer realm="ingest-admin"';

export interface ErrorBody {
  error: { code: string; message: string };
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number';
}

/** The catalogue code for a client error Fastify raised itself (body parsing, size, media type). */
function codeForClientError(url: string, status: number): ErrorCode {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  return url.startsWith('/webhooks/') ? 'INVALID_EVENT' : 'INVALID_JOB';
}

export function registerErrorHandling(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler(async (error: unknown, request, reply) => {
    if (isPlatformError(error)) {
      if (error.code === 'UNAUTHORIZED') void reply.header('www-authenticate', WWW_AUTHENTICATE);
      if (error.expose) {
        logger.info({ code: error.code, url: request.url, reason: error.message }, 'request refused');
        return await reply.status(error.status).send(errorBody(error.code, error.message));
      }
      logger.error({ error, url: request.url }, 'request failed');
      return await reply.status(error.status).send(errorBody(error.code, 'Internal error; see the ingest logs'));
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      const code = codeForClientError(request.url, error.statusCode);
      logger.info({ code, url: request.url, reason: error.message }, 'request refused');
      return await reply.status(error.statusCode).send(errorBody(code, error.message));
    }
    logger.error({ error, url: request.url }, 'request failed');
    return await reply.status(500).send(errorBody('INTERNAL_ERROR', 'Internal error; see the ingest logs'));
  });
  app.setNotFoundHandler(async (request, reply) => {
    return await reply.status(404).send(errorBody('UNKNOWN_ROUTE', `No admin route ${request.method} ${request.url.split('?')[0] ?? ''}`));
  });
}
