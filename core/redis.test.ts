import { createServer, type TLSSocket } from 'node:tls';
import { Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../tests/support/eventually.js';
import { capturingLogger } from '../tests/support/log-capture.js';
import { testCertificates } from '../tests/support/redis-cluster.js';
import { freePort, startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
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
    cluster.on('error', () => {}); // its connection errors are expected
    expect(cluster).toBeInstanceOf(Cluster);
  });

  it('sets maxRetriesPerRequest null only on blocking connections, where BullMQ looks for it', async () => {
    const port = await freePort();
    // Nothing listens on the port: their connection errors are expected.
    const blocking = track(createRedis({ clusterNodes: [{ host: '127.0.0.1', port }] }, { blocking: true }).on('error', () => {}));
    const plain = track(createRedis({ clusterNodes: [{ host: '127.0.0.1', port }] }).on('error', () => {}));
    // BullMQ reads a Cluster's node options (redis-connection.ts: `options.redisOptions`).
    expect(blocking instanceof Cluster && blocking.options.redisOptions?.maxRetriesPerRequest).toBeNull();
    expect(plain instanceof Cluster && plain.options.redisOptions?.maxRetriesPerRequest).toBe(3);
    expect(track(createRedis(server.url, { blocking: true })).options.maxRetriesPerRequest).toBeNull();
    expect(track(createRedis(server.url)).options.maxRetriesPerRequest).toBe(3);
  });

  it("gives a Cluster's password, ACL user and TLS to every node's connection", async () => {
    const port = await freePort();
    const seeds = [{ host: '127.0.0.1', port }];
    // Nothing listens on the port: only the options are checked. Their errors are expected.
    const quiet = <T extends RedisClient>(client: T): T => track(client.on('error', () => {}) as T);
    const secure = quiet(createRedis({ clusterNodes: seeds, auth: { username: 'newsroom', password: 'pw' }, tls: { ca: 'PEM' } }));
    const nodeOptions = secure instanceof Cluster ? secure.options.redisOptions : undefined;
    expect(nodeOptions).toMatchObject({ username: 'newsroom', password: 'pw', tls: { ca: 'PEM' } });
    // Host names are dialled as written when over TLS, so each certificate is checked against them.
    const lookedUp = await new Promise((resolve) => (secure as Cluster).options.dnsLookup?.('redis-0.example', (_error, address) => resolve(address)));
    expect(lookedUp).toBe('redis-0.example');

    // Without them, nothing is set: a password-less, plain-text Cluster as before.
    const plain = quiet(createRedis({ clusterNodes: seeds }));
    const plainOptions = plain instanceof Cluster ? plain.options.redisOptions : undefined;
    expect(plainOptions?.password).toBeUndefined();
    expect(plainOptions?.username).toBeUndefined();
    expect(plainOptions?.tls).toBeUndefined();
    expect((plain as Cluster).options.dnsLookup?.name).toBe('lookup');
    // A password without TLS, and TLS with Node's default roots.
    expect((quiet(createRedis({ clusterNodes: seeds, auth: { password: 'pw' } })) as Cluster).options.redisOptions).toMatchObject({ password: 'pw' });
    expect((quiet(createRedis({ clusterNodes: seeds, tls: {} })) as Cluster).options.redisOptions?.tls).toEqual({});
  });

  it('sends a node host name as the TLS server name (SNI), and none for an IP address', async () => {
    const certificates = await testCertificates();
    // Per host, its own TLS server that notes the name each client asks for (no Redis behind it):
    // a connection to the first still finishing its handshake can not count for the second.
    for (const host of ['localhost', '127.0.0.1']) {
      const seen: (string | false)[] = [];
      const server = createServer({ cert: certificates.cert, key: certificates.key }, (socket) => socket.destroy());
      server.on('secureConnection', (socket: TLSSocket) => seen.push(socket.servername ?? false));
      const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
      try {
        const client = track(createRedis({ clusterNodes: [{ host, port }], tls: { ca: certificates.ca } }));
        client.on('error', () => {});
        await eventually(() => Promise.resolve(seen.length > 0 ? true : undefined), `a TLS connection to ${host}`, 10_000);
        client.disconnect();
        expect(new Set(seen)).toEqual(new Set([host === 'localhost' ? 'localhost' : false]));
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });

  it('logs a Cluster that can not be reached once, not on every retry', async () => {
    const lines: LogLine[] = [];
    const cluster = track(createRedis({ clusterNodes: [{ host: '127.0.0.1', port: await freePort() }] }, { name: 'redis-test-down', logger: capturingLogger('redis-test', lines) }));
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
