/**
 * The walking skeleton end to end on real parts: a real redis-server, the S3 protocol (s3rver),
 * the sample upstream over HTTP, and every service wired as `npm start` wires them. A signed
 * content-change event for an article reaches the reader as new HTML from the edge router.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXTS } from '../../core/isomorphic/constants.js';
import { pageKey } from '../../core/storage/keys.js';
import type { Stack } from '../../infra/local/stack.js';
import { webhookHeaders } from '../../ingest/webhook.js';
import { startTestS3, type TestS3 } from '../support/s3rver.js';
import { startTestStack, TEST_ADMIN_TOKEN as ADMIN_TOKEN, TEST_WEBHOOK_SECRET as WEBHOOK_SECRET, type TestStack } from '../support/stack.js';
import { eventually, jobSettled } from '../support/eventually.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const ARTICLE_ID = 'art-1001';

let s3: TestS3;
let running: TestStack;
let stack: Stack;

function postEvent(body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${stack.adminUrl}/webhooks/content`, { method: 'POST', headers, body });
}

async function jobCount(): Promise<number> {
  const counts = await stack.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'completed', 'failed');
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

beforeAll(async () => {
  s3 = await startTestS3({ bucket: 'pages' });
  running = await startTestStack({
    storage: {
      driver: 's3',
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    },
  });
  stack = running.stack;
  const summary = await stack.publishSite();
  expect(summary.failed).toEqual([]);
  expect(summary.completed).toBe(summary.total);
}, 240_000); // both editions of the whole sample (~500 pages) through s3rver

afterAll(async () => {
  await running.stop();
  await s3.stop();
});

describe('event -> stored -> served', () => {
  it('serves the published article, then the edited one after a signed content-change event', async () => {
    const first = await fetch(`${stack.siteUrl}${ARTICLE}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('surrogate-key')).toContain(`article:${ARTICLE_ID}`);
    expect(await first.text()).not.toContain('Broadband bill heads to the Senate floor');

    // The editor changes the headline in the CMS...
    const article = (await (await fetch(`${stack.upstreamUrl}/api/article?path=${encodeURIComponent(ARTICLE)}`)).json()) as {
      data: { results: Array<{ header: Record<string, unknown> }> };
    };
    const header = article.data.results[0]?.header ?? {};
    const patch = await fetch(`${stack.upstreamUrl}/__sample/articles/${ARTICLE_ID}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Broadband bill heads to the Senate floor',
        meta_title: 'Broadband bill heads to the Senate floor',
        header: { ...header, headline: 'Broadband bill heads to the Senate floor' },
      }),
    });
    expect(patch.status).toBe(200);

    // ...and the CMS tells us.
    const body = JSON.stringify({
      id: 'evt-integration-1',
      kind: 'article',
      action: 'updated',
      contentId: ARTICLE_ID,
      path: ARTICLE,
      sections: ['politics'],
      occurredAt: new Date().toISOString(),
    });
    const accepted = await postEvent(body, webhookHeaders(WEBHOOK_SECRET, body));
    expect(accepted.status).toBe(202);
    const planned = (await accepted.json()) as { jobs: Array<{ site: string; path: string }> };
    // Exactly the pages that display the article, on both sites: the article, the fronts whose
    // lists show it, its section's feed and the news sitemap (which carries titles) when it is
    // in their windows. Read back from the dependency index: which pages recorded article:art-1001.
    const displaying = await stack.index.pagesFor([`article:${ARTICLE_ID}`, `article-path:${ARTICLE}`]);
    expect(planned.jobs.map((j) => `${j.site}:${j.path}`).sort()).toEqual(displaying.map((p) => `${p.site}:${p.path}`).sort());
    const plannedPaths = new Set(planned.jobs.map((j) => j.path));
    for (const path of [ARTICLE, '/politics', '/rss/politics.xml']) {
      for (const site of ['news', 'es']) expect(planned.jobs).toContainEqual(expect.objectContaining({ site, path }));
    }
    // ...and nothing unrelated: no other article, no other section's feed, not the sitemap index,
    // not a front that does not show it.
    const articles = await stack.upstream.listArticlePaths();
    expect(articles.filter((path) => plannedPaths.has(path))).toEqual([ARTICLE]);
    expect([...plannedPaths].filter((path) => path.startsWith('/rss/'))).toEqual(['/rss/politics.xml']);
    expect(plannedPaths.has('/sitemap.xml')).toBe(false);
    for (const path of plannedPaths) {
      if (path === ARTICLE || path.startsWith('/rss/') || path.startsWith('/sitemap')) continue;
      const html = await (await fetch(`${stack.siteUrl}${path}`)).text();
      expect(html, `${path} was re-planned but does not show the article`).toContain(`href="${ARTICLE}"`);
    }

    const html = await eventually(async () => {
      const text = await (await fetch(`${stack.siteUrl}${ARTICLE}`)).text();
      return text.includes('<h1 class="headline">Broadband bill heads to the Senate floor</h1>') ? text : undefined;
    }, 'the new headline on the article page');
    expect(html).toContain('<title>Broadband bill heads to the Senate floor | Fox News</title>');
    await eventually(async () => {
      const text = await (await fetch(`${stack.siteUrl}/politics`)).text();
      return text.includes('Broadband bill heads to the Senate floor') ? true : undefined;
    }, 'the new headline on the politics front');
  });

  it('section fronts announce their RSS feed, and the link leads to the served feed, on both editions', async () => {
    for (const site of ['news', 'es'] as const) {
      for (const [front, feed] of [['/politics', '/rss/politics.xml'], ['/category/politics/elections', '/rss/politics.xml'], ['/us', '/rss/us.xml']] as const) {
        const response = await fetch(`${stack.siteUrl}${front}`, site === 'es' ? { headers: { host: 'es.localhost' } } : {});
        if (response.status === 404 && front.startsWith('/category/')) continue;
        expect(response.status, `${site}:${front}`).toBe(200);
        const links = [...(await response.text()).matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]*)" href="([^"]*)"\/>/g)];
        expect(links.map((link) => new URL(link[2] ?? '').pathname), `${site}:${front}`).toEqual([feed]);
        const served = await fetch(`${stack.siteUrl}${feed}`, site === 'es' ? { headers: { host: 'es.localhost' } } : {});
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toContain('application/rss+xml');
        // The link's title is the feed's channel title.
        expect(await served.text()).toContain(`<title>${links[0]?.[1] ?? ''}</title>`);
      }
    }
    // Pages that are not section fronts announce no feed.
    expect(await (await fetch(`${stack.siteUrl}${ARTICLE}`)).text()).not.toContain('application/rss+xml');
  });

  it('refuses a bad signature with 401 and enqueues nothing', async () => {
    const before = await jobCount();
    const body = JSON.stringify({ id: 'evt-forged', kind: 'menu', action: 'updated', occurredAt: new Date().toISOString() });
    const forged = await postEvent(body, webhookHeaders('not-the-secret-at-all-0000', body));
    expect(forged.status).toBe(401);
    const unsigned = await postEvent(body, { 'content-type': 'application/json' });
    expect(unsigned.status).toBe(401);
    expect(await jobCount()).toBe(before);
  });

  it('re-publishing an unchanged article writes nothing', async () => {
    const key = pageKey('news', '/world/port-strike-ends-shipping-backlog-clears', 'standard');
    const before = await stack.store.head(key);
    expect(before).not.toBeNull();
    const response = await fetch(`${stack.adminUrl}/admin/republish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/world/port-strike-ends-shipping-backlog-clears', requestedBy: 'integration test' }),
    });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    // Read once the state says finished: a Job read mid-run keeps returnvalue null.
    const job = await jobSettled(stack.queue, jobId, 15_000);
    expect(job.returnvalue).toMatchObject({
      kind: 'article',
      written: [],
      unchanged: [key, pageKey('news', '/world/port-strike-ends-shipping-backlog-clears', 'print')],
    });
    // Nothing was written: the stored object is the one from the first publish.
    expect(await stack.store.head(key)).toEqual(before);
  });

  it('republish needs the admin token', async () => {
    const response = await fetch(`${stack.adminUrl}/admin/republish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/' }),
    });
    expect(response.status).toBe(401);
  });
});

describe('the edge router in front of S3', () => {
  it('redirects a trailing slash keeping the query, and serves the stored 404 page with status 404', async () => {
    const redirect = await fetch(`${stack.siteUrl}/politics/?utm_source=x&b=2`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/politics?utm_source=x&b=2');

    const missing = await fetch(`${stack.siteUrl}/politics/no-such-story`);
    expect(missing.status).toBe(404);
    const text = (await missing.text()).replace(/&#x27;/g, "'");
    expect(text).toContain(NOT_FOUND_TEXTS.heading);
    expect(text).toContain(NOT_FOUND_TEXTS.body);
    expect(text).toContain(NOT_FOUND_TEXTS.goHome);
  });

  it('answers 304 to a matching If-None-Match and serves hashed assets as immutable', async () => {
    const page = await fetch(`${stack.siteUrl}/`);
    const etag = page.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const html = await page.text();
    const again = await fetch(`${stack.siteUrl}/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const script = /<script type="module" src="(\/assets\/client-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${stack.siteUrl}${script ?? ''}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });
});
