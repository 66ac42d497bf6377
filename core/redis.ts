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
 *   lines, not one per retry. Never the password: only error messages are logged.
 * - A Cluster's password (or ACL user) and TLS apply to every node's connection, seeds and the
 *   nodes found through them (ADR 0015); one server takes both from its URL. Over TLS the client
 *   dials each node's host name as given (no DNS lookup first) and sends it as SNI, so each
 *   certificate is checked against the name.
 *
 * On a Cluster every key a command or MULTI touches must hash to one slot: the queue prefix carries
 * a {hash tag} (core/queue.ts, QUEUE_PREFIX) and every key this project writes starts with it.
 * Commands that walk the keyspace (SCAN) see one node only; run them on `masterNodes(client)`.
 */
import { isIP } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { AbstractConnector, Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { Logger } from './logger.js';

const ERROR_LOG_INTERVAL_MS = 10_000;

/** One node's address, as written in REDIS_CLUSTER_NODES (`host:port`). */
export interface RedisNodeAddress {
  host: string;
  port: number;
}

/**
 * A Redis Cluster by its seed list (any reachable node is enough: the client discovers the others
 * and the slot map from it), with what every node asks of a client (ADR 0015): a password (the
 * `default` user's requirepass, or an ACL user's), and TLS.
 */
export interface RedisClusterTarget {
  clusterNodes: readonly RedisNodeAddress[];
  /** AUTH on every node. The password is a secret: nothing here logs it. */
  auth?: { username?: string; password: string };
  /**
   * TLS to every node. `ca`: the PEM bundle to trust instead of Node's default roots. Each node's
   * certificate is checked against the address the client dials: the seed as written, then the
   * address each node announces in the slot map.
   */
  tls?: { ca?: string };
}

/** Where the services' Redis is: one server by URL, or a Cluster. */
export type RedisTarget = { url: string } | RedisClusterTarget;

/**
 * A connection of either kind. ioredis gives both the same command methods, so code that only
 * sends commands takes this type; code that needs one node (SCAN) uses `masterNodes`.
 */
export type RedisClient = Redis | Cluster;

export interface CreateRedisOptions {
  /** For BullMQ workers and queue events: commands wait for Redis instead of failing. */
  blocking?: boolean;
  /**
   * For callers that must never wait on Redis (the edge router's render on miss, ADR 0018): no
   * offline queue (a command sent while disconnected fails at once instead of waiting for the
   * reconnect), no retry of a command, and each command fails after `failFastMs` without an
   * answer. Not for BullMQ workers.
   */
  failFastMs?: number;
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
  const failFast = options.failFastMs !== undefined && !options.blocking;
  const nodeOptions: RedisOptions = {
    connectionName: options.name,
    maxRetriesPerRequest: options.blocking ? null : failFast ? 0 : 3,
    enableOfflineQueue: !failFast,
    lazyConnect: false,
    ...(failFast ? { commandTimeout: options.failFastMs, connectTimeout: Math.max(options.failFastMs ?? 0, 1_000) } : {}),
  };
  let client: RedisClient;
  if (typeof target === 'string' || 'url' in target) {
    client = new Redis(typeof target === 'string' ? target : target.url, { ...nodeOptions, retryStrategy: retryDelayMs });
  } else {
    const clusterOptions: ClusterOptions = {
      // The Cluster reconnects as a whole (ioredis never reconnects a single node's connection:
      // it refreshes the slot map instead), so the retry strategy lives here.
      clusterRetryStrategy: retryDelayMs,
      enableOfflineQueue: !failFast,
      lazyConnect: false,
      // Each node's connection is opened with these, seeds and discovered nodes alike.
      redisOptions: { ...nodeOptions, ...clusterNodeSecurity(target) },
    };
    // ioredis resolves seed host names to addresses before it connects; over TLS the name must
    // stay, for SNI and for the certificate check (a certificate names the host, seldom its IP).
    if (target.tls) clusterOptions.dnsLookup = (address, callback) => callback(null, address);
    client = new Cluster(
      target.clusterNodes.map((node) => ({ host: node.host, port: node.port })),
      clusterOptions,
    );
  }
  if (options.logger) logConnectionErrors(client, options.logger, options.name);
  return client;
}

/** The AUTH and TLS options of a Cluster's node connections. */
function clusterNodeSecurity(target: RedisClusterTarget): Pick<RedisOptions, 'username' | 'password' | 'tls' | 'Connector'> {
  const options: Pick<RedisOptions, 'username' | 'password' | 'tls' | 'Connector'> = {};
  if (target.auth) {
    options.password = target.auth.password;
    if (target.auth.username !== undefined) options.username = target.auth.username;
  }
  // Node's TLS defaults otherwise: certificates are verified against the host each connection
  // dials. TlsNodeConnector adds that host as the SNI server name.
  if (target.tls) {
    options.tls = target.tls.ca === undefined ? {} : { ca: target.tls.ca };
    options.Connector = TlsNodeConnector;
  }
  return options;
}

/**
 * ioredis's own TLS connection (its StandaloneConnector, which is not exported) sends no SNI:
 * `tls.connect` names the server only when told `servername`, and a Cluster's node options are
 * shared by every node. This connector is the same connection with the node's own host as the
 * server name, as an HTTPS client would send it (none for an IP address, which SNI can not carry).
 */
class TlsNodeConnector extends AbstractConnector {
  private readonly options: RedisOptions & { tls: ConnectionOptions };

  constructor(options: unknown) {
    const nodeOptions = options as RedisOptions & { tls: ConnectionOptions };
    super(nodeOptions.disconnectTimeout ?? 2_000);
    this.options = nodeOptions;
  }

  connect(): Promise<TLSSocket> {
    this.connecting = true;
    const { host, port, family, tls } = this.options;
    const servername = tls.servername ?? (host !== undefined && isIP(host) === 0 ? host : undefined);
    // `family` goes on to net.connect, as in ioredis (tls's types leave it out).
    const connectionOptions: ConnectionOptions & { family?: number } = { host, port, family, ...tls, ...(servername === undefined ? {} : { servername }) };
    // As ioredis does: on the next tick, unless disconnect() came first; the first error is kept
    // for ioredis to report when the stream closes.
    return new Promise((resolve, reject) => {
      process.nextTick(() => {
        if (!this.connecting) {
          reject(new Error('Connection is closed.'));
          return;
        }
        try {
          const stream = tlsConnect(connectionOptions);
          this.stream = stream;
          stream.once('error', (error: Error) => {
            this.firstError = error;
          });
          resolve(stream);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
  }
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
    // A Cluster that reached no node says only "Failed to refresh slots cache."; the last node's
    // error says why (WRONGPASS, NOAUTH, a certificate refused). Messages only: an AUTH reply
    // error carries the command and its arguments, the password among them.
    const lastNodeError = (error as { lastNodeError?: unknown }).lastNodeError;
    const redis = {
      connection: name ?? null,
      ...(node === undefined ? {} : { node }),
      ...(lastNodeError instanceof Error ? { lastNodeError: lastNodeError.message } : {}),
    };
    logger.warn({ error, redis }, 'redis connection error; reconnecting');
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
