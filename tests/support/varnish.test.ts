/**
 * startTestVarnish's start-up on a free port that another process takes first
 * (infra/local/free-port.ts): a real varnishd, given through the internal `ports` option first a
 * port a listening socket holds, as an outgoing connection would, and then a free one.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port.js';
import { startTestVarnish } from './varnish.js';

describe('startTestVarnish', () => {
  it('starts again on a new port when the first one was taken before varnishd bound it', async () => {
    const holder = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const address = holder.address();
    const heldPort = typeof address === 'object' && address ? address.port : 0;
    const given: number[] = [];
    const ports = async () => {
      const port = given.length === 0 ? heldPort : await freePort();
      given.push(port);
      return port;
    };
    // No backend is needed: readiness is a PURGE without xkey, which the VCL answers itself.
    const varnish = await startTestVarnish({ backendUrl: `http://127.0.0.1:${await freePort()}`, ports });
    try {
      expect(given).toHaveLength(2);
      expect(given[0]).toBe(heldPort);
      expect(varnish.url).toBe(`http://127.0.0.1:${given[1]}`);
      const purge = await fetch(varnish.url, { method: 'PURGE' });
      expect(purge.status).toBe(400);
    } finally {
      await varnish.stop();
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
