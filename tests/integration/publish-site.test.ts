/**
 * The whole-site publish, two ways, on real parts (a real redis-server, the sample upstream over
 * HTTP, every service of infra/local/stack.ts):
 * - the one `npm start` runs: it must report every page, including the ones that fail, and never
 *   wait forever. Here it publishes one section of both editions (`only`): the whole site through
 *   the same function is the run's shared publish (tests/support/global-setup.ts), whose summary
 *   article-variants, dead-links, log-lines and others require to have no failure;
 * - docker-compose.yml's `publish-site` step, its own shell script run as compose runs it: the
 *   republish CLI as a child process against the admin API, into an empty bucket (s3rver). It
 *   must fill the bucket with every page of the site map of both editions, and exit non-zero,
 *   saying why, when pages fail.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import type { PageRef } from '../../core/dependency-index.js';
import { SITE_IDS } from '../../core/isomorphic/sites.js';
import { streamSitePages } from '../../core/site-pages.js';
import type { Stack } from '../../infra/local/stack.js';
import { edgeRequest } from '../support/edge-request.js';
import { startTestS3, type TestS3 } from '../support/s3rver.js';
import { sampleRequest } from '../support/sample-client.js';
import { startTestStack, TEST_ADMIN_TOKEN, type TestStack } from '../support/stack.js';

const BROKEN = '/world/alpine-village-votes-on-glacier-retreat-plan';
/** The pages the `npm start` publish test publishes: the broken article's section, on both editions. */
const WORLD_SECTION = (page: PageRef): boolean => page.path === '/world' || page.path.startsWith('/world/');

describe('publishing the site as npm start does', () => {
  let running: TestStack;
  let stack: Stack;

  beforeAll(async () => {
    // One attempt, so a failing page fails now instead of after the production backoff.
    running = await startTestStack({ renderJobDefaults: { attempts: 1, backoffMs: 10 } });
    stack = running.stack;
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
  });

  it('reports a page whose upstream fails, by path and reason, and finishes the rest', async () => {
    const fault = await fetch(`${stack.upstreamUrl}/__sample/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/api/article', query: { path: BROKEN }, mode: 'status', status: 500 }),
    });
    expect(fault.ok).toBe(true);
    const progress: number[] = [];
    const summary = await stack.publishSite({ only: WORLD_SECTION, onProgress: (done) => progress.push(done) });
    expect(summary.total).toBeGreaterThanOrEqual(6);
    // Both sites publish the article, so both copies fail.
    expect(summary.failed.map((f) => f.path).sort()).toEqual([`es:${BROKEN}`, `news:${BROKEN}`]);
    expect(summary.failed[0]?.reason).toContain('UPSTREAM_UNAVAILABLE');
    expect(summary.completed).toBe(summary.total - 2);
    expect(progress.at(-1)).toBe(summary.total);
    expect((await fetch(`${stack.siteUrl}${BROKEN}`)).status).toBe(404);

    // A second publish with the fault gone publishes it, and counts every page once.
    await fetch(`${stack.upstreamUrl}/__sample/faults`, { method: 'DELETE' });
    const again = await stack.publishSite({ only: WORLD_SECTION });
    expect(again).toMatchObject({ completed: again.total, failed: [] });
    expect((await fetch(`${stack.siteUrl}${BROKEN}`)).status).toBe(200);
  }, 120_000);
});

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * docker-compose.yml's publish-site command, run as compose runs it (`$$` in the file is a
 * literal `$`), with the environment compose gives it, against the test stack's admin server.
 */
/**
 * Runs the compose file's publish-site script. `scope` replaces its `--all` (for example
 * `--prefix /world`): the same script, exit logic and CLI reporting over fewer pages, for the
 * failure cases; the whole-site run is the first test's.
 */
function runPublishSite(adminUrl: string, scope?: string): Promise<ScriptRun> {
  const compose = z
    .object({ services: z.object({ 'publish-site': z.object({ command: z.tuple([z.literal('sh'), z.literal('-c'), z.string()]) }) }) })
    .parse(parse(readFileSync('docker-compose.yml', 'utf8')));
  const whole = compose.services['publish-site'].command[2].replaceAll('$$', '$');
  if (scope !== undefined && !whole.includes(' --all ')) throw new Error('the publish-site script no longer says --all: update runPublishSite');
  const script = scope === undefined ? whole : whole.replace(' --all ', ` ${scope} `);
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], {
      // The image runs `node` from its PATH; here, the node running the tests.
      env: { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? '/tmp', ADMIN_URL: adminUrl, ADMIN_TOKEN: TEST_ADMIN_TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    // 'close': by then both streams have been read to the end.
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe("docker compose's publish-site step on an empty bucket", () => {
  let s3: TestS3;
  let running: TestStack;
  let stack: Stack;

  beforeAll(async () => {
    s3 = await startTestS3({ bucket: 'fresh-pages' });
    running = await startTestStack({
      storage: { driver: 's3', endpoint: s3.endpoint, region: s3.region, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true },
      renderJobDefaults: { attempts: 1, backoffMs: 10 },
    });
    stack = running.stack;
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
    await s3?.stop();
  });

  it('stores every page of the site map of both editions, crawler files included, and exits 0', async () => {
    // Nothing of either site is stored yet (the worker has published only the bundle's assets).
    for (const site of SITE_IDS) {
      for await (const key of stack.store.list(`${site}/`)) expect.fail(`the bucket should start empty, but holds ${key}`);
    }

    const run = await runPublishSite(stack.adminUrl);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);

    // Every page of the site map of each edition, with its crawler files and own pages, is served
    // from the bucket (the edge router reads nothing else): a page, or a redirect for the site
    // map's redirect entries.
    const origin = new URL(stack.siteUrl);
    const publicUrl = (site: string, path: string) => `http://${site === 'es' ? 'es.localhost' : 'localhost'}:${origin.port}${path}`;
    const missing: string[] = [];
    const counts = new Map<string, Set<string>>();
    for await (const { site, path } of streamSitePages(stack.upstream)) {
      counts.set(site, (counts.get(site) ?? new Set()).add(path));
      const answer = await edgeRequest(stack.siteUrl, publicUrl(site, path), 'HEAD');
      if (answer.status !== 200 && answer.status !== 301) missing.push(`${site}:${path} -> ${answer.status}`);
    }
    expect(missing).toEqual([]);
    for (const site of SITE_IDS) {
      const pages = counts.get(site)?.size ?? 0;
      expect(pages).toBeGreaterThan(200);
      expect(run.stdout).toContain(`Republishing the whole ${site} site: ${pages} page(s)`);
      for (const crawlerFile of ['/robots.txt', '/sitemap.xml', '/sitemap-news.xml', '/rss/politics.xml']) expect(counts.get(site)?.has(crawlerFile), crawlerFile).toBe(true);
    }
    expect(run.stdout.match(/Summary: \d+ enqueued, 0 deduplicated, 0 failed; rendered \d+, render failed 0, still pending 0\./g)).toHaveLength(2);
  }, 240_000);

  it('exits non-zero, saying so, when a page fails to render, and keeps the stored page', async () => {
    const before = await edgeRequest(stack.siteUrl, `${stack.siteUrl}${BROKEN}`);
    expect(before.status).toBe(200);
    await sampleRequest(stack.upstreamUrl, 'POST', '/__sample/faults', { path: '/api/article', query: { path: BROKEN }, mode: 'status', status: 500 });
    try {
      // The broken page's section of each edition: the whole site was published by the test before.
      const run = await runPublishSite(stack.adminUrl, '--prefix /world');
      expect(run.code, `${run.stdout}\n${run.stderr}`).not.toBe(0);
      expect(run.stdout).toContain('/world');
      // Each edition's run names its failed render; the script says the step failed.
      expect(run.stdout.match(/render failed 1,/g)).toHaveLength(2);
      expect(run.stderr).toContain('Failed renders are listed on the dashboard');
      expect(run.stderr).toContain('publish-site: the whole-site publish FAILED');
      expect((await edgeRequest(stack.siteUrl, `${stack.siteUrl}${BROKEN}`)).body.equals(before.body)).toBe(true);
    } finally {
      await sampleRequest(stack.upstreamUrl, 'DELETE', '/__sample/faults');
    }
  }, 240_000);

  it('exits non-zero, saying why, when the site map cannot be read', async () => {
    await sampleRequest(stack.upstreamUrl, 'POST', '/__sample/faults', { path: '/api/sitemap', mode: 'status', status: 500 });
    try {
      const run = await runPublishSite(stack.adminUrl);
      expect(run.code, `${run.stdout}\n${run.stderr}`).not.toBe(0);
      expect(run.stderr.match(/The page list stopped part-way, so only the pages listed before it were republished: UPSTREAM_UNAVAILABLE: /g)).toHaveLength(2);
      expect(run.stderr).toContain('publish-site: the whole-site publish FAILED');
    } finally {
      await sampleRequest(stack.upstreamUrl, 'DELETE', '/__sample/faults');
    }
  }, 120_000);
});
