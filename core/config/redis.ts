/**
 * Where the services' Redis is (DESIGN.md, "The embedded default and real deployments": one Redis,
 * or a Redis Cluster at scale). Services that connect name both variables in their own shape with
 * the parsers below (so each config module still lists every variable it reads), parse once with
 * `parseEnv`, and pass the result to `redisTargetFromEnv`.
 *
 * - REDIS_URL: one Redis server; `redis://127.0.0.1:6379` when neither variable is set.
 * - REDIS_CLUSTER_NODES: a Redis Cluster, by a comma-separated `host:port` seed list. Setting
 *   both is refused rather than one silently winning: an operator who moves to a Cluster and
 *   leaves the old REDIS_URL behind should hear that one of them is stale.
 *
 * A Cluster needs QUEUE_PREFIX to carry a {hash tag}; the services refuse a prefix without one
 * whichever kind of Redis they use, so a deployment can move to a Cluster without rewriting keys.
 */
import { PlatformError } from '../errors.js';
import type { RedisTarget } from '../redis.js';
import { envVars } from './env.js';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export const redisEnvShape = {
  REDIS_URL: envVars.redisUrl().optional(),
  REDIS_CLUSTER_NODES: envVars.hostPortList().optional(),
};

export interface RedisEnv {
  REDIS_URL?: string | undefined;
  REDIS_CLUSTER_NODES?: readonly { host: string; port: number }[] | undefined;
}

/** The cross-variable rule parseEnv can't express; the error names both variables. */
export function redisTargetFromEnv(vars: RedisEnv, service: string): RedisTarget {
  if (vars.REDIS_CLUSTER_NODES === undefined) return { url: vars.REDIS_URL ?? DEFAULT_REDIS_URL };
  if (vars.REDIS_URL !== undefined) {
    throw new PlatformError(
      'CONFIG_INVALID',
      `${service}: invalid configuration: set REDIS_URL (one Redis server) or REDIS_CLUSTER_NODES (a Redis Cluster), not both`,
    );
  }
  return { clusterNodes: vars.REDIS_CLUSTER_NODES };
}
