/**
 * Every page of the site, listed (the first publish) and streamed (the nightly sweep), read from
 * the real sample upstream over HTTP: once with its own dataset, once with a synthetic site large
 * enough that the site map takes several upstream pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from './config/upstream.js';
import type { PageRef } from './dependency-index.js';
import { SEARCH_RESULTS_PATH } from './isomorphic/constants.js';
import { SITES } from './isomorphic/sites.js';
import { translationStatementPath } from './isomorphic/static-paths.js';
import { createUpstreamClient, type UpstreamClient } from './upstream/client.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../infra/sample-upstream/server.js';
import { capturingLogger } from '../tests/support/log-capture.js';
import { listSitePages, streamSitePages } from './site-pages.js';

/** What the client logs: one `upstream call` line per call, with its `api` name. */
const lines: Array<{ message?: string; api?: { name?: string } }> = [];
const logger = capturingLogger('site-pages-test', lines);
/** Site-map calls made so far. */
const siteMapCalls = (): number => lines.filter((line) => line.message === 'upstream call' && line.api?.name === 'sitemap').length;
let small: RunningSampleUpstream;
let large: RunningSampleUpstream;

const clientOf = (upstream: RunningSampleUpstream): UpstreamClient =>
  createUpstreamClient({ config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '10000' }), logger });

async function collect(stream: AsyncIterable<PageRef>): Promise<string[]> {
  const refs: string[] = [];
  for await (const ref of stream) refs.push(`${ref.site}:${ref.path}`);
  return refs;
}

beforeAll(async () => {
  small = await startSampleUpstream({ port: 0 });
  large = await startSampleUpstream({ port: 0, synthetic: { articles: 2_500 } });
}, 60_000);

afterAll(async () => {
  await small?.close();
  await large?.close();
});

describe('site pages', () => {
  it('streams the same pages the list holds, for both sites, with the crawler files and the search page', async () => {
    const client = clientOf(small);
    const listed = (await listSitePages(client)).map((ref) => `${ref.site}:${ref.path}`);
    const streamed = await collect(streamSitePages(client));
    expect(streamed.sort()).toEqual([...listed].sort());
    expect(streamed).toEqual(expect.arrayContaining(['news:/', 'es:/', 'news:/robots.txt', `es:${SEARCH_RESULTS_PATH}`, 'news:/politics']));
    // The sample site map lists each path once, so nothing comes twice.
    expect(new Set(streamed).size).toBe(streamed.length);
    // The translation statement is in the shared site map, but a page of the Spanish edition only.
    const statement = translationStatementPath(SITES.es) ?? '';
    expect(await client.listSitePaths()).toContain(statement);
    expect(streamed).toContain(`es:${statement}`);
    expect(streamed).not.toContain(`news:${statement}`);
  });

  it('reads a large site map one upstream page at a time, yielding before the last page is read', async () => {
    const client = clientOf(large);
    const total = (await client.listSitePaths()).length;
    expect(total).toBeGreaterThan(2_500);
    lines.length = 0;
    const stream = streamSitePages(client, ['news'])[Symbol.asyncIterator]();
    const first = await stream.next();
    expect(first.value).toMatchObject({ site: 'news' });
    // The first page arrived after one call of the site map: the rest is not read yet.
    expect(siteMapCalls()).toBe(1);
    let count = 1;
    while (!(await stream.next()).done) count += 1;
    // Every site-map path (in pages of 1,000), then the site's own files.
    expect(siteMapCalls()).toBe(Math.ceil(total / 1_000));
    expect(count).toBeGreaterThan(total);
  });
});
