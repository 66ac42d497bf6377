/**
 * The tag call (docs/upstream-contract.md §5.1; spec 1 §7, spec 2 §7 "/api/tag fetchOneByPath,
 * with the path 'fox-news/' plus the path minus a leading /category/"). Same conventions as
 * core/upstream/client.ts: the envelope, zod validation, the data key recorded before the call,
 * 404 or no result -> null, 5xx/429/network/timeout -> UPSTREAM_UNAVAILABLE, anything else off the
 * contract -> UPSTREAM_BAD_RESPONSE. Kept apart from client.ts until the integrator folds
 * `getTagByPath` into UpstreamClient.
 */
import { createTransport } from './transport.js';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { resolveUpstreamBases, type UpstreamConfig } from '../config/upstream.js';
import { type ReadRecorder, keepReuse } from './client.js';
import { dataKeys } from './data-keys.js';
import { categorySchema } from './schemas.js';

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

/** Default layout domain of tag paths (spec 1 §7 "fox-news/{category slug}"); sites name theirs in SiteInfo.layoutDomain. */
export const TAG_DOMAIN = 'fox-news';

/**
 * `fox-news/` plus the path minus a leading `/category/` (spec 1 §7, spec 2 §7). A path without
 * that prefix (a section front, "/politics") loses only its leading slash: `fox-news/politics`.
 */
export function tagPathFor(path: string, domain: string = TAG_DOMAIN): string {
  const rest = path.startsWith('/category/') ? path.slice('/category/'.length) : path.replace(/^\/+/, '');
  return `${domain}/${rest}`;
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
  /** The language of the content asked for, sent as `accept-language` (ADR 0019). */
  language?: string;
}


export function createTagClient(options: TagClientOptions): TagClient {
  const base = resolveUpstreamBases(options.config).tag;
  return build(options, base, options.recorder);
}

function build(options: TagClientOptions, base: string, recorder: ReadRecorder | undefined): TagClient {
  const transport = createTransport({ ...options, bases: resolveUpstreamBases(options.config), ...(recorder?.reuse === undefined ? {} : { reuse: recorder.reuse }) });
  return {
    async getTagByPath(tagPath) {
      recorder?.record(dataKeys.tag(tagPath));
      return await transport.first({ name: 'tag', service: 'tag', path: '/api/tag', query: { path: tagPath } }, tagSchema);
    },
    withRecorder(next) {
      return build(options, base, keepReuse(next, recorder));
    },
  };
}
