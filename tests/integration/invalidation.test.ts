/**
 * Invalidation on real parts (redis-server, filesystem storage, the sample upstream over HTTP, the
 * ingest and edge servers, two render workers): a content event re-renders exactly the pages that
 * read the changed data; deletes take the page down (or redirect it); a burst of edits to one
 * article renders it at most twice, and an isolated edit renders at once (ADR 0027); an editor's
 * republish overtakes a backlog of sweep jobs.
 */
import type { Job } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXTS } from '../../core/isomorphic/constants.js';
import { EVENT_DEBOUNCE_MS, parseRenderJob, type RenderJob } from '../../core/queue.js';
import type { Stack } from '../../infra/local/stack.js';
import { webhookHeaders } from '../../ingest/webhook.js';
import { startForkedStack } from '../support/forked-site.js';
import { TEST_ADMIN_TOKEN, TEST_WEBHOOK_SECRET, type TestStack } from '../support/stack.js';
import { eventually, jobSettled } from '../support/eventually.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const ARTICLE_ID = 'art-1001';

let running: TestStack;
let stack: Stack;
let eventCounter = 0;

/** Posts a signed content event; resolves with the planned pages as "<site>:<path>", sorted. */
async function sendEvent(event: Record<string, unknown>): Promise<string[]> {
  eventCounter += 1;
  const body = JSON.stringify({ id: `evt-inv-${eventCounter}-${Date.now()}`, occurredAt: new Date().toISOString(), ...event });
  const response = await fetch(`${stack.adminUrl}/webhooks/content`, { method: 'POST', headers: webhookHeaders(TEST_WEBHOOK_SECRET, body), body });
  expect(response.status, await response.clone().text()).toBe(202);
  const planned = (await response.json()) as { jobs: Array<{ site: string; path: string }> };
  return planned.jobs.map((j) => `${j.site}:${j.path}`).sort();
}

async function idle(): Promise<void> {
  await eventually(async () => {
    const counts = await stack.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
    return Object.values(counts).every((n) => n === 0) ? true : undefined;
  }, 'the render queue to drain', 60_000);
}

async function sample(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${stack.upstreamUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path} -> ${response.status}`).toBe(true);
}

/** Completed jobs of one page that were requested after `since`. */
async function rendersOf(site: string, path: string, since: number): Promise<Job[]> {
  const completed = await stack.queue.getJobs(['completed'], 0, -1);
  return completed.filter((job) => {
    const data = job.data as RenderJob;
    return data.site === site && data.path === path && Date.parse(data.requestedAt) >= since;
  });
}

beforeAll(async () => {
  // Both editions of the whole sample, as the run's one publish left them (storage and dependency
  // index), copied for this file: its events re-render pages, so it never touches the shared site.
  const forked = await startForkedStack();
  running = forked;
  stack = running.stack;
  expect(forked.published.failed).toEqual([]);
  expect(forked.published.completed).toBeGreaterThan(500);
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

beforeEach(async () => {
  await idle();
  await sample('POST', '/__sample/reset');
});

describe('an event re-renders exactly the pages that read the changed data', () => {
  it('a category record: its front, its feed (channel title) and the sitemap index (section sitemap) on each site', async () => {
    expect(await sendEvent({ kind: 'category', action: 'updated', path: '/world' })).toEqual([
      'es:/rss/world.xml',
      'es:/sitemap.xml',
      'es:/world',
      'news:/rss/world.xml',
      'news:/sitemap.xml',
      'news:/world',
    ]);
  });

  it('a tag: the category front that reads it, on each site', async () => {
    expect(await sendEvent({ kind: 'tag', action: 'updated', contentId: 'fox-news/politics/elections' })).toEqual([
      'es:/category/politics/elections',
      'news:/category/politics/elections',
    ]);
  });

  it('a static page: that page and the sitemap index that lists it, on each site', async () => {
    expect(await sendEvent({ kind: 'static-page', action: 'updated', path: '/newsletters' })).toEqual([
      'es:/newsletters',
      'es:/sitemap.xml',
      'news:/newsletters',
      'news:/sitemap.xml',
    ]);
  });

  it('latest-news videos: home (with the 404 page it renders), the video home and the latest-news topic on each site', async () => {
    expect(await sendEvent({ kind: 'video', action: 'created', contentId: 'vid-new', tags: ['fox-news/latest-news'] })).toEqual([
      'es:/',
      'es:/video',
      'es:/video/topics/latest-news',
      'news:/',
      'news:/video',
      'news:/video/topics/latest-news',
    ]);
  });

  it('the menu: every page that shows the shell, and no feed, sitemap or robots.txt', async () => {
    const planned = await sendEvent({ kind: 'menu', action: 'updated' });
    const articles = await stack.upstream.listArticlePaths();
    for (const site of ['news', 'es']) {
      expect(planned).toContain(`${site}:/`);
      expect(planned).toContain(`${site}:/politics`);
      expect(planned).toContain(`${site}:${ARTICLE}`);
    }
    expect(planned.filter((page) => articles.some((path) => page.endsWith(`:${path}`))).length).toBe(articles.length * 2);
    expect(planned.filter((page) => /:\/(rss\/|sitemap|robots)/.test(page))).toEqual([]);
    // This test is about the plan. Rendering every page of both sites again (about 1,000 jobs)
    // would only load the machine for the tests after it: drop the jobs still waiting.
    await stack.queue.drain(true);
    await idle();
  });

  it('a site-specific event stays on that site', async () => {
    expect(await sendEvent({ kind: 'static-page', action: 'updated', site: 'es', path: '/newsletters' })).toEqual(['es:/newsletters', 'es:/sitemap.xml']);
  });
});

describe('deletes', () => {
  it('take the page down to the 404 page on both sites, and drop it from its front', async () => {
    await sample('DELETE', `/__sample/articles/${ARTICLE_ID}`);
    const planned = await sendEvent({ kind: 'article', action: 'deleted', contentId: ARTICLE_ID, path: ARTICLE, sections: ['politics'] });
    for (const page of [`news:${ARTICLE}`, `es:${ARTICLE}`, 'news:/politics', 'news:/']) expect(planned).toContain(page);
    await idle();
    const gone = await fetch(`${stack.siteUrl}${ARTICLE}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain(NOT_FOUND_TEXTS.heading);
    expect((await fetch(`${stack.siteUrl}${ARTICLE}/print`)).status).toBe(404);
    // Gone from the front's lists (the sample's topic bar links to it by hand: that is the menu's
    // content, not a list).
    const front = await (await fetch(`${stack.siteUrl}/politics`)).text();
    const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(front)?.[1] ?? '';
    expect(main).toContain('class="region');
    expect(main).not.toContain(`href="${ARTICLE}"`);

    // Published again: the created event brings it back and clears the deletion.
    await sample('POST', '/__sample/reset');
    await sendEvent({ kind: 'article', action: 'created', contentId: ARTICLE_ID, path: ARTICLE, sections: ['politics'] });
    await idle();
    expect((await fetch(`${stack.siteUrl}${ARTICLE}`)).status).toBe(200);
  });

  it('redirect the page with a 301 when the event names where to', async () => {
    await sample('DELETE', `/__sample/articles/${ARTICLE_ID}`);
    await sendEvent({ kind: 'article', action: 'deleted', contentId: ARTICLE_ID, path: ARTICLE, sections: ['politics'], redirectTo: '/politics' });
    await idle();
    const moved = await fetch(`${stack.siteUrl}${ARTICLE}`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/politics');
    await sample('POST', '/__sample/reset');
    await sendEvent({ kind: 'article', action: 'created', contentId: ARTICLE_ID, path: ARTICLE, sections: ['politics'] });
    await idle();
    expect((await fetch(`${stack.siteUrl}${ARTICLE}`, { redirect: 'manual' })).status).toBe(200);
  });

  it('refuse a bad event with a 4xx naming the field, and enqueue nothing', async () => {
    const before = await stack.queue.getJobCounts('waiting', 'prioritized', 'active', 'completed');
    const body = JSON.stringify({ id: 'evt-bad-delete', kind: 'article', action: 'updated', contentId: ARTICLE_ID, path: ARTICLE, redirectTo: '/politics', occurredAt: new Date().toISOString() });
    const response = await fetch(`${stack.adminUrl}/webhooks/content`, { method: 'POST', headers: webhookHeaders(TEST_WEBHOOK_SECRET, body), body });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('redirectTo');
    expect(await stack.queue.getJobCounts('waiting', 'prioritized', 'active', 'completed')).toEqual(before);
  });
});

describe('coalescing and order', () => {
  it('renders an article at most twice per site for a burst of 50 edits', async () => {
    const since = Date.now();
    // The CMS saves 50 times in quick succession, and an event for each save arrives in a burst.
    // The saves go first: sent one after another with their events, the burst would last as long
    // as 50 round trips, past the event window's longest wait (EVENT_MAX_WAIT_MS) on a loaded
    // machine, and a stream that long rightly renders again every EVENT_MAX_WAIT_MS.
    for (let i = 0; i < 50; i += 1) await sample('PATCH', `/__sample/articles/${ARTICLE_ID}`, { title: `Edit ${i}`, meta_title: `Edit ${i}` });
    await Promise.all(Array.from({ length: 50 }, () => sendEvent({ kind: 'article', action: 'updated', contentId: ARTICLE_ID, path: ARTICLE })));
    await idle();
    for (const site of ['news', 'es']) {
      const renders = await rendersOf(site, ARTICLE, since);
      expect(renders.length, `${site} renders`).toBeGreaterThanOrEqual(1);
      expect(renders.length, `${site} renders`).toBeLessThanOrEqual(2);
    }
    // ...and the page shows the last edit.
    expect(await (await fetch(`${stack.siteUrl}${ARTICLE}`)).text()).toContain('Edit 49');
  }, 60_000);

  it('renders an isolated edit at once: its job waits out no window, and renders once per site', async () => {
    const path = '/politics/county-clerks-pilot-mail-ballot-tracking';
    // Isolated: no event render of the page started within the window (the burst above may have
    // re-rendered it, if it lists the edited article). A render starts at or after its window's start.
    const completed = await stack.queue.getJobs(['completed'], 0, -1);
    const lastEventRender = Math.max(0, ...completed.filter((job) => parseRenderJob(job.data).path === path && parseRenderJob(job.data).reason === 'event').map((job) => job.processedOn ?? 0));
    const quietIn = lastEventRender + EVENT_DEBOUNCE_MS - Date.now();
    if (quietIn > 0) await new Promise((resolve) => setTimeout(resolve, quietIn + 50));
    const since = Date.now();
    // The title lists show and the page's own title (an article does not list itself beside it).
    await sample('PATCH', '/__sample/articles/art-1002', { title: 'Clerks widen the ballot alerts', meta_title: 'Clerks widen the ballot alerts' });
    await sendEvent({ kind: 'article', action: 'updated', contentId: 'art-1002', path });
    await idle();
    for (const site of ['news', 'es']) {
      const renders = await rendersOf(site, path, since);
      expect(renders, `${site} renders`).toHaveLength(1);
      expect(renders[0]?.delay, `${site} delay`).toBe(0);
    }
    expect(await (await fetch(`${stack.siteUrl}${path}`)).text()).toContain('Clerks widen the ballot alerts');
  });

  it("finishes an editor's republish before a backlog of 1,000 sweep jobs", async () => {
    const requestedAt = new Date().toISOString();
    const sweeps = Array.from({ length: 1000 }, (_, i): RenderJob => ({ site: 'news', path: `/sweep-backlog/page-${i}`, reason: 'sweep', requestedBy: 'test', requestedAt }));
    await stack.producer.enqueueMany(sweeps);
    const response = await fetch(`${stack.adminUrl}/admin/republish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ path: ARTICLE }),
    });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    const republished = await jobSettled(stack.queue, jobId, 15_000);
    const sweepJobs = (await stack.queue.getJobs(['completed', 'active'], 0, -1)).filter((job) => {
      const data = parseRenderJob(job.data);
      return data.reason === 'sweep' && data.path.startsWith('/sweep-backlog/');
    });
    // Sweeps started between the republish being queued and starting: at most one per worker slot
    // (the test stack runs one worker with concurrency 2), the fetch that slot had in flight at that
    // instant. How many ran before it was queued depends on the machine's speed, not on the
    // priority; the other slot going on with sweeps while the article rendered is expected.
    const queuedAt = republished?.timestamp ?? 0;
    const startedAt = republished?.processedOn ?? 0;
    const overtook = sweepJobs.filter((job) => (job.processedOn ?? 0) > queuedAt && (job.processedOn ?? 0) < startedAt);
    expect(startedAt).toBeGreaterThan(0);
    expect(overtook.length).toBeLessThanOrEqual(2);
    expect(sweepJobs.length).toBeLessThan(1000);
    expect(republished?.data).toMatchObject({ reason: 'republish', path: ARTICLE });
    // Drop the rest of the backlog: the remaining tests need an idle queue.
    await stack.queue.drain();
  }, 60_000);
});
