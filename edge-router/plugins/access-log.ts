/**
 * One access-log line per response, with the `http` field of the platform's log format (spec 1 §7:
 * "A server log emits JSON lines with time, level, component, message, http, api, error,
 * version"), and the request id echoed as `x-request-id` so a reader's report can be matched to
 * the line. Fastify's own request logging is switched off in app.ts, so this is the only one.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { splitRequestTarget } from '../request-target.js';
import { appWidePlugin } from './define-plugin.js';

export const REQUEST_ID_HEADER = 'x-request-id';

// An id from the CDN or a load balancer is kept so one request can be followed across tiers; it
// is written to logs and echoed in a header, so only short token-like values are trusted.
const INBOUND_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify `genReqId`: the inbound x-request-id when it looks like one, else a fresh UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const inbound = req.headers[REQUEST_ID_HEADER];
  return typeof inbound === 'string' && INBOUND_ID.test(inbound) ? inbound : randomUUID();
}

/** Health and readiness probes: logged at debug level when they succeed. */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** Longest path written to a log line; the guard answers longer URLs with 414 anyway. */
const MAX_LOGGED_PATH = 512;

export function logAccess(request: FastifyRequest, reply: FastifyReply): void {
  const status = reply.statusCode;
  const http = {
    method: request.method,
    // The path only: query strings can carry personal data and never change what is served.
    path: splitRequestTarget(request.url).rawPath.slice(0, MAX_LOGGED_PATH),
    status,
    durationMs: Math.round(reply.elapsedTime * 100) / 100,
    site: request.site,
  };
  if (status >= 500) request.log.warn({ http }, 'request failed');
  // Probes (Varnish checks /readyz every second or two) would drown the log at info.
  else if (PROBE_PATHS.has(http.path) && status < 400) request.log.debug({ http }, 'probe answered');
  else request.log.info({ http }, 'request served');
}

export const accessLogPlugin = appWidePlugin('edge-access-log', (app) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    logAccess(request, reply);
    done();
  });
  return Promise.resolve();
});
