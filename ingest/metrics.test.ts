/**
 * GET /metrics on the admin server: the render queue depth read from a real BullMQ queue on a real
 * Redis at scrape time, behind the admin token.
 */
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMetricsRegistry, createRenderMetrics, registerQueueDepth } from '../core/metrics.js';
import { PRIORITY, RENDER_PRIORITIES, RENDER_QUEUE } from '../core/queue.js';
import { createRedis } from '../core/redis.js';
import { buildAdminApp } from './app.js';
import { ADMIN_COOKIE, sessionValue } from './auth.js';
import { startIngestTestKit, type IngestTestKit } from './test-helpers.js';

const ADMIN_TOKEN = 'admin-token-0123456789abcdef';

let kit: IngestTestKit;
let app: FastifyInstance;

beforeAll(async () => {
  kit = await startIngestTestKit();
  app = await buildAdminApp({
    config: { adminToken: ADMIN_TOKEN, webhookSecret: 'webhook-secret-0123456789abcdef', queuePrefix: kit.prefix },
    producer: kit.producer,
    index: kit.index,
    redis: kit.redis,
    queue: kit.producer.queue,
    logger: kit.logger,
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

const scrape = () => app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });

function depth(body: string, state: string): number | undefined {
  const match = new RegExp(`^newsroom_render_queue_jobs\\{state="${state}"\\} (\\d+)$`, 'm').exec(body);
  return match ? Number(match[1]) : undefined;
}

describe('GET /metrics (ingest)', () => {
  it('needs the admin token as a Bearer token (not the browser cookie)', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    expect(anonymous.body).not.toContain('newsroom_');
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.statusCode).toBe(401);
    const cookie = await app.inject({ method: 'GET', url: '/metrics', headers: { cookie: `${ADMIN_COOKIE}=${sessionValue(ADMIN_TOKEN)}` } });
    expect(cookie.statusCode).toBe(401);
  });

  it('reports the render queue by state as it is when scraped', async () => {
    // One job failed for good, by a real worker on the same queue.
    const workerConnection = createRedis(kit.server.url, { blocking: true, name: 'metrics-test-worker' });
    const worker = new Worker(
      RENDER_QUEUE,
      () => Promise.reject(new UnrecoverableError('INVALID_JOB: test')),
      { connection: workerConnection, prefix: kit.prefix },
    );
    const failed = new Promise<void>((resolve) => worker.once('failed', () => resolve()));
    await kit.inspect.add('broken', { not: 'a render job' });
    await failed;
    await worker.close();
    workerConnection.disconnect();

    // Two editor/event jobs (prioritized), one plain waiting job, one delayed retry.
    const requestedAt = new Date().toISOString();
    await kit.producer.enqueue({ site: 'news', path: '/politics', reason: 'republish', requestedAt });
    await kit.producer.enqueue({ site: 'news', path: '/world', reason: 'event', requestedAt });
    await kit.inspect.add('plain', { site: 'news', path: '/', reason: 'sweep', requestedAt });
    await kit.inspect.add('later', { site: 'news', path: '/us', reason: 'sweep', requestedAt }, { delay: 60_000 });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect({
      waiting: depth(body, 'waiting'),
      prioritized: depth(body, 'prioritized'),
      active: depth(body, 'active'),
      delayed: depth(body, 'delayed'),
      failed: depth(body, 'failed'),
    }).toEqual({ waiting: 1, prioritized: 2, active: 0, delayed: 1, failed: 1 });
    expect(body).toContain('process_resident_memory_bytes');

    // Read at scrape time: the next scrape sees the queue as it is then.
    await kit.producer.queue.drain(true);
    const after = (await scrape()).body;
    expect(depth(after, 'prioritized')).toBe(0);
    expect(depth(after, 'delayed')).toBe(0);
  });

  it('reports the age of the oldest job waiting at each priority, 0 where none waits', async () => {
    const oldest = (body: string, priority: number): number | undefined => {
      const match = new RegExp(`^newsroom_render_queue_oldest_waiting_seconds\\{priority="${priority}"\\} ([\\d.e+-]+)$`, 'm').exec(body);
      return match ? Number(match[1]) : undefined;
    };
    await kit.producer.queue.drain(true);
    const empty = (await scrape()).body;
    expect(RENDER_PRIORITIES).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const priority of RENDER_PRIORITIES) expect(oldest(empty, priority)).toBe(0);

    const requestedAt = new Date().toISOString();
    await kit.producer.enqueue({ site: 'news', path: '/sweep-a', reason: 'sweep', requestedAt });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await kit.producer.enqueue({ site: 'news', path: '/sweep-b', reason: 'sweep', requestedAt });
    await kit.producer.enqueue({ site: 'news', path: '/politics', reason: 'republish', requestedAt });
    const body = (await scrape()).body;
    // The older sweep, not the newer one, sets the sweep priority's age.
    expect(oldest(body, PRIORITY.sweep)).toBeGreaterThanOrEqual(1.1);
    expect(oldest(body, PRIORITY.sweep)).toBeLessThan(30);
    expect(oldest(body, PRIORITY.republish)).toBeLessThan(1);
    expect(oldest(body, PRIORITY.event)).toBe(0);
    await kit.producer.queue.drain(true);
  });

  it('has every server-side failure code at 0 before the first failure', async () => {
    const metrics = createRenderMetrics(createMetricsRegistry());
    const text = await metrics.registry.metrics();
    for (const code of ['UPSTREAM_UNAVAILABLE', 'STORAGE_FAILED', 'RENDER_FAILED', 'unknown']) expect(text).toContain(`newsroom_render_failures_total{code="${code}"} 0`);
  });

  it('reports no queue series, rather than stale ones, when Redis cannot be read', async () => {
    const connection = createRedis(kit.server.url, { name: 'metrics-test-closed' });
    const queue = new Queue(RENDER_QUEUE, { connection, prefix: kit.prefix });
    const registry = createMetricsRegistry();
    registerQueueDepth(registry, queue, kit.logger);
    expect(depth(await registry.metrics(), 'waiting')).toBe(0);
    await queue.close();
    await connection.quit();
    const text = await registry.metrics();
    expect(text).toContain('# TYPE newsroom_render_queue_jobs gauge');
    expect(text).not.toContain('newsroom_render_queue_jobs{');
  });
});
