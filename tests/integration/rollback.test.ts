/**
 * A rollback (ADR 0009) restores the previous bytes and purges. On real parts: a real
 * redis-server, the S3 protocol (s3rver), the admin server and the edge router over real HTTP,
 * and the production VCL in a real Varnish in front of the edge router, purged through core/cdn's
 * Varnish driver (xkey). Also the write-ordering guard of item 2 around a rollback: a render that
 * started before the rollback can not undo it; one that starts after replaces it (ADR 0009).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVarnishPurger } from '../../core/cdn/varnish.js';
import { DependencyIndex } from '../../core/dependency-index.js';
import { createLogger } from '../../core/logger.js';
import { takePageFence } from '../../core/page-fence.js';
import { createRedis } from '../../core/redis.js';
import { cacheControlFor } from '../../core/storage/cache-policy.js';
import { pageKey, PAGE_VARIANTS, type PageVariant } from '../../core/storage/keys.js';
import { createS3Store } from '../../core/storage/s3-driver.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { buildEdgeApp } from '../../edge-router/app.js';
import { buildAdminApp } from '../../ingest/app.js';
import { createRenderProducer, type RenderProducer } from '../../ingest/producer.js';
import { HTML_CONTENT_TYPE, pageSurrogateKey, publishPage } from '../../render-workers/publish.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { startTestS3, type TestS3 } from '../support/s3rver.js';
import { hasVarnishd, startTestVarnish, type TestVarnish } from '../support/varnish.js';

const ADMIN_TOKEN = 'admin-token-rollback-0123456789';
const PAGE = { site: 'news', path: '/politics/rollback-story' } as const;
const logger = createLogger({ component: 'rollback-test', level: 'silent' });

let redisServer: TestRedis;
let s3: TestS3;
let redis: Redis;
let store: ObjectStore;
let index: DependencyIndex;
let producer: RenderProducer;
let admin: FastifyInstance;
let adminUrl: string;
let edge: FastifyInstance;
let edgeUrl: string;
let varnish: TestVarnish | undefined;
/**
 * Run once, when the admin server's rollback first reads a kept version's object: what happens
 * while a rollback is under way (the store the admin server is given calls it).
 */
let whileRollingBack: (() => Promise<void>) | undefined;
/** Every PURGE Varnish accepted, as the xkey header the driver sent; recorded around the real driver. */
const purges: string[][] = [];

/** The bytes a render of version `n` produces, per variant (different sizes, so a mix would show). */
function rendered(n: number): Record<Exclude<PageVariant, 'redirect'>, string> {
  return {
    standard: `<!doctype html><html lang="en"><title>Story v${n}</title><p>${'standard '.repeat(n * 3)}</p></html>`,
    amp: `<!doctype html><html amp lang="en"><title>Story v${n}</title><p>${'amp '.repeat(n * 5)}</p></html>`,
    print: `<!doctype html><html lang="en"><title>Story v${n} (print)</title></html>`,
  };
}

async function render(n: number, fence?: number) {
  const bodies = rendered(n);
  return await publishPage(store, index, {
    page: PAGE,
    objects: (['standard', 'amp', 'print'] as const).map((variant) => ({
      key: pageKey(PAGE.site, PAGE.path, variant),
      body: bodies[variant],
      contentType: HTML_CONTENT_TYPE,
      cacheControl: cacheControlFor('html'),
    })),
    dataKeys: [`article:v${n}`, 'menu'],
    reason: 'event',
    jobId: `r-render-${n}`,
    fence: fence ?? (await takePageFence(redis, PAGE, redisServer.prefix)),
  });
}

async function storedBytes(): Promise<Partial<Record<PageVariant, Buffer>>> {
  const out: Partial<Record<PageVariant, Buffer>> = {};
  for (const variant of PAGE_VARIANTS) {
    const object = await store.get(pageKey(PAGE.site, PAGE.path, variant));
    if (object) out[variant] = object.body;
  }
  return out;
}

const execFileAsync = promisify(execFile);

/** A render of version `n` that finds the article no longer AMP: the standard page, its AMP and print variants removed. */
async function renderStandardOnly(n: number) {
  return await publishPage(store, index, {
    page: PAGE,
    objects: [{ key: pageKey(PAGE.site, PAGE.path, 'standard'), body: rendered(n).standard, contentType: HTML_CONTENT_TYPE, cacheControl: cacheControlFor('html') }],
    remove: variantKeys('amp', 'print'),
    dataKeys: [`article:v${n}`, 'menu'],
    reason: 'event',
    jobId: `r-render-${n}`,
    fence: await takePageFence(redis, PAGE, redisServer.prefix),
  });
}

function variantKeys(...variants: PageVariant[]): string[] {
  return variants.map((variant) => pageKey(PAGE.site, PAGE.path, variant));
}

function bytesOf(n: number): Partial<Record<PageVariant, Buffer>> {
  const bodies = rendered(n);
  return { standard: Buffer.from(bodies.standard), amp: Buffer.from(bodies.amp), print: Buffer.from(bodies.print) };
}

async function rollback(body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${adminUrl}/admin/pages/rollback`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A reader's request through the CDN (Varnish when installed, else the edge router itself). */
async function read(path: string): Promise<{ body: string; cache: string | null }> {
  const response = await fetch(`${varnish?.url ?? edgeUrl}${path}`, { headers: { host: 'localhost' } });
  return { body: await response.text(), cache: response.headers.get('x-cache') };
}

beforeAll(async () => {
  redisServer = await startTestRedis();
  s3 = await startTestS3({ bucket: 'rollback' });
  redis = createRedis(redisServer.url, { name: 'rollback-test' });
  store = createS3Store({
    endpoint: s3.endpoint,
    region: s3.region,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  index = new DependencyIndex(redis, redisServer.prefix);
  producer = createRenderProducer({ connection: redis, prefix: redisServer.prefix, logger });

  edge = await buildEdgeApp({ store, logger, defaultSite: 'news' });
  edgeUrl = await edge.listen({ host: '127.0.0.1', port: 0 });
  if (hasVarnishd()) varnish = await startTestVarnish({ backendUrl: edgeUrl });

  const cdn = varnish ? createVarnishPurger({ urls: [varnish.url] }) : undefined;
  const adminStore: ObjectStore = {
    ...store,
    get: async (key) => {
      const during = whileRollingBack;
      if (during !== undefined && key.includes('/_v/')) {
        whileRollingBack = undefined;
        await during();
      }
      return await store.get(key);
    },
  };
  admin = await buildAdminApp({
    config: { adminToken: ADMIN_TOKEN, webhookSecret: 'webhook-secret-rollback-0123456789', queuePrefix: redisServer.prefix },
    producer,
    index,
    redis,
    queue: producer.queue,
    logger,
    store: adminStore,
    purger: {
      async purge(keys: string[]) {
        const result = cdn ? await cdn.purge(keys) : { keys, ok: true, requests: 0 };
        if (result.ok) purges.push(keys);
        return result;
      },
    },
  });
  adminUrl = await admin.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await admin?.close();
  await edge?.close();
  await varnish?.stop();
  await producer?.close();
  await redis?.quit();
  await store?.close();
  await s3?.stop();
  await redisServer?.stop();
});

describe('rollback of a page', () => {
  it('restores the previous bytes of every variant in one step and purges the page at the CDN', async () => {
    await render(1);
    const second = await render(2);
    expect(second.previousVersion).not.toBeNull();
    expect(await storedBytes()).toEqual(bytesOf(2));

    // A reader has v2 cached at the CDN.
    expect((await read(PAGE.path)).body).toBe(rendered(2).standard);
    if (varnish) expect((await read(PAGE.path)).cache).toBe('HIT');

    const { status, json } = await rollback({ site: 'news', path: PAGE.path, requestedBy: 'Jane' });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      site: 'news',
      path: PAGE.path,
      version: second.previousVersion,
      removed: [],
      stale: [],
      purge: { keys: [pageSurrogateKey(PAGE)], ok: true },
    });
    expect((json.restored as Array<{ variant: string }>).map((r) => r.variant)).toEqual(['standard', 'amp', 'print']);

    // Byte-identical to version 1, in every variant; v2 is kept as a version in turn.
    expect(await storedBytes()).toEqual(bytesOf(1));
    const meta = await store.head(pageKey(PAGE.site, PAGE.path, 'standard'));
    expect(meta).toMatchObject({ reason: 'rollback', jobId: 'rollback by Jane' });
    expect(purges).toEqual([[pageSurrogateKey(PAGE)]]);
    expect(await index.keysOf(PAGE)).toEqual(['article:v1', 'menu']);

    // The CDN dropped v2: the next reader gets v1 at once, not after the TTL.
    const after = await read(PAGE.path);
    expect(after.body).toBe(rendered(1).standard);
    if (varnish) expect(after.cache).toBe('MISS');
    expect((await read(`${PAGE.path}.amp`)).body).toBe(rendered(1).amp);

    // The status shows the rollback and the kept versions.
    const statusResponse = await fetch(`${adminUrl}/admin/pages/status?site=news&path=${encodeURIComponent(PAGE.path)}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const pageStatus = (await statusResponse.json()) as { lastRendered: { reason: string }; versions: Array<{ id: string }> };
    expect(pageStatus.lastRendered.reason).toBe('rollback');
    expect(pageStatus.versions.map((v) => v.id)).toContain(json.previous);
  });

  it('a render that started before the rollback can not undo it; one that starts after replaces it', async () => {
    await render(3);
    const startedBefore = await takePageFence(redis, PAGE, redisServer.prefix);
    const { status } = await rollback({ site: 'news', path: PAGE.path });
    expect(status).toBe(200);
    const rolledBack = await storedBytes();
    expect(rolledBack).not.toEqual(bytesOf(3));

    // The slow render finishes after the rollback: refused, the rollback stays.
    const slow = await render(4, startedBefore);
    expect(slow.written).toEqual([]);
    expect(slow.stale).toHaveLength(3);
    expect(await storedBytes()).toEqual(rolledBack);

    // The next render (a later content change) renders upstream as it is now: expected, fix upstream.
    await render(5);
    expect(await storedBytes()).toEqual(bytesOf(5));
  });

  it('a render that starts during the rollback and removes variants: the rollback puts none of them back', async () => {
    await render(6);
    await render(7);
    // The article stops being AMP while an editor rolls back: a render that starts after the
    // rollback took its token publishes the standard page and removes the AMP and print variants.
    const newer = rendered(8).standard;
    let during: Awaited<ReturnType<typeof publishPage>> | undefined;
    whileRollingBack = async () => {
      during = await renderStandardOnly(8);
    };
    const { status, json } = await rollback({ site: 'news', path: PAGE.path });
    expect(whileRollingBack).toBeUndefined();
    expect(during?.written).toEqual(variantKeys('standard', 'amp', 'print'));
    expect(status).toBe(200);
    // Nothing of the rollback landed: the newer render's page is what readers get, with no AMP
    // or print page brought back from the version.
    expect(json.stale).toEqual(variantKeys('standard', 'amp', 'print'));
    expect(await storedBytes()).toEqual({ standard: Buffer.from(newer) });
  });

  it('the rollback CLI says nothing was rolled back, and exits 1, when a render that started after it published first', async () => {
    await render(9);
    await render(10);
    whileRollingBack = async () => {
      await renderStandardOnly(11);
    };
    const cli = await execFileAsync(process.execPath, ['--import', 'tsx', 'ingest/cli.ts', 'rollback', PAGE.path], {
      env: { ...process.env, ADMIN_URL: adminUrl, ADMIN_TOKEN },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    expect(whileRollingBack).toBeUndefined();
    expect(cli.code, cli.output).toBe(1);
    expect(cli.output).toContain(`Nothing was rolled back: a render of news ${PAGE.path} that started after your request was published first`);
    expect(cli.output).not.toContain('Rolled back');
    expect(await storedBytes()).toEqual({ standard: Buffer.from(rendered(11).standard) });
  });

  it('refuses without the token, over real HTTP', async () => {
    const response = await fetch(`${adminUrl}/admin/pages/rollback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: PAGE.path }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});
