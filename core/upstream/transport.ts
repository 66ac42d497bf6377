/**
 * The one HTTP transport every upstream reader uses (core/upstream/client.ts, tag-client.ts,
 * static-page-client.ts): GET with a timeout, the `api` log line, and the failure rules of
 * docs/upstream-contract.md:
 *   - 404, or a 200 whose `data.results` is empty        -> null / not found
 *   - network error, timeout, 5xx, 429                    -> PlatformError UPSTREAM_UNAVAILABLE
 *   - other 4xx, malformed JSON, a body off the contract  -> PlatformError UPSTREAM_BAD_RESPONSE
 */
import { z } from 'zod';
import type { UpstreamBases, UpstreamConfig, UpstreamService } from '../config/upstream.js';
import { PlatformError } from '../errors.js';
import type { Logger } from '../logger.js';
import { describeIssues } from './schemas.js';

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallSpec {
  /** Log and error name of the call, e.g. "article". */
  name: string;
  service: UpstreamService;
  path: string;
  query?: Query;
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
  fetchImpl?: typeof fetch;
}

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

export function createTransport(options: TransportOptions): Transport {
  const { logger, bases } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.config.UPSTREAM_TIMEOUT_MS;

  function buildUrl(spec: CallSpec): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) params.set(key, String(value));
    }
    const search = params.toString();
    return `${bases[spec.service]}${spec.path}${search === '' ? '' : `?${search}`}`;
  }

  async function call(spec: CallSpec, notFoundLevel: 'info' | 'error' = 'info'): Promise<CallResult> {
    const url = buildUrl(spec);
    const started = performance.now();
    const api = (status: number | undefined) => ({
      name: spec.name,
      url,
      status,
      durationMs: Math.round(performance.now() - started),
    });
    let response: Response;
    let bodyText: string;
    try {
      response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      bodyText = await response.text();
    } catch (cause) {
      const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      const message = timedOut
        ? `Upstream ${spec.name} timed out after ${timeoutMs} ms (GET ${url})`
        : `Upstream ${spec.name} is unreachable (GET ${url}): ${cause instanceof Error ? cause.message : String(cause)}`;
      const error = new PlatformError('UPSTREAM_UNAVAILABLE', message, { cause, details: { api: spec.name, url } });
      logger.warn({ api: api(undefined), error }, 'upstream call failed');
      throw error;
    }
    const status = response.status;
    if (status === 404) {
      // Spec 1 §8: an article fetch error is logged as error when its status is 400 or more.
      logger[notFoundLevel]({ api: api(status) }, 'upstream not found');
      return { found: false, url };
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
      body = JSON.parse(bodyText);
    } catch (cause) {
      const error = new PlatformError('UPSTREAM_BAD_RESPONSE', `Upstream ${spec.name} sent malformed JSON (GET ${url})`, {
        cause,
        details: { api: spec.name, url, status, body: bodyText.slice(0, 200) },
      });
      logger.warn({ api: api(status), error }, 'upstream call failed');
      throw error;
    }
    logger.debug({ api: api(status) }, 'upstream call');
    return { found: true, body, url };
  }

  function badResponse(name: string, url: string, error: z.ZodError, prefix: string): PlatformError {
    const message = `Upstream ${name} sent an unexpected response (GET ${url}): ${prefix}${describeIssues(error)}`;
    logger.warn({ api: { name, url }, error: { message } }, 'upstream response off contract');
    return new PlatformError('UPSTREAM_BAD_RESPONSE', message, { details: { api: name, url } });
  }

  function results(name: string, url: string, body: unknown): { items: unknown[]; total: number | undefined } {
    const parsed = envelopeSchema.safeParse(body);
    if (!parsed.success) throw badResponse(name, url, parsed.error, '');
    return { items: parsed.data.data.results, total: parsed.data.data.total };
  }

  async function first<S extends z.ZodType>(spec: CallSpec, schema: S, notFoundLevel?: 'info' | 'error'): Promise<z.infer<S> | null> {
    const result = await call(spec, notFoundLevel);
    if (!result.found) return null;
    const [item] = results(spec.name, result.url, result.body).items;
    if (item === undefined) return null;
    const parsed = schema.safeParse(item);
    if (!parsed.success) throw badResponse(spec.name, result.url, parsed.error, 'data.results.0.');
    return parsed.data;
  }

  return { buildUrl, call, results, first, badResponse };
}
