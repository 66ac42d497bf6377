import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

let echo: Server;
let echoPort: number;
let proxy: TcpProxy;
/** Bytes the echo server received, to prove what did and did not reach it. */
let received = '';
const echoSockets = new Set<Socket>();

beforeAll(async () => {
  echo = createServer((socket) => {
    echoSockets.add(socket);
    socket.on('close', () => echoSockets.delete(socket));
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      socket.write(chunk);
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const address = echo.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  echoPort = address.port;
  proxy = await startTcpProxy(`redis://127.0.0.1:${echoPort}`);
});

afterAll(async () => {
  await proxy?.close();
  for (const socket of echoSockets) socket.destroy();
  await new Promise<void>((resolve) => echo.close(() => resolve()));
});

function connect(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port: proxy.port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** What comes back within `ms`, and whether the connection was closed. */
function exchange(socket: Socket, text: string, ms = 300): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    let answer = '';
    let closed = socket.destroyed;
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.once('close', () => (closed = true));
    socket.on('error', () => {});
    if (!socket.destroyed) socket.write(text);
    setTimeout(() => resolve({ answer, closed }), ms);
  });
}

describe('tcp proxy (tests/support/tcp-proxy.ts)', () => {
  it('forwards both ways and names itself in the target URL', async () => {
    expect(proxy.url).toBe(`redis://127.0.0.1:${proxy.port}`);
    const socket = await connect();
    expect(await exchange(socket, 'ping')).toEqual({ answer: 'ping', closed: false });
    socket.destroy();
  });

  it('a reset cut closes open connections and every new one, until restored', async () => {
    const open = await connect();
    proxy.cut('reset');
    expect(proxy.state).toBe('reset');
    expect((await exchange(open, 'lost')).closed).toBe(true);
    const during = await connect();
    expect(await exchange(during, 'refused')).toEqual({ answer: '', closed: true });
    proxy.restore();
    const after = await connect();
    expect(await exchange(after, 'back')).toEqual({ answer: 'back', closed: false });
    after.destroy();
    expect(received).not.toContain('lost');
    expect(received).not.toContain('refused');
  });

  it('a blackhole cut keeps connections open but passes nothing, and closes them on restore', async () => {
    const open = await connect();
    proxy.cut('blackhole');
    expect(await exchange(open, 'dropped')).toEqual({ answer: '', closed: false });
    const during = await connect();
    expect(await exchange(during, 'also dropped')).toEqual({ answer: '', closed: false });
    proxy.restore();
    expect((await exchange(open, 'x', 100)).closed).toBe(true);
    expect((await exchange(during, 'y', 100)).closed).toBe(true);
    expect(received).not.toContain('dropped');
    const after = await connect();
    expect(await exchange(after, 'through')).toEqual({ answer: 'through', closed: false });
    after.destroy();
    expect(proxy.stats().accepted).toBeGreaterThanOrEqual(6);
  });
});
