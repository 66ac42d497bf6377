/**
 * A TCP proxy on loopback that a test can cut and restore (the Toxiproxy technique), for
 * partition tests (ADR 0023): a process is given the proxy's address instead
 * of the server's, and the test cuts that one process off while every other keeps its link.
 *
 * Two ways to cut, as two kinds of network failure look to a client:
 * - 'reset': every open connection is closed at once and new ones are closed as they arrive
 *   (a peer that went away, or a firewall that rejects): the client sees errors and reconnects;
 * - 'blackhole': connections stay open and new ones are accepted, but nothing passes either way
 *   (a partition that drops packets): the client sees silence until its own timeouts. What was
 *   dropped cannot be delivered later, so on restore the black-holed connections are closed and
 *   the client reconnects.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type CutMode = 'reset' | 'blackhole';

export interface TcpProxy {
  /** The port the proxy listens on, on 127.0.0.1. */
  port: number;
  /** `targetUrl` with the proxy's host and port in place of the server's. */
  url: string;
  /** Cuts the link (see the header); cutting an already cut link changes nothing. */
  cut(mode?: CutMode): void;
  /** Lets traffic through again; new connections reach the server. */
  restore(): void;
  /** The current cut, or null while traffic passes. */
  readonly state: CutMode | null;
  /**
   * Connections accepted, how many of them are open now, and the round trips made through the
   * proxy: each time a client sends after its server answered (or first on its connection).
   * Commands sent together (a pipeline, or calls made without waiting for each other) count once,
   * as they cost one wait for an answer.
   */
  stats(): { accepted: number; open: number; roundTrips: number };
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  server: Socket | null;
  /** Black-holed: its bytes are dropped and it is closed on restore. */
  holed: boolean;
  /** The client has sent since the server last answered. */
  waiting: boolean;
}

/** Starts a proxy to the host and port of `targetUrl` (redis://127.0.0.1:6380, http://..., ...). */
export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port);
  if (!Number.isInteger(targetPort) || targetPort <= 0) throw new Error(`tcp proxy: ${targetUrl} names no port`);
  const links = new Set<Link>();
  let state: CutMode | null = null;
  let accepted = 0;
  let roundTrips = 0;

  const drop = (link: Link) => {
    link.client.destroy();
    link.server?.destroy();
    links.delete(link);
  };

  const hole = (link: Link) => {
    link.holed = true;
    link.client.unpipe();
    link.server?.unpipe();
    link.server?.destroy();
    link.server = null;
    // Read and discard, so the client's writes do not back up and nothing reaches the server.
    link.client.removeAllListeners('data');
    link.client.on('data', () => {});
    link.client.resume();
  };

  const server: Server = createServer((client) => {
    accepted += 1;
    const link: Link = { client, server: null, holed: false, waiting: false };
    links.add(link);
    client.on('error', () => drop(link));
    client.on('close', () => drop(link));
    if (state === 'reset') {
      drop(link);
      return;
    }
    if (state === 'blackhole') {
      hole(link);
      return;
    }
    const upstream = createConnection({ host: target.hostname, port: targetPort });
    link.server = upstream;
    upstream.on('error', () => drop(link));
    upstream.on('close', () => {
      if (!link.holed) drop(link);
    });
    client.on('data', () => {
      if (link.waiting) return;
      link.waiting = true;
      roundTrips += 1;
    });
    upstream.on('data', () => {
      link.waiting = false;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('tcp proxy: no port');
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);

  return {
    port: address.port,
    url: url.toString().replace(/\/$/, ''),
    cut(mode = 'reset') {
      state = mode;
      for (const link of [...links]) {
        if (mode === 'reset') drop(link);
        else if (!link.holed) hole(link);
      }
    },
    restore() {
      state = null;
      for (const link of [...links]) if (link.holed) drop(link);
    },
    get state() {
      return state;
    },
    stats: () => ({ accepted, open: links.size, roundTrips }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const link of [...links]) drop(link);
        server.close(() => resolve());
      }),
  };
}
