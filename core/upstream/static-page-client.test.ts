/**
 * The static page reader against the sample upstream over HTTP (docs/upstream-contract.md §1, §5.2).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { parseUpstreamConfig } from '../config/upstream.js';
import { isPlatformError } from '../errors.js';
import { createLogger } from '../logger.js';
import { createStaticPageClient, type StaticPageClient } from './static-page-client.js';

let upstream: RunningSampleUpstream;
let keys: string[];
let lines: Array<{ level: string; api?: { name: string; status?: number } }>;

function makeClient(fetchImpl?: typeof fetch): StaticPageClient {
  const config = parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  const logger = createLogger({ component: 'static-page-test', level: 'debug', destination });
  return createStaticPageClient({ config, logger, ...(fetchImpl ? { fetchImpl } : {}) }).withRecorder({ record: (key) => keys.push(key) });
}

async function fault(body: unknown): Promise<void> {
  const response = await fetch(`${upstream.url}/__sample/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  upstream = await startSampleUpstream({ port: 0 });
});

beforeEach(async () => {
  keys = [];
  lines = [];
  await fetch(`${upstream.url}/__sample/faults`, { method: 'DELETE' });
});

afterAll(async () => {
  await upstream.close();
});

describe('getStaticPage', () => {
  it('reads results[0], fills the contract defaults and records static-page:<path> first', async () => {
    const page = await makeClient().getStaticPage('/newsletters');
    expect(page?.title).toBe('Newsletters');
    expect(page?.meta_title).toBe('Newsletters | Sign Up for Free Email Updates');
    expect(page?.components.length).toBeGreaterThan(0);
    expect(page?.scripts).toEqual([]);
    expect(page?.stylesheets).toEqual([]);
    expect(page?.robots_noindex).toBe(false);
    expect(page?.robots_nofollow).toBe(false);
    expect(keys).toEqual(['static-page:/newsletters']);
    expect(lines.some((line) => line.api?.name === 'staticpage' && line.api.status === 200)).toBe(true);
  });

  it('answers null on 404, still recording the key, logged at info', async () => {
    expect(await makeClient().getStaticPage('/nothing-here')).toBeNull();
    expect(keys).toEqual(['static-page:/nothing-here']);
    expect(lines.some((line) => line.level === 'info' && line.api?.status === 404)).toBe(true);
  });

  it('answers null for an empty results list', async () => {
    const empty = () => Promise.resolve(new Response(JSON.stringify({ data: { results: [] } }), { status: 200 }));
    expect(await makeClient(empty).getStaticPage('/x')).toBeNull();
  });

  it('turns a 5xx into UPSTREAM_UNAVAILABLE', async () => {
    await fault({ path: '/api/staticpage', mode: 'status', status: 503 });
    const error: unknown = await makeClient().getStaticPage('/newsletters').catch((e: unknown) => e);
    expect(isPlatformError(error, 'UPSTREAM_UNAVAILABLE')).toBe(true);
  });

  it('turns malformed JSON and an off-contract record into UPSTREAM_BAD_RESPONSE naming the field', async () => {
    await fault({ path: '/api/staticpage', mode: 'malformed' });
    const malformed: unknown = await makeClient().getStaticPage('/newsletters').catch((e: unknown) => e);
    expect(isPlatformError(malformed, 'UPSTREAM_BAD_RESPONSE')).toBe(true);

    const offContract = () => Promise.resolve(new Response(JSON.stringify({ data: { results: [{ title: 42 }] } }), { status: 200 }));
    const error: unknown = await makeClient(offContract).getStaticPage('/x').catch((e: unknown) => e);
    expect(isPlatformError(error, 'UPSTREAM_BAD_RESPONSE')).toBe(true);
    expect(error instanceof Error ? error.message : '').toContain('data.results.0.title');
  });

  it('turns another 4xx into UPSTREAM_BAD_RESPONSE', async () => {
    await fault({ path: '/api/staticpage', mode: 'status', status: 400 });
    const error: unknown = await makeClient().getStaticPage('/newsletters').catch((e: unknown) => e);
    expect(isPlatformError(error, 'UPSTREAM_BAD_RESPONSE')).toBe(true);
  });
});
