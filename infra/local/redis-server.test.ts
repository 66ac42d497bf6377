/**
 * startRedisServer's start-up on a free port that another process takes first (free-port.ts): a
 * real redis-server, given through the internal `ports` option first a port a listening socket
 * holds, as an outgoing connection would, and then free ones.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, PortInUseError } from './free-port.js';
import { startRedisServer, type RunningRedisServer } from './redis-server.js';

let holder: Server;
let heldPort: number;
let dir: string;
let server: RunningRedisServer | undefined;

/** The ports in turn, then freePort(); records each one handed out. */
function portsFrom(...first: number[]): { ports: () => Promise<number>; given: number[] } {
  const given: number[] = [];
  return {
    given,
    ports: async () => {
      const port = first.shift() ?? (await freePort());
      given.push(port);
      return port;
    },
  };
}

async function ping(url: string): Promise<string> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return await client.ping();
  } finally {
    client.disconnect();
  }
}

beforeAll(async () => {
  // Takes the port and drops whatever connects: only redis-server's bind matters here.
  holder = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const address = holder.address();
  heldPort = typeof address === 'object' && address ? address.port : 0;
  dir = await mkdtemp(join(tmpdir(), 'redis-server-test-'));
});

afterEach(async () => {
  await server?.kill();
  server = undefined;
});

afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('startRedisServer on port 0', () => {
  it('starts again on a new port when the first one was taken before redis-server bound it', async () => {
    const source = portsFrom(heldPort);
    server = await startRedisServer({ port: 0, dir, appendOnly: false, ports: source.ports });
    expect(source.given).toHaveLength(2);
    expect(source.given[0]).toBe(heldPort);
    expect(server.port).toBe(source.given[1]);
    expect(server.url).toBe(`redis://127.0.0.1:${source.given[1]}`);
    expect(await ping(server.url)).toBe('PONG');
    // restart() keeps the port it got.
    await server.restart();
    expect(await ping(server.url)).toBe('PONG');
  });

  it('gives up after three ports, each taken', async () => {
    const source = portsFrom(heldPort, heldPort, heldPort);
    const start = startRedisServer({ port: 0, dir, appendOnly: false, ports: source.ports });
    await expect(start).rejects.toThrow(PortInUseError);
    await expect(start).rejects.toThrow(new RegExp(`3 ports tried.*port ${heldPort}.*Address already in use`, 's'));
    expect(source.given).toEqual([heldPort, heldPort, heldPort]);
  });

  it('reports any other start-up failure at once, with what redis-server said', async () => {
    const source = portsFrom(70_000);
    await expect(startRedisServer({ port: 0, dir, appendOnly: false, ports: source.ports })).rejects.toThrow(
      /redis-server on port 70000 exited during start-up \(code 1\):.*must be between 0 and 65535/s,
    );
    expect(source.given).toEqual([70_000]);
  });

  it('does not retry a port it was given: a taken one fails at once', async () => {
    await expect(startRedisServer({ port: heldPort, dir, appendOnly: false })).rejects.toThrow(PortInUseError);
  });
});
