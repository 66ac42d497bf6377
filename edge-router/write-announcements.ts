/**
 * The edge router's ear for write announcements (ADR 0028: a hot page is served with no storage read until a write to it is announced). Workers announce
 * every key they write or delete (core/page-announcements.ts); while this listener is subscribed,
 * the hot cache serves held pages with no storage call until an announcement names them
 * (plugins/hot-cache.ts, "Listening").
 *
 * Listening means: the SUBSCRIBE on this connection was confirmed, and the connection has not
 * closed since. Anything else (not connected yet, Redis down, reconnecting, a PING unanswered) is
 * not listening, and the hot cache revalidates every request as it does without announcements
 * (ADR 0011), so a Redis outage never serves a page later than that rule would. Each confirmed
 * subscription starts a new epoch in the hot cache: announcements sent while this connection was
 * away are lost, so everything held is revalidated once before it is trusted again.
 *
 * Serving never waits on Redis: the connection is opened and resubscribed in the background, and
 * the requests only read a flag. A connection that stays open but stops delivering (a half-open
 * socket, a hung server) is found by a PING every `pingIntervalMs`: one not answered within
 * `pingTimeoutMs` drops the connection, which reconnects and resubscribes.
 *
 * One Redis server only. On a Redis Cluster, ioredis moves a subscription to another node on its
 * own, with no event a listener could revalidate on, so the edge does not listen there: it logs
 * why once and revalidates every request.
 */
import type { Logger } from '../core/logger.js';
import { pageWritesChannel, parsePageWrites } from '../core/page-announcements.js';
import { createRedis, type RedisTarget } from '../core/redis.js';
import type { HotCache } from './plugins/hot-cache.js';

export interface WriteAnnouncementsOptions {
  /** The Redis the workers announce on (theirs: REDIS_URL). */
  redis: RedisTarget;
  /** The queue prefix ({hash tag}) the workers use; it names the channel. */
  prefix: string;
  /** How often the subscription is checked with a PING. Default 1000 ms. */
  pingIntervalMs?: number;
  /** How long a PING's answer may take before the connection is dropped and made again. Default 2000 ms. */
  pingTimeoutMs?: number;
}

export interface WriteAnnouncementsDeps {
  logger: Logger;
  cache: Pick<HotCache, 'invalidate' | 'setListening'>;
  /** Held objects or absent keys one announcement named (metrics). */
  onInvalidated?: (count: number) => void;
}

export interface WriteAnnouncementsListener {
  listening(): boolean;
  close(): Promise<void>;
}

const MALFORMED_LOG_INTERVAL_MS = 10_000;

export function listenForWriteAnnouncements(options: WriteAnnouncementsOptions, deps: WriteAnnouncementsDeps): WriteAnnouncementsListener {
  const log = deps.logger.child({ module: 'write-announcements' });
  if (!('url' in options.redis)) {
    log.warn('write announcements are not heard on a Redis Cluster (a moved subscription gives no signal); every request revalidates its page (ADR 0028)');
    return { listening: () => false, close: () => Promise.resolve() };
  }
  const channel = pageWritesChannel(options.prefix);
  const pingIntervalMs = options.pingIntervalMs ?? 1_000;
  const pingTimeoutMs = options.pingTimeoutMs ?? 2_000;
  const connection = createRedis(options.redis, { name: 'edge-announcements', logger: log });
  let listening = false;
  let closed = false;
  /** Bumped by every connect and close, so a SUBSCRIBE confirmed for an earlier connection counts for nothing. */
  let session = 0;
  let lastMalformedLog = 0;

  const stop = (why: string): void => {
    session += 1;
    if (!listening) return;
    listening = false;
    deps.cache.setListening(false);
    if (!closed) log.warn({ why }, 'write announcements unheard; every request revalidates its page until resubscribed');
  };

  const subscribe = async (): Promise<void> => {
    session += 1;
    const mine = session;
    try {
      await connection.subscribe(channel);
    } catch (error) {
      if (!closed) log.warn({ error }, 'subscribing to write announcements failed; trying again at the next reconnect');
      return;
    }
    if (closed || mine !== session || connection.status !== 'ready') return;
    listening = true;
    // A new epoch: what was confirmed before may have been written meanwhile.
    deps.cache.setListening(true);
    log.info({ channel }, 'listening for write announcements; hot pages are served from memory until announced');
  };

  connection.on('ready', () => void subscribe());
  connection.on('close', () => stop('connection closed'));
  connection.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const announcement = parsePageWrites(message);
    if (announcement === null) {
      const at = Date.now();
      if (at - lastMalformedLog >= MALFORMED_LOG_INTERVAL_MS) {
        lastMalformedLog = at;
        log.warn({ channel, bytes: message.length }, 'ignoring a message that is not a write announcement');
      }
      return;
    }
    deps.onInvalidated?.(deps.cache.invalidate(announcement.keys));
  });

  const pinger = setInterval(() => {
    if (!listening) return;
    const mine = session;
    let answered = false;
    const timer = setTimeout(() => {
      if (answered || closed || mine !== session) return;
      stop(`no answer to PING within ${pingTimeoutMs} ms`);
      connection.disconnect(true);
    }, pingTimeoutMs);
    connection.ping().then(
      () => {
        answered = true;
        clearTimeout(timer);
      },
      // A failed PING means the connection is going; 'close' says so and the timer is moot.
      () => {
        answered = true;
        clearTimeout(timer);
      },
    );
  }, pingIntervalMs);
  pinger.unref();

  return {
    listening: () => listening,
    close() {
      closed = true;
      clearInterval(pinger);
      stop('closing');
      connection.disconnect();
      return Promise.resolve();
    },
  };
}
