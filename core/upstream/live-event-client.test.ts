/**
 * The live-event reader against the sample upstream over HTTP (docs/upstream-contract.md §1, §5.4,
 * §5.16): keys recorded before each call, contract defaults, not found, failures, and the live-blog
 * feed's "failure gives empty data" rule (spec 2 §8).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { parseUpstreamConfig } from '../config/upstream.js';
import { isPlatformError } from '../errors.js';
import { createLogger } from '../logger.js';
import { createLiveEventClient, type LiveEventClient } from './live-event-client.js';

let upstream: RunningSampleUpstream;
let keys: string[];
let lines: Array<{ level: string; message: string; api?: { name: string; status?: number } }>;

function makeClient(): LiveEventClient {
  const config = parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  const logger = createLogger({ component: 'live-event-test', level: 'debug', destination });
  return createLiveEventClient({ config, logger }).withRecorder({ record: (key) => keys.push(key) });
}

async function sample(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${upstream.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

beforeAll(async () => {
  upstream = await startSampleUpstream({ port: 0 });
});

beforeEach(async () => {
  keys = [];
  lines = [];
  await sample('POST', '/__sample/reset');
});

afterAll(async () => {
  await upstream.close();
});

describe('getLiveEvent', () => {
  it('reads results[0], fills the defaults and records live-event:<path> first', async () => {
    const event = await makeClient().getLiveEvent('/coverage/winter-storm');
    expect(event?.title).toBe('Winter Storm Live Updates');
    expect(event?.isBreaking).toBe(false);
    expect(event?.playlist).toEqual([]);
    expect(event?.liveBlog).toEqual({ providerId: 'sample-live', eventCode: 'winter-storm-2026' });
    expect(keys).toEqual(['live-event:/coverage/winter-storm']);
    expect(lines.some((line) => line.api?.name === 'live-event' && line.api.status === 200)).toBe(true);
  });

  it('keeps the video fields of spec 2 §3', async () => {
    const event = await makeClient().getLiveEvent('/coverage/election-night');
    expect(event?.video).toMatchObject({ id: 'live-stream-election', url: '/video/live-stream-election', title: 'Watch: Election Night live stream', category: 'Politics', categoryUrl: '/politics', duration: 'LIVE' });
    expect(event?.video?.responsiveImages[0]?.media).toBe('(min-width: 768px)');
    expect(event?.playlist).toHaveLength(3);
    expect(event?.adInfo).toEqual({ size: '300x250', value: '/sample/live/election-night', text: 'Advertisement' });
  });

  it('answers null for a missing event, still recording its key', async () => {
    expect(await makeClient().getLiveEvent('/coverage/nothing-here')).toBeNull();
    expect(keys).toEqual(['live-event:/coverage/nothing-here']);
  });

  it('throws UPSTREAM_UNAVAILABLE on a 500 and UPSTREAM_BAD_RESPONSE off the contract', async () => {
    await sample('POST', '/__sample/faults', { path: '/api/live-event', mode: 'status', status: 500, times: 1 });
    const unavailable = await makeClient().getLiveEvent('/coverage/winter-storm').catch((error: unknown) => error);
    expect(isPlatformError(unavailable) && unavailable.code).toBe('UPSTREAM_UNAVAILABLE');

    await sample('PUT', '/__sample/live-events?path=/coverage/bad', { id: 'bad', title: 42 });
    const bad = await makeClient().getLiveEvent('/coverage/bad').catch((error: unknown) => error);
    expect(isPlatformError(bad) && bad.code).toBe('UPSTREAM_BAD_RESPONSE');
    expect(isPlatformError(bad) && bad.message).toContain('data.results.0.title');
  });
});

describe('getLiveBlogUpdates', () => {
  it('reads the feed and records live-blog:<eventCode> first', async () => {
    const read = await makeClient().getLiveBlogUpdates({ providerId: 'sample-live', eventCode: 'election-night-2026' });
    expect(read.status).toBe('ok');
    expect(read.updates.map((update) => update.headline)).toEqual(['Polls close in six eastern states', 'First results from Virginia', 'Turnout above 2022 levels']);
    expect(keys).toEqual(['live-blog:election-night-2026']);
  });

  it('gives no updates when the feed fails (logged) or is missing, telling the two apart, never throwing', async () => {
    const client = makeClient();
    expect(await client.getLiveBlogUpdates({ providerId: 'sample-live', eventCode: 'winter-storm-2026' })).toEqual({ status: 'failed', updates: [] });
    expect(lines.some((line) => line.message === 'Error fetching live-blog SEO data')).toBe(true);
    expect(await client.getLiveBlogUpdates({ providerId: 'sample-live', eventCode: 'no-feed' })).toEqual({ status: 'missing', updates: [] });
    await sample('POST', '/__sample/faults', { path: '/live-blog/sample-live/election-night-2026/seo.json', mode: 'malformed' });
    expect(await client.getLiveBlogUpdates({ providerId: 'sample-live', eventCode: 'election-night-2026' })).toEqual({ status: 'failed', updates: [] });
    expect(keys).toEqual(['live-blog:winter-storm-2026', 'live-blog:no-feed', 'live-blog:election-night-2026']);
  });
});
