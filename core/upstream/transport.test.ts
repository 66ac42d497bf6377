/**
 * The upstream transport's built-in HTTP client (core/upstream/transport.ts) against real HTTP
 * servers started here: what it sends, keep-alive reuse and its bound, the timeout over the whole
 * call, dropped and stale connections, redirects, compressed bodies, and the failure rules of
 * docs/upstream-contract.md on answers the sample upstream cannot give.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { parseUpstreamConfig, resolveUpstreamBases } from '../config/upstream.js';
import { isPlatformError, PlatformError } from '../errors.js';
import { createLogger } from '../logger.js';
import { createTransport, MAX_SOCKETS_PER_ORIGIN, type CallSpec, type Transport } from './transport.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface TestServer {
  url: string;
  /** TCP connections accepted so far. */
  connections: number;
  /** Most connections open at once. */
  peakOpen: number;
  /** Connections open now. */
  open: number;
  requests: Array<{ url: string; headers: IncomingHttpHeaders }>;
}

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function serve(handler: Handler): Promise<TestServer> {
  const state: TestServer = { url: '', connections: 0, peakOpen: 0, open: 0, requests: [] };
  const server = createServer((request, response) => {
    state.requests.push({ url: request.url ?? '', headers: request.headers });
    handler(request, response);
  });
  server.on('connection', (socket) => {
    state.connections += 1;
    state.open += 1;
    state.peakOpen = Math.max(state.peakOpen, state.open);
    socket.once('close', () => (state.open -= 1));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

function json(body: unknown, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };
}

function transportFor(url: string, timeoutMs = 2000, fetchImpl?: typeof fetch, env: Record<string, string> = {}): Transport {
  const config = parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: url, UPSTREAM_TIMEOUT_MS: String(timeoutMs), ...env });
  const logger = createLogger({ component: 'transport-test', level: 'silent' });
  return createTransport({ config, logger, bases: resolveUpstreamBases(config), ...(fetchImpl ? { fetchImpl } : {}) });
}

const ARTICLE: CallSpec = { name: 'article', service: 'article', path: '/api/article', query: { path: '/politics/a b', skip: undefined, n: 2 } };
const ENVELOPE = { data: { results: [{ id: 'art-1', title: 'Café €' }] } };

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PlatformError)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

describe('the request', () => {
  it('sends a GET of the built URL with the headers fetch sent, and parses the JSON answer', async () => {
    const server = await serve(json(ENVELOPE));
    const result = await transportFor(server.url).call(ARTICLE);
    expect(result).toEqual({ found: true, body: ENVELOPE, url: `${server.url}/api/article?path=%2Fpolitics%2Fa+b&n=2` });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.url).toBe('/api/article?path=%2Fpolitics%2Fa+b&n=2');
    expect(server.requests[0]?.headers).toMatchObject({
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate',
      'accept-language': '*',
      'sec-fetch-mode': 'cors',
      'user-agent': 'node',
      connection: 'keep-alive',
    });
  });

  it('reuses one keep-alive connection for calls one after another', async () => {
    const server = await serve(json(ENVELOPE));
    const transport = transportFor(server.url);
    for (let i = 0; i < 5; i += 1) expect((await transport.call(ARTICLE)).found).toBe(true);
    expect(server.requests).toHaveLength(5);
    expect(server.connections).toBe(1);
  });

  it(`opens at most ${MAX_SOCKETS_PER_ORIGIN} connections to one origin; the calls beyond wait their turn`, async () => {
    const server = await serve((request, response) => setTimeout(() => json(ENVELOPE)(request, response), 30));
    const transport = transportFor(server.url);
    const calls = MAX_SOCKETS_PER_ORIGIN + 20;
    const results = await Promise.all(Array.from({ length: calls }, () => transport.call(ARTICLE)));
    expect(results.every((r) => r.found)).toBe(true);
    expect(server.requests).toHaveLength(calls);
    expect(server.peakOpen).toBe(MAX_SOCKETS_PER_ORIGIN);
  });

  it('takes its connection cap from UPSTREAM_MAX_SOCKETS', async () => {
    const server = await serve((request, response) => setTimeout(() => json(ENVELOPE)(request, response), 30));
    const transport = transportFor(server.url, 2000, undefined, { UPSTREAM_MAX_SOCKETS: '8' });
    const results = await Promise.all(Array.from({ length: 30 }, () => transport.call(ARTICLE)));
    expect(results.every((r) => r.found)).toBe(true);
    expect(server.peakOpen).toBe(8);
  });

  it('sends the call again on a fresh connection when the server dropped the idle one it reused', async () => {
    // The server answers the first request on each connection, then drops the connection when a
    // second request arrives on it, as a server whose idle timeout just ran out does.
    const perSocket = new WeakMap<object, number>();
    const server = await serve((request, response) => {
      const seen = (perSocket.get(request.socket) ?? 0) + 1;
      perSocket.set(request.socket, seen);
      if (seen > 1) request.socket.destroy();
      else json(ENVELOPE)(request, response);
    });
    const transport = transportFor(server.url);
    expect((await transport.call(ARTICLE)).found).toBe(true);
    expect((await transport.call(ARTICLE)).found).toBe(true);
    expect(server.connections).toBe(2);
    expect(server.requests).toHaveLength(3);
  });
});

describe('the answer', () => {
  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ])('decodes a %s body', async (encoding, compress) => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
      response.end(compress(Buffer.from(JSON.stringify(ENVELOPE))));
    });
    expect(await transportFor(server.url).call(ARTICLE)).toMatchObject({ found: true, body: ENVELOPE });
  });

  it('reads UTF-8 split across chunks and drops a leading byte order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(ENVELOPE))]);
    const split = bytes.indexOf(Buffer.from('€')) + 1;
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(bytes.subarray(0, split));
      setTimeout(() => response.end(bytes.subarray(split)), 20);
    });
    expect(await transportFor(server.url).call(ARTICLE)).toMatchObject({ found: true, body: ENVELOPE });
  });

  it('follows redirects and reports the URL it was asked for; a redirect loop fails as unreachable', async () => {
    const server = await serve((request, response) => {
      if (request.url?.startsWith('/api/article')) {
        response.writeHead(302, { location: '/moved?x=1' });
        response.end();
      } else if (request.url === '/moved?x=1') json(ENVELOPE)(request, response);
      else {
        response.writeHead(301, { location: request.url ?? '/' });
        response.end();
      }
    });
    const transport = transportFor(server.url);
    expect(await transport.call(ARTICLE)).toEqual({ found: true, body: ENVELOPE, url: `${server.url}/api/article?path=%2Fpolitics%2Fa+b&n=2` });
    const loop = await failure(transport.call({ name: 'menu', service: 'layout', path: '/loop' }));
    expect(loop.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(loop.message).toBe(`Upstream menu is unreachable (GET ${server.url}/loop): redirect count exceeded`);
  });

  it('closes the connection of a redirect whose body never ends, so it cannot hold a pool slot', async () => {
    const server = await serve((request, response) => {
      if (request.url?.startsWith('/api/article')) {
        // A chunked 302 body that never finishes: draining it would wait forever.
        response.writeHead(302, { location: '/moved' });
        response.write('moving');
      } else json(ENVELOPE)(request, response);
    });
    const transport = transportFor(server.url);
    for (let i = 0; i < 3; i += 1) expect((await transport.call(ARTICLE)).found).toBe(true);
    // Only the kept-alive connection of the final answers stays open.
    await expect.poll(() => server.open, { timeout: 2000 }).toBeLessThanOrEqual(1);
  });
});

describe('failures', () => {
  it.each([
    [404, null],
    [500, 'UPSTREAM_UNAVAILABLE'],
    [503, 'UPSTREAM_UNAVAILABLE'],
    [429, 'UPSTREAM_UNAVAILABLE'],
    [400, 'UPSTREAM_BAD_RESPONSE'],
    [403, 'UPSTREAM_BAD_RESPONSE'],
  ] as const)('status %i -> %s', async (status, code) => {
    const server = await serve((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end('{"error":{"code":"X"}}');
    });
    const call = transportFor(server.url).call(ARTICLE);
    if (code === null) {
      expect(await call).toEqual({ found: false, url: `${server.url}/api/article?path=%2Fpolitics%2Fa+b&n=2` });
      return;
    }
    const error = await failure(call);
    expect(error.code).toBe(code);
    expect(error.message).toBe(`Upstream article answered ${status} (GET ${server.url}/api/article?path=%2Fpolitics%2Fa+b&n=2)`);
    expect(error.details).toMatchObject({ status, body: '{"error":{"code":"X"}}' });
  });

  it('names an HTML page where JSON was expected, and malformed JSON as such', async () => {
    const html = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'Text/HTML; charset=utf-8' });
      response.end('<!doctype html><title>502 Bad Gateway</title>');
    });
    const htmlError = await failure(transportFor(html.url).call(ARTICLE));
    expect(isPlatformError(htmlError, 'UPSTREAM_BAD_RESPONSE')).toBe(true);
    expect(htmlError.message).toMatch(/^Upstream article sent text\/html where JSON was expected \(GET /);
    expect(htmlError.details).toMatchObject({ status: 200, body: '<!doctype html><title>502 Bad Gateway</title>' });

    const malformed = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data": {"results": [{"id": "trunc');
    });
    const malformedError = await failure(transportFor(malformed.url).call(ARTICLE));
    expect(isPlatformError(malformedError, 'UPSTREAM_BAD_RESPONSE')).toBe(true);
    expect(malformedError.message).toMatch(/^Upstream article sent malformed JSON \(GET /);
    expect(malformedError.cause).toBeInstanceOf(SyntaxError);
  });

  it('times out a server that does not answer, and one that stops halfway through the body', async () => {
    const silent = await serve(() => undefined);
    const started = Date.now();
    const noAnswer = await failure(transportFor(silent.url, 200).call(ARTICLE));
    expect(noAnswer.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(noAnswer.message).toBe(`Upstream article timed out after 200 ms (GET ${silent.url}/api/article?path=%2Fpolitics%2Fa+b&n=2)`);
    expect(Date.now() - started).toBeLessThan(1500);

    const stalls = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"data":');
    });
    const halfway = await failure(transportFor(stalls.url, 200).call(ARTICLE));
    expect(halfway.message).toMatch(/^Upstream article timed out after 200 ms/);
  });

  it('reports a connection dropped before the body was complete as unreachable', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"data":', () => response.socket?.destroy());
    });
    const error = await failure(transportFor(server.url).call(ARTICLE));
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(error.message).toMatch(/^Upstream article is unreachable \(GET .*\): the connection closed before the body was complete$/);
  });

  it('reports a refused connection as unreachable, naming the socket error', async () => {
    const server = await serve(json(ENVELOPE));
    const url = server.url;
    const closing = servers.splice(0);
    for (const s of closing) await new Promise<void>((resolve) => s.close(() => resolve()));
    const error = await failure(transportFor(url).call(ARTICLE));
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(error.message).toMatch(/^Upstream article is unreachable \(GET .*\): connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
  });
});

describe('an injected fetch', () => {
  it('sends the GETs through it, with the same failure rules', async () => {
    const seen: string[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      seen.push(`${input instanceof Request ? input.url : input.toString()} ${new Headers(init?.headers).get('accept')} ${init?.signal instanceof AbortSignal}`);
      return Promise.resolve(new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    };
    const error = await failure(transportFor('http://upstream.invalid', 2000, fetchImpl).call(ARTICLE));
    expect(error.message).toBe('Upstream article sent text/html where JSON was expected (GET http://upstream.invalid/api/article?path=%2Fpolitics%2Fa+b&n=2)');
    expect(seen).toEqual(['http://upstream.invalid/api/article?path=%2Fpolitics%2Fa+b&n=2 application/json true']);
  });
});
