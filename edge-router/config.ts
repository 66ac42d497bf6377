/**
 * The edge router's configuration: every environment variable it reads, named and parsed here
 * once (docs/architecture.md "Conventions": one typed config module per service). A missing or malformed variable stops
 * start-up with a CONFIG_INVALID message that names it.
 *
 *   PORT          listen port (3000)
 *   HOST          listen address (0.0.0.0)
 *   SITE          site for requests whose Host is not in SITE_HOSTS: news | es (news)
 *   SITE_HOSTS    host -> site map, "es.localhost=es,news.localhost=news" (none)
 *   LOG_LEVEL     pino level (info)
 *   TRUST_PROXY   believe X-Forwarded-* from: true | false | proxy addresses or CIDRs (false)
 *   SHUTDOWN_TIMEOUT_MS  how long a graceful shutdown may take before exiting anyway (10000)
 *   HEALTH_TIMEOUT_MS    storage probe timeout of /readyz (1000)
 *   EDGE_HOT_CACHE_BYTES     bytes of stored objects held in memory, 0 = off (67108864: 64 MiB)
 *   EDGE_HOT_CACHE_FRESH_MS  how long a held object is served without a metadata check (0; ADR 0011)
 *   EDGE_WRITE_ANNOUNCEMENTS hold hot pages until a worker announces a write (false; ADR 0028;
 *                            `npm start` and docker compose turn it on). With it, the workers' Redis:
 *                            REDIS_URL (REDIS_CLUSTER_NODES: not heard, see write-announcements.ts)
 *                            and QUEUE_PREFIX
 *   EDGE_HOT_CACHE_TRUST_MS  with announcements: longest a held object is served on them alone (60000)
 *   RATE_LIMIT_MAX           requests per client to /api/ per window (120)
 *   RATE_LIMIT_WINDOW_MS     the rate-limit window (60000)
 *   EDGE_METRICS_PORT    the internal /metrics listener's port, or "off" (9465)
 *   EDGE_METRICS_HOST    its address (127.0.0.1; 0.0.0.0 in a container Prometheus scrapes)
 *   EDGE_RENDER_ON_MISS  ask for a `miss` render when a 404 path could be a page (false; ADR 0018;
 *                        `npm start` and docker compose turn it on). With it, the queue's Redis:
 *                        REDIS_URL or REDIS_CLUSTER_NODES (core/config/redis.ts) and QUEUE_PREFIX
 *   EDGE_MISS_CLIENT_BURST, EDGE_MISS_CLIENT_PER_MINUTE   miss renders per client (5, then 10 a minute)
 *   EDGE_MISS_TOTAL_BURST, EDGE_MISS_TOTAL_PER_MINUTE     per edge process (60, then 600 a minute)
 *   EDGE_MISS_REDIS_TIMEOUT_MS                            a Redis command's limit before giving up (250)
 *   plus the storage variables of core/config/storage.ts (STORAGE_DRIVER, STORAGE_DIR, S3_*)
 *   and the upstream variables of core/config/upstream.ts (UPSTREAM_STAGE, UPSTREAM_BASE_URL,
 *   UPSTREAM_TIMEOUT_MS, UPSTREAM_*_URL) for the live /api/ endpoints
 */
import { z } from 'zod';
import { envVars, parseEnv, type EnvSource } from '../core/config/env.js';
import { storageConfigFromEnv, storageEnvShape, type StorageConfig } from '../core/config/storage.js';
import { parseUpstreamConfig, upstreamEnvShape, type UpstreamConfig } from '../core/config/upstream.js';
import { SITE_IDS, type SiteId } from '../core/isomorphic/sites.js';
import { queuePrefixEnvShape, redisEnvShape, redisTargetFromEnv } from '../core/config/redis.js';
import type { RedisTarget } from '../core/redis.js';
import { HOT_CACHE_DEFAULTS } from './plugins/hot-cache.js';
import { RENDER_ON_MISS_DEFAULTS } from './render-on-miss.js';
import { RATE_LIMIT_DEFAULTS } from './plugins/rate-limit.js';

const SERVICE = 'edge-router';

// A host name as it appears in a Host header, without the port.
const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

const siteHostsVar = z
  .string()
  .transform((value, ctx) => {
    const map: Record<string, SiteId> = {};
    for (const entry of value.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
      const match = /^([^=\s]+)=([^=\s]+)$/.exec(entry);
      const host = match?.[1]?.toLowerCase();
      const site = match?.[2];
      if (host === undefined || site === undefined || !HOST_NAME.test(host)) {
        ctx.addIssue({ code: 'custom', message: `entry ${JSON.stringify(entry)} is not host=site` });
        return z.NEVER;
      }
      if (!(SITE_IDS as readonly string[]).includes(site)) {
        ctx.addIssue({ code: 'custom', message: `entry ${JSON.stringify(entry)} names unknown site ${JSON.stringify(site)} (one of ${SITE_IDS.join(', ')})` });
        return z.NEVER;
      }
      map[host] = site as SiteId;
    }
    return map;
  })
  .default({});

const trustProxyVar = z
  .string()
  .transform((value, ctx): boolean | string => {
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    // A comma-separated list of proxy addresses or CIDR ranges, as Fastify's trustProxy takes it.
    if (/^[0-9a-fA-F:.,/\s]+$/.test(value)) return value;
    ctx.addIssue({ code: 'custom', message: 'must be true, false, or a comma-separated list of proxy addresses or CIDR ranges' });
    return z.NEVER;
  })
  .default(false);

export const edgeEnvShape = {
  PORT: envVars.port(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  SITE: z.enum(SITE_IDS).default('news'),
  SITE_HOSTS: siteHostsVar,
  LOG_LEVEL: envVars.logLevel(),
  TRUST_PROXY: trustProxyVar,
  SHUTDOWN_TIMEOUT_MS: envVars.positiveInt(10_000),
  HEALTH_TIMEOUT_MS: envVars.positiveInt(1000),
  EDGE_HOT_CACHE_BYTES: z.coerce.number().int().min(0).max(4 * 1024 * 1024 * 1024).default(HOT_CACHE_DEFAULTS.maxBytes),
  EDGE_HOT_CACHE_FRESH_MS: z.coerce.number().int().min(0).max(600_000).default(HOT_CACHE_DEFAULTS.freshMs),
  EDGE_WRITE_ANNOUNCEMENTS: envVars.bool(false),
  EDGE_HOT_CACHE_TRUST_MS: z.coerce.number().int().min(1).max(86_400_000).default(HOT_CACHE_DEFAULTS.trustMs),
  RATE_LIMIT_MAX: envVars.positiveInt(RATE_LIMIT_DEFAULTS.max),
  RATE_LIMIT_WINDOW_MS: envVars.positiveInt(RATE_LIMIT_DEFAULTS.windowMs),
  EDGE_METRICS_PORT: z.union([z.literal('off'), envVars.port(9465)], { error: 'must be a port number (0-65535) or "off"' }).default(9465),
  EDGE_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  EDGE_RENDER_ON_MISS: envVars.bool(false),
  EDGE_MISS_CLIENT_BURST: envVars.positiveInt(RENDER_ON_MISS_DEFAULTS.clientBurst),
  EDGE_MISS_CLIENT_PER_MINUTE: envVars.positiveInt(RENDER_ON_MISS_DEFAULTS.clientPerMinute),
  EDGE_MISS_TOTAL_BURST: envVars.positiveInt(RENDER_ON_MISS_DEFAULTS.totalBurst),
  EDGE_MISS_TOTAL_PER_MINUTE: envVars.positiveInt(RENDER_ON_MISS_DEFAULTS.totalPerMinute),
  EDGE_MISS_REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(5_000).default(RENDER_ON_MISS_DEFAULTS.redisTimeoutMs),
  ...redisEnvShape,
  ...queuePrefixEnvShape,
  ...storageEnvShape,
  ...upstreamEnvShape,
};

export interface EdgeConfig {
  port: number;
  host: string;
  defaultSite: SiteId;
  siteHosts: Record<string, SiteId>;
  logLevel: string;
  trustProxy: boolean | string;
  shutdownTimeoutMs: number;
  healthTimeoutMs: number;
  hotCache: { maxBytes: number; freshMs: number; trustMs: number };
  rateLimit: { max: number; windowMs: number };
  /** The internal /metrics listener; undefined when EDGE_METRICS_PORT=off. */
  metrics: { host: string; port: number } | undefined;
  /** Render on miss (ADR 0018); undefined when EDGE_RENDER_ON_MISS is false. */
  renderOnMiss:
    | {
        redis: RedisTarget;
        prefix: string;
        limits: { clientBurst: number; clientPerMinute: number; totalBurst: number; totalPerMinute: number; redisTimeoutMs: number };
      }
    | undefined;
  /** Write announcements (ADR 0028); undefined when EDGE_WRITE_ANNOUNCEMENTS is false. */
  writeAnnouncements: { redis: RedisTarget; prefix: string } | undefined;
  storage: StorageConfig;
}

/** Parses the edge router's environment; throws CONFIG_INVALID naming the bad variable. */
export function loadEdgeConfig(env: EnvSource): EdgeConfig {
  const vars = parseEnv(edgeEnvShape, env, SERVICE);
  return {
    port: vars.PORT,
    host: vars.HOST,
    defaultSite: vars.SITE,
    siteHosts: vars.SITE_HOSTS,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    healthTimeoutMs: vars.HEALTH_TIMEOUT_MS,
    hotCache: { maxBytes: vars.EDGE_HOT_CACHE_BYTES, freshMs: vars.EDGE_HOT_CACHE_FRESH_MS, trustMs: vars.EDGE_HOT_CACHE_TRUST_MS },
    rateLimit: { max: vars.RATE_LIMIT_MAX, windowMs: vars.RATE_LIMIT_WINDOW_MS },
    metrics: vars.EDGE_METRICS_PORT === 'off' ? undefined : { host: vars.EDGE_METRICS_HOST, port: vars.EDGE_METRICS_PORT },
    renderOnMiss: vars.EDGE_RENDER_ON_MISS
      ? {
          redis: redisTargetFromEnv(vars, SERVICE),
          prefix: vars.QUEUE_PREFIX,
          limits: {
            clientBurst: vars.EDGE_MISS_CLIENT_BURST,
            clientPerMinute: vars.EDGE_MISS_CLIENT_PER_MINUTE,
            totalBurst: vars.EDGE_MISS_TOTAL_BURST,
            totalPerMinute: vars.EDGE_MISS_TOTAL_PER_MINUTE,
            redisTimeoutMs: vars.EDGE_MISS_REDIS_TIMEOUT_MS,
          },
        }
      : undefined,
    writeAnnouncements: vars.EDGE_WRITE_ANNOUNCEMENTS ? { redis: redisTargetFromEnv(vars, SERVICE), prefix: vars.QUEUE_PREFIX } : undefined,
    storage: storageConfigFromEnv(vars, SERVICE),
  };
}

/**
 * The upstream of the live /api/ endpoints (docs/architecture.md "Live endpoints"). `edgeEnvShape` validates these variables
 * already; this also applies the cross-variable rule of core/config/upstream.ts (a non-local
 * stage needs UPSTREAM_DOMAIN or per-service overrides), so a bad setting stops start-up.
 */
export function loadEdgeUpstreamConfig(env: EnvSource): UpstreamConfig {
  return parseUpstreamConfig(env);
}
