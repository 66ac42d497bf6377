/**
 * The whole-site publish `npm start` runs: it must report every page, including the ones that
 * fail, and never wait forever. Real Redis, filesystem storage, the sample upstream.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../infra/local/stack.js';
import { buildBundle } from '../../interactive-bundle/build.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';

const BROKEN = '/world/alpine-village-votes-on-glacier-retreat-plan';

let redis: TestRedis;
let dir: string;
let stack: Stack;

beforeAll(async () => {
  redis = await startTestRedis();
  dir = await mkdtemp(join(tmpdir(), 'publish-'));
  await buildBundle({ outDir: join(dir, 'bundle') });
  stack = await startStack({
    redisUrl: redis.url,
    queuePrefix: redis.prefix,
    storage: { driver: 'fs', dir: join(dir, 'storage') },
    sampleUpstreamPort: 0,
    sitePort: 0,
    adminPort: 0,
    adminToken: 'publish-admin-token-0123456789',
    webhookSecret: 'publish-webhook-secret-0123456789',
    bundleDir: join(dir, 'bundle'),
    workerConcurrency: 2,
    schedules: false,
    logLevel: 'silent',
    // One attempt, so a failing page fails now instead of after the production backoff.
    renderJobDefaults: { attempts: 1, backoffMs: 10 },
  });
}, 60_000);

afterAll(async () => {
  await stack.close();
  await redis.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('publishing the whole site', () => {
  it('reports a page whose upstream fails, by path and reason, and finishes the rest', async () => {
    const fault = await fetch(`${stack.upstreamUrl}/__sample/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/api/article', query: { path: BROKEN }, mode: 'status', status: 500 }),
    });
    expect(fault.ok).toBe(true);
    const progress: number[] = [];
    const summary = await stack.publishSite({ onProgress: (done) => progress.push(done) });
    expect(summary.failed.map((f) => f.path)).toEqual([BROKEN]);
    expect(summary.failed[0]?.reason).toContain('UPSTREAM_UNAVAILABLE');
    expect(summary.completed).toBe(summary.total - 1);
    expect(progress.at(-1)).toBe(summary.total);
    expect((await fetch(`${stack.siteUrl}${BROKEN}`)).status).toBe(404);

    // A second publish with the fault gone publishes it, and counts every page once.
    await fetch(`${stack.upstreamUrl}/__sample/faults`, { method: 'DELETE' });
    const again = await stack.publishSite();
    expect(again).toMatchObject({ completed: again.total, failed: [] });
    expect((await fetch(`${stack.siteUrl}${BROKEN}`)).status).toBe(200);
  });
});
