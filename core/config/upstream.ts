/**
 * Upstream endpoint configuration (spec 1 §7, spec 2 §7, §9: "Environment stage map: local, dev,
 * qa, beta, stage, prod (maps to www)"; every endpoint base is set through an environment variable).
 * `docs/upstream-contract.md` lists the services, their paths and these variables.
 *
 * Resolution, per service:
 *   1. its own override (UPSTREAM_<SERVICE>_URL) when set;
 *   2. local stage: UPSTREAM_BASE_URL (the sample upstream serves every service on one origin);
 *   3. other stages: https://{stage host}.{UPSTREAM_DOMAIN}, where the stage host is the stage name
 *      and prod maps to "www" (spec 1 §7).
 */
import { z } from 'zod';
import { PlatformError } from '../errors.js';
import { envVars, parseEnv, type EnvSource } from './env.js';

export const UPSTREAM_STAGES = ['local', 'dev', 'qa', 'beta', 'stage', 'prod'] as const;
export type UpstreamStage = (typeof UPSTREAM_STAGES)[number];

/** Host label of each stage; prod is served from www (spec 1 §7, spec 2 §9). */
export const STAGE_HOSTS: Readonly<Record<UpstreamStage, string>> = {
  local: 'local',
  dev: 'dev',
  qa: 'qa',
  beta: 'beta',
  stage: 'stage',
  prod: 'www',
};

/**
 * Every upstream service the spec names, with the variable that overrides its base URL.
 * Paths below each base are fixed by the contract document; a base may carry a path prefix.
 */
export const UPSTREAM_SERVICE_ENV = {
  layout: 'UPSTREAM_LAYOUT_URL',
  article: 'UPSTREAM_ARTICLE_URL',
  articleSearch: 'UPSTREAM_ARTICLE_SEARCH_URL',
  category: 'UPSTREAM_CATEGORY_URL',
  tag: 'UPSTREAM_TAG_URL',
  staticPage: 'UPSTREAM_STATIC_PAGE_URL',
  person: 'UPSTREAM_PERSON_URL',
  show: 'UPSTREAM_SHOW_URL',
  liveEvent: 'UPSTREAM_LIVE_EVENT_URL',
  sitemap: 'UPSTREAM_SITEMAP_URL',
  video: 'UPSTREAM_VIDEO_URL',
  search: 'UPSTREAM_SEARCH_URL',
  products: 'UPSTREAM_PRODUCTS_URL',
  schedule: 'UPSTREAM_SCHEDULE_URL',
  livePlaylist: 'UPSTREAM_LIVE_PLAYLIST_URL',
  moxie: 'UPSTREAM_MOXIE_URL',
  resizer: 'UPSTREAM_RESIZER_URL',
  instagram: 'UPSTREAM_INSTAGRAM_URL',
  tiktokOembed: 'UPSTREAM_TIKTOK_OEMBED_URL',
  email: 'UPSTREAM_EMAIL_URL',
  articleMeta: 'UPSTREAM_ARTICLE_META_URL',
  liveBlog: 'UPSTREAM_LIVE_BLOG_URL',
  nextUp: 'UPSTREAM_NEXT_UP_URL',
  aggregate: 'UPSTREAM_AGGREGATE_URL',
  newsletter: 'UPSTREAM_NEWSLETTER_URL',
  contact: 'UPSTREAM_CONTACT_URL',
  /** The image service: site-relative image paths in answers resolve against it (core/upstream/image-paths.ts). */
  images: 'UPSTREAM_IMAGES_URL',
} as const;

export type UpstreamService = keyof typeof UPSTREAM_SERVICE_ENV;
export const UPSTREAM_SERVICES = Object.keys(UPSTREAM_SERVICE_ENV) as UpstreamService[];

/** Defaults in one place. The local base is the sample upstream's default address (infra/sample-upstream). */
export const UPSTREAM_DEFAULTS = {
  stage: 'local' as UpstreamStage,
  baseUrl: 'http://127.0.0.1:4010',
  timeoutMs: 5000,
  maxSockets: 64,
} as const;

export const upstreamEnvShape = {
  /** Which upstream stage to talk to (spec 1 §7 stage map). */
  UPSTREAM_STAGE: z.enum(UPSTREAM_STAGES).default(UPSTREAM_DEFAULTS.stage),
  /** Base of every service on the local stage: the sample upstream. */
  UPSTREAM_BASE_URL: envVars.url().default(UPSTREAM_DEFAULTS.baseUrl),
  /** Domain the non-local stages live under: https://{stage host}.{UPSTREAM_DOMAIN}. */
  UPSTREAM_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, 'must be a domain name such as example.com')
    .optional(),
  /** Per-call deadline; spec 1 §9 leaves time-outs open. */
  UPSTREAM_TIMEOUT_MS: envVars.positiveInt(UPSTREAM_DEFAULTS.timeoutMs),
  /**
   * Keep-alive connections per upstream origin and process (core/upstream/transport.ts); calls
   * beyond wait for a socket inside their timeout. Raise it on the edge router for peak traffic.
   */
  UPSTREAM_MAX_SOCKETS: envVars.positiveInt(UPSTREAM_DEFAULTS.maxSockets),
  // Per-service overrides (UPSTREAM_SERVICE_ENV); each wins over the stage base.
  UPSTREAM_LAYOUT_URL: envVars.url().optional(),
  UPSTREAM_ARTICLE_URL: envVars.url().optional(),
  UPSTREAM_ARTICLE_SEARCH_URL: envVars.url().optional(),
  UPSTREAM_CATEGORY_URL: envVars.url().optional(),
  UPSTREAM_TAG_URL: envVars.url().optional(),
  UPSTREAM_STATIC_PAGE_URL: envVars.url().optional(),
  UPSTREAM_PERSON_URL: envVars.url().optional(),
  UPSTREAM_SHOW_URL: envVars.url().optional(),
  UPSTREAM_LIVE_EVENT_URL: envVars.url().optional(),
  UPSTREAM_SITEMAP_URL: envVars.url().optional(),
  UPSTREAM_VIDEO_URL: envVars.url().optional(),
  UPSTREAM_SEARCH_URL: envVars.url().optional(),
  UPSTREAM_PRODUCTS_URL: envVars.url().optional(),
  UPSTREAM_SCHEDULE_URL: envVars.url().optional(),
  UPSTREAM_LIVE_PLAYLIST_URL: envVars.url().optional(),
  UPSTREAM_MOXIE_URL: envVars.url().optional(),
  UPSTREAM_RESIZER_URL: envVars.url().optional(),
  UPSTREAM_INSTAGRAM_URL: envVars.url().optional(),
  UPSTREAM_TIKTOK_OEMBED_URL: envVars.url().optional(),
  UPSTREAM_EMAIL_URL: envVars.url().optional(),
  UPSTREAM_ARTICLE_META_URL: envVars.url().optional(),
  UPSTREAM_LIVE_BLOG_URL: envVars.url().optional(),
  UPSTREAM_NEXT_UP_URL: envVars.url().optional(),
  UPSTREAM_AGGREGATE_URL: envVars.url().optional(),
  UPSTREAM_NEWSLETTER_URL: envVars.url().optional(),
  UPSTREAM_CONTACT_URL: envVars.url().optional(),
  UPSTREAM_IMAGES_URL: envVars.url().optional(),
};

export type UpstreamConfig = z.infer<z.ZodObject<typeof upstreamEnvShape>>;

export type UpstreamBases = Readonly<Record<UpstreamService, string>>;

/** Parses the upstream variables; a non-local stage without UPSTREAM_DOMAIN must override every service. */
export function parseUpstreamConfig(env: EnvSource): UpstreamConfig {
  const config = parseEnv(upstreamEnvShape, env, 'upstream');
  resolveUpstreamBases(config);
  return config;
}

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** The base URL of every service, without a trailing slash (paths from the contract are appended). */
export function resolveUpstreamBases(config: UpstreamConfig): UpstreamBases {
  const stageBase =
    config.UPSTREAM_STAGE === 'local'
      ? config.UPSTREAM_BASE_URL
      : config.UPSTREAM_DOMAIN === undefined
        ? undefined
        : `https://${STAGE_HOSTS[config.UPSTREAM_STAGE]}.${config.UPSTREAM_DOMAIN}`;
  const bases: Partial<Record<UpstreamService, string>> = {};
  const missing: string[] = [];
  for (const service of UPSTREAM_SERVICES) {
    const base = config[UPSTREAM_SERVICE_ENV[service]] ?? stageBase;
    if (base === undefined) missing.push(UPSTREAM_SERVICE_ENV[service]);
    else bases[service] = trimSlash(base);
  }
  if (missing.length > 0) {
    throw new PlatformError(
      'CONFIG_INVALID',
      `upstream: UPSTREAM_STAGE=${config.UPSTREAM_STAGE} needs UPSTREAM_DOMAIN (or overrides for ${missing.join(', ')})`,
    );
  }
  return bases as UpstreamBases;
}
