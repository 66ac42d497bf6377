/**
 * Ingest (admin server) configuration: every variable the service reads, parsed once at start-up
 * (docs/architecture.md "Conventions": one typed config module per service). Nothing else in ingest/ reads process.env.
 */
import { z } from 'zod';
import { envVars, parseEnv, type EnvSource } from '../core/config/env.js';
import { parseUpstreamConfig, type UpstreamConfig } from '../core/config/upstream.js';
import { parseStorageConfig, storageEnvShape, type StorageConfig } from '../core/config/storage.js';
import { cdnConfigFromEnv, cdnEnvShape, type CdnConfig } from '../core/cdn/config.js';
import { DEFAULT_REDIS_URL, queuePrefixEnvShape, redisEnvShape, redisTargetFromEnv } from '../core/config/redis.js';
import type { RedisTarget } from '../core/redis.js';

/** A Redis Cluster hash tag: `{...}` with at least one character inside (docs/architecture.md "Tool constraints", BullMQ and Redis). */

const shape = {
  ADMIN_PORT: envVars.port(3001),
  // Loopback by default: the admin server enqueues renders and shows the dashboard, so it is not
  // meant to face the internet (docs/architecture.md "Processes": editors and operators use it, readers never do).
  ADMIN_HOST: z.string().min(1).default('127.0.0.1'),
  ADMIN_TOKEN: envVars.secret(16),
  WEBHOOK_SECRET: envVars.secret(16),
  // One Redis server, or a Redis Cluster by its seed nodes and its password and TLS settings;
  // not both (core/config/redis.ts).
  ...redisEnvShape,
  ...queuePrefixEnvShape,
  SCHEDULES_ENABLED: envVars.bool(true),
  LOG_LEVEL: envVars.logLevel(),
  // Page status, versions, rollback and republish by prefix read the same storage as the workers;
  // a rollback purges the CDN like a render does.
  ...storageEnvShape,
  ...cdnEnvShape,
};

export interface IngestConfig {
  adminPort: number;
  adminHost: string;
  /** Bearer token for /admin/* (republish API, admin page, dashboard). */
  adminToken: string;
  /** HMAC-SHA256 key shared with the CMS for POST /webhooks/content. */
  webhookSecret: string;
  /** Where Redis is: one server or a Cluster; connect with `createRedis(config.redis)`. */
  redis: RedisTarget;
  /** REDIS_URL (or its default), for single-node tools; unused when `redis` is a Cluster. */
  redisUrl: string;
  /** BullMQ and dependency-index key prefix; contains a {hash tag}. */
  queuePrefix: string;
  /** Off when another process owns the node-cron schedules (or in tests). */
  schedulesEnabled: boolean;
  logLevel: string;
  /** Upstream services: the nightly sweep and whole-site republish walk the upstream site map. */
  upstream: UpstreamConfig;
  storage: StorageConfig;
  cdn: CdnConfig;
}

/** Parses the environment; throws CONFIG_INVALID naming every bad or missing variable. */
export function loadIngestConfig(env: EnvSource): IngestConfig {
  const parsed = parseEnv(shape, env, 'ingest');
  return {
    adminPort: parsed.ADMIN_PORT,
    adminHost: parsed.ADMIN_HOST,
    adminToken: parsed.ADMIN_TOKEN,
    webhookSecret: parsed.WEBHOOK_SECRET,
    redis: redisTargetFromEnv(parsed, 'ingest'),
    redisUrl: parsed.REDIS_URL ?? DEFAULT_REDIS_URL,
    queuePrefix: parsed.QUEUE_PREFIX,
    schedulesEnabled: parsed.SCHEDULES_ENABLED,
    logLevel: parsed.LOG_LEVEL,
    upstream: parseUpstreamConfig(env),
    storage: parseStorageConfig(env),
    cdn: cdnConfigFromEnv(parsed, 'ingest'),
  };
}

const cliShape = {
  /** Without it, the admin server on this machine at ADMIN_PORT (the port `npm start` and ingest use). */
  ADMIN_URL: envVars.url().optional(),
  ADMIN_PORT: envVars.port(3001),
  ADMIN_TOKEN: envVars.secret(16),
  // The login name, recorded with the job when --by is not given. Never refused: a CLI must not
  // fail over an odd login name, so blank means unset and a long one is cut to the API's limit.
  USER: z
    .string()
    .optional()
    .transform((v) => v?.trim().slice(0, 200) || undefined),
};

export interface RepublishCliConfig {
  /** Base URL of the admin server. */
  adminUrl: string;
  adminToken: string;
  /** USER: the default for --by; undefined when unset or blank. */
  user: string | undefined;
}

/** The republish CLI's variables (ingest/cli.ts). */
export function loadRepublishCliConfig(env: EnvSource): RepublishCliConfig {
  const parsed = parseEnv(cliShape, env, 'republish');
  const adminUrl = parsed.ADMIN_URL ?? `http://localhost:${parsed.ADMIN_PORT}`;
  return { adminUrl: adminUrl.replace(/\/+$/, ''), adminToken: parsed.ADMIN_TOKEN, user: parsed.USER };
}
