/**
 * POST /api/newsletter end to end: the edge app through `app.inject()`, a real fs store, and the
 * real sample upstream's newsletter service on a free port (with its fault switch). Also the
 * request guard's POST rule: only the form endpoints take a POST.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { useLiveEndpointFixture } from '../../tests/support/live-endpoint.js';
import { buildEdgeApp } from '../app.js';

let upstream: RunningSampleUpstream;
let store: ObjectStore;
const apps: FastifyInstance[] = [];

useLiveEndpointFixture(
  'edge-live-newsletter',
  (fixture) => {
    ({ upstream, store } = fixture);
  },
  apps,
);

/** What the upstream newsletter service received: method, path and JSON body. */
type Call = { method: string; path: string; body: unknown };

async function harness(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; calls: Call[] }> {
  const calls: Call[] = [];
  const app = await buildEdgeApp({
    store,
    logger: createLogger({ component: 'edge-router-test', level: 'silent' }),
    defaultSite: 'news',
    liveUpstream: {
      config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000', ...env }),
      fetchImpl: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname.startsWith('/api/newsletter')) calls.push({ method: init?.method ?? 'GET', path: url.pathname, body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') });
        return fetch(input, init);
      },
    },
  });
  apps.push(app);
  return { app, calls };
}

const post = (app: FastifyInstance, payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app.inject({ method: 'POST', url: '/api/newsletter', headers, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

describe('POST /api/newsletter', () => {
  it('forwards a valid subscription to the newsletter service and answers subscribed, never cached', async () => {
    const { app, calls } = await harness();
    const response = await post(app, { email: '  reader@example.com ', newsletterId: 'newsletter-politics' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subscribed: true });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(calls).toEqual([{ method: 'POST', path: '/api/newsletter/subscribe', body: { email: 'reader@example.com', newsletterId: 'newsletter-politics' } }]);
  });

  it('refuses a bad email or id with 400 naming the fields, without calling upstream', async () => {
    const { app, calls } = await harness();
    const bad = await post(app, { email: 'not-an-email', newsletterId: '<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'BAD_REQUEST', fields: ['email', 'newsletterId'] } });
    expect(bad.headers['cache-control']).toBe('no-store');
    const extra = await post(app, { email: 'a@b.co', newsletterId: 'n1', admin: true });
    expect(extra.statusCode).toBe(400);
    const missing = await post(app, {});
    expect(missing.json()).toMatchObject({ error: { fields: ['email', 'newsletterId'] } });
    expect(calls).toEqual([]);
  });

  it('takes JSON only (415), a small body only (413), and POST only on the form paths (405 elsewhere)', async () => {
    const { app, calls } = await harness();
    const form = await post(app, 'email=a%40b.co&newsletterId=n1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    const text = await post(app, JSON.stringify({ email: 'a@b.co', newsletterId: 'n1' }), { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    const large = await post(app, { email: 'a@b.co', newsletterId: 'n1', padding: 'x'.repeat(2000) });
    expect(large.statusCode).toBe(413);
    const elsewhere = await app.inject({ method: 'POST', url: '/api/search', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(elsewhere.statusCode).toBe(405);
    expect(elsewhere.headers.allow).toBe('GET, HEAD');
    const get = await app.inject({ method: 'GET', url: '/api/newsletter' });
    expect(get.statusCode).not.toBe(200);
    expect(calls).toEqual([]);
  });

  it('answers 502 UPSTREAM_UNAVAILABLE when the newsletter service fails', async () => {
    const { app } = await harness();
    await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/newsletter/subscribe', mode: 'status', status: 503 } });
    const response = await post(app, { email: 'reader@example.com', newsletterId: 'newsletter-politics' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: { code: 'UPSTREAM_UNAVAILABLE', message: 'Bad Gateway' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('calls the UPSTREAM_NEWSLETTER_URL override when set', async () => {
    const { app, calls } = await harness({ UPSTREAM_NEWSLETTER_URL: `${upstream.url}/` });
    expect((await post(app, { email: 'reader@example.com', newsletterId: 'n1' })).statusCode).toBe(200);
    expect(calls.map((call) => call.path)).toEqual(['/api/newsletter/subscribe']);
  });
});
