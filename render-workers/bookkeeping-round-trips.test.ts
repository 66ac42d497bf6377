/**
 * ADR 0030: a render's Redis bookkeeping in as few round trips as the fencing
 * rules allow, counted on a real Redis through a proxy that counts round trips
 * (tests/support/tcp-proxy.ts). Renders go through the real renderer with the worker's page status
 * and render log, as render-workers/main.ts wires them (one connection, one prefix).
 *
 * What a render may cost, and why each round trip is there:
 * 1. the fencing token, before any upstream read (ADR 0009);
 * 2. the admission to publish, before the first storage read, with the stale deletion record
 *    deleted in the same pipeline (ADR 0023: a newer render is admitted before it reads);
 * 3. for a page whose bytes changed: the guard before the previous version is kept, and the guard
 *    inside each changed write (ADR 0023: checked where the write lands); the variants are written
 *    concurrently, so these share round trips;
 * 4. one script after the writes: dependency index, write announcement, failure record, render log.
 */
import { afterAll, expect, it } from 'vitest';
import { PageRenderLog, PageStatusStore } from '../core/page-status.js';
import { pageWritesChannel } from '../core/page-announcements.js';
import { pageKey } from '../core/storage/keys.js';
import { Redis } from 'ioredis';
import { useRendererHarness, type RendererHarness } from '../tests/support/renderer.js';
import { startTcpProxy, type TcpProxy } from '../tests/support/tcp-proxy.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const ARTICLE_ID = 'art-1001';

let harness: RendererHarness;
let proxy: TcpProxy | undefined;
useRendererHarness(
  (ready) => {
    harness = ready;
  },
  {
    redisVia: async (url) => {
      proxy = await startTcpProxy(url);
      return proxy.url;
    },
  },
);

afterAll(async () => {
  await proxy?.close();
});

function counter(): TcpProxy {
  if (proxy === undefined) throw new Error('no proxy');
  return proxy;
}

/** Renders the article as the worker does; returns the round trips it made and its outcome. */
async function render(): Promise<{ roundTrips: number; written: number; recorded: boolean | undefined }> {
  const { redis } = harness.index.scope;
  const records = { pageStatus: new PageStatusStore(redis, harness.redisPrefix), renderLog: new PageRenderLog(redis, harness.redisPrefix) };
  const before = counter().stats().roundTrips;
  const outcome = await harness.renderer.render({ site: 'news', path: ARTICLE, reason: 'event', requestedAt: new Date().toISOString() }, 'job-rt', records);
  return { roundTrips: counter().stats().roundTrips - before, written: outcome.written.length, recorded: outcome.recorded };
}

it('renders an unchanged page in 3 round trips, a changed one in at most 4 plus one per changed variant', async () => {
  const { redis } = harness.index.scope;
  const listener = new Redis(harness.redisUrl);
  const announced: string[] = [];
  listener.on('message', (_channel: string, message: string) => announced.push(message));
  await listener.subscribe(pageWritesChannel(harness.redisPrefix));
  const page = { site: 'news', path: ARTICLE } as const;
  const status = new PageStatusStore(redis, harness.redisPrefix);
  try {
    // First render: stores the page and learns the side data (last good copies are written once).
    await render();
    await status.recordFailure(page, { reason: 'event', message: 'UPSTREAM_UNAVAILABLE: earlier', at: new Date(), code: 'UPSTREAM_UNAVAILABLE', final: true, recoverable: true });
    await harness.index.markDeleted(page, { eventId: 'evt-old', at: new Date().toISOString() });

    const unchanged = await render();
    expect(unchanged.written).toBe(0);
    expect(unchanged.recorded).toBe(true);
    expect(unchanged.roundTrips).toBe(3);
    // What those round trips did: the failure cleared, the render logged, the deletion record
    // gone, the dependencies kept, the page's keys announced.
    expect(await status.read(page)).toBeNull();
    expect(await status.listAwaitingRecovery(10)).toEqual([]);
    expect(await new PageRenderLog(redis, harness.redisPrefix).read(page)).toMatchObject({ jobId: 'job-rt', reason: 'event', kind: 'article', written: 0, kept: false });
    expect(await harness.index.deletion(page)).toBeNull();
    expect(await harness.index.keysOf(page)).toContain(`article:${ARTICLE_ID}`);
    await expect.poll(() => announced.some((message) => message.includes(pageKey('news', ARTICLE, 'standard')))).toBe(true);

    // A change to the article's body only (no side list shows it): one variant changes.
    const current = await fetch(`${harness.upstream.url}/__sample/articles/${ARTICLE_ID}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{}' });
    const { article } = (await current.json()) as { article: { components: unknown[] } };
    const patched = await fetch(`${harness.upstream.url}/__sample/articles/${ARTICLE_ID}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ components: [...article.components, { kind: 'paragraph', props: { text: 'A paragraph added by the round-trip test.' } }] }),
    });
    expect(patched.ok).toBe(true);
    const changed = await render();
    expect(changed.written).toBeGreaterThan(0);
    expect(changed.recorded).toBe(true);
    // Token, admission, the guards before the version is kept, the guards inside the changed
    // writes, bookkeeping. The variants are written concurrently, so their guards share round
    // trips: at most one per changed variant, at least one for all of them.
    expect(changed.written).toBe(2);
    expect(changed.roundTrips).toBeGreaterThanOrEqual(3 + 1 + 1);
    expect(changed.roundTrips).toBeLessThanOrEqual(3 + 1 + changed.written);
    expect(await harness.stored(ARTICLE)).toContain('A paragraph added by the round-trip test.');
  } finally {
    listener.disconnect();
  }
});
