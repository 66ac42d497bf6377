/**
 * Access to the admin server (RELIABILITY.md, access): every admin route (enumerated from the
 * ingest app as it registers them, so a new route is covered without editing this file) refuses a
 * missing or wrong token with 401; the token compare is the constant-time one (equal-length and
 * different-length wrong tokens are both refused, and no length difference throws); failed
 * attempts are rate-limited per client (ingest/auth.ts AUTH_FAILURE_DEFAULTS: 20 per 60 s, then
 * 429 with Retry-After), successes are not counted and other clients are not affected.
 * Real Redis (ingest/test-helpers.ts), the filesystem store, Fastify's inject with a remote address
 * per simulated client.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { buildAdminApp } from '../../ingest/app.js';
import { ADMIN_COOKIE, AUTH_FAILURE_DEFAULTS, safeEqual } from '../../ingest/auth.js';
import { startIngestTestKit, type IngestTestKit } from '../../ingest/test-helpers.js';
import { WEBHOOK_PATH } from '../../ingest/webhook.js';

const ADMIN_TOKEN = 'access-test-admin-token-0123456789';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** Routes anyone may call: the health check, and the webhook (HMAC-signed instead, hostile-webhooks.test.ts). */
const PUBLIC_ROUTES = new Set(['GET /healthz', 'HEAD /healthz', `POST ${WEBHOOK_PATH}`]);

let kit: IngestTestKit;
let app: FastifyInstance;
let root: string;
const routes: Array<{ method: HTTPMethods; url: string }> = [];
let clientCounter = 0;

/** A fresh client address, so one test's failures never count against another's. */
function client(): string {
  clientCounter += 1;
  return `10.${Math.floor(clientCounter / 250)}.${clientCounter % 250}.7`;
}

beforeAll(async () => {
  kit = await startIngestTestKit();
  root = await mkdtemp(join(tmpdir(), 'admin-access-'));
  app = await buildAdminApp({
    config: { adminToken: ADMIN_TOKEN, webhookSecret: 'access-test-webhook-secret-0123', queuePrefix: kit.prefix },
    producer: kit.producer,
    index: kit.index,
    redis: kit.redis,
    queue: kit.producer.queue,
    logger: kit.logger,
    store: createFsStore({ root, durable: false }),
    purger: { purge: (keys: string[]) => Promise.resolve({ keys, ok: true, requests: 1 }) },
    onRoute: (route: RouteOptions) => {
      const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url });
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await kit?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  await kit.reset();
});

/** A concrete URL for a route pattern: every parameter and wildcard filled in. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, 'x1').replace(/\*/g, 'x1');
}

describe('every admin route needs the token', () => {
  it('enumerates the routes of the whole admin app (republish, rollback, pages, dashboard, metrics)', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of ['POST /admin/republish', 'POST /admin/pages/rollback', 'GET /admin/pages/status', 'GET /admin', 'POST /admin/rollback-form']) {
      expect(urls).toContain(expected);
    }
    expect(urls.some((u) => u.startsWith('GET /admin/queues'))).toBe(true);
    expect(routes.length).toBeGreaterThan(10);
  });

  it('answers 401 to a missing, wrong, wrong-scheme or forged-cookie credential on every non-public route', async () => {
    const guarded = routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.url}`));
    const problems: string[] = [];
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong-' },
      { authorization: `Basic ${ADMIN_TOKEN}` },
      { authorization: 'Bearer ' },
      { cookie: `${ADMIN_COOKIE}=forged-session-value` },
      { cookie: `${ADMIN_COOKIE}=${ADMIN_TOKEN}` },
    ];
    for (const route of guarded) {
      const url = concrete(route.url);
      for (const headers of attempts) {
        const response = await app.inject({
          method: route.method,
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          remoteAddress: client(),
          ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? { payload: '{}' } : {}),
        });
        if (response.statusCode !== 401) problems.push(`${route.method} ${url} with ${JSON.stringify(headers)}: ${response.statusCode}`);
        else if (!String(response.headers['www-authenticate'] ?? '').startsWith('Bearer')) problems.push(`${route.method} ${url}: no WWW-Authenticate`);
      }
    }
    expect(problems).toEqual([]);
    expect(await kit.inspect.getJobCounts()).toMatchObject({ waiting: 0, prioritized: 0, delayed: 0 });
  });

  it('answers a wrong ?token= on the browser pages with 401, not a cookie', async () => {
    for (const url of ['/admin?token=wrong-token-0123456789', '/admin/queues?token=wrong-token-0123456789']) {
      const response = await app.inject({ method: 'GET', url, remoteAddress: client() });
      expect(response.statusCode, url).toBe(401);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('constant-time token compare', () => {
  it('refuses equal-length and different-length wrong tokens alike, and the right token passes', async () => {
    const sameLength = ADMIN_TOKEN.slice(0, -1) + (ADMIN_TOKEN.endsWith('9') ? '8' : '9');
    expect(sameLength).toHaveLength(ADMIN_TOKEN.length);
    const wrong = [sameLength, ADMIN_TOKEN.slice(0, -1), `${ADMIN_TOKEN}0`, 'x', 'x'.repeat(4096), ADMIN_TOKEN.toUpperCase()];
    for (const token of wrong) {
      const response = await app.inject({ method: 'GET', url: '/admin/jobs/r-1', headers: { authorization: `Bearer ${token}` }, remoteAddress: client() });
      expect(response.statusCode, `${token.length} chars`).toBe(401);
    }
    const right = await app.inject({ method: 'GET', url: '/admin/jobs/r-1', headers: auth, remoteAddress: client() });
    expect(right.statusCode).toBe(404);
  });

  it('compares through fixed-length digests: crypto.timingSafeEqual would throw on unequal lengths, safeEqual does not', () => {
    expect(safeEqual(ADMIN_TOKEN, ADMIN_TOKEN)).toBe(true);
    expect(safeEqual('', ADMIN_TOKEN)).toBe(false);
    expect(safeEqual('a'.repeat(100_000), ADMIN_TOKEN)).toBe(false);
    expect(safeEqual(ADMIN_TOKEN.slice(0, -1), ADMIN_TOKEN)).toBe(false);
  });
});

describe('failed-attempt rate limit', () => {
  const { maxFailures, windowSeconds } = AUTH_FAILURE_DEFAULTS;

  it(`answers 429 with Retry-After after ${maxFailures} failures in ${windowSeconds} s, even to the right token, and only for that client`, async () => {
    const attacker = client();
    const bystander = client();
    for (let i = 0; i < maxFailures; i += 1) {
      const response = await app.inject({ method: 'POST', url: '/admin/republish', headers: { authorization: `Bearer guess-${i}-0123456789abcdef` }, payload: { path: '/x' }, remoteAddress: attacker });
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await app.inject({ method: 'POST', url: '/admin/republish', headers: { authorization: 'Bearer another-guess-0123456789' }, payload: { path: '/x' }, remoteAddress: attacker });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);

    // No oracle: the right token from the blocked client is not even checked.
    const rightButBlocked = await app.inject({ method: 'GET', url: '/admin/jobs/r-1', headers: auth, remoteAddress: attacker });
    expect(rightButBlocked.statusCode).toBe(429);
    // Every admin surface, the dashboard's cookie exchange included.
    expect((await app.inject({ method: 'GET', url: '/admin/queues', remoteAddress: attacker })).statusCode).toBe(429);

    // Another client is unaffected, and the public routes stay open to the blocked one.
    expect((await app.inject({ method: 'GET', url: '/admin/jobs/r-1', headers: auth, remoteAddress: bystander })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/healthz', remoteAddress: attacker })).statusCode).toBe(200);
    expect(await kit.inspect.getJobCounts()).toMatchObject({ waiting: 0, prioritized: 0 });
  });

  it('never counts successful requests', async () => {
    const editor = client();
    for (let i = 0; i < maxFailures * 2; i += 1) {
      const ok = await app.inject({ method: 'GET', url: '/admin/jobs/r-1', headers: auth, remoteAddress: editor });
      expect(ok.statusCode).toBe(404);
    }
    for (let i = 0; i < maxFailures; i += 1) {
      expect((await app.inject({ method: 'GET', url: '/admin/jobs/r-1', remoteAddress: editor })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: '/admin/jobs/r-1', remoteAddress: editor })).statusCode).toBe(429);
  });

  it('lets the client in again when the window ends', async () => {
    const short = await buildAdminApp({
      config: { adminToken: ADMIN_TOKEN, webhookSecret: 'access-test-webhook-secret-0123', queuePrefix: `${kit.prefix}short` },
      producer: kit.producer,
      index: kit.index,
      redis: kit.redis,
      queue: kit.producer.queue,
      logger: kit.logger,
      authFailureLimit: { maxFailures: 2, windowSeconds: 1 },
    });
    try {
      const who = client();
      for (let i = 0; i < 2; i += 1) expect((await short.inject({ method: 'GET', url: '/admin', remoteAddress: who })).statusCode).toBe(401);
      expect((await short.inject({ method: 'GET', url: '/admin', headers: auth, remoteAddress: who })).statusCode).toBe(429);
      const deadline = Date.now() + 5_000;
      let status = 429;
      while (status === 429 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await short.inject({ method: 'GET', url: '/admin', headers: auth, remoteAddress: who })).statusCode;
      }
      expect(status).toBe(200);
    } finally {
      await short.close();
    }
  });
});
