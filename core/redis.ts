/**
 * Redis connections for BullMQ and the dependency index: one Redis server (REDIS_URL) or a Redis
 * Cluster reached through its seed nodes (REDIS_CLUSTER_NODES; core/config/redis.ts). Both kinds
 * behave the same way, with one difference noted below:
 *
 * - BullMQ needs `maxRetriesPerRequest: null` on connections that block (workers, queue events);
 *   plain single-node producers fail fast instead of buffering commands forever when Redis is
 *   down. On a Cluster the option goes in `redisOptions`, which is where BullMQ checks it, but it
 *   does not make commands fail fast there: while no node is reachable, the Cluster client holds
 *   every command in its own offline queue until one is. Callers that must answer within a time
 *   (ingest's /healthz) bound their own wait.
 * - They reconnect forever with a capped delay: a Redis restart (or a Cluster failover) must not
 *   kill workers.
 * - With a logger, connection errors become structured log lines (ioredis otherwise prints
 *   "[ioredis] Unhandled error event" to stderr on every reconnect attempt during an outage). The
 *   same error is logged at most once per `ERROR_LOG_INTERVAL_MS`, so an outage leaves a few
 *   lines, not one per retry.
 *
 * On a Cluster every key a command or MULTI touches must hash to one slot: the queue prefix carries
 * a {hash tag} (core/queue.ts, QUEUE_PREFIX) and every key this project writes starts with it.
 * Commands that walk the keyspace (SCAN) see one node only; run them on `masterNodes(client)`.
 */
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { Logger } from './logger.js';

const ERROR_LOG_INTERVAL_MS = 10_000;

/** One node's address, as written in REDIS_CLUSTER_NODES (`host:port`). */
export interface RedisNodeAddress {
  host: string;
  port: number;
}

/**
 * Where the services' Redis is: one server by URL, or a Cluster by a seed list (any reachable
 * node is enough: the client discovers the others and the slot map from it).
 */
export type RedisTarget = { url: string } | { clusterNodes: readonly RedisNodeAddress[] };

/**
 * A connection of either kind. ioredis gives both the same command methods, so code that only
 * sends commands takes this type; code that needs one node (SCAN) uses `masterNodes`.
 */
export type RedisClient = Redis | Cluster;

export interface CreateRedisOptions {
  /** For BullMQ workers and queue events: commands wait for Redis instead of failing. */
  blocking?: boolean;
  /** CLIENT SETNAME, so `CLIENT LIST` shows which service holds a connection. */
  name?: string;
  logger?: Logger;
}

/** Reconnect delay after the n-th failed attempt: 200 ms more each time, at most 5 s. */
function retryDelayMs(times: number): number {
  return Math.min(times * 200, 5_000);
}

/** A single-node connection by URL (tests and tools that start their own redis-server). */
export function createRedis(target: string | { url: string }, options?: CreateRedisOptions): Redis;
/** A connection to wherever the service's config points: one server or a Cluster. */
export function createRedis(target: RedisTarget, options?: CreateRedisOptions): RedisClient;
export function createRedis(target: string | RedisTarget, options: CreateRedisOptions = {}): RedisClient {
  const nodeOptions: RedisOptions = {
    connectionName: options.name,
    maxRetriesPerRequest: options.blocking ? null : 3,
    enableOfflineQueue: true,
    lazyConnect: false,
  };
  let client: RedisClient;
  if (typeof target === 'string' || 'url' in target) {
    client = new Redis(typeof target === 'string' ? target : target.url, { ...nodeOptions, retryStrategy: retryDelayMs });
  } else {
    const clusterOptions: ClusterOptions = {
      // The Cluster reconnects as a whole (ioredis never reconnects a single node's connection:
      // it refreshes the slot map instead), so the retry strategy lives here.
      clusterRetryStrategy: retryDelayMs,
      enableOfflineQueue: true,
      lazyConnect: false,
      redisOptions: nodeOptions,
    };
    client = new Cluster(
      target.clusterNodes.map((node) => ({ host: node.host, port: node.port })),
      clusterOptions,
    );
  }
  if (options.logger) logConnectionErrors(client, options.logger, options.name);
  return client;
}

function logConnectionErrors(client: RedisClient, logger: Logger, name: string | undefined): void {
  // When each message was last logged. Per message, not only the last one: a Cluster that can not
  // be reached cycles through three errors per attempt (refused, closed, slot refresh failed).
  const logged = new Map<string, number>();
  const onError = (error: Error, node?: string) => {
    const now = Date.now();
    const at = logged.get(error.message);
    if (at !== undefined && now - at < ERROR_LOG_INTERVAL_MS) return;
    for (const [message, when] of logged) if (now - when >= ERROR_LOG_INTERVAL_MS) logged.delete(message);
    logged.set(error.message, now);
    logger.warn({ error, redis: { connection: name ?? null, ...(node === undefined ? {} : { node }) } }, 'redis connection error; reconnecting');
  };
  client.on('error', (error: Error) => onError(error));
  // A Cluster reports a failing node apart from its own errors (which mean it can reach no node
  // at all); a node going away in a failover is worth the same line.
  if (client instanceof Cluster) client.on('node error', (error: Error, node: string) => onError(error, node));
  client.on('ready', () => {
    if (logged.size === 0) return;
    logged.clear();
    logger.info({ redis: { connection: name ?? null } }, 'redis connection ready again');
  });
}

/**
 * The connections a keyspace walk (SCAN) must visit: the server itself, or each master of a
 * Cluster (a SCAN sent through a Cluster client runs on one node and sees only that node's keys).
 * A key lives on exactly one master, so walking all of them sees each key once, except while a
 * slot is being moved between masters (it can then be seen twice or missed; callers dedupe, and a
 * schedule's next run sees it). A Cluster knows
 * its masters once it has read the slot map: until it is ready, a PING waits for that (ioredis
 * holds commands in its offline queue meanwhile).
 */
export async function masterNodes(client: RedisClient): Promise<Redis[]> {
  if (!(client instanceof Cluster)) return [client];
  if (client.status !== 'ready') await client.ping();
  return client.nodes('master');
}
