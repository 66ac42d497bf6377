/**
 * Side data during an upstream outage (core/upstream/side-data.ts): a failed read of menus, legal
 * links, side lists or video lists shows the last good copy, kept in Redis where every worker reads
 * it; only with no good copy anywhere does the spec's empty fallback apply, and such a page never
 * replaces a stored page that had the data. Real parts: the sample upstream over HTTP with its
 * fault switch, a real redis-server, filesystem storage, the render pipeline and its workers.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRendererHarness, type RendererHarness } from '../support/renderer.js';
import { startTestStack, TEST_ADMIN_TOKEN, type TestStack } from '../support/stack.js';

const ARTICLE = '/us/state-lawmakers-approve-sweeping-changes-to-rural-water-rights-after-decades-long-fight';
const FRONT = '/politics';

async function fault(upstreamUrl: string, spec: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${upstreamUrl}/__sample/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
  expect(response.ok).toBe(true);
}

async function clearFaults(upstreamUrl: string): Promise<void> {
  await fetch(`${upstreamUrl}/__sample/faults`, { method: 'DELETE' });
}

/** The nav menu links of a stored page's header (what a reader sees as the site's sections). */
function headerLinks(html: string): string[] {
  const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
  return [...header.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
}

describe('side data through a render (renderer harness)', () => {
  let harness: RendererHarness;
  let redis: Redis;

  beforeAll(async () => {
    harness = await startRendererHarness({ logLevel: 'info' });
    redis = new Redis(harness.redisUrl);
  }, 60_000);

  afterAll(async () => {
    redis?.disconnect();
    await harness?.stop();
  });

  it('shows the last good menus and side lists when their reads fail, and names them as stale', async () => {
    await clearFaults(harness.upstream.url);
    const first = await harness.render(ARTICLE);
    expect(first.written.length).toBeGreaterThan(0);
    expect(first.staleData).toBeUndefined();
    const before = await harness.stored(ARTICLE);
    expect(headerLinks(before)).toContain('/politics');

    // The menus, legal links and the article's side lists all fail; the article itself answers.
    await fault(harness.upstream.url, { path: '/layouts', query: { subtype: 'nav' }, mode: 'status', status: 503 });
    await fault(harness.upstream.url, { path: '/layouts', query: { subtype: 'navLegalLinksLayout' }, mode: 'malformed' });
    await fault(harness.upstream.url, { path: '/api/article-search', mode: 'status', status: 500 });
    const second = await harness.render(ARTICLE);
    await clearFaults(harness.upstream.url);

    expect(second.staleData).toEqual(expect.arrayContaining(['menu:HeaderLayout', 'menu:MoreLayout', 'menu:MobileLayout', 'menu:TopicLayout', 'legal-links']));
    expect(second.missingData).toBeUndefined();
    // Nothing changed for the reader: the page is byte for byte the one rendered with good data.
    expect(second.written).toEqual([]);
    expect(await harness.stored(ARTICLE)).toBe(before);
    expect(harness.logLines.some((line) => line.message === 'side data read failed; rendered with its last good copy')).toBe(true);
  }, 60_000);

  it('with no good copy anywhere, falls back to empty menus but keeps a stored page that had them', async () => {
    await clearFaults(harness.upstream.url);
    await harness.render(FRONT);
    const before = await harness.stored(FRONT);
    expect(headerLinks(before).length).toBeGreaterThan(3);

    // A Redis that lost its copies (a new deployment): nothing better than empty exists.
    const copies = await redis.keys(`${harness.redisPrefix}:last-good:*`);
    expect(copies.length).toBeGreaterThan(0);
    await redis.del(...copies);
    await fault(harness.upstream.url, { path: '/layouts', query: { subtype: 'nav' }, mode: 'status', status: 503 });
    const degraded = await harness.render(FRONT);
    await clearFaults(harness.upstream.url);

    expect(degraded.missingData).toEqual(expect.arrayContaining(['menu:HeaderLayout', 'menu:TopicLayout']));
    expect(degraded.kept?.length).toBeGreaterThan(0);
    expect(degraded.written).toEqual([]);
    expect(await harness.stored(FRONT)).toBe(before);
  }, 60_000);

  it('publishes a page with empty menus only when nothing was stored, and replaces it once menus answer', async () => {
    const path = '/us';
    const copies = await redis.keys(`${harness.redisPrefix}:last-good:*`);
    if (copies.length > 0) await redis.del(...copies);
    await fault(harness.upstream.url, { path: '/layouts', query: { subtype: 'nav' }, mode: 'status', status: 503 });
    const degraded = await harness.render(path);
    await clearFaults(harness.upstream.url);
    expect(degraded.missingData?.length).toBeGreaterThan(0);
    expect(degraded.written.length).toBeGreaterThan(0);
    expect(headerLinks(await harness.stored(path))).not.toContain('/politics');

    const good = await harness.render(path);
    expect(good.missingData).toBeUndefined();
    expect(good.written.length).toBeGreaterThan(0);
    expect(headerLinks(await harness.stored(path))).toContain('/politics');
  }, 60_000);
});

/** Path (relative to `dir`) -> sha256 of every file under it. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    // The lock owner files (ADR 0047) are the driver's own bookkeeping, not objects.
    if (relative(dir, path).startsWith('.lock-owners')) continue;
    files.set(relative(dir, path), createHash('sha256').update(await readFile(path)).digest('hex'));
  }
  return files;
}

describe('a whole-site republish while the layouts service fails (real workers)', () => {
  let running: TestStack;
  let storageDir: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'last-good-'));
    // One attempt: a page whose own layout fails is reported failed now, not after the backoff.
    running = await startTestStack({ storage: { driver: 'fs', dir: storageDir }, renderJobDefaults: { attempts: 1, backoffMs: 10 } });
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('leaves every stored page of both editions byte-identical, and the page status names the stale data', async () => {
    const { stack } = running;
    const first = await stack.publishSite();
    expect(first.failed).toEqual([]);
    const before = await snapshot(storageDir);
    expect(before.size).toBeGreaterThan(500);

    await fault(stack.upstreamUrl, { path: '/layouts', mode: 'status', status: 503 });
    const during = await stack.publishSite({ reason: 'republish' });
    await clearFaults(stack.upstreamUrl);
    // Pages whose own layout is their content fail (and are retried in production); every other
    // page rendered on the last good menus and lists.
    expect(during.completed).toBeGreaterThan(0);
    const after = await snapshot(storageDir);
    const changed = [...after].filter(([path, hash]) => before.get(path) !== hash).map(([path]) => path);
    const gone = [...before.keys()].filter((path) => !after.has(path));
    expect({ changed, gone }).toEqual({ changed: [], gone: [] });

    // The editors' page status says which data was stale.
    const status = await fetch(`${stack.adminUrl}/admin/pages/status?site=news&path=${encodeURIComponent('/search-results/search')}`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(status.status).toBe(200);
    const body = (await status.json()) as { lastRender: { staleData: string[]; written: number } | null };
    expect(body.lastRender?.staleData).toEqual(expect.arrayContaining(['menu:HeaderLayout', 'legal-links']));
    expect(body.lastRender?.written).toBe(0);
  }, 400_000);

  it('never completes a render that kept the stored page for want of side data: the job fails (retried in production) and the stored page stays', async () => {
    const { stack } = running;
    const path = '/politics';
    const before = await snapshot(storageDir);
    // A Redis that lost its copies while the menus service is down.
    const { redis, prefix } = stack.index.scope;
    const copies = await redis.keys(`${prefix}:last-good:*`);
    expect(copies.length).toBeGreaterThan(0);
    await redis.del(...copies);
    await fault(stack.upstreamUrl, { path: '/layouts', query: { subtype: 'nav' }, mode: 'status', status: 503 });
    try {
      const { jobId } = await stack.producer.enqueue({ site: 'news', path, reason: 'republish', requestedAt: new Date().toISOString() });
      expect(jobId).toBeDefined();
      await expect
        .poll(async () => (await stack.queue.getJob(jobId ?? ''))?.getState(), { timeout: 30_000 })
        .toBe('failed');
      expect((await stack.queue.getJob(jobId ?? ''))?.failedReason).toContain('side data failed with no good copy anywhere (menu:HeaderLayout');
    } finally {
      await clearFaults(stack.upstreamUrl);
    }
    const after = await snapshot(storageDir);
    expect([...after].filter(([file, hash]) => before.get(file) !== hash)).toEqual([]);
  }, 120_000);
});
