/**
 * Announcements of stored-object writes (ADR 0028): the one contract between
 * the writers (render-workers/publish.ts, a rollback in ingest/page-admin.ts) and the edge
 * router's hot cache, which holds hot pages in memory until an announcement names them.
 *
 * Redis pub/sub, on one channel per queue prefix (so deployments, and tests, sharing one Redis do
 * not hear each other):
 *   {newsroom}:page-writes   message: {"keys":["news/pages/a/index.html", ...]}
 * `keys` are storage keys (core/storage/keys.ts) that were written, deleted, or may have been
 * (see publish.ts for why a publish names every key it handled, written or not). A message carries
 * at most MAX_ANNOUNCED_KEYS; longer lists are sent as several messages.
 *
 * Pub/sub delivers at most once and only to connected subscribers: a listener that was
 * disconnected, even for a moment, must assume it missed announcements (edge-router/
 * write-announcements.ts revalidates everything it holds after each resubscribe). On a Redis
 * Cluster a classic PUBLISH reaches every node, so a subscriber on any node hears it.
 */
import { z } from 'zod';
import { PlatformError } from './errors.js';
import { QUEUE_PREFIX } from './queue.js';
import type { RedisClient } from './redis.js';
import { redisKeys } from './redis-keys.js';

/** Keys per message: a page has a handful of variants; a message stays well under a kilobyte or two per page. */
export const MAX_ANNOUNCED_KEYS = 64;

/** The longest storage key a message may name (keys.ts keeps real ones far shorter). */
const MAX_KEY_LENGTH = 1024;

/** The channel announcements travel on. */
export function pageWritesChannel(prefix = QUEUE_PREFIX): string {
  return redisKeys(prefix).pageWritesChannel();
}

const announcementSchema = z.strictObject({
  keys: z.array(z.string().min(1).max(MAX_KEY_LENGTH)).min(1).max(MAX_ANNOUNCED_KEYS),
});

export type PageWriteAnnouncement = z.infer<typeof announcementSchema>;

/** The messages announcing `keys` (duplicates dropped), MAX_ANNOUNCED_KEYS at most each; none for no keys. */
export function encodePageWrites(keys: readonly string[]): string[] {
  const unique = [...new Set(keys)];
  const messages: string[] = [];
  for (let start = 0; start < unique.length; start += MAX_ANNOUNCED_KEYS) {
    messages.push(JSON.stringify({ keys: unique.slice(start, start + MAX_ANNOUNCED_KEYS) } satisfies PageWriteAnnouncement));
  }
  return messages;
}

/**
 * A message from the channel, or null when it is not an announcement (anyone who can PUBLISH on
 * the Redis can send one; the listener logs and ignores it).
 */
export function parsePageWrites(message: string): PageWriteAnnouncement | null {
  let data: unknown;
  try {
    data = JSON.parse(message);
  } catch {
    return null;
  }
  const result = announcementSchema.safeParse(data);
  return result.success ? result.data : null;
}

/**
 * Announces that `keys` were written or deleted. Call it after the write or delete has landed:
 * a listener that hears it revalidates those keys at their next request. REDIS_UNAVAILABLE
 * (retryable) when Redis does not take it, so a render job retries, and the retry announces again.
 */
export async function announcePageWrites(redis: RedisClient, prefix: string, keys: readonly string[]): Promise<void> {
  const channel = pageWritesChannel(prefix);
  for (const message of encodePageWrites(keys)) {
    try {
      await redis.publish(channel, message);
    } catch (error) {
      throw new PlatformError('REDIS_UNAVAILABLE', `Could not announce ${keys.length} written storage key(s) on ${channel}`, {
        cause: error,
        details: { channel, keys: keys.slice(0, 10) },
      });
    }
  }
}
