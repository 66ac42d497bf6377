/**
 * Redis connections for BullMQ and the dependency index. BullMQ needs `maxRetriesPerRequest: null`
 * on connections that block (workers, queue events); plain producers fail fast instead of
 * buffering commands forever when Redis is down.
 */
import { Redis, type RedisOptions } from 'ioredis';

export function createRedis(url: string, options: { blocking?: boolean; name?: string } = {}): Redis {
  const base: RedisOptions = {
    connectionName: options.name,
    // Reconnect forever with a capped delay: a Redis restart must not kill workers.
    retryStrategy: (times) => Math.min(times * 200, 5_000),
    maxRetriesPerRequest: options.blocking ? null : 3,
    enableOfflineQueue: true,
    lazyConnect: false,
  };
  return new Redis(url, base);
}
