/**
 * Refuses absurd requests before anything else looks at them (docs/architecture.md, "Principles":
 * bad input, absurd paths and query strings included, gets a clear error). Every answer here is a short plain
 * text 4xx: bad input never costs a storage read and never turns into a 5xx.
 *
 *   URL longer than MAX_URL_LENGTH            -> 414
 *   a method other than GET or HEAD           -> 405 with Allow (the edge only reads)
 *   bad characters, malformed %-escapes, or
 *   escapes that are not UTF-8 in the path    -> 400
 *
 * Fastify's router decodes the path before any hook runs and reports the URLs it cannot decode
 * through the `frameworkErrors` server option; `handleFrameworkError` answers those the same way.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isPlatformError } from '../../core/errors.js';
import { decodeRequestPath, MAX_URL_LENGTH, splitRequestTarget } from '../request-target.js';
import { resolveSite, type SiteResolution } from '../site.js';
import { logAccess, REQUEST_ID_HEADER } from './access-log.js';
import { appWidePlugin } from './define-plugin.js';
import { applySecurityHeaders } from './security-headers.js';

export const ALLOWED_METHODS = ['GET', 'HEAD'] as const;
/** The only paths that take a POST: the form endpoints (live-newsletter.ts, live-contact.ts). */
export const POST_PATHS: ReadonlySet<string> = new Set(['/api/newsletter', '/api/contact']);

// The query never chooses what is served, but it is echoed in redirects: only visible ASCII.
const RAW_QUERY = /^[\x21-\x7E]*$/;

interface Rejection {
  status: number;
  message: string;
}

/** What is wrong with a request, or null when it may go on. */
export function checkRequest(method: string, url: string): Rejection | null {
  if (url.length > MAX_URL_LENGTH) return { status: 414, message: `URI Too Long: at most ${MAX_URL_LENGTH} characters` };
  const postable = method === 'POST' && POST_PATHS.has(splitRequestTarget(url).rawPath);
  if (!postable && !(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return { status: 405, message: 'Method Not Allowed: this server answers GET and HEAD only' };
  }
  const { rawPath, search } = splitRequestTarget(url);
  try {
    decodeRequestPath(rawPath);
  } catch (error) {
    if (isPlatformError(error, 'INVALID_PATH')) return { status: 400, message: error.message };
    throw error;
  }
  if (!RAW_QUERY.test(search)) return { status: 400, message: 'Bad request: the query string contains characters a URL may not carry' };
  return null;
}

function reject(reply: FastifyReply, rejection: Rejection): FastifyReply {
  if (rejection.status === 405) reply.header('allow', ALLOWED_METHODS.join(', '));
  return reply
    .code(rejection.status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(rejection.message + '\n');
}

export const requestGuardPlugin = appWidePlugin('edge-request-guard', (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    const rejection = checkRequest(request.method, request.url);
    if (rejection) {
      // Returning the reply ends the request here; `done` must not be called as well.
      reject(reply, rejection);
      return;
    }
    done();
  });
  return Promise.resolve();
});

/**
 * The `frameworkErrors` server option. Requests that fail in the router never reach the hooks, so
 * this also does what the site, security-header and access-log plugins would have done.
 */
export function handleFrameworkError(resolution: SiteResolution, onAnswered?: (status: number) => void) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    request.site = resolveSite(request.hostname, resolution);
    const rejection =
      checkRequest(request.method, request.url) ??
      (error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? { status: 414, message: 'URI Too Long: a path segment is too long' }
        : { status: 400, message: 'Bad request: the URL cannot be decoded' });
    applySecurityHeaders(reply);
    reply.header(REQUEST_ID_HEADER, request.id);
    reject(reply, rejection);
    logAccess(request, reply);
    onAnswered?.(rejection.status);
  };
}
