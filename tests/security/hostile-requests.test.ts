/**
 * The hostile-request corpus (tests/security/hostile-requests.txt) against a listening edge router
 * (a corpus of hostile request lines must produce no 5xx and no
 * off-site redirect; RELIABILITY.md). Each line is sent byte for byte over a raw TCP socket (app.inject() would normalise
 * it), to an edge router on the filesystem store with published pages, its live endpoints pointed
 * at the real sample upstream. For every line:
 *   - the answer is a 4xx or a 301 to a path on the same origin (a line marked [may-serve] may
 *     also get its page: the odd part of it is ignored, not obeyed), never a 5xx;
 *   - no Location names another host, and no body carries a file from outside storage;
 *   - the edge router made no outbound request except to its upstream, and a canary listener
 *     standing for "another host" was never contacted.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { NOT_FOUND_TEXTS } from '../../core/isomorphic/constants.js';
import { createLogger } from '../../core/logger.js';
import { CACHE_POLICIES } from '../../core/storage/cache-policy.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { assetKey, notFoundPageKey, pageKey } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { writeIfChanged } from '../../core/storage/write.js';
import { buildEdgeApp } from '../../edge-router/app.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';

const CORPUS = new URL('./hostile-requests.txt', import.meta.url);
const SECRET = 'root:x:0:0:SECRET-OUTSIDE-STORAGE';
const NOT_FOUND_HTML = `<!doctype html><p>${NOT_FOUND_TEXTS.heading}</p>`;

interface CorpusLine {
  /** Line number in the file, for failure messages. */
  line: number;
  source: string;
  maySERVE: boolean;
}

/** The corpus lines, without comments, with the [may-serve] marker split off. */
function readCorpus(): CorpusLine[] {
  return readFileSync(CORPUS, 'utf8')
    .split('\n')
    .map((text, index) => ({ text, line: index + 1 }))
    .filter(({ text }) => text.trim() !== '' && !text.startsWith('#'))
    .map(({ text, line }) => {
      const maySERVE = /\s+\[may-serve\]\s*$/.test(text);
      return { line, source: text.replace(/\s+\[may-serve\]\s*$/, ''), maySERVE };
    });
}

/** The bytes a corpus line stands for. */
function requestBytes(source: string, canary: string): Buffer {
  const expanded = source
    .replace(/\{repeat:([^:}]*):(\d+)\}/g, (_match, text: string, count: string) => text.repeat(Number(count)))
    .replaceAll('{canary}', canary);
  const bytes: number[] = [];
  for (let i = 0; i < expanded.length; i += 1) {
    const char = expanded[i] ?? '';
    if (char === '\\' && i + 1 < expanded.length) {
      const next = expanded[i + 1];
      if (next === 'r' || next === 'n' || next === 't' || next === '\\') {
        bytes.push({ r: 13, n: 10, t: 9, '\\': 92 }[next]);
        i += 1;
        continue;
      }
      const hex = /^x([0-9a-fA-F]{2})/.exec(expanded.slice(i + 1));
      if (hex?.[1] !== undefined) {
        bytes.push(parseInt(hex[1], 16));
        i += 3;
        continue;
      }
    }
    bytes.push(...Buffer.from(char, 'utf8'));
  }
  let head = Buffer.from(bytes).toString('latin1');
  if (head.endsWith('\r\n\r\n')) return Buffer.from(head, 'latin1');
  if (!/^[A-Za-z]+ /.test(head)) head = `GET ${head} HTTP/1.1`;
  const hasHost = /\r\nhost\s*:/i.test(head);
  head += `${hasHost ? '' : '\r\nHost: localhost'}\r\nConnection: close\r\n\r\n`;
  return Buffer.from(head, 'latin1');
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw bytes and reads the first response (status 0 when the server closed without one). */
function send(port: number, bytes: Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no answer within 5 s')), 5_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      // A reset after the answer was written is still an answer.
      if (chunks.length > 0) finish();
      else reject(error);
    });
    socket.on('end', () => {
      clearTimeout(timer);
      finish();
    });
    function finish(): void {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const head = (split < 0 ? all : all.subarray(0, split)).toString('latin1');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: split < 0 ? '' : all.subarray(split + 4).toString('latin1') });
    }
  });
}

/** A Location (if any) that stays on this origin: one leading "/", no scheme, no host. */
function sameOrigin(location: string | undefined): boolean {
  if (location === undefined) return true;
  const base = 'https://site.example';
  return /^\/(?![/\\])/.test(location) && !/[\r\n]/.test(location) && new URL(location, base).origin === base;
}

let dir: string;
let store: ObjectStore;
let edge: FastifyInstance;
let upstream: RunningSampleUpstream;
let canary: Server;
let canaryAddress: string;
let canaryConnections = 0;
const outbound: URL[] = [];
let port: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hostile-requests-'));
  await writeFile(join(dir, 'passwd'), SECRET);
  store = createFsStore({ root: join(dir, 'storage') });
  const meta = { contentType: 'text/html; charset=utf-8', cacheControl: CACHE_POLICIES.html, renderedAt: '2025-01-01T00:00:00.000Z', reason: 'event' };
  await writeIfChanged(store, pageKey('news', '/politics', 'standard'), '<!doctype html><title>Politics</title>', { ...meta, surrogateKeys: ['page:news:/politics'] });
  await writeIfChanged(store, pageKey('news', '/politics/story', 'standard'), '<!doctype html><title>Story</title>', { ...meta, surrogateKeys: ['page:news:/politics/story'] });
  await writeIfChanged(store, notFoundPageKey('news'), NOT_FOUND_HTML, { ...meta, cacheControl: CACHE_POLICIES.notFound, surrogateKeys: [], status: 404 });
  await writeIfChanged(store, assetKey('island.1a2b3c.js'), 'console.log(1)', { ...meta, contentType: 'text/javascript; charset=utf-8', cacheControl: CACHE_POLICIES.asset, surrogateKeys: [], reason: 'deploy' });

  canary = createServer((socket) => {
    canaryConnections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  const canaryPort = (canary.address() as { port: number }).port;
  canaryAddress = `127.0.0.1:${canaryPort}`;

  upstream = await startSampleUpstream({ port: 0, host: '127.0.0.1' });
  const recordingFetch: typeof fetch = (input, init) => {
    outbound.push(new URL(input instanceof Request ? input.url : String(input)));
    return fetch(input, init);
  };
  edge = await buildEdgeApp({
    store,
    logger: createLogger({ component: 'hostile-requests', level: 'silent' }),
    defaultSite: 'news',
    // Believing forwarded headers is the riskier setting: the corpus must hold with it on.
    trustProxy: true,
    rateLimit: { max: 10_000 },
    liveUpstream: { config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }), fetchImpl: recordingFetch },
  });
  await edge.listen({ port: 0, host: '127.0.0.1' });
  port = (edge.server.address() as { port: number }).port;
}, 30_000);

afterAll(async () => {
  await edge?.close();
  await upstream?.close();
  await new Promise<void>((resolve) => (canary ? canary.close(() => resolve()) : resolve()));
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const corpus = readCorpus();

describe('the hostile request corpus', () => {
  it('has a line for every kind of attack the issue names', () => {
    expect(corpus.length).toBeGreaterThan(100);
    const text = readFileSync(CORPUS, 'utf8');
    for (const heading of ['traversal', 'encoded dots and slashes', 'double slashes', 'backslashes', 'invalid UTF-8', 'overlong', 'header injection', 'methods other than GET and HEAD', 'another host', 'smuggling']) {
      expect(text).toContain(heading);
    }
  });

  it.each(corpus.map((entry) => [entry.line, entry.source.slice(0, 80), entry] as const))(
    'line %i: %s -> 4xx or a same-origin 301, never a 5xx or another host',
    async (_line, _label, entry) => {
      const res = await send(port, requestBytes(entry.source, canaryAddress));
      const where = `line ${entry.line}: ${entry.source.slice(0, 120)} -> ${res.status} ${res.headers.location ?? ''}`;
      expect(res.status, where).toBeGreaterThanOrEqual(entry.maySERVE ? 200 : 300);
      expect(res.status, where).toBeLessThan(500);
      if (res.status >= 300 && res.status < 400) expect(res.status, where).toBe(301);
      expect(sameOrigin(res.headers.location), where).toBe(true);
      expect(res.body, where).not.toContain('SECRET');
      expect(res.body, where).not.toMatch(/\bat .*\.(ts|js):\d+/);
      // Injected header lines never become headers.
      expect(res.headers['set-cookie'], where).toBeUndefined();
      expect(res.headers['x-injected'], where).toBeUndefined();
      if (res.status === 405) expect(res.headers.allow, where).toBe('GET, HEAD');
    },
  );

  it('made no request to another host', () => {
    const upstreamOrigin = new URL(upstream.url).origin;
    for (const url of outbound) expect(url.origin).toBe(upstreamOrigin);
    expect(canaryConnections).toBe(0);
  });
});
