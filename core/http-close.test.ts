import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { dropUnusedConnectionsOnClose } from './http-close.js';

let app: FastifyInstance | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await app?.close();
  app = undefined;
});

async function start(withHelper: boolean): Promise<{ server: FastifyInstance; port: number }> {
  const server = Fastify({ return503OnClosing: true });
  app = server;
  if (withHelper) dropUnusedConnectionsOnClose(server);
  server.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return 'finished';
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

/** A raw connection that sends nothing, as a client's pool may open ahead of a request. */
async function idleConnection(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return socket;
}

function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed || socket.readableEnded) resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

describe('dropUnusedConnectionsOnClose', () => {
  it('closes at once with a connection open that never sent a request, and ends that connection', async () => {
    const { server, port } = await start(true);
    const unused = await idleConnection(port);
    const closed = closedWithin(unused, 10_000);
    const closing = server.close().then(() => 'closed');
    // Node would keep such a connection until its 60 s headers timeout.
    expect(await Promise.race([closing, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10_000))])).toBe('closed');
    expect(await closed).toBe(true);
    app = undefined;
  });

  it('lets a request in flight finish while closing', async () => {
    const { server, port } = await start(true);
    const answer = fetch(`http://127.0.0.1:${port}/slow`).then(async (response) => `${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.close();
    app = undefined;
    expect(await answer).toBe('200 finished');
  });

  it('is needed: without it the same close is still waiting on the unused connection', async () => {
    const { server, port } = await start(false);
    await idleConnection(port);
    const closing = server.close().then(() => 'closed');
    expect(await Promise.race([closing, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000))])).toBe('still waiting');
    // afterEach destroys the socket, which lets this close finish.
    for (const socket of sockets.splice(0)) socket.destroy();
    await closing;
    app = undefined;
  });
});
