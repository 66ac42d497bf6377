/**
 * One error shape for every admin-server response: `{ error: { code, message } }` with the code
 * from the catalogue (core/errors.ts). The user's mistakes get their message; anything else is
 * logged with context and answered with a generic message (docs/architecture.md "Principles": three kinds of failure).
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ERRORS, isPlatformError, type ErrorCode } from '../core/errors.js';
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

/** A refusal for a dependency that is down: the message to send and the seconds to ask the client to wait. */
export interface Unavailable {
  message: string;
  retryAfterSeconds: number;
}

export interface ErrorHandlingOptions {
  /**
   * Says whether an unexpected error means Redis could not be reached (redis-availability.ts);
   * such an error answers 503 REDIS_UNAVAILABLE with Retry-After instead of a generic 500.
   */
  redisUnavailable?: (error: unknown) => Unavailable | null;
}

/** Sends 503 REDIS_UNAVAILABLE with Retry-After (from a hook, or the error handler). */
export function sendRedisUnavailable(reply: FastifyReply, refusal: Unavailable): FastifyReply {
  return reply
    .status(ERRORS.REDIS_UNAVAILABLE.status)
    .header('retry-after', String(refusal.retryAfterSeconds))
    .header('cache-control', 'no-store')
    .send(errorBody(ERRORS.REDIS_UNAVAILABLE.code, refusal.message));
}

export function registerErrorHandling(app: FastifyInstance, logger: Logger, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler(async (error: unknown, request, reply) => {
    if (!isPlatformError(error)) {
      // A request that was running when Redis went away: its command failed after ioredis gave
      // up on it. The same refusal as one refused up front (redis-availability.ts), not a 500.
      const refusal = options.redisUnavailable?.(error) ?? null;
      if (refusal !== null) {
        logger.warn({ error, url: request.url }, 'request failed: Redis unreachable');
        return await sendRedisUnavailable(reply, refusal);
      }
    }
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
