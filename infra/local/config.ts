/**
 * Configuration of the embedded default (`npm start`). Every variable has a local default, so a
 * fresh clone runs with none set; each can point the stack at real infrastructure instead.
 */
import { z } from 'zod';
import { envVars, parseEnv, type EnvSource } from '../../core/config/env.js';
import { parseStorageConfig, type StorageConfig } from '../../core/config/storage.js';
import { queuePrefixEnvShape } from '../../core/config/redis.js';

const shape = {
  PORT: envVars.port(3000),
  ADMIN_PORT: envVars.port(3001),
  /** Port of the sample upstream the stack starts (when UPSTREAM_BASE_URL is not set). */
  SAMPLE_UPSTREAM_PORT: envVars.port(4010),
  /** The sample upstream's own log (DATA_DIR/logs/sample-upstream.log): warnings and errors by default. */
  SAMPLE_UPSTREAM_LOG_LEVEL: envVars.logLevel('warn'),
  /** The render worker's and the edge router's /metrics, as their own processes serve them ("off": none). */
  WORKER_METRICS_PORT: z.union([z.literal('off'), envVars.port(9464)], { error: 'must be a port number (0-65535) or "off"' }).default(9464),
  EDGE_METRICS_PORT: z.union([z.literal('off'), envVars.port(9465)], { error: 'must be a port number (0-65535) or "off"' }).default(9465),
  /** An existing Redis; without it a redis-server from the PATH is started in .data/redis. */
  REDIS_URL: envVars.redisUrl().optional(),
  /** Where the embedded default keeps its Redis AOF and filesystem storage. */
  DATA_DIR: z.string().default('.data'),
  /** Where the interactive bundle is built before the services start. */
  BUNDLE_DIR: z.string().min(1).default('interactive-bundle/dist'),
  /** Use this upstream instead of starting the sample one. */
  UPSTREAM_BASE_URL: envVars.url().optional(),
  ADMIN_TOKEN: envVars.secret(16).optional(),
  WEBHOOK_SECRET: envVars.secret(16).optional(),
  ...queuePrefixEnvShape,
  WORKER_CONCURRENCY: envVars.positiveInt(2),
  LOG_LEVEL: envVars.logLevel(),
  SCHEDULES_ENABLED: envVars.bool(true),
  /** A 404 for a path the page rules could serve asks for a render (ADR 0018). */
  EDGE_RENDER_ON_MISS: envVars.bool(true),
  /** The edge holds hot pages until the worker announces a write (ADR 0028). */
  EDGE_WRITE_ANNOUNCEMENTS: envVars.bool(true),
};

export type LocalConfig = z.infer<z.ZodObject<typeof shape>> & { storage: StorageConfig };

export function loadLocalConfig(env: EnvSource): LocalConfig {
  const parsed = parseEnv(shape, env, 'npm start');
  // Filesystem storage under DATA_DIR unless the environment names another driver or directory.
  const storage = parseStorageConfig({ STORAGE_DIR: `${parsed.DATA_DIR}/storage`, ...env }, 'npm start');
  return { ...parsed, storage };
}
