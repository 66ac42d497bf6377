/**
 * The static page reader (docs/upstream-contract.md §5.2; spec 1 §3 "Static page", §7
 * `/api/staticpage`). It follows the rules of core/upstream/client.ts, which keeps its call
 * helpers private, so the few lines of transport are repeated here for this one call:
 *   - the data key `static-page:<path>` is recorded before the call (a page that looked for a
 *     static page that does not exist yet re-renders when it appears)
 *   - 404, or a 200 whose `data.results` is empty            -> null (spec 1 §8: logged, yields null)
 *   - network error, timeout, 5xx, 429                       -> PlatformError UPSTREAM_UNAVAILABLE
 *   - other 4xx, malformed JSON, a body off the contract     -> PlatformError UPSTREAM_BAD_RESPONSE
 */
import { z } from 'zod';
import { resolveUpstreamBases } from '../config/upstream.js';
import { PlatformError } from '../errors.js';
import type { ReadRecorder, UpstreamClientOptions } from './client.js';
import { dataKeys } from './data-keys.js';
import { articleBlockSchema, describeIssues } from './schemas.js';

const optionalText = z.string().optional();

/** Static page (spec 1 §3): title, description, meta_title, ... robots_noindex, robots_nofollow. */
export const staticPageSchema = z.looseObject({
  title: z.string(),
  description: optionalText,
  meta_title: optionalText,
  meta_description: optionalText,
  /** Body components; block-shaped ones render as article body blocks, others are logged and skipped. */
  components: z.array(articleBlockSchema).default([]),
  scripts: z.array(z.string()).default([]),
  stylesheets: z.array(z.string()).default([]),
  canonical_url: optionalText,
  /** "games" switches the title rule (spec 1 §2.5). */
  section: optionalText,
  /** Spec 1 §3 "subSection(s)": upstream sends either spelling. */
  subSection: optionalText,
  subSections: z.array(z.string()).optional(),
  robots_noindex: z.boolean().default(false),
  robots_nofollow: z.boolean().default(false),
});
export type StaticPage = z.infer<typeof staticPageSchema>;
/** The record as upstream sends it (the sample dataset is typed with it). */
export type StaticPageInput = z.input<typeof staticPageSchema>;

export interface StaticPageClient {
  /** The static page at a path such as "/newsletters"; null when there is none. */
  getStaticPage(path: string): Promise<StaticPage | null>;
  /** The same client reporting reads to another recorder (one per render). */
  withRecorder(recorder: ReadRecorder | undefined): StaticPageClient;
}

const envelopeSchema = z.looseObject({ data: z.looseObject({ results: z.array(z.unknown()) }) });

const CALL_NAME = 'staticpage';

/** Takes the same options as createUpstreamClient (config, logger, recorder, fetchImpl). */
export function createStaticPageClient(options: UpstreamClientOptions): StaticPageClient {
  const base = resolveUpstreamBases(options.config).staticPage;
  return buildStaticPageClient(options, base, options.recorder);
}

function buildStaticPageClient(options: UpstreamClientOptions, base: string, recorder: ReadRecorder | undefined): StaticPageClient {
  const { logger } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.config.UPSTREAM_TIMEOUT_MS;

  function fail(code: 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_BAD_RESPONSE', message: string, api: object, details: Record<string, unknown>, cause?: unknown): PlatformError {
    const error = new PlatformError(code, message, { ...(cause === undefined ? {} : { cause }), details });
    logger.warn({ api, error }, 'upstream call failed');
    return error;
  }

  async function getStaticPage(path: string): Promise<StaticPage | null> {
    recorder?.record(dataKeys.staticPage(path));
    const url = `${base}/api/staticpage?${new URLSearchParams({ path }).toString()}`;
    const started = performance.now();
    const api = (status: number | undefined) => ({ name: CALL_NAME, url, status, durationMs: Math.round(performance.now() - started) });

    let response: Response;
    let bodyText: string;
    try {
      response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      bodyText = await response.text();
    } catch (cause) {
      const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      const message = timedOut
        ? `Upstream ${CALL_NAME} timed out after ${timeoutMs} ms (GET ${url})`
        : `Upstream ${CALL_NAME} is unreachable (GET ${url}): ${cause instanceof Error ? cause.message : String(cause)}`;
      throw fail('UPSTREAM_UNAVAILABLE', message, api(undefined), { api: CALL_NAME, url }, cause);
    }
    const status = response.status;
    if (status === 404) {
      logger.info({ api: api(status) }, 'upstream not found');
      return null;
    }
    if (status < 200 || status >= 300) {
      const code = status >= 500 || status === 429 ? 'UPSTREAM_UNAVAILABLE' : 'UPSTREAM_BAD_RESPONSE';
      throw fail(code, `Upstream ${CALL_NAME} answered ${status} (GET ${url})`, api(status), { api: CALL_NAME, url, status, body: bodyText.slice(0, 200) });
    }
    let body: unknown;
    try {
      body = JSON.parse(bodyText);
    } catch (cause) {
      throw fail('UPSTREAM_BAD_RESPONSE', `Upstream ${CALL_NAME} sent malformed JSON (GET ${url})`, api(status), { api: CALL_NAME, url, status }, cause);
    }
    const envelope = envelopeSchema.safeParse(body);
    if (!envelope.success) {
      throw fail('UPSTREAM_BAD_RESPONSE', `Upstream ${CALL_NAME} sent an unexpected response (GET ${url}): ${describeIssues(envelope.error)}`, api(status), { api: CALL_NAME, url });
    }
    const [first] = envelope.data.data.results;
    if (first === undefined) {
      logger.info({ api: api(status) }, 'upstream not found');
      return null;
    }
    const page = staticPageSchema.safeParse(first);
    if (!page.success) {
      throw fail(
        'UPSTREAM_BAD_RESPONSE',
        `Upstream ${CALL_NAME} sent an unexpected response (GET ${url}): data.results.0.${describeIssues(page.error)}`,
        api(status),
        { api: CALL_NAME, url },
      );
    }
    logger.debug({ api: api(status) }, 'upstream call');
    return page.data;
  }

  return {
    getStaticPage,
    withRecorder(next) {
      return buildStaticPageClient(options, base, next);
    },
  };
}
