/**
 * GET /api/email end to end: the edge app through `app.inject()`, a real fs store, and the real
 * sample upstream's email service on a free port (with its fault switch).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { useLiveEndpointFixture } from '../../tests/support/live-endpoint.js';
import { buildEdgeApp } from '../app.js';

const bodySchema = z.strictObject({ token: z.string() });

let upstream: RunningSampleUpstream;
let store: ObjectStore;
const apps: FastifyInstance[] = [];

useLiveEndpointFixture(
  'edge-live-email',
  (fixture) => {
    ({ upstream, store } = fixture);
  },
  apps,
);

async function harness(env: Record<string, string> = {}, lines?: string[]): Promise<{ app: FastifyInstance; calls: URL[] }> {
  const calls: URL[] = [];
  const app = await buildEdgeApp({
    store,
    logger:
      lines === undefined
        ? createLogger({ component: 'edge-router-test', level: 'silent' })
        : createLogger({ component: 'edge-router-test', level: 'info', destination: { write: (line: string) => lines.push(line) } }),
    defaultSite: 'news',
    liveUpstream: {
      config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000', ...env }),
      fetchImpl: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === '/api/email') calls.push(url);
        return fetch(input, init);
      },
      // Even with a clock and cache settings given, the token endpoint caches nothing.
      cache: { now: () => 1_000_000 },
    },
  });
  apps.push(app);
  return { app, calls };
}

describe('GET /api/email', () => {
  it('answers the email service token, never stored by a browser or CDN', async () => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: '/api/email?utm_source=x&token=mine' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const { token } = bodySchema.parse(response.json());
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // No parameter is forwarded.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.search).toBe('');
  });

  it('gives every reader a token of their own: no cache, no coalescing', async () => {
    const { app, calls } = await harness();
    await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/email', mode: 'delay', delayMs: 150, times: 1 } });
    const responses = await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/email' })));
    const tokens = responses.map((response) => bodySchema.parse(response.json()).token);
    expect(new Set(tokens).size).toBe(5);
    expect(tokens.every((token) => token !== '')).toBe(true);
    expect(calls).toHaveLength(5);
    const again = bodySchema.parse((await app.inject({ method: 'GET', url: '/api/email' })).json()).token;
    expect(tokens).not.toContain(again);
  });

  it.each([
    ['an error status', { path: '/api/email', mode: 'status', status: 500 }],
    ['a 4xx', { path: '/api/email', mode: 'status', status: 403 }],
    ['malformed JSON', { path: '/api/email', mode: 'malformed' }],
  ])('answers an empty token on %s, logged', async (_name, fault) => {
    const lines: string[] = [];
    const { app } = await harness({}, lines);
    await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: fault });
    const response = await app.inject({ method: 'GET', url: '/api/email' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ token: '' });
    const messages = lines.map((line) => z.looseObject({ message: z.string() }).parse(JSON.parse(line)).message);
    expect(messages).toContain('email token failed upstream; the token is empty');
  });

  it('answers an empty token when the service is unreachable', async () => {
    const { app } = await harness({ UPSTREAM_EMAIL_URL: 'http://127.0.0.1:9' });
    expect((await app.inject({ method: 'GET', url: '/api/email' })).json()).toEqual({ token: '' });
  });

  it.each([
    ['markup', '{"data":{"results":[{"token":"\\"><script>alert(1)</script>"}]}}'],
    ['a number', '{"data":{"results":[{"token":42}]}}'],
    ['an overlong token', JSON.stringify({ data: { results: [{ token: 'a'.repeat(513) }] } })],
    ['no result', '{"data":{"results":[]}}'],
  ])('answers an empty token when upstream sends %s', async (_name, body) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { app } = await harness({ UPSTREAM_EMAIL_URL: `http://127.0.0.1:${port}` });
      expect((await app.inject({ method: 'GET', url: '/api/email' })).json()).toEqual({ token: '' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
