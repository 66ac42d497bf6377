/**
 * Storage configuration (docs/architecture.md, "Running it"): the filesystem
 * driver by default, S3 (MinIO in docker compose, AWS at scale) when STORAGE_DRIVER=s3.
 *
 * Services that read more variables merge `storageEnvShape` into their own shape, parse once with
 * `parseEnv`, and pass the result to `storageConfigFromEnv`; or call `parseStorageConfig(env)`.
 */
import { z } from 'zod';
import { PlatformError } from '../errors.js';
import { envVars, parseEnv, type EnvSource } from './env.js';

export const storageEnvShape = {
  STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
  /** Filesystem driver root; relative to the working directory. */
  STORAGE_DIR: z.string().default('.data/storage'),
  /** S3-compatible endpoint (MinIO); AWS when unset. */
  S3_ENDPOINT: envVars.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** MinIO and s3rver need path-style URLs (docs/architecture.md "Tool constraints"). */
  S3_FORCE_PATH_STYLE: envVars.bool(true),
  /** A read of a larger stored object fails instead of reading it. The driver's default: 64 MiB. */
  S3_MAX_OBJECT_BYTES: z.coerce.number().int().positive().optional(),
  /** A read whose body is still arriving after this many ms is given up and retried. The driver's default: 30 s. */
  S3_READ_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
};

export type StorageEnv = z.infer<z.ZodObject<typeof storageEnvShape>>;

export type StorageConfig =
  | { driver: 'fs'; dir: string }
  | {
      driver: 's3';
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
      /** S3StoreOptions.maxObjectBytes; the driver's default when absent. */
      maxObjectBytes?: number;
      /** S3StoreOptions.readTimeoutMs; the driver's default when absent. */
      readTimeoutMs?: number;
    };

/** The cross-variable rules parseEnv can't express; errors name the variables. */
export function storageConfigFromEnv(vars: StorageEnv, service = 'storage'): StorageConfig {
  if (vars.STORAGE_DRIVER === 'fs') return { driver: 'fs', dir: vars.STORAGE_DIR };
  if (vars.S3_BUCKET === undefined) {
    throw new PlatformError('CONFIG_INVALID', `${service}: invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3`);
  }
  if ((vars.S3_ACCESS_KEY_ID === undefined) !== (vars.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new PlatformError(
      'CONFIG_INVALID',
      `${service}: invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the default AWS credential chain)`,
    );
  }
  const config: StorageConfig = {
    driver: 's3',
    region: vars.S3_REGION,
    bucket: vars.S3_BUCKET,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE,
  };
  if (vars.S3_ENDPOINT !== undefined) config.endpoint = vars.S3_ENDPOINT;
  if (vars.S3_ACCESS_KEY_ID !== undefined) config.accessKeyId = vars.S3_ACCESS_KEY_ID;
  if (vars.S3_SECRET_ACCESS_KEY !== undefined) config.secretAccessKey = vars.S3_SECRET_ACCESS_KEY;
  if (vars.S3_MAX_OBJECT_BYTES !== undefined) config.maxObjectBytes = vars.S3_MAX_OBJECT_BYTES;
  if (vars.S3_READ_TIMEOUT_MS !== undefined) config.readTimeoutMs = vars.S3_READ_TIMEOUT_MS;
  return config;
}

export function parseStorageConfig(env: EnvSource, service = 'storage'): StorageConfig {
  return storageConfigFromEnv(parseEnv(storageEnvShape, env, service), service);
}
