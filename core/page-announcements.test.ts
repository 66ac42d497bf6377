/**
 * The write-announcement contract (ADR 0028) on a real redis-server: what a writer publishes is
 * what a listener parses, on the prefix's own channel; a Redis that is gone fails the announcement
 * with a retryable error instead of losing it silently.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { isPlatformError } from './errors.js';
import { announcePageWrites, encodePageWrites, MAX_ANNOUNCED_KEYS, pageWritesChannel, parsePageWrites } from './page-announcements.js';
import { createRedis } from './redis.js';

let server: TestRedis;
let publisher: Redis;
let subscriber: Redis;

beforeAll(async () => {
  server = await startTestRedis();
  publisher = createRedis(server.url, { name: 'announce-test' });
  subscriber = createRedis(server.url, { name: 'announce-test-sub' });
});

afterAll(async () => {
  publisher?.disconnect();
  subscriber?.disconnect();
  await server?.stop();
});

describe('write announcements', () => {
  it('round-trips keys, dropping duplicates and splitting long lists', () => {
    const keys = Array.from({ length: MAX_ANNOUNCED_KEYS + 3 }, (_, i) => `news/pages/p${i}/index.html`);
    const messages = encodePageWrites([...keys, keys[0] ?? '']);
    expect(messages).toHaveLength(2);
    expect(messages.flatMap((message) => parsePageWrites(message)?.keys ?? [])).toEqual(keys);
    expect(encodePageWrites([])).toEqual([]);
  });

  it.each([
    ['not JSON', '{keys'],
    ['no keys', '{}'],
    ['an empty list', '{"keys":[]}'],
    ['a key that is not a string', '{"keys":[7]}'],
    ['an unknown field', '{"keys":["a"],"all":true}'],
    ['too many keys', JSON.stringify({ keys: Array.from({ length: MAX_ANNOUNCED_KEYS + 1 }, (_, i) => `k${i}`) })],
  ])('refuses a message with %s', (_name, message) => {
    expect(parsePageWrites(message)).toBeNull();
  });

  it("publishes on the prefix's channel, where a subscriber hears it", async () => {
    const channel = pageWritesChannel(server.prefix);
    expect(channel).toBe(`${server.prefix}:page-writes`);
    const heard: string[] = [];
    subscriber.on('message', (from: string, message: string) => {
      if (from === channel) heard.push(message);
    });
    await subscriber.subscribe(channel);
    await announcePageWrites(publisher, server.prefix, ['news/pages/a/index.html', 'news/pages/a/index.amp.html']);
    // Another deployment's prefix is another channel.
    await announcePageWrites(publisher, '{other}', ['news/pages/b/index.html']);
    await announcePageWrites(publisher, server.prefix, ['news/pages/c/index.html']);
    await expect.poll(() => heard.length).toBe(2);
    expect(heard.map((message) => parsePageWrites(message)?.keys)).toEqual([['news/pages/a/index.html', 'news/pages/a/index.amp.html'], ['news/pages/c/index.html']]);
  });

  it('fails with REDIS_UNAVAILABLE (retried) when Redis does not take it', async () => {
    // A port nothing listens on, and a connection that fails commands at once while disconnected.
    const gone = createRedis('redis://127.0.0.1:1', { failFastMs: 200, name: 'announce-test-gone' });
    gone.on('error', () => {});
    try {
      const error: unknown = await announcePageWrites(gone, server.prefix, ['news/pages/a/index.html']).catch((e: unknown) => e);
      expect(isPlatformError(error, 'REDIS_UNAVAILABLE')).toBe(true);
      expect(isPlatformError(error) && error.retry).toBe(true);
    } finally {
      gone.disconnect();
    }
  });
});
