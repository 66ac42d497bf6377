/**
 * Fast, honest refusals while Redis is unreachable (ADR 0025). Nearly every admin and webhook
 * request reads or writes Redis (the queue, the dependency index, the replay keys, scope
 * progress). While the connection is down, ioredis holds each command in its offline queue until
 * it reconnects or gives up (MaxRetriesPerRequestError after about 1.5 s on one server; far longer
 * on a Cluster, core/redis.ts), so a request used to hang and then answer a generic 500.
 *
 * Instead the admin server watches its connections' status: while any of them is not `ready`,
 * every request that needs Redis is refused at once with 503 REDIS_UNAVAILABLE and
 * `Retry-After`, before it sends a command; `/healthz` answers 503 at once, naming the connection,
 * its state, the last connection error's code and since when. A request that was already running
 * when Redis went away fails the same way (http-errors.ts maps the connection errors), not as a
 * 500. Nothing is enqueued by a refused request, so the CMS's retry or the editor's second try is
 * always safe.
 *
 * Not covered: a Redis that keeps its connections open but stops answering (a hung server, a
 * black-holed network) looks `ready` here; `/healthz` still reports it within its PING timeout.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../core/logger.js';
import type { RedisClient } from '../core/redis.js';
import { sendRedisUnavailable, type Unavailable } from './http-errors.js';

/**
 * Seconds a refused client is asked to wait. The connections retry at most every 5 s
 * (core/redis.ts, retryDelayMs), so asking sooner would mostly find Redis still down.
 */
export const REDIS_RETRY_AFTER_S = 5;

/** One connection's state while it is not ready. */
export interface RedisConnectionState {
  /** The connection's role: `ingest`, `ingest-producer`. */
  name: string;
  /** ioredis's status: `connecting`, `reconnecting`, `close`, `end`, ... */
  status: string;
  /** The last connection error's code (`ECONNREFUSED`, ...) or name; never its message, which may hold an address. */
  error: string | null;
  /** When it stopped being ready (or when watching began, if it never was). */
  since: string;
}

export interface RedisOutage {
  /** One sentence for the refusal message and the health check. */
  reason: string;
  connections: RedisConnectionState[];
}

interface Watched {
  name: string;
  client: RedisClient;
  error: string | null;
  downSince: number | null;
}

/** An error's code (`ECONNREFUSED`, ...) or name: what can be shown without the message, which may hold an address. */
export function errorLabel(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : error.name;
}

/** Statuses of a connection that was lost or given up, as opposed to one still starting. */
const LOST = new Set(['reconnecting', 'close', 'end']);

/**
 * Watches connections' status and remembers why and since when each is down. A connection is
 * down from its first error or close until it is ready again. One that is still making its first
 * connection, with no error yet, is starting, not down: its commands wait the few milliseconds
 * until it is ready (ioredis's offline queue), so a service that has just started answers its
 * first requests instead of refusing them.
 */
export class RedisWatch {
  private readonly watched: Watched[];

  constructor(connections: Readonly<Record<string, RedisClient>>, private readonly now: () => number = Date.now) {
    this.watched = Object.entries(connections).map(([name, client]) => {
      const entry: Watched = { name, client, error: null, downSince: LOST.has(client.status) ? this.now() : null };
      const down = () => {
        entry.downSince ??= this.now();
      };
      client.on('error', (error: unknown) => {
        entry.error = errorLabel(error);
        if (client.status !== 'ready') down();
      });
      client.on('close', down);
      client.on('reconnecting', down);
      client.on('end', down);
      client.on('ready', () => {
        entry.downSince = null;
        entry.error = null;
      });
      return entry;
    });
  }

  /** Null while every connection is ready (or still starting); otherwise which are down, and why. */
  outage(): RedisOutage | null {
    const connections: RedisConnectionState[] = [];
    for (const entry of this.watched) {
      const { status } = entry.client;
      if (status === 'ready' || entry.downSince === null) continue;
      const since = new Date(entry.downSince).toISOString();
      connections.push({ name: entry.name, status, error: entry.error, since });
    }
    if (connections.length === 0) return null;
    const parts = connections.map((c) => `${c.name} is ${c.status}${c.error === null ? '' : ` (${c.error})`} since ${c.since}`);
    return { reason: `Redis is unreachable: connection ${parts.join('; ')}`, connections };
  }
}

/** ioredis's own words for "this command never reached Redis, or never came back" (not a reply error). */
const CONNECTION_ERROR_NAMES = new Set(['MaxRetriesPerRequestError', 'ClusterAllFailedError']);
const CONNECTION_ERROR_MESSAGES = [
  'Connection is closed.',
  'Command timed out',
  "Stream isn't writeable and enableOfflineQueue options is false",
  "Cluster isn't ready and enableOfflineQueue options is false",
  'None of startup nodes is available',
  'Failed to refresh slots cache.',
];

/** True for an error that says Redis could not be reached (itself, or its cause). */
export function isRedisConnectionError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (CONNECTION_ERROR_NAMES.has(error.name) || CONNECTION_ERROR_MESSAGES.includes(error.message)) return true;
  return isRedisConnectionError(error.cause, depth + 1);
}

/** The refusal while `outage` lasts: what was not done, and when to try again. */
export function refusal(outage: RedisOutage | null): Unavailable {
  const why = outage?.reason ?? 'Redis is unreachable';
  return { message: `${why}; nothing was done or enqueued. Retry in ${REDIS_RETRY_AFTER_S} s.`, retryAfterSeconds: REDIS_RETRY_AFTER_S };
}

/**
 * For the error handler (http-errors.ts): a refusal when an unexpected error is a Redis connection
 * error, or came while a connection is down (whatever ioredis or BullMQ called it).
 */
export function redisUnavailableFor(watch: RedisWatch): (error: unknown) => Unavailable | null {
  return (error) => {
    const outage = watch.outage();
    return outage !== null || isRedisConnectionError(error) ? refusal(outage) : null;
  };
}

export interface RedisAvailabilityOptions {
  watch: RedisWatch;
  logger: Logger;
  /** Paths that answer without Redis (the health check, the metrics, the admin page's form). */
  exemptPaths: readonly string[];
}

/**
 * A preHandler on the root instance, so it runs for every route of every plugin registered after
 * it: after the token checks (a client without a token still gets 401), before any handler
 * sends a Redis command.
 */
export function registerRedisAvailability(app: FastifyInstance, options: RedisAvailabilityOptions): void {
  const exempt = new Set(options.exemptPaths);
  const log = options.logger.child({ module: 'redis-availability' });
  app.addHook('preHandler', async (request, reply) => {
    if (exempt.has(request.url.split('?')[0] ?? '')) return;
    const outage = options.watch.outage();
    if (outage === null) return;
    log.info({ url: request.url.split('?')[0], redis: outage.connections }, 'request refused: Redis unreachable');
    // Sent from the hook, not thrown: the dashboard's routes live in bull-board's plugin, whose own
    // error handler would turn a thrown error into a 500 (as auth.ts does for its 401).
    return sendRedisUnavailable(reply, refusal(outage));
  });
}
