/**
 * The whole-site publish `npm start` runs: it must report every page, including the ones that
 * fail, and never wait forever. Real Redis, filesystem storage, the sample upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../infra/local/stack.js';
import { startTestStack, type TestStack } from '../support/stack.js';

const BROKEN = '/world/alpine-village-votes-on-glacier-retreat-plan';

let running: TestStack;
let stack: Stack;

beforeAll(async () => {
  // One attempt, so a failing page fails now instead of after the production backoff.
  running = await startTestStack({ renderJobDefaults: { attempts: 1, backoffMs: 10 } });
  stack = running.stack;
}, 60_000);

afterAll(async () => {
  await running.stop();
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
    // Both sites publish the article, so both copies fail.
    expect(summary.failed.map((f) => f.path).sort()).toEqual([`es:${BROKEN}`, `news:${BROKEN}`]);
    expect(summary.failed[0]?.reason).toContain('UPSTREAM_UNAVAILABLE');
    expect(summary.completed).toBe(summary.total - 2);
    expect(progress.at(-1)).toBe(summary.total);
    expect((await fetch(`${stack.siteUrl}${BROKEN}`)).status).toBe(404);

    // A second publish with the fault gone publishes it, and counts every page once.
    await fetch(`${stack.upstreamUrl}/__sample/faults`, { method: 'DELETE' });
    const again = await stack.publishSite();
    expect(again).toMatchObject({ completed: again.total, failed: [] });
    expect((await fetch(`${stack.siteUrl}${BROKEN}`)).status).toBe(200);
    // Two full publishes plus the broken page's retries (2 s, 4 s, 8 s backoff) take about 15 s
    // on an idle 2-core machine; the limit leaves room for a busy one.
  }, 180_000);
});
