/**
 * An HTTP proxy in front of the sample upstream for the dependency-fault tests.
 * It forwards every request unchanged, records when each one arrived, and can answer a chosen
 * path and query itself with what a broken upstream or a misconfigured gateway sends: an HTML
 * error page with status 200, or valid JSON that is off the contract. (The sample upstream's own
 * fault switch, infra/sample-upstream/faults.ts, covers status, delay and truncated JSON.)
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyFaultMode = 'html' | 'off-contract';

export interface ProxyFault {
  path: string;
  query: Record<string, string>;
  mode: ProxyFaultMode;
}

export const PROXY_FAULT_BODIES: Record<ProxyFaultMode, { contentType: string; body: string }> = {
  html: {
    contentType: 'text/html; charset=utf-8',
    body: '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
  },
  'off-contract': { contentType: 'application/json', body: '{"data":{"results":[{"id":42,"title":null}]}}' },
};

export interface FaultProxy {
  url: string;
  /** Arrival times (ms since epoch) of the requests to `path` whose query matched. */
  arrivals(path: string, query: Record<string, string>): number[];
  set(fault: ProxyFault | null): void;
  close(): Promise<void>;
}

function matches(url: URL, path: string, query: Record<string, string>): boolean {
  return url.pathname === path && Object.entries(query).every(([key, value]) => url.searchParams.get(key) === value);
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  let fault: ProxyFault | null = null;
  const seen: Array<{ url: URL; at: number }> = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://proxy.invalid');
    seen.push({ url, at: Date.now() });
    if (fault && matches(url, fault.path, fault.query)) {
      const { contentType, body } = PROXY_FAULT_BODIES[fault.mode];
      response.writeHead(200, { 'content-type': contentType });
      response.end(body);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'connection')) as Record<string, string>;
      fetch(`${target}${url.pathname}${url.search}`, { method: request.method ?? 'GET', headers, body: chunks.length > 0 ? Buffer.concat(chunks) : null })
        .then(async (upstream) => {
          const body = Buffer.from(await upstream.arrayBuffer());
          response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
          response.end(body);
        })
        .catch(() => {
          // The upstream is down: the connection is dropped, as a dead origin behind a proxy would be.
          response.destroy();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals: (path, query) => seen.filter((s) => matches(s.url, path, query)).map((s) => s.at),
    set(next) {
      fault = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
