/**
 * Where the services' Redis is (docs/architecture.md, "Running it": one Redis, or a Redis Cluster at
 * scale). Services that connect spread `redisEnvShape` into their own shape
 * (so a variable added here reaches every one of them), parse once with `parseEnv`, and pass the
 * result to `redisTargetFromEnv`.
 *
 * - REDIS_URL: one Redis server; `redis://127.0.0.1:6379` when neither variable is set. Its
 *   password and TLS go in the URL (`redis://:password@host:6379`, `rediss://...`).
 * - REDIS_CLUSTER_NODES: a Redis Cluster, by a comma-separated `host:port` seed list. Setting
 *   both is refused rather than one silently winning: an operator who moves to a Cluster and
 *   leaves the old REDIS_URL behind should hear that one of them is stale.
 * - With REDIS_CLUSTER_NODES only (ADR 0015): REDIS_CLUSTER_PASSWORD (AUTH on every node; a
 *   secret, never logged nor put in an error message), REDIS_CLUSTER_USERNAME (an ACL user; needs
 *   the password), REDIS_CLUSTER_TLS (true: TLS to every node) and REDIS_CLUSTER_TLS_CA_FILE (a PEM
 *   bundle to trust instead of Node's default roots; needs REDIS_CLUSTER_TLS=true; read here, at
 *   start-up). Set without a Cluster they are refused, like a stale REDIS_URL.
 *
 * A Cluster needs QUEUE_PREFIX to carry a {hash tag}; the services refuse a prefix without one
 * whichever kind of Redis they use, so a deployment can move to a Cluster without rewriting keys.
 */
import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { z } from 'zod';
import { PlatformError } from '../errors.js';
import type { RedisClusterTarget, RedisTarget } from '../redis.js';
import { QUEUE_PREFIX } from '../queue.js';
import { envVars } from './env.js';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export const redisEnvShape = {
  REDIS_URL: envVars.redisUrl().optional(),
  REDIS_CLUSTER_NODES: envVars.hostPortList().optional(),
  // Any non-empty string: no rule on it can fail, so parseEnv never quotes it in an error.
  REDIS_CLUSTER_PASSWORD: z.string().optional(),
  REDIS_CLUSTER_USERNAME: z.string().optional(),
  REDIS_CLUSTER_TLS: envVars.bool(false),
  REDIS_CLUSTER_TLS_CA_FILE: z.string().optional(),
};

/**
 * QUEUE_PREFIX, the one spelling every service validates: the prefix of every Redis key and of the
 * queue, with a {hash tag} so all of them land in one Redis Cluster slot (see the header).
 */
export const queuePrefixEnvShape = {
  QUEUE_PREFIX: z
    .string()
    .regex(/\{[^{}]+\}/, 'must contain a {hash tag} so every queue key lands in one Redis Cluster slot')
    .default(QUEUE_PREFIX),
};

export interface RedisEnv {
  REDIS_URL?: string | undefined;
  REDIS_CLUSTER_NODES?: readonly { host: string; port: number }[] | undefined;
  REDIS_CLUSTER_PASSWORD?: string | undefined;
  REDIS_CLUSTER_USERNAME?: string | undefined;
  REDIS_CLUSTER_TLS?: boolean | undefined;
  REDIS_CLUSTER_TLS_CA_FILE?: string | undefined;
}

/** The cross-variable rules parseEnv can't express; each error names the variables involved. */
export function redisTargetFromEnv(vars: RedisEnv, service: string): RedisTarget {
  const invalid = (problem: string) => new PlatformError('CONFIG_INVALID', `${service}: invalid configuration: ${problem}`);
  if (vars.REDIS_CLUSTER_NODES === undefined) {
    // Names only, never a value: one of them is the password.
    const clusterOnly = [
      vars.REDIS_CLUSTER_PASSWORD !== undefined && 'REDIS_CLUSTER_PASSWORD',
      vars.REDIS_CLUSTER_USERNAME !== undefined && 'REDIS_CLUSTER_USERNAME',
      vars.REDIS_CLUSTER_TLS === true && 'REDIS_CLUSTER_TLS',
      vars.REDIS_CLUSTER_TLS_CA_FILE !== undefined && 'REDIS_CLUSTER_TLS_CA_FILE',
    ].filter((name): name is string => name !== false);
    if (clusterOnly.length > 0) {
      throw invalid(
        `${clusterOnly.join(', ')} ${clusterOnly.length === 1 ? 'applies' : 'apply'} to a Redis Cluster only and REDIS_CLUSTER_NODES is not set; ` +
          'for one server the credentials and TLS go in REDIS_URL (redis://user:password@host:6379, rediss:// for TLS)',
      );
    }
    return { url: vars.REDIS_URL ?? DEFAULT_REDIS_URL };
  }
  if (vars.REDIS_URL !== undefined) {
    throw invalid('set REDIS_URL (one Redis server) or REDIS_CLUSTER_NODES (a Redis Cluster), not both');
  }
  const target: RedisClusterTarget = { clusterNodes: vars.REDIS_CLUSTER_NODES };
  if (vars.REDIS_CLUSTER_USERNAME !== undefined && vars.REDIS_CLUSTER_PASSWORD === undefined) {
    throw invalid('REDIS_CLUSTER_USERNAME is set without REDIS_CLUSTER_PASSWORD: an ACL user logs in with a password');
  }
  if (vars.REDIS_CLUSTER_PASSWORD !== undefined) {
    target.auth = { password: vars.REDIS_CLUSTER_PASSWORD, ...(vars.REDIS_CLUSTER_USERNAME === undefined ? {} : { username: vars.REDIS_CLUSTER_USERNAME }) };
  }
  if (vars.REDIS_CLUSTER_TLS_CA_FILE !== undefined && vars.REDIS_CLUSTER_TLS !== true) {
    throw invalid('REDIS_CLUSTER_TLS_CA_FILE is set but REDIS_CLUSTER_TLS is not true: set REDIS_CLUSTER_TLS=true to connect over TLS');
  }
  if (vars.REDIS_CLUSTER_TLS === true) {
    target.tls = vars.REDIS_CLUSTER_TLS_CA_FILE === undefined ? {} : { ca: readCaFile(vars.REDIS_CLUSTER_TLS_CA_FILE, invalid) };
  }
  return target;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g;

/** The CA bundle, read once at start-up: a missing, unreadable or non-PEM file stops the service. */
function readCaFile(path: string, invalid: (problem: string) => PlatformError): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid(`REDIS_CLUSTER_TLS_CA_FILE=${JSON.stringify(path)} can not be read: ${reason}`);
  }
  const blocks = text.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) {
    throw invalid(`REDIS_CLUSTER_TLS_CA_FILE=${JSON.stringify(path)} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
  for (const [i, block] of blocks.entries()) {
    try {
      new X509Certificate(block);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw invalid(`REDIS_CLUSTER_TLS_CA_FILE=${JSON.stringify(path)}: certificate ${i + 1} can not be parsed: ${reason}`);
    }
  }
  return text;
}
