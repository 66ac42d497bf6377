/**
 * Rate limiting of the live /api/ endpoints, end to end: the edge app, a real fs store with a
 * page, and the real sample upstream behind /api/article-search.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { CACHE_POLICIES } from '../../core/storage/cache-policy.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { pageKey } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { writeIfChanged } from '../../core/storage/write.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { buildEdgeApp } from '../app.js';
import { RATE_LIMIT_DEFAULTS } from './rate-limit.js';

let upstream: RunningSampleUpstream;
let dir: string;
let store: ObjectStore;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  upstream = await startSampleUpstream({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'edge-rate-limit-'));
  store = createFsStore({ root: dir });
  await writeIfChanged(store, pageKey('news', '/politics', 'standard'), '<!doctype html><title>Politics</title>', {
    contentType: 'text/html; charset=utf-8',
    cacheControl: CACHE_POLICIES.html,
    surrogateKeys: ['page:news:/politics'],
    renderedAt: '2025-01-01T00:00:00.000Z',
    reason: 'event',
  });
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await upstream.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function edge(options: { max?: number; trustProxy?: boolean } = {}): Promise<FastifyInstance> {
  const app = await buildEdgeApp({
    store,
    logger: createLogger({ component: 'edge-router-test', level: 'silent' }),
    defaultSite: 'news',
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.max === undefined ? {} : { rateLimit: { max: options.max } }),
    liveUpstream: { config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }) },
  });
  apps.push(app);
  return app;
}

const API = '/api/article-search?category=politics';

describe('rate limiting of /api/', () => {
  it('allows 120 requests per client per minute by default', async () => {
    expect(RATE_LIMIT_DEFAULTS).toEqual({ max: 120, windowMs: 60_000 });
    const app = await edge();
    const res = await app.inject({ method: 'GET', url: API });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('120');
    expect(res.headers['x-ratelimit-remaining']).toBe('119');
  });

  it('answers over-budget requests with 429, Retry-After and the error JSON, never cached', async () => {
    const app = await edge({ max: 3 });
    for (let i = 0; i < 3; i += 1) expect((await app.inject({ method: 'GET', url: API })).statusCode).toBe(200);
    const limited = await app.inject({ method: 'GET', url: API });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests: at most 3 per 60 s; retry in /) as unknown } });
    // Any /api/ path counts against the same budget, even a bad query.
    expect((await app.inject({ method: 'GET', url: '/api/article-search?size=99' })).statusCode).toBe(429);
  });

  it('never limits pages, the 404 page or health checks', async () => {
    const app = await edge({ max: 1 });
    await app.inject({ method: 'GET', url: API });
    expect((await app.inject({ method: 'GET', url: API })).statusCode).toBe(429);
    for (let i = 0; i < 5; i += 1) {
      const page = await app.inject({ method: 'GET', url: '/politics' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-ratelimit-limit']).toBeUndefined();
      expect((await app.inject({ method: 'GET', url: '/no/such/page' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    }
  });

  it('counts per client address, and believes X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const direct = await edge({ max: 1 });
    const fromA = { remoteAddress: '203.0.113.1' };
    expect((await direct.inject({ method: 'GET', url: API, ...fromA })).statusCode).toBe(200);
    expect((await direct.inject({ method: 'GET', url: API, ...fromA })).statusCode).toBe(429);
    // A different client has its own budget...
    expect((await direct.inject({ method: 'GET', url: API, remoteAddress: '203.0.113.2' })).statusCode).toBe(200);
    // ...but a forged X-Forwarded-For does not make one.
    const forged = await direct.inject({ method: 'GET', url: API, ...fromA, headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(forged.statusCode).toBe(429);

    const behindCdn = await edge({ max: 1, trustProxy: true });
    const viaCdn = { remoteAddress: '10.0.0.5' };
    expect((await behindCdn.inject({ method: 'GET', url: API, ...viaCdn, headers: { 'x-forwarded-for': '198.51.100.1' } })).statusCode).toBe(200);
    expect((await behindCdn.inject({ method: 'GET', url: API, ...viaCdn, headers: { 'x-forwarded-for': '198.51.100.1' } })).statusCode).toBe(429);
    expect((await behindCdn.inject({ method: 'GET', url: API, ...viaCdn, headers: { 'x-forwarded-for': '198.51.100.2' } })).statusCode).toBe(200);
  });
});
