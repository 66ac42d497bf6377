/**
 * The recommended-videos call (docs/upstream-contract.md §5.5) over real HTTP: against the sample
 * upstream for the tag filter and the latest-news fallback, and against a scripted server for
 * bodies the sample never sends (off-contract items, a body that is not JSON:API).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { parseUpstreamConfig } from '../config/upstream.js';
import { createLogger } from '../logger.js';
import { createUpstreamClient, type UpstreamClient } from './client.js';
import { hasAired, LATEST_NEWS_MEDIA_TAG, RECOMMENDED_VIDEOS_SIZE, videoSlugKey } from './video-client.js';
import { isPlatformError } from '../errors.js';

interface LogLine {
  level: string;
  message: string;
  api?: { name: string; url: string };
}

let upstream: RunningSampleUpstream;
let scripted: Server;
let scriptedUrl: string;
/** What the scripted server answers next, and the URLs it was asked for. */
let script: (url: URL) => { status: number; body: string };
let asked: URL[];
let lines: LogLine[];
let keys: string[];

function clientFor(baseUrl: string): UpstreamClient {
  const config = parseUpstreamConfig({ UPSTREAM_BASE_URL: baseUrl, UPSTREAM_TIMEOUT_MS: '2000' });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const logger = createLogger({ component: 'video-test', level: 'debug', destination });
  return createUpstreamClient({ config, logger, recorder: { record: (key) => keys.push(key) } });
}

beforeAll(async () => {
  upstream = await startSampleUpstream({ port: 0 });
  scripted = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://scripted.invalid');
    asked.push(url);
    const answer = script(url);
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
  scriptedUrl = `http://127.0.0.1:${(scripted.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await upstream.close();
  await new Promise((resolve) => scripted.close(resolve));
});

beforeEach(() => {
  lines = [];
  keys = [];
  asked = [];
});

describe('recommended videos from the video service', () => {
  it("asks for size 20 and the mobile-component fields, filtered by the section's tag", async () => {
    const videos = await clientFor(upstream.url).getRecommendedVideos({ tag: 'fox-news/world', fallbackTag: 'fox-news/latest-news' });
    expect(videos.map((v) => v.attributes.title)).toEqual(['Summit ends with a joint statement', 'Ceasefire talks resume']);
    expect(videos[0]?.attributes.url).toBe('/video/summit-joint-statement');
    const call = lines.find((l) => l.api?.name === 'recommended-videos');
    const url = new URL(call?.api?.url ?? '');
    expect(url.pathname).toBe('/api/videos');
    expect(url.searchParams.get('size')).toBe(String(RECOMMENDED_VIDEOS_SIZE));
    expect(url.searchParams.get('fields[videos]')).toBe('mobile-component');
    expect(url.searchParams.get('tags')).toBe('fox-news/world');
    expect(keys).toEqual(['videos:tag:fox-news/world']);
  });

  it('falls back to the latest-news tags and media tags when the section has no videos', async () => {
    const videos = await clientFor(upstream.url).getRecommendedVideos({ tag: 'fox-news/sports', fallbackTag: 'fox-news/latest-news' });
    expect(videos.length).toBeGreaterThan(0);
    const calls = lines.filter((l) => l.api?.name === 'recommended-videos').map((l) => new URL(l.api?.url ?? ''));
    expect(calls.map((u) => u.searchParams.get('tags'))).toEqual(['fox-news/sports', 'fox-news/latest-news']);
    expect(calls[1]?.searchParams.get('mediaTags')).toBe(LATEST_NEWS_MEDIA_TAG);
    expect(keys).toEqual(['videos:tag:fox-news/sports', 'videos:tag:fox-news/latest-news']);
    expect(lines.some((l) => l.message === 'No recommended videos available')).toBe(false);
  });

  it('logs "No recommended videos available" when the fallback is empty too', async () => {
    script = () => ({ status: 200, body: JSON.stringify({ data: [] }) });
    const videos = await clientFor(scriptedUrl).getRecommendedVideos({ tag: 'fox-news/sports', fallbackTag: 'fox-news/latest-news' });
    expect(videos).toEqual([]);
    expect(asked).toHaveLength(2);
    expect(lines.filter((l) => l.message === 'No recommended videos available')).toHaveLength(1);
  });

  it('logs the spec messages and returns [] when both calls fail, instead of failing the page', async () => {
    script = () => ({ status: 503, body: '{}' });
    const videos = await clientFor(scriptedUrl).getRecommendedVideos({ tag: 'fox-news/us', fallbackTag: 'fox-news/latest-news' });
    expect(videos).toEqual([]);
    const errors = lines.filter((l) => l.level === 'error').map((l) => l.message);
    expect(errors).toEqual(['Error fetching recommended videos:', 'Error fetching recommended videos with fallback:']);
  });

  it('skips an off-contract item with a warning and keeps the rest', async () => {
    script = () => ({
      status: 200,
      body: JSON.stringify({
        data: [
          { id: 'v1', type: 'video', attributes: { title: 'Good', url: '/video/good', duration: 61 } },
          { id: 'v2', type: 'video', attributes: { title: 42, url: '/video/bad' } },
        ],
      }),
    });
    const videos = await clientFor(scriptedUrl).getRecommendedVideos({ tag: 'fox-news/us' });
    expect(videos.map((v) => v.id)).toEqual(['v1']);
    expect(lines.some((l) => l.level === 'warn' && l.message === 'upstream video item off contract; skipped')).toBe(true);
  });

  it('treats a body that is not JSON:API, or is not JSON, as a failure', async () => {
    script = (url) => (url.searchParams.get('tags') === 'fox-news/us' ? { status: 200, body: '{"data":{"results":[]}}' } : { status: 200, body: '<html>' });
    const videos = await clientFor(scriptedUrl).getRecommendedVideos({ tag: 'fox-news/us', fallbackTag: 'fox-news/latest-news' });
    expect(videos).toEqual([]);
    expect(lines.filter((l) => l.level === 'error').map((l) => l.message)).toEqual([
      'Error fetching recommended videos:',
      'Error fetching recommended videos with fallback:',
    ]);
  });
});

describe('video lookup (docs/upstream-contract.md §5.6)', () => {
  it('reads results[0] by external_id with size=1, including brightcove.media_tags, and records video:<id>', async () => {
    const video = await clientFor(upstream.url).getVideo('vid-6360004');
    expect(video).toMatchObject({ external_id: 'vid-6360004', slug: 'live-briefing-room', source: 'fnc', brightcove: { media_tags: ['live_stream', 'latest_news'] } });
    const url = new URL(lines.find((l) => l.api?.name === 'video')?.api?.url ?? '');
    expect(url.pathname).toBe('/api/videos');
    expect(url.searchParams.get('external_id')).toBe('vid-6360004');
    expect(url.searchParams.get('size')).toBe('1');
    expect(keys).toEqual(['video:vid-6360004']);
  });

  it('looks a video up by slug, recording the slug key before and the video key after', async () => {
    const video = await clientFor(upstream.url).getVideoBySlug('hannity-full-episode-march-17');
    expect(video).toMatchObject({ external_id: 'vid-6360011', fullEpisode: true, spark_shows: { title: 'Hannity' } });
    expect(new URL(lines.find((l) => l.api?.name === 'video')?.api?.url ?? '').searchParams.get('slug')).toBe('hannity-full-episode-march-17');
    expect(keys).toEqual([videoSlugKey('hannity-full-episode-march-17'), 'video:vid-6360011']);
  });

  it('answers null for a missing video (404 or empty results)', async () => {
    expect(await clientFor(upstream.url).getVideoBySlug('no-such-video')).toBeNull();
    expect(keys).toEqual(['video-slug:no-such-video']);
    script = () => ({ status: 200, body: JSON.stringify({ data: { results: [] } }) });
    expect(await clientFor(scriptedUrl).getVideo('x')).toBeNull();
  });

  it('throws on an outage or an answer off the contract', async () => {
    script = () => ({ status: 503, body: '{}' });
    await expect(clientFor(scriptedUrl).getVideo('x')).rejects.toSatisfy((error) => isPlatformError(error, 'UPSTREAM_UNAVAILABLE'));
    script = () => ({ status: 200, body: JSON.stringify({ data: { results: [{ external_id: 'x', title: 7, slug: 's' }] } }) });
    await expect(clientFor(scriptedUrl).getVideoBySlug('s')).rejects.toSatisfy((error) => isPlatformError(error, 'UPSTREAM_BAD_RESPONSE'));
  });
});

describe('hasAired (spec 2 §2: a video card appears only when its air start is more than 0 minutes ago)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('shows a video whose air start has passed, hides one that starts now or later', () => {
    expect(hasAired({ start_air_date: '2026-03-01T11:59:00Z' }, now)).toBe(true);
    expect(hasAired({ start_air_date: '2026-03-01T12:00:00Z' }, now)).toBe(false);
    expect(hasAired({ start_air_date: '2026-03-02T00:00:00Z' }, now)).toBe(false);
  });
  it('shows a video without an air start, or with one that does not parse', () => {
    expect(hasAired({}, now)).toBe(true);
    expect(hasAired({ start_air_date: 'soon' }, now)).toBe(true);
  });
});
