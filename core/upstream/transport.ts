/**
 * The one HTTP transport every upstream reader uses (core/upstream/client.ts, tag-client.ts,
 * static-page-client.ts): GET with a timeout, the `api` log line, and the failure rules of
 * docs/upstream-contract.md:
 *   - 404, or a 200 whose `data.results` is empty        -> null / not found
 *   - network error, timeout, 5xx, 429                    -> PlatformError UPSTREAM_UNAVAILABLE
 *   - other 4xx, malformed JSON, a body off the contract  -> PlatformError UPSTREAM_BAD_RESPONSE
 *
 * The GET itself goes through node:http / node:https on shared keep-alive agents rather than the
 * global `fetch` (ADR 0013): a render makes 10-18 of these calls, and undici's WHATWG
 * machinery (streams, Headers, Response) took a fifth to a quarter of the render worker's CPU.
 * The client keeps what fetch did that an upstream can observe: the same request headers, the
 * timeout over the whole call (queueing, connecting, headers and body), redirects followed (at
 * most 20), gzip/deflate/br bodies decoded, the body read as UTF-8 without its BOM.
 * tests/bench/upstream-transport.ts measures the difference.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable, Transform } from 'node:stream';
import { constants as zlibConstants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { z } from 'zod';
import { UPSTREAM_DEFAULTS, type UpstreamBases, type UpstreamConfig, type UpstreamService } from '../config/upstream.js';
import { PlatformError } from '../errors.js';
import { timeAsync, timeSync } from '../phase-timer.js';
import type { Logger } from '../logger.js';
import { describeIssues } from './schemas.js';
import { resolveImagePaths } from './image-paths.js';
import { parseShared, type FetchedAnswer, type RenderReadReuse } from './read-reuse.js';

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallSpec {
  /** Log and error name of the call, e.g. "article". */
  name: string;
  service: UpstreamService;
  path: string;
  query?: Query;
  /**
   * false: the answer is one page's own subject (an article page's own read), which no other
   * render of the wave reads. It is fetched, never kept for reuse: kept, it would only push the
   * shared answers out of the cache's bound, and stay alive in the heap until it was pushed out
   * itself (ADR 0029). Default: kept as any other.
   */
  reuse?: false;
}

export type CallResult = { found: true; body: unknown; url: string } | { found: false; url: string };

const envelopeSchema = z.looseObject({
  data: z.looseObject({
    results: z.array(z.unknown()),
    total: z.number().int().min(0).optional(),
  }),
});

export interface TransportOptions {
  config: UpstreamConfig;
  logger: Logger;
  bases: UpstreamBases;
  /**
   * A fetch to send the GETs through instead of the built-in client: tests that count calls or
   * stand in for an upstream.
   */
  fetchImpl?: typeof fetch;
  /**
   * Wraps every GET, body included: the edge router times its live endpoints' calls by service
   * with it (edge-router/plugins/metrics.ts `timeUpstream`).
   */
  timeCall?: UpstreamCallTimer;
  /**
   * The language of the content asked for, sent as `accept-language` (the Spanish edition's
   * clients send "es", ADR 0019). Default: '*', any.
   */
  language?: string;
  /**
   * A render's reuse of answers fetched for other renders (core/upstream/read-reuse.ts, ADR 0029):
   * a call answers from an answer whose GET started after the render's request, or fetches.
   * Without it (or with the cache off) every call is a GET.
   */
  reuse?: RenderReadReuse;
}

/** Runs one upstream call of `service` and answers what it answered (rejects as it rejected). */
export type UpstreamCallTimer = <T>(service: UpstreamService, call: () => Promise<T>) => Promise<T>;

export interface Transport {
  buildUrl: (spec: CallSpec) => string;
  /** One GET; a 404 is `found: false`, every other failure throws (see the header). */
  call: (spec: CallSpec, notFoundLevel?: 'info' | 'error') => Promise<CallResult>;
  /** The `data.results` list of an enveloped body (spec 1 §7 generic helper). */
  results: (name: string, url: string, body: unknown) => { items: unknown[]; total: number | undefined };
  /** The first result validated by `schema`, or null when there is none. */
  first: <S extends z.ZodType>(spec: CallSpec, schema: S, notFoundLevel?: 'info' | 'error') => Promise<z.infer<S> | null>;
  badResponse: (name: string, url: string, error: z.ZodError, prefix: string) => PlatformError;
}

/** What the failure rules read of one answered GET. */
export interface UpstreamAnswer {
  status: number;
  /** The content-type header as sent, '' when there is none. */
  contentType: string;
  /** The body decoded as UTF-8 (a leading BOM removed), as fetch's `text()` reads it. */
  text: string;
}

/**
 * One GET of `url` answered within `timeoutMs`, or rejected: with an error named `TimeoutError`
 * when the time ran out, with the network error otherwise.
 */
export type UpstreamGet = (url: string, timeoutMs: number) => Promise<UpstreamAnswer>;

/**
 * Connections to one upstream origin at most (per agent), the default of UPSTREAM_MAX_SOCKETS.
 * Calls beyond wait for a free socket, inside their timeout. Render workers run a few jobs at a
 * time, each with a handful of calls in flight, so this is a ceiling against a runaway, not a
 * queue that is normally reached. The edge router's live endpoints put one call per uncached
 * reader request in flight: at peak, raise it there (docs/operations.md) or the calls beyond
 * wait, and answer stale or 502 when the wait outlasts the timeout.
 */
export const MAX_SOCKETS_PER_ORIGIN = UPSTREAM_DEFAULTS.maxSockets;

/**
 * How long an idle keep-alive socket is kept (the agent also honours a shorter `Keep-Alive:
 * timeout=` from the server, less a second). Under Node's http server default of 5 s, so a socket
 * is not reused just as the server closes it; undici's default is the same 4 s.
 */
export const IDLE_SOCKET_MS = 4_000;

/** Redirects followed before the call fails, as fetch does. */
const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A reused keep-alive socket the server closed while it sat idle fails the request before any
 * answer; a GET is safe to send again on a fresh socket, as undici does. At most this many times.
 */
const STALE_SOCKET_RETRIES = 2;
const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

interface Agents {
  http: HttpAgent;
  https: HttpsAgent;
}

/** One pair of agents per socket cap, shared by every transport in the process with that cap. */
const agentsByCap = new Map<number, Agents>();

function agentsFor(maxSockets: number): Agents {
  let agents = agentsByCap.get(maxSockets);
  if (agents === undefined) {
    const options = { keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' } as const;
    agents = { http: new HttpAgent(options), https: new HttpsAgent(options) };
    agentsByCap.set(maxSockets, agents);
  }
  return agents;
}

/**
 * The headers Node's fetch sent (undici adds all but `accept`), kept so the upstream, and any
 * gateway rules or logs in front of it, see the same requests as before the switch.
 */
const BASE_HEADERS = { accept: 'application/json', 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node' } as const;
const REQUEST_HEADERS: Readonly<Record<'http:' | 'https:', OutgoingHttpHeaders>> = {
  'http:': { ...BASE_HEADERS, 'accept-encoding': 'gzip, deflate' },
  'https:': { ...BASE_HEADERS, 'accept-encoding': 'br, gzip, deflate' },
};

/**
 * The request headers for one edition: `accept-language` names the language whose content the
 * edition shows (ADR 0019), or '*' (any) when the caller names none, as before editions had one.
 */
function requestHeaders(language: string | undefined): Readonly<Record<'http:' | 'https:', OutgoingHttpHeaders>> {
  if (language === undefined) return REQUEST_HEADERS;
  return {
    'http:': { ...REQUEST_HEADERS['http:'], 'accept-language': language },
    'https:': { ...REQUEST_HEADERS['https:'], 'accept-language': language },
  };
}

function timeoutError(): Error {
  // The same name and message as AbortSignal.timeout's DOMException, which `call` recognises.
  const error = new Error('The operation was aborted due to timeout');
  error.name = 'TimeoutError';
  return error;
}

/**
 * Decoders for a content-encoding list (applied last first), or null for an encoding we do not
 * know: the body is then read as sent, as fetch does. The flush settings accept a truncated
 * compressed body the way undici does; what is missing then shows as malformed JSON.
 */
function decodersFor(encoding: string): Transform[] | null {
  const decoders: Transform[] = [];
  for (const coding of encoding.toLowerCase().split(',').map((part) => part.trim()).filter((part) => part !== '' && part !== 'identity').reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(createGunzip({ flush: zlibConstants.Z_SYNC_FLUSH, finishFlush: zlibConstants.Z_SYNC_FLUSH }));
    else if (coding === 'deflate') decoders.push(createInflate({ flush: zlibConstants.Z_SYNC_FLUSH, finishFlush: zlibConstants.Z_SYNC_FLUSH }));
    else if (coding === 'br') decoders.push(createBrotliDecompress({ flush: zlibConstants.BROTLI_OPERATION_FLUSH, finishFlush: zlibConstants.BROTLI_OPERATION_FLUSH }));
    else return null;
  }
  return decoders;
}

/** The whole body as UTF-8 text; rejects when the connection drops before the body is complete. */
function readBody(response: IncomingMessage, status: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const encoding = response.headers['content-encoding'];
    const decoders = encoding === undefined || status === 204 || status === 304 ? [] : decodersFor(encoding);
    let source: Readable = response;
    // The response errors (undici's fetch said "terminated") when its connection drops first.
    response.on('error', (cause) => reject(new Error('the connection closed before the body was complete', { cause })));
    for (const decoder of decoders ?? []) {
      decoder.on('error', reject);
      source = source.pipe(decoder);
    }
    const chunks: Buffer[] = [];
    let length = 0;
    source.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    });
    source.once('end', () => {
      const text = (chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, length)).toString('utf8');
      resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    });
  });
}

/** The built-in client: node:http / node:https on the shared keep-alive agents of a socket cap. */
function nodeGetWith(maxSockets: number, headers: Readonly<Record<'http:' | 'https:', OutgoingHttpHeaders>>): UpstreamGet {
  const agents = agentsFor(maxSockets);
  return (url, timeoutMs) => nodeRequest(agents, headers, url, timeoutMs);
}

const nodeRequest = (agents: Agents, headers: Readonly<Record<'http:' | 'https:', OutgoingHttpHeaders>>, url: string, timeoutMs: number): Promise<UpstreamAnswer> =>
  new Promise<UpstreamAnswer>((resolve, reject) => {
    let settled = false;
    let current: { destroy: () => void } | undefined;
    // Redirects whose bodies are still draining: closed when the call ends, or a body that never
    // finishes would keep its socket out of the pool for good.
    const draining = new Set<{ destroy: () => void }>();
    const finish = (error: Error | null, answer?: UpstreamAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      for (const redirect of draining) redirect.destroy();
      if (error) {
        current?.destroy();
        reject(error);
      } else if (answer) resolve(answer);
    };
    const timer = setTimeout(() => finish(timeoutError()), timeoutMs);

    function send(target: URL, redirects: number, staleRetries: number): void {
      const protocol = target.protocol;
      if (protocol !== 'http:' && protocol !== 'https:') {
        finish(new Error(`unsupported protocol ${protocol}`));
        return;
      }
      const options = { agent: protocol === 'http:' ? agents.http : agents.https, headers: headers[protocol] };
      const request = protocol === 'http:' ? httpRequest(target, options) : httpsRequest(target, options);
      current = request;
      let answered = false;
      request.on('response', (response) => {
        answered = true;
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (settled) {
          response.resume();
        } else if (REDIRECT_STATUSES.has(status) && location !== undefined) {
          // Drained, so the socket goes back to the pool; destroyed by finish() if still draining.
          draining.add(request);
          response.once('end', () => draining.delete(request));
          response.resume();
          if (redirects >= MAX_REDIRECTS) {
            finish(new Error('redirect count exceeded'));
            return;
          }
          let next: URL;
          try {
            next = new URL(location, target);
          } catch {
            finish(new Error(`invalid redirect location ${location}`));
            return;
          }
          send(next, redirects + 1, staleRetries);
        } else {
          readBody(response, status).then(
            (text) => finish(null, { status, contentType: response.headers['content-type'] ?? '', text }),
            (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))),
          );
        }
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (settled) return;
        if (!answered && request.reusedSocket && staleRetries > 0 && STALE_SOCKET_CODES.has(error.code ?? '')) {
          send(target, redirects, staleRetries - 1);
          return;
        }
        finish(error);
      });
      request.end();
    }

    try {
      send(new URL(url), 0, STALE_SOCKET_RETRIES);
    } catch (error) {
      finish(error instanceof Error ? error : new Error(String(error)));
    }
  });

/** A caller's fetch behind the same interface: the request and timeout fetch was always sent with. */
function fetchGet(fetchImpl: typeof fetch, language: string | undefined): UpstreamGet {
  const headers: Record<string, string> = language === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'accept-language': language };
  return async (url, timeoutMs) => {
    const response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
  };
}

export function createTransport(options: TransportOptions): Transport {
  const { logger, bases } = options;
  const send = options.fetchImpl === undefined ? nodeGetWith(options.config.UPSTREAM_MAX_SOCKETS, requestHeaders(options.language)) : fetchGet(options.fetchImpl, options.language);
  const { timeCall } = options;
  const timedSend = (url: string, timeoutMs: number): Promise<UpstreamAnswer> => timeAsync('upstream-http', () => send(url, timeoutMs)); // bench phase timer (core/phase-timer.ts)
  const get = (service: UpstreamService, url: string, timeoutMs: number): Promise<UpstreamAnswer> =>
    timeCall === undefined ? timedSend(url, timeoutMs) : timeCall(service, () => timedSend(url, timeoutMs));
  const timeoutMs = options.config.UPSTREAM_TIMEOUT_MS;

  function buildUrl(spec: CallSpec): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) params.set(key, String(value));
    }
    const search = params.toString();
    return `${bases[spec.service]}${spec.path}${search === '' ? '' : `?${search}`}`;
  }

  const { reuse } = options;
  // The exact request: the URL with its query, and the language it is asked in (ADR 0019).
  const reuseKey = (url: string) => `${options.language ?? '*'} ${url}`;

  async function call(spec: CallSpec, notFoundLevel: 'info' | 'error' = 'info'): Promise<CallResult> {
    const url = buildUrl(spec);
    if (reuse === undefined || !reuse.cache.enabled || spec.reuse === false) return (await fetchAnswer(spec, url, notFoundLevel)).answer;
    let fetched = false;
    const answer = await reuse.cache.read(reuseKey(url), reuse.freshAfter, () => {
      fetched = true;
      return fetchAnswer(spec, url, notFoundLevel);
    });
    if (!fetched) {
      // Logged as the GET it stands for would be, so a render's log still shows each read.
      if (answer.found) logger.debug({ api: { name: spec.name, url, reused: true } }, 'upstream answer reused');
      else logger[notFoundLevel]({ api: { name: spec.name, url, status: 404, reused: true } }, 'upstream not found');
    }
    return answer;
  }

  /** One GET and the failure rules (see the header); the answer with the size of its text. */
  async function fetchAnswer(spec: CallSpec, url: string, notFoundLevel: 'info' | 'error'): Promise<FetchedAnswer & { answer: CallResult }> {
    const started = performance.now();
    const api = (status: number | undefined) => ({
      name: spec.name,
      url,
      status,
      durationMs: Math.round(performance.now() - started),
    });
    let answer: UpstreamAnswer;
    try {
      answer = await get(spec.service, url, timeoutMs);
    } catch (cause) {
      const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      const message = timedOut
        ? `Upstream ${spec.name} timed out after ${timeoutMs} ms (GET ${url})`
        : `Upstream ${spec.name} is unreachable (GET ${url}): ${cause instanceof Error ? cause.message : String(cause)}`;
      const error = new PlatformError('UPSTREAM_UNAVAILABLE', message, { cause, details: { api: spec.name, url } });
      logger.warn({ api: api(undefined), error }, 'upstream call failed');
      throw error;
    }
    const { status, text: bodyText } = answer;
    if (status === 404) {
      // Spec 1 §8: an article fetch error is logged as error when its status is 400 or more.
      logger[notFoundLevel]({ api: api(status) }, 'upstream not found');
      return { answer: { found: false, url }, bytes: url.length };
    }
    if (status < 200 || status >= 300) {
      const code = status >= 500 || status === 429 ? 'UPSTREAM_UNAVAILABLE' : 'UPSTREAM_BAD_RESPONSE';
      const error = new PlatformError(code, `Upstream ${spec.name} answered ${status} (GET ${url})`, {
        details: { api: spec.name, url, status, body: bodyText.slice(0, 200) },
      });
      logger.warn({ api: api(status), error }, 'upstream call failed');
      throw error;
    }
    let body: unknown;
    try {
      body = timeSync('upstream-parse', () => JSON.parse(bodyText) as unknown); // bench phase timer (core/phase-timer.ts)
    } catch (cause) {
      // A gateway or CDN error page arrives as HTML with a 200: say so, so the failed job's reason
      // points at the proxy in front of the API rather than at the API's JSON.
      const contentType = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      const what = contentType === 'text/html' ? 'sent text/html where JSON was expected' : 'sent malformed JSON';
      const error = new PlatformError('UPSTREAM_BAD_RESPONSE', `Upstream ${spec.name} ${what} (GET ${url})`, {
        cause,
        details: { api: spec.name, url, status, body: bodyText.slice(0, 200) },
      });
      logger.warn({ api: api(status), error }, 'upstream call failed');
      throw error;
    }
    logger.debug({ api: api(status) }, 'upstream call');
    // Site-relative image paths name files on the image service, not on the site (image-paths.ts).
    return { answer: { found: true, body: timeSync('upstream-parse', () => resolveImagePaths(body, bases.images)), url }, bytes: bodyText.length + url.length }; // bench phase timer (core/phase-timer.ts)
  }

  function badResponse(name: string, url: string, error: z.ZodError, prefix: string): PlatformError {
    const message = `Upstream ${name} sent an unexpected response (GET ${url}): ${prefix}${describeIssues(error)}`;
    logger.warn({ api: { name, url }, error: { message } }, 'upstream response off contract');
    return new PlatformError('UPSTREAM_BAD_RESPONSE', message, { details: { api: name, url } });
  }

  function results(name: string, url: string, body: unknown): { items: unknown[]; total: number | undefined } {
    const parsed = timeSync('upstream-validate', () => parseShared(body, envelopeSchema)); // bench phase timer (core/phase-timer.ts)
    if (!parsed.success) throw badResponse(name, url, parsed.error, '');
    return { items: parsed.data.data.results, total: parsed.data.data.total };
  }

  async function first<S extends z.ZodType>(spec: CallSpec, schema: S, notFoundLevel?: 'info' | 'error'): Promise<z.infer<S> | null> {
    const result = await call(spec, notFoundLevel);
    if (!result.found) return null;
    const [item] = results(spec.name, result.url, result.body).items;
    if (item === undefined) return null;
    // Validated once per kept answer when answers are reused (read-reuse.ts `parseShared`).
    const parsed = timeSync('upstream-validate', () => parseShared(item, schema)); // bench phase timer (core/phase-timer.ts)
    if (!parsed.success) throw badResponse(spec.name, result.url, parsed.error, 'data.results.0.');
    return parsed.data;
  }

  return { buildUrl, call, results, first, badResponse };
}
