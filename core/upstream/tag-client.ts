/**
 * The tag call (docs/upstream-contract.md §5.1; spec 1 §7, spec 2 §7 "/api/tag fetchOneByPath,
 * with the path 'fox-news/' plus the path minus a leading /category/"). Same conventions as
 * core/upstream/client.ts: the envelope, zod validation, the data key recorded before the call,
 * 404 or no result -> null, 5xx/429/network/timeout -> UPSTREAM_UNAVAILABLE, anything else off the
 * contract -> UPSTREAM_BAD_RESPONSE. Kept apart from client.ts until the integrator folds
 * `getTagByPath` into UpstreamClient.
 */
import { z } from 'zod';
import { PlatformError } from '../errors.js';
import type { Logger } from '../logger.js';
import { resolveUpstreamBases, type UpstreamConfig } from '../config/upstream.js';
import type { ReadRecorder } from './client.js';
import { dataKeys } from './data-keys.js';
import { categorySchema, describeIssues } from './schemas.js';

/** Default sponsored wing colour (spec 1 §2.4, spec 2 §2). */
export const DEFAULT_WING_COLOR = '#FF0000';

/** Sponsored heading levels (spec 1 §2.4, spec 2 §2). */
export const SPONSOR_LEVELS = ['logo', 'takeover', 'normal'] as const;
export type SponsorLevel = (typeof SPONSOR_LEVELS)[number];

/** Images per breakpoint (spec 2 §2: mobile, tablet, desktop and large). */
export const sponsorImagesSchema = z.looseObject({
  mobile: z.string().optional(),
  tablet: z.string().optional(),
  desktop: z.string().optional(),
  large: z.string().optional(),
});
export type SponsorImages = z.infer<typeof sponsorImagesSchema>;

export const tagSponsorSchema = z.looseObject({
  level: z.enum(SPONSOR_LEVELS),
  name: z.string().optional(),
  url: z.string().optional(),
  logo: sponsorImagesSchema.optional(),
  background: sponsorImagesSchema.optional(),
  wingColor: z.string().default(DEFAULT_WING_COLOR),
});
export type TagSponsor = z.infer<typeof tagSponsorSchema>;

/** A tag: the Category shape plus an optional sponsor (docs/upstream-contract.md §5.1). */
export const tagSchema = categorySchema.extend({ sponsor: tagSponsorSchema.optional() });
export type Tag = z.infer<typeof tagSchema>;
export type TagInput = z.input<typeof tagSchema>;

/** Layout domain of tag paths (spec 1 §7 "fox-news/{category slug}"). */
export const TAG_DOMAIN = 'fox-news';

/**
 * `fox-news/` plus the path minus a leading `/category/` (spec 1 §7, spec 2 §7). A path without
 * that prefix (a section front, "/politics") loses only its leading slash: `fox-news/politics`.
 */
export function tagPathFor(path: string): string {
  const rest = path.startsWith('/category/') ? path.slice('/category/'.length) : path.replace(/^\/+/, '');
  return `${TAG_DOMAIN}/${rest}`;
}

export interface TagReader {
  /** The tag at a tag path such as "fox-news/politics/elections"; null when there is none. */
  getTagByPath(tagPath: string): Promise<Tag | null>;
}

export interface TagClient extends TagReader {
  /** The same client reporting reads to another recorder (one per render). */
  withRecorder(recorder: ReadRecorder | undefined): TagClient;
}

export interface TagClientOptions {
  config: UpstreamConfig;
  logger: Logger;
  recorder?: ReadRecorder;
  fetchImpl?: typeof fetch;
}

const envelopeSchema = z.looseObject({ data: z.looseObject({ results: z.array(z.unknown()) }) });

export function createTagClient(options: TagClientOptions): TagClient {
  const base = resolveUpstreamBases(options.config).tag;
  return build(options, base, options.recorder);
}

function build(options: TagClientOptions, base: string, recorder: ReadRecorder | undefined): TagClient {
  const { logger, config } = options;
  const fetchImpl = options.fetchImpl ?? fetch;

  function fail(code: 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_BAD_RESPONSE', message: string, api: object, extra: { cause?: unknown; details?: Record<string, unknown> } = {}): PlatformError {
    const error = new PlatformError(code, message, { ...(extra.cause === undefined ? {} : { cause: extra.cause }), details: { api: 'tag', ...extra.details } });
    logger.warn({ api, error }, 'upstream call failed');
    return error;
  }

  return {
    async getTagByPath(tagPath) {
      recorder?.record(dataKeys.tag(tagPath));
      const url = `${base}/api/tag?${new URLSearchParams({ path: tagPath }).toString()}`;
      const started = performance.now();
      const api = (status: number | undefined) => ({ name: 'tag', url, status, durationMs: Math.round(performance.now() - started) });
      let response: Response;
      let bodyText: string;
      try {
        response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS) });
        bodyText = await response.text();
      } catch (cause) {
        throw fail('UPSTREAM_UNAVAILABLE', `Upstream tag is unreachable or timed out (GET ${url})`, api(undefined), { cause, details: { url } });
      }
      const status = response.status;
      if (status === 404) {
        logger.info({ api: api(status) }, 'upstream not found');
        return null;
      }
      if (status < 200 || status >= 300) {
        const code = status >= 500 || status === 429 ? 'UPSTREAM_UNAVAILABLE' : 'UPSTREAM_BAD_RESPONSE';
        throw fail(code, `Upstream tag answered ${status} (GET ${url})`, api(status), { details: { url, status } });
      }
      let body: unknown;
      try {
        body = JSON.parse(bodyText);
      } catch (cause) {
        throw fail('UPSTREAM_BAD_RESPONSE', `Upstream tag sent malformed JSON (GET ${url})`, api(status), { cause, details: { url } });
      }
      const envelope = envelopeSchema.safeParse(body);
      if (!envelope.success) {
        throw fail('UPSTREAM_BAD_RESPONSE', `Upstream tag sent an unexpected response (GET ${url}): ${describeIssues(envelope.error)}`, api(status), { details: { url } });
      }
      const [first] = envelope.data.data.results;
      logger.debug({ api: api(status) }, 'upstream call');
      if (first === undefined) return null;
      const parsed = tagSchema.safeParse(first);
      if (!parsed.success) {
        throw fail('UPSTREAM_BAD_RESPONSE', `Upstream tag sent an unexpected response (GET ${url}): data.results.0.${describeIssues(parsed.error)}`, api(status), { details: { url } });
      }
      return parsed.data;
    },
    withRecorder(next) {
      return build(options, base, next);
    },
  };
}
