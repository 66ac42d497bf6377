import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RENDER_JOB, DEPENDANT_PRIORITY, parseRenderJob, PRIORITY } from '../core/queue.js';
import { Redis } from 'ioredis';
import { createRedis } from '../core/redis.js';
import { freePort, spawnRedisServer } from '../infra/local/redis-server.js';
import { buildAdminApp, HEALTH_PING_TIMEOUT_MS } from './app.js';
import { ADMIN_COOKIE } from './auth.js';
import { createRenderProducer } from './producer.js';
import { pendingJobs, startIngestTestKit, type IngestTestKit } from './test-helpers.js';
import { webhookHeaders, WEBHOOK_MAX_BYTES } from './webhook.js';

const ADMIN_TOKEN = 'admin-token-0123456789abcdef';
const WEBHOOK_SECRET = 'webhook-secret-0123456789abcdef';

let kit: IngestTestKit;
let app: FastifyInstance;
let eventCounter = 0;

beforeAll(async () => {
  kit = await startIngestTestKit();
  app = await buildAdminApp({
    config: { adminToken: ADMIN_TOKEN, webhookSecret: WEBHOOK_SECRET, queuePrefix: kit.prefix },
    producer: kit.producer,
    index: kit.index,
    redis: kit.redis,
    queue: kit.producer.queue,
    logger: kit.logger,
    // No render worker runs here: the form answers at once that the job is queued.
    adminFormWaitMs: 0,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await kit?.close();
});

beforeEach(async () => {
  await kit.reset();
});

function articleEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  eventCounter += 1;
  return {
    id: `evt-${eventCounter}-${Date.now()}`,
    kind: 'article',
    action: 'updated',
    contentId: '7',
    path: '/politics/a-story',
    sections: ['politics'],
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

async function postEvent(body: string, headers: Record<string, string> = webhookHeaders(WEBHOOK_SECRET, body)) {
  return await app.inject({ method: 'POST', url: '/webhooks/content', payload: body, headers });
}

async function expectQueueEmpty(): Promise<void> {
  const counts = await kit.inspect.getJobCounts();
  expect(Object.values(counts).every((n) => n === 0), JSON.stringify(counts)).toBe(true);
}

async function pendingPages(): Promise<Array<{ page: string; priority: number; reason: string; requestedBy: string | undefined }>> {
  return (await pendingJobs(kit.inspect)).map((job) => {
    const data = parseRenderJob(job.data);
    return { page: `${data.site}:${data.path}`, priority: job.priority, reason: data.reason, requestedBy: data.requestedBy };
  });
}

const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('POST /webhooks/content', () => {
  it('accepts a signed event and enqueues its page and the pages that depend on its data keys', async () => {
    await kit.index.record({ site: 'news', path: '/politics' }, ['list:category:politics', 'menu']);
    await kit.index.record({ site: 'news', path: '/' }, ['list:latest', 'menu']);
    await kit.index.record({ site: 'news', path: '/sports' }, ['list:category:sports', 'menu']);
    // A new article: its section's lists and the latest lists change.
    const event = articleEvent({ action: 'created' });
    const response = await postEvent(JSON.stringify(event));

    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      accepted: true,
      eventId: event.id,
      jobs: [
        { site: 'news', path: '/politics/a-story', deduplicated: false },
        { site: 'es', path: '/politics/a-story', deduplicated: false },
        { site: 'news', path: '/', deduplicated: false },
        { site: 'news', path: '/politics', deduplicated: false },
      ],
    });
    const pages = await pendingPages();
    expect(pages.map((p) => p.page).sort()).toEqual(['es:/politics/a-story', 'news:/', 'news:/politics', 'news:/politics/a-story']);
    // The article's own page before the pages that list it (ADR 0041); all are event renders.
    for (const page of pages) {
      const own = page.page.endsWith('/politics/a-story');
      expect(page).toMatchObject({ priority: own ? PRIORITY.event : DEPENDANT_PRIORITY, reason: 'event', requestedBy: 'webhook' });
    }
  });

  it('routes through the dependency index: a page that read article:42 re-renders with the article itself', async () => {
    await kit.index.record({ site: 'news', path: '/world/reads-article-42' }, ['article:42']);
    await kit.index.record({ site: 'es', path: '/mundo/lee-42' }, ['article:42']);
    const response = await postEvent(JSON.stringify(articleEvent({ contentId: '42', path: '/us/article-42', sections: [] })));
    expect(response.statusCode).toBe(202);
    expect((await pendingPages()).map((p) => p.page).sort()).toEqual(['es:/mundo/lee-42', 'es:/us/article-42', 'news:/us/article-42', 'news:/world/reads-article-42']);
  });

  it('refuses a bad signature with 401 and enqueues nothing', async () => {
    const body = JSON.stringify(articleEvent());
    const headers = webhookHeaders('not-the-secret-0123456789', body);
    const response = await postEvent(body, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } });
    await expectQueueEmpty();
  });

  it('refuses a signature over a different body (tampered payload)', async () => {
    const body = JSON.stringify(articleEvent());
    const headers = webhookHeaders(WEBHOOK_SECRET, body);
    const response = await postEvent(body.replace('a-story', 'b-story'), headers);
    expect(response.statusCode).toBe(401);
    await expectQueueEmpty();
  });

  it('refuses a missing signature or timestamp', async () => {
    const body = JSON.stringify(articleEvent());
    const { 'x-signature': _sig, ...noSignature } = webhookHeaders(WEBHOOK_SECRET, body);
    const { 'x-timestamp': _ts, ...noTimestamp } = webhookHeaders(WEBHOOK_SECRET, body);
    for (const headers of [noSignature, noTimestamp, { 'content-type': 'application/json' }]) {
      const response = await postEvent(body, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE', message: expect.stringMatching(/Missing/) as unknown } });
    }
    await expectQueueEmpty();
  });

  it('refuses a correctly signed request whose timestamp is outside the 5-minute window', async () => {
    const body = JSON.stringify(articleEvent());
    for (const offset of [-301, 301]) {
      const response = await postEvent(body, webhookHeaders(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000) + offset));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE', message: expect.stringMatching(/5 minutes/) as unknown } });
    }
    await expectQueueEmpty();
    // Inside the window is fine.
    const ok = await postEvent(body, webhookHeaders(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000) - 250));
    expect(ok.statusCode).toBe(202);
  });

  it('refuses a replayed event id, even re-signed with a fresh timestamp', async () => {
    const body = JSON.stringify(articleEvent({ sections: [] }));
    expect((await postEvent(body)).statusCode).toBe(202);
    const before = await kit.inspect.getJobCounts();
    const replay = await postEvent(body, webhookHeaders(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000) + 1));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE', message: expect.stringMatching(/replay/) as unknown } });
    expect(await kit.inspect.getJobCounts()).toEqual(before);
  });

  it('answers 400 INVALID_EVENT for a signed body that is not JSON', async () => {
    const response = await postEvent('{"id": "x", kind: article');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_EVENT', message: expect.stringMatching(/not valid JSON/) as unknown } });
    await expectQueueEmpty();
  });

  it('answers 400 INVALID_EVENT naming the field for wrong types and missing fields', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [articleEvent({ contentId: 42 }), /contentId/],
      [articleEvent({ kind: 'podcast' }), /kind/],
      [articleEvent({ path: '/../etc/passwd' }), /path/],
      [articleEvent({ occurredAt: 'yesterday' }), /occurredAt/],
      [articleEvent({ contentId: undefined }), /contentId: is required for a article event/],
      [articleEvent({ extra: true }), /extra/],
      [articleEvent({ site: 'fr' }), /site/],
    ];
    for (const [event, field] of cases) {
      const response = await postEvent(JSON.stringify(event));
      expect(response.statusCode, JSON.stringify(event)).toBe(400);
      const body = response.json<{ error: { code: string; message: string } }>();
      expect(body.error.code).toBe('INVALID_EVENT');
      expect(body.error.message).toMatch(field);
    }
    await expectQueueEmpty();
  });

  it('answers 413 for a body over 256 KB and enqueues nothing', async () => {
    const body = JSON.stringify(articleEvent({ padding: 'x'.repeat(WEBHOOK_MAX_BYTES) }));
    const response = await postEvent(body);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    await expectQueueEmpty();
  });

  it('coalesces a burst of 50 events for the same page into at most 2 jobs', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => postEvent(JSON.stringify(articleEvent({ contentId: '99', path: '/us/busy-story', sections: [] })))),
    );
    expect(responses.every((r) => r.statusCode === 202)).toBe(true);
    const forPage = (await pendingPages()).filter((p) => p.page === 'news:/us/busy-story');
    expect(forPage.length).toBeGreaterThanOrEqual(1);
    expect(forPage.length).toBeLessThanOrEqual(2);
    const deduplicated = responses.flatMap((r) => r.json<{ jobs: Array<{ path: string; deduplicated: boolean }> }>().jobs).filter((j) => j.deduplicated);
    expect(deduplicated.length).toBeGreaterThanOrEqual(48);
  });
});

describe('POST /admin/republish', () => {
  it('refuses a missing or wrong token with 401 and WWW-Authenticate', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: `Basic ${ADMIN_TOKEN}` }]) {
      const response = await app.inject({ method: 'POST', url: '/admin/republish', headers, payload: { path: '/politics' } });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    }
    await expectQueueEmpty();
  });

  it('enqueues a republish with priority 1 and reports the job', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/admin/republish',
      headers: auth,
      payload: { path: '/politics/a-story', requestedBy: 'Jane Editor' },
    });
    expect(response.statusCode).toBe(202);
    const body = response.json<{ jobId: string; site: string; path: string; deduplicated: boolean }>();
    expect(body).toMatchObject({ site: 'news', path: '/politics/a-story', deduplicated: false });
    const job = await kit.inspect.getJob(body.jobId);
    expect(job?.priority).toBe(1);
    expect(parseRenderJob(job?.data)).toMatchObject({ reason: 'republish', requestedBy: 'Jane Editor' });

    const status = await app.inject({ method: 'GET', url: `/admin/jobs/${body.jobId}`, headers: auth });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      id: body.jobId,
      state: 'prioritized',
      site: 'news',
      path: '/politics/a-story',
      reason: 'republish',
      attempts: 0,
      // Whatever the shared job options allow (core/queue.ts), not a number of its own.
      maxAttempts: DEFAULT_RENDER_JOB.attempts,
      failedReason: null,
      timestamps: { created: expect.any(String) as unknown, processed: null, finished: null },
    });
  });

  it('accepts a full URL or a variant URL and republishes the page', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/admin/republish',
      headers: auth,
      payload: { site: 'es', path: 'https://example.com/mundo/nota.amp?utm=x#top' },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ site: 'es', path: '/mundo/nota' });
  });

  it('answers 400 INVALID_PATH for an invalid path', async () => {
    for (const path of ['/../etc/passwd', 'politics', '/a/%2e%2e/b', '']) {
      const response = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { path } });
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'INVALID_PATH' } });
    }
    const badSite = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { path: '/x', site: 'fr' } });
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json()).toMatchObject({ error: { code: 'INVALID_JOB', message: expect.stringMatching(/site/) as unknown } });
    await expectQueueEmpty();
  });

  it('overtakes queued sweeps, including a sweep of the same page', async () => {
    const requestedAt = new Date().toISOString();
    await kit.producer.enqueueMany(
      ['/a', '/b', '/c', '/same'].map((path) => ({ site: 'news' as const, path, reason: 'sweep' as const, requestedBy: 'sweep', requestedAt })),
    );
    const other = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { path: '/z' } });
    expect(other.statusCode).toBe(202);
    let order = await kit.inspect.getPrioritized(0, -1);
    expect(parseRenderJob(order[0]?.data)).toMatchObject({ path: '/z', reason: 'republish' });

    // The same page as a queued sweep: the pending job is reused, raised to priority 1 and
    // takes the republish request over.
    const same = await app.inject({ method: 'POST', url: '/admin/republish', headers: auth, payload: { path: '/same', requestedBy: 'Jane' } });
    expect(same.json()).toMatchObject({ deduplicated: true });
    order = await kit.inspect.getPrioritized(0, -1);
    const firstTwo = order.slice(0, 2).map((job) => parseRenderJob(job.data));
    expect(firstTwo.map((d) => d.path).sort()).toEqual(['/same', '/z']);
    expect(firstTwo.every((d) => d.reason === 'republish')).toBe(true);
    expect(order.filter((job) => parseRenderJob(job.data).path === '/same')).toHaveLength(1);
    expect(order.slice(2).every((job) => job.priority === PRIORITY.sweep)).toBe(true);
  });
});

describe('GET /admin/jobs/:id', () => {
  it('needs the token, and answers 404 for an unknown job', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin/jobs/123' })).statusCode).toBe(401);
    const missing = await app.inject({ method: 'GET', url: '/admin/jobs/r-does-not-exist', headers: auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'JOB_NOT_FOUND' } });
  });
});

describe('dashboard at /admin/queues', () => {
  it('answers 401 without a token, everywhere under the mount', async () => {
    for (const url of ['/admin/queues', '/admin/queues/', '/admin/queues/api/queues', '/admin/queues/static/favicon-32x32.png', '/admin/queues?token=wrong-token-012345678']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('serves the board and its API with the Bearer token', async () => {
    const page = await app.inject({ method: 'GET', url: '/admin/queues', headers: auth });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const api = await app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: auth });
    expect(api.statusCode).toBe(200);
    expect(api.body).toContain('render');
  });

  it('exchanges ?token= for an HttpOnly SameSite=Strict cookie and a redirect to the clean URL', async () => {
    const first = await app.inject({ method: 'GET', url: `/admin/queues?token=${ADMIN_TOKEN}` });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/admin/queues');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${ADMIN_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toContain(ADMIN_TOKEN);
    const cookie = setCookie.split(';')[0] ?? '';
    const second = await app.inject({ method: 'GET', url: '/admin/queues', headers: { cookie } });
    expect(second.statusCode).toBe(200);
    // The cookie opens the pages, but is not a Bearer token for the JSON API.
    const api = await app.inject({ method: 'POST', url: '/admin/republish', headers: { cookie }, payload: { path: '/x' } });
    expect(api.statusCode).toBe(401);
  });
});

describe('admin page', () => {
  it('needs the token and shows the republish form', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin' })).statusCode).toBe(401);
    const page = await app.inject({ method: 'GET', url: '/admin', headers: auth });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/admin/republish-form">');
    expect(page.body).toContain('href="/admin/queues"');
  });

  it('republishes from the form and escapes what it echoes', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/admin/republish-form',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'site=news&path=%2Fpolitics%2Fform-story&requestedBy=Jane',
    });
    expect(ok.statusCode).toBe(202);
    expect(ok.body).toContain('Queued news /politics/form-story.');
    expect(ok.body).toMatch(/<a href="\/admin\/job\?id=[^"]+">job [^<]+<\/a>: follow its progress\./);
    expect((await pendingPages()).map((p) => p.page)).toEqual(['news:/politics/form-story']);

    const bad = await app.inject({
      method: 'POST',
      url: '/admin/republish-form',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'path=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('<script>alert(1)');
  });
});

describe('GET /healthz', () => {
  it('answers ok when Redis answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', redis: 'ok' });
  });

  it('answers 503 at once, naming the connection that is down and why, while it can not connect', async () => {
    // A client whose commands would wait for a server that never comes, as a Redis Cluster
    // client's offline queue does while no node answers: nothing listens on the port.
    const port = await freePort();
    const waiting = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: null, retryStrategy: () => 200 });
    waiting.on('error', () => undefined);
    const probe = await buildAdminApp({
      config: { adminToken: ADMIN_TOKEN, webhookSecret: WEBHOOK_SECRET, queuePrefix: kit.prefix },
      producer: kit.producer,
      index: kit.index,
      redis: waiting,
      queue: kit.producer.queue,
      logger: kit.logger,
    });
    try {
      // Past the first refused attempt, so the connection's error is known.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const response = await probe.inject({ method: 'GET', url: '/healthz' });
      expect(Date.now() - started).toBeLessThan(500);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      const body = response.json<{ status: string; redis: string; reason: string; connections: Array<Record<string, unknown>> }>();
      expect(body).toMatchObject({ status: 'unavailable', redis: 'unreachable', connections: [{ name: 'ingest', error: 'ECONNREFUSED' }] });
      expect(body.reason).toMatch(/^Redis is unreachable: connection ingest is (connecting|reconnecting) \(ECONNREFUSED\) since \d{4}-/);
      // The port's address stays out of an unauthenticated answer.
      expect(JSON.stringify(body)).not.toContain(String(port));
    } finally {
      await probe.close();
      waiting.disconnect();
    }
  });

  it(`answers 503 within ${HEALTH_PING_TIMEOUT_MS} ms when Redis is connected but does not answer`, async () => {
    // A real Redis that holds every client's commands for 2.5 s (CLIENT PAUSE), as a hung server would.
    const pauser = new Redis(kit.server.url);
    try {
      await pauser.client('PAUSE', 2_500, 'ALL');
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', redis: 'unreachable', reason: `Redis did not answer PING within ${HEALTH_PING_TIMEOUT_MS} ms` });
      expect(Date.now() - started).toBeLessThan(HEALTH_PING_TIMEOUT_MS + 1000);
    } finally {
      pauser.disconnect();
      // The paused PING is answered when the pause ends; later tests need the server back.
      await kit.redis.ping();
    }
  });
});

describe('a request running when Redis goes away', () => {
  it('answers 503 REDIS_UNAVAILABLE with Retry-After once ioredis gives up on its command, not a 500', async () => {
    // The producer's Redis is a server of its own, killed after it connected; the admin server
    // watches only its other connection (still up), so nothing refuses the request up front and
    // its command waits in the producer connection's offline queue until ioredis gives up.
    // It listens on a Unix socket in a directory of its own, not on a TCP port: a killed server's
    // port is free for any other test's server to take while ioredis reconnects, and a producer
    // that reconnected to it would enqueue there (a CI run once answered 202 so). Nothing else
    // can take this path.
    const dir = await mkdtemp(join(tmpdir(), 'ingest-app-test-'));
    const socket = join(dir, 'redis.sock');
    const server = await spawnRedisServer(0, ['--unixsocket', socket, '--dir', dir, '--save', '', '--appendonly', 'no']);
    const connection = createRedis(socket, { name: 'doomed-producer' });
    connection.on('error', () => undefined);
    const producer = createRenderProducer({ connection, prefix: kit.prefix, logger: kit.logger });
    // BullMQ prints a queue's connection errors to stderr when nobody listens; they are expected here.
    producer.queue.on('error', () => undefined);
    const probe = await buildAdminApp({
      config: { adminToken: ADMIN_TOKEN, webhookSecret: WEBHOOK_SECRET, queuePrefix: kit.prefix },
      producer,
      index: kit.index,
      redis: kit.redis,
      queue: producer.queue,
      logger: kit.logger,
    });
    try {
      await producer.queue.waitUntilReady();
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGKILL');
      });
      const response = await probe.inject({ method: 'POST', url: '/admin/republish', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { path: '/politics' } });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ error: { code: 'REDIS_UNAVAILABLE', message: expect.stringContaining('nothing was done or enqueued') as unknown } });
    } finally {
      await probe.close();
      await producer.close();
      connection.disconnect();
      // Only when the test failed before killing it.
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
