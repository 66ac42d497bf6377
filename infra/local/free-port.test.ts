import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePortBelowEphemeral } from './free-port.js';

/** The first port of the OS's ephemeral range, as the kernel says it (Linux). */
const EPHEMERAL_LOW = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('freePortBelowEphemeral', () => {
  it('hands out a port under the ephemeral range that a server can listen on, never one it was told to avoid', async () => {
    const avoid = new Set<number>();
    for (let i = 0; i < 20; i += 1) {
      const port = await freePortBelowEphemeral(avoid);
      expect(port).toBeLessThan(EPHEMERAL_LOW);
      expect(port).toBeGreaterThanOrEqual(1_024);
      expect(avoid.has(port)).toBe(false);
      avoid.add(port);
    }
    const port = await freePortBelowEphemeral();
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});
