/**
 * The single video page (spec 2 §2, §4, §7, §8, §9) rendered through the
 * real pipeline from the sample upstream: the type labels, the gate flag, the Locked marker rule,
 * the subscription bar and preview-pass texts, the embed URL parameters, VideoObject data, the
 * recommended videos without the current one, the canonical 301 rule, a fetch failure that leaves
 * the stored page alone, and nothing written for a missing or future video. Every stored page
 * passes the HTML checker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dataKeys } from '../../core/upstream/data-keys.js';
import { videoSlugKey } from '../../core/upstream/video-client.js';
import { errorLines, pageDocuments, validateHtml } from '../support/html-validator.js';
import { HARNESS_ORIGIN, useRendererHarness, type RendererHarness } from '../support/renderer.js';

let h: RendererHarness;

useRendererHarness((started) => (h = started));
afterEach(async () => {
  await h.sample('DELETE', '/__sample/faults');
});

const documents: string[] = [];
async function renderVideo(path: string): Promise<string> {
  const outcome = await h.render(path);
  expect(outcome.kind).toBe('video');
  const html = await h.stored(path);
  documents.push(html);
  return html;
}

/** The text a reader sees: tags dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function videoObject(html: string): Record<string, unknown> {
  for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(match[1] ?? 'null') as Record<string, unknown>;
    if (data['@type'] === 'VideoObject') return data;
  }
  throw new Error('no VideoObject');
}

function embedUrlOf(html: string): URL {
  const raw = /data-embed-url="([^"]+)"/.exec(html)?.[1];
  if (raw === undefined) throw new Error('no embed URL');
  return new URL(raw.replace(/&amp;/g, '&'));
}

const lockedMarker = /<p class="video-locked" data-locked="true">Locked<\/p>/;

describe('video type, gate and Locked marker (spec 2 §4)', () => {
  it('labels a live_stream video LIVE; fnc needs sign-in, so it is Locked with the bar', async () => {
    const html = await renderVideo('/video/live-briefing-room');
    expect(html).toContain('<span class="video-type" data-video-type="LIVE">LIVE</span>');
    expect(html).toContain('<h1 class="video-title">Live: the briefing room</h1>');
    expect(html).toMatch(lockedMarker);
    expect(html).toContain('data-video-gate="false"');
    const text = textOf(html);
    expect(text).toContain('Sign In with TV Provider');
    expect(text).toContain("Don't have a TV subscription? Sign Up");
    expect(html).toContain('<a href="/gowatch">Sign Up</a>');
    // The preview pass banner is in the page, hidden until the browser knows of a pass.
    expect(html).toContain('<p class="preview-pass" hidden="">Your Preview Pass expires in 00:00</p>');
    expect(html).toContain('padding-top:56.25%');
    // The TV schedule takes its day from the page's ?dt= in the browser (spec 2 §2).
    expect(html).toContain('{"title":"TV Schedule","channel":"news","endpoint":"/api/schedule","dtFromQuery":true,"site":"news"}');
  });

  it('labels an fbn live_stream video LIVE and Locked too', async () => {
    const html = await renderVideo('/video/live-markets-opening-bell');
    expect(html).toContain('data-video-type="LIVE"');
    expect(html).toMatch(lockedMarker);
    expect(html).toContain('data-video-domain="business"');
  });

  it('labels a full_episode show video FULL EPISODE (fnc and fbn), Locked', async () => {
    for (const path of ['/video/shows/hannity-full-episode-march-17', '/video/shows/mornings-with-maria-full-episode-march-18']) {
      const html = await renderVideo(path);
      expect(html).toContain('<span class="video-type" data-video-type="FULL EPISODE">FULL EPISODE</span>');
      expect(html).toMatch(lockedMarker);
    }
  });

  it('labels other videos CLIP and flags video_gate ones gated (fnc and fbn)', async () => {
    for (const path of ['/video/election-night-explained', '/video/inflation-report-five-charts']) {
      const html = await renderVideo(path);
      expect(html).toContain('<span class="video-type" data-video-type="CLIP">CLIP</span>');
      expect(html).toContain('data-video-gate="true"');
      expect(html).toMatch(lockedMarker);
    }
  });

  it('does not lock a clip with no fnc or fbn source, and shows no subscription bar', async () => {
    const html = await renderVideo('/video/how-a-bill-becomes-law');
    expect(html).toContain('data-video-type="CLIP"');
    expect(html).not.toMatch(lockedMarker);
    expect(html).not.toContain('class="subscription-bar"');
    expect(html).not.toContain('Sign In with TV Provider');
  });
});

describe('embed URL and structured data (spec 2 §7, §9)', () => {
  it('builds the embed URL with video_id, embedver, pn, pageUrl and base64 ampProps', async () => {
    const html = await renderVideo('/video/markets-open-higher');
    const url = embedUrlOf(html);
    expect([...url.searchParams.keys()]).toEqual(['video_id', 'embedver', 'pn', 'pageUrl', 'ampProps']);
    expect(url.searchParams.get('video_id')).toBe('vid-6360007');
    expect(url.searchParams.get('pn')).toBe('/video/markets-open-higher');
    expect(url.searchParams.get('pageUrl')).toBe(`${HARNESS_ORIGIN}/video/markets-open-higher`);
    const props = JSON.parse(Buffer.from(url.searchParams.get('ampProps') ?? '', 'base64').toString('utf8')) as { name: string; value: string }[];
    expect(props).toEqual(
      expect.arrayContaining([
        { name: 'title', value: 'Markets open higher on jobs data' },
        { name: 'section', value: 'us' },
        { name: 'videoType', value: 'CLIP' },
        { name: 'source', value: 'fbn' },
      ]),
    );
  });

  it('carries VideoObject data with a 1280x720 thumbnail, ISO duration, embed and content URLs, expires', async () => {
    const html = await renderVideo('/video/inflation-report-five-charts');
    const data = videoObject(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Inflation report in five charts',
      description: 'Inflation report in five charts. A sample video for the us section.',
      uploadDate: '2025-03-18T12:45:00Z',
      duration: 'PT3M35S',
      contentUrl: 'https://videos.sample.invalid/vid-6360017/master.m3u8',
      expires: '2027-03-18T12:45:00Z',
      url: `${HARNESS_ORIGIN}/video/inflation-report-five-charts`,
    });
    expect(data.embedUrl).toBe(embedUrlOf(html).toString());
    expect((data.thumbnailUrl as string[])[0]).toMatch(/\/1280\/720\/[^/]+\?ve=1&tl=1$/);
    expect(data.publication).toBeUndefined();
    expect(html).toContain('<meta name="robots" content="index, follow, max-image-preview:large, max-video-preview:-1"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain(`<link rel="canonical" href="${HARNESS_ORIGIN}/video/inflation-report-five-charts"/>`);
  });

  it('marks a LIVE video as a live broadcast', async () => {
    const data = videoObject(await h.stored('/video/live-briefing-room'));
    expect(data.publication).toEqual({ '@type': 'BroadcastEvent', isLiveBroadcast: true, startDate: '2025-03-18T14:00:00Z' });
    expect(data.duration).toBeUndefined();
  });
});

describe('recommended videos', () => {
  it("lists the section's aired videos without the current one, and records the page's keys", async () => {
    const html = await renderVideo('/video/senate-leaders-week-ahead');
    const section = /<section class="video-recommended"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(section).toContain('<h2 id="video-recommended-heading">Recommended Videos</h2>');
    expect(section).toContain('href="/video/governors-border-funding"');
    expect(section).toContain('href="/video/election-night-explained"');
    expect(section).not.toContain('href="/video/senate-leaders-week-ahead"');
    // Scheduled for 2099: not shown until it airs (spec 2 §2).
    expect(section).not.toContain('town-hall-full-broadcast');
    const keys = await h.index.keysOf({ site: 'news', path: '/video/senate-leaders-week-ahead' });
    expect(keys).toEqual(expect.arrayContaining([videoSlugKey('senate-leaders-week-ahead'), dataKeys.video('vid-6360001'), dataKeys.refresh('video'), dataKeys.videosByTag('fox-news/politics')]));
  });
});

describe('canonical paths (spec 2 §2)', () => {
  it('redirects a show video at /video/{slug} to /video/shows/{slug}, and back for a non-show video', async () => {
    expect((await h.render('/video/hannity-full-episode-march-17')).kind).toBe('redirect');
    expect(JSON.parse(await h.stored('/video/hannity-full-episode-march-17', 'redirect'))).toEqual({ location: '/video/shows/hannity-full-episode-march-17', status: 301 });
    expect((await h.render('/video/shows/weekend-forecast')).kind).toBe('redirect');
    expect(JSON.parse(await h.stored('/video/shows/weekend-forecast', 'redirect'))).toEqual({ location: '/video/weekend-forecast', status: 301 });
    await expect(h.stored('/video/shows/weekend-forecast')).rejects.toThrow();
  });
});

describe('not found and failures (spec 2 §8)', () => {
  it('writes nothing for a missing video, or one whose air start is in the future', async () => {
    for (const path of ['/video/no-such-video', '/video/town-hall-full-broadcast']) {
      expect(await h.render(path)).toEqual({ kind: 'not-found', written: [], unchanged: [] });
      await expect(h.stored(path)).rejects.toThrow();
    }
    // The future video's page depends on the video schedule, which renders it once it airs.
    expect(await h.index.keysOf({ site: 'news', path: '/video/town-hall-full-broadcast' })).toContain(dataKeys.refresh('video'));
  });

  it('logs the spec message on a fetch failure and leaves the stored page unchanged', async () => {
    const path = '/video/storm-damage-midwest';
    const before = await renderVideo(path);
    for (const fault of [
      { path: '/api/videos', query: { slug: 'storm-damage-midwest' }, mode: 'status', status: 503 },
      { path: '/api/videos', query: { slug: 'storm-damage-midwest' }, mode: 'malformed' },
    ]) {
      await h.sample('POST', '/__sample/faults', fault);
      const logged = h.logLines.length;
      await expect(h.render(path)).rejects.toThrow();
      await h.sample('DELETE', '/__sample/faults');
      expect(h.logLines.slice(logged).some((line) => line.level === 'error' && line.message === 'An error occurred while fetching video data')).toBe(true);
      expect(await h.stored(path)).toBe(before);
    }
  });

  it('stores only valid HTML', { timeout: 120_000 }, async () => {
    expect(documents.length).toBeGreaterThanOrEqual(9);
    expect(errorLines(await validateHtml(pageDocuments(documents)))).toEqual([]);
  });
});
