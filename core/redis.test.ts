import { Writable } from 'node:stream';
import { Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { createLogger } from './logger.js';
import { createRedis, masterNodes, type RedisClient } from './redis.js';

let server: TestRedis;
const opened: RedisClient[] = [];

function track<T extends RedisClient>(client: T): T {
  opened.push(client);
  return client;
}

beforeAll(async () => {
  server = await startTestRedis();
});

afterAll(async () => {
  for (const client of opened) client.disconnect();
  await server?.stop();
});

interface LogLine {
  level: string;
  message: string;
  error?: { message: string };
  redis?: { connection: string | null };
}

function capturingLogger(lines: LogLine[]) {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  return createLogger({ component: 'redis-test', level: 'debug', destination });
}

describe('createRedis', () => {
  it('opens one server by URL, or a Cluster by seed nodes', async () => {
    const byUrl = track(createRedis(server.url, { name: 'redis-test-url' }));
    const byTarget = track(createRedis({ url: server.url }, { name: 'redis-test-target' }));
    expect(byUrl).toBeInstanceOf(Redis);
    expect(byTarget).toBeInstanceOf(Redis);
    expect(await byTarget.ping()).toBe('PONG');
    expect(await masterNodes(byTarget)).toEqual([byTarget]);

    // Not connected here (nothing listens on the port): only the client's shape is checked.
    const cluster = track(createRedis({ clusterNodes: [{ host: '127.0.0.1', port: await freePort() }] }, { name: 'redis-test-cluster' }));
    expect(cluster).toBeInstanceOf(Cluster);
  });

  it('sets maxRetriesPerRequest null only on blocking connections, where BullMQ looks for it', async () => {
    const port = await freePort();
    const blocking = track(createRedis({ clusterNodes: [{ host: '127.0.0.1', port }] }, { blocking: true }));
    const plain = track(createRedis({ clusterNodes: [{ host: '127.0.0.1', port }] }));
    // BullMQ reads a Cluster's node options (redis-connection.ts: `options.redisOptions`).
    expect(blocking instanceof Cluster && blocking.options.redisOptions?.maxRetriesPerRequest).toBeNull();
    expect(plain instanceof Cluster && plain.options.redisOptions?.maxRetriesPerRequest).toBe(3);
    expect(track(createRedis(server.url, { blocking: true })).options.maxRetriesPerRequest).toBeNull();
    expect(track(createRedis(server.url)).options.maxRetriesPerRequest).toBe(3);
  });

  it('logs a Cluster that can not be reached once, not on every retry', async () => {
    const lines: LogLine[] = [];
    const cluster = track(createRedis({ clusterNodes: [{ host: '127.0.0.1', port: await freePort() }] }, { name: 'redis-test-down', logger: capturingLogger(lines) }));
    // Retries come every 200 ms, then 400 ms, ...: several within a second.
    let attempts = 0;
    cluster.on('error', () => (attempts += 1));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(attempts).toBeGreaterThan(1);
    const warnings = lines.filter((l) => l.message === 'redis connection error; reconnecting');
    // Each attempt fails three ways (refused, closed, slot refresh failed): one line for each.
    expect(new Set(warnings.map((w) => w.error?.message)).size).toBe(warnings.length);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThanOrEqual(3);
    expect(warnings.every((w) => w.redis?.connection === 'redis-test-down')).toBe(true);
  });
});
