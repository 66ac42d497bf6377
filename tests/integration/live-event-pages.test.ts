/**
 * Live-event pages at /coverage/{page?} (spec 2 §2, §3, §5, §7, §8) rendered through
 * the real pipeline from the sample upstream: the header (eyebrow, title, date, dek, breaking flag,
 * background image), the video with its playlist, the Show More / Expand Video controls and the
 * pieces=live-stream-playlist-expanded link, the adInfo rule both ways, the live blog's updates on
 * the page newest first with their times and the same entries in the LiveBlogPosting JSON-LD,
 * the readers' message when the feed fails (published only when no good page is
 * stored: a stored good page is kept) or has nothing yet, nothing written for a missing event, a
 * failing event fetch or a failing layout fetch, and the data keys recorded. Every stored page
 * passes the HTML checker.
 */
import { describe, expect, it } from 'vitest';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { pageKey } from '../../core/storage/keys.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import { AD_INFO_INCOMPLETE_MESSAGE } from '../../render-workers/live/live-event-rules.js';
import { errorLines, pageDocuments, validateHtml } from '../support/html-validator.js';
import { useRendererHarness, type RendererHarness } from '../support/renderer.js';

let h: RendererHarness;

useRendererHarness((started) => (h = started));

const documents: string[] = [];

/** The page's JSON-LD blocks, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>);
}

/** The updates as a reader sees them: [datetime, time label, headline, body] in page order. */
function shownUpdates(html: string): string[][] {
  return [...html.matchAll(/<article class="live-update" id="(live-update-\d+)"><time dateTime="([^"]+)">([^<]+)<\/time><h3>([^<]+)<\/h3>(?:<p>([^<]*)<\/p>)?<\/article>/g)].map((match) =>
    match.slice(1).map((part) => (part ?? '').replace(/&#x27;/g, "'")),
  );
}

function liveBlogPosting(html: string): Record<string, unknown> | undefined {
  return jsonLd(html).find((data) => data['@type'] === 'LiveBlogPosting');
}

/** The live event record as the sample upstream serves it. */
async function liveEvent(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${h.upstream.url}/api/live-event?path=${encodeURIComponent(path)}`);
  const body = (await response.json()) as { data: { results: Array<Record<string, unknown>> } };
  return body.data.results[0] ?? {};
}

const ELECTION = '/coverage/election-night';
const STORM = '/coverage/winter-storm';
const LAUNCH = '/coverage/space-launch';

describe('live-event pages', () => {
  it('renders the header with eyebrow, title, date, dek, breaking flag and background image', async () => {
    const outcome = await h.render(ELECTION);
    expect(outcome.kind).toBe('live-event');
    const html = await h.stored(ELECTION);
    documents.push(html);
    expect(html).toContain('<body class="page-coverage-page">');
    expect(html).toContain('<p class="live-breaking">Breaking</p>');
    expect(html).toContain('<p class="live-eyebrow">Live Coverage</p>');
    expect(html).toContain('<h1 class="live-title">Election Night 2026: Live Results</h1>');
    expect(html).toContain('<time dateTime="2026-03-01T23:00:00.000Z">March 01, 2026 6:00pm EST</time>');
    expect(html).toContain('<p class="live-dek">Follow every race as the votes are counted.</p>');
    expect(html).toMatch(/<img class="live-header-background" src="http:\/\/127\.0\.0\.1:\d+\/images\/live\/election-night-background\.svg" alt=""\/>/);
    expect(html).toContain('<title>Election Night 2026: Live Results');
    expect(html).toContain('<link rel="canonical" href="https://www.example.test/coverage/election-night"/>');
    expect(html).toContain('content="index, follow, max-image-preview:large, max-video-preview:-1"');
  });

  it('renders the video, the collapsed playlist, Show More, Expand Video and the expand link', async () => {
    const html = await h.stored(ELECTION);
    expect(html).toContain('data-island="LiveEventVideo"');
    expect(html).toContain('<a href="/video/live-stream-election">Watch: Election Night live stream</a>');
    expect(html).toMatch(/<source media="\(min-width: 768px\)" srcSet="http:\/\/127\.0\.0\.1:\d+\/images\/live\/live-stream-election-large\.svg 1x"\/>/);
    expect(html).toContain('width="480" height="270"');
    // The playlist, collapsed on the server: hidden, controlled by both buttons, named by the link.
    const playlist = /<ol class="live-playlist" id="([^"]+)" aria-label="Video playlist" hidden="">/.exec(html);
    expect(playlist).not.toBeNull();
    const id = playlist?.[1] ?? '';
    expect(html).toContain(`aria-controls="${id}">Show More</button>`);
    expect(html).toContain(`aria-controls="${id}">Expand Video</button>`);
    expect(html).toContain(`<a class="live-video-expand-link" href="?pieces=live-stream-playlist-expanded#${id}">Expand playlist</a>`);
    for (const title of ['Polls close on the East Coast', 'The Senate map, explained', 'Turnout report from Ohio']) expect(html).toContain(title);
    // A duration in seconds is shown as m:ss.
    expect(html).toContain('<span class="live-video-duration">1:35</span>');
    // Spec 2 §9: mobile below 768px.
    expect(html).toContain('@media (min-width:768px){.live-video-show-more{display:none}');
    expect(html).toContain('@media (max-width:767px){.live-video-expand{display:none}');
  });

  it('renders the ad when adInfo has size, value and text', async () => {
    const html = await h.stored(ELECTION);
    expect(html).toContain('<aside class="live-ad" aria-label="Advertisement" data-ad-size="300x250" data-ad-unit="/sample/live/election-night"><span class="ad-label">Advertisement</span></aside>');
  });

  it('builds LiveBlogPosting JSON-LD from the live-blog SEO feed', async () => {
    const data = liveBlogPosting(await h.stored(ELECTION));
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LiveBlogPosting',
      url: 'https://www.example.test/coverage/election-night',
      headline: 'Election Night 2026: Live Results',
      coverageStartTime: '2026-03-01T23:00:00.000Z',
    });
    expect(data?.liveBlogUpdate).toEqual([
      { '@type': 'BlogPosting', headline: 'Turnout above 2022 levels', datePublished: '2026-03-01T23:45:00.000Z' },
      {
        '@type': 'BlogPosting',
        headline: 'First results from Virginia',
        articleBody: 'Early returns show a close race in the state’s 2nd district.',
        datePublished: '2026-03-01T23:20:00.000Z',
        url: 'https://www.foxnews.com/coverage/election-night#update-2',
      },
      {
        '@type': 'BlogPosting',
        headline: 'Polls close in six eastern states',
        articleBody: 'Polls have closed in Georgia, Indiana, Kentucky, South Carolina, Vermont and Virginia.',
        datePublished: '2026-03-01T23:00:00.000Z',
        url: 'https://www.foxnews.com/coverage/election-night#update-1',
      },
    ]);
  });

  it('shows the live updates newest first with their times, exactly the JSON-LD entries', async () => {
    const html = await h.stored(ELECTION);
    expect(html).toContain('<h2 id="live-updates-heading">Live Updates</h2>');
    const shown = shownUpdates(html);
    expect(shown).toEqual([
      ['live-update-3', '2026-03-01T23:45:00.000Z', 'March 01, 2026 6:45pm EST', 'Turnout above 2022 levels', ''],
      ['live-update-2', '2026-03-01T23:20:00.000Z', 'March 01, 2026 6:20pm EST', 'First results from Virginia', 'Early returns show a close race in the state’s 2nd district.'],
      ['live-update-1', '2026-03-01T23:00:00.000Z', 'March 01, 2026 6:00pm EST', 'Polls close in six eastern states', 'Polls have closed in Georgia, Indiana, Kentucky, South Carolina, Vermont and Virginia.'],
    ]);
    const jsonLdUpdates = (liveBlogPosting(html)?.liveBlogUpdate ?? []) as Array<{ headline: string; datePublished: string; articleBody?: string }>;
    expect(jsonLdUpdates.map((update) => [update.datePublished, update.headline, update.articleBody ?? ''])).toEqual(shown.map(([, iso, , headline, body]) => [iso, headline, body]));
    expect(html).not.toContain('<p class="live-updates-message');
  });

  it('records the live event, live blog, layout and live refresh keys', async () => {
    expect(await h.index.keysOf({ site: 'news', path: ELECTION })).toEqual(
      expect.arrayContaining([dataKeys.liveEvent(ELECTION), dataKeys.liveBlog('election-night-2026'), dataKeys.layout('liveEvent', 'coverageelection-night'), dataKeys.refresh('live')]),
    );
  });

  it('leaves out an incomplete adInfo with a log line, and renders with an empty liveBlogUpdate when the feed fails', async () => {
    const outcome = await h.render(STORM);
    expect(outcome.kind).toBe('live-event');
    const html = await h.stored(STORM);
    documents.push(html);
    expect(html).toContain('<h1 class="live-title">Winter Storm Live Updates</h1>');
    expect(html).not.toContain('class="live-breaking"');
    expect(html).not.toContain('class="live-ad"');
    expect(html).not.toContain('data-island="LiveEventVideo"');
    const log = h.logLines.find((line) => line.message === AD_INFO_INCOMPLETE_MESSAGE);
    expect(log).toMatchObject({ adInfo: { missing: ['text'] } });
    expect(AD_INFO_INCOMPLETE_MESSAGE).toBe('Live-event adInfo must include size, value and text; ad left out');
    expect(liveBlogPosting(html)).toMatchObject({ '@type': 'LiveBlogPosting', headline: 'Winter Storm Live Updates', liveBlogUpdate: [] });
    expect(h.logLines.some((line) => line.message === 'Error fetching live-blog SEO data')).toBe(true);
    // Readers are told, since no good page was stored to keep.
    expect(html).toContain(`<p class="live-updates-message live-updates-unavailable" role="status">${uiText('news').liveUpdatesUnavailable}</p>`);
    expect(uiText('news').liveUpdatesUnavailable).toBe('Live updates are unavailable right now. Please check back shortly.');
    expect(shownUpdates(html)).toEqual([]);
    expect(await h.index.keysOf({ site: 'news', path: STORM })).toContain(dataKeys.liveBlog('winter-storm-2026'));
  });

  it('renders a video without a playlist, and an empty liveBlogUpdate when the feed is missing', async () => {
    await h.render(LAUNCH);
    const html = await h.stored(LAUNCH);
    documents.push(html);
    expect(html).toContain('<a href="/video/launch-pad-cam">Launch pad camera</a>');
    expect(html).not.toContain('Show More');
    expect(html).not.toContain('pieces=live-stream-playlist-expanded');
    expect(liveBlogPosting(html)?.liveBlogUpdate).toEqual([]);
    expect(html).toContain('<p class="live-updates-message">No updates have been posted yet.</p>');
  });

  it('keeps a stored good page when the live blog then fails, and publishes the good page again once it recovers', async () => {
    const feed = '/live-blog/sample-live/election-night-2026/seo.json';
    const good = await h.stored(ELECTION);
    expect(shownUpdates(good)).toHaveLength(3);
    // A last good copy of the updates exists (the render above read them): it stands in, and the
    // page is the same.
    await h.sample('POST', '/__sample/faults', { path: feed, mode: 'status', status: 503 });
    const stale = await h.render(ELECTION);
    await h.sample('DELETE', '/__sample/faults');
    expect(stale).toMatchObject({ kind: 'live-event', written: [], staleData: ['live-blog:sample-live:election-night-2026'] });
    expect(stale.kept).toBeUndefined();
    expect(await h.stored(ELECTION)).toBe(good);
    // No good copy anywhere: the render says the live blog failed, and the stored good page stays.
    for (const fault of [{ mode: 'status', status: 503 }, { mode: 'malformed' }]) {
      await h.forgetSideData();
      await h.sample('POST', '/__sample/faults', { path: feed, ...fault });
      const outcome = await h.render(ELECTION);
      await h.sample('DELETE', '/__sample/faults');
      expect(outcome).toMatchObject({ kind: 'live-event', written: [], kept: [pageKey('news', ELECTION, 'standard')] });
      expect(await h.stored(ELECTION)).toBe(good);
    }
    expect(h.logLines.some((line) => line.message === 'render degraded; the stored page is kept')).toBe(true);
    // A new update after recovery is published.
    await h.sample('PUT', '/__sample/live-events?path=/coverage/election-night', { ...(await liveEvent(ELECTION)), title: 'Election Night 2026: Results' });
    expect((await h.render(ELECTION)).written).toEqual([pageKey('news', ELECTION, 'standard')]);
    expect(shownUpdates(await h.stored(ELECTION))).toHaveLength(3);
    expect(await h.stored(ELECTION)).toContain('<h1 class="live-title">Election Night 2026: Results</h1>');
    await h.sample('POST', '/__sample/reset');
  });

  it('replaces a stored page that already said the live blog failed', async () => {
    // The storm's feed always fails: its stored page is degraded, so a change to the event is still published.
    await h.sample('PUT', '/__sample/live-events?path=/coverage/winter-storm', { ...(await liveEvent(STORM)), title: 'Winter Storm: Day Two' });
    const outcome = await h.render(STORM);
    await h.sample('POST', '/__sample/reset');
    expect(outcome.written).toEqual([pageKey('news', STORM, 'standard')]);
    const html = await h.stored(STORM);
    expect(html).toContain('<h1 class="live-title">Winter Storm: Day Two</h1>');
    expect(html).toContain('<p class="live-updates-message live-updates-unavailable"');
    expect((await h.store.head(pageKey('news', STORM, 'standard')))?.surrogateKeys).toContain('degraded');
  });

  it('writes nothing for a missing live event (the stored 404 page answers), but records its key', async () => {
    const outcome = await h.render('/coverage/no-such-event');
    expect(outcome).toEqual({ kind: 'not-found', written: [], unchanged: [] });
    await expect(h.stored('/coverage/no-such-event')).rejects.toThrow();
    expect(await h.index.keysOf({ site: 'news', path: '/coverage/no-such-event' })).toContain(dataKeys.liveEvent('/coverage/no-such-event'));
  });

  it('logs a live event fetch failure and fails the render with the retryable error, writing nothing (ADR 0024)', async () => {
    await h.sample('POST', '/__sample/faults', { path: '/api/live-event', mode: 'status', status: 500 });
    const outcome = h.render('/coverage/space-launch-fault');
    await expect(outcome).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retry: true });
    await h.sample('DELETE', '/__sample/faults');
    await expect(h.stored('/coverage/space-launch-fault')).rejects.toThrow();
    expect(h.logLines.some((line) => line.message === 'live event fetch failed')).toBe(true);
  });

  it('fails the render when the layout fetch fails, after logging it; the stored page stays', async () => {
    await h.sample('PUT', '/__sample/live-events?path=/coverage/layout-fault', { id: 'layout-fault', title: 'Layout fault' });
    // Without the fault the event renders, with empty regions (no layout).
    expect((await h.render('/coverage/layout-fault')).kind).toBe('live-event');
    const before = await h.stored('/coverage/layout-fault');
    await h.sample('POST', '/__sample/faults', { path: '/layouts', query: { subtype: 'liveEvent' }, mode: 'status', status: 500 });
    const outcome = h.render('/coverage/layout-fault');
    await expect(outcome).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retry: true });
    await h.sample('DELETE', '/__sample/faults');
    expect(await h.stored('/coverage/layout-fault')).toBe(before);
    expect(h.logLines.some((line) => line.message === 'live event layout fetch failed')).toBe(true);
  });

  it('stores only valid HTML', { timeout: 120_000 }, async () => {
    expect(documents.length).toBe(3);
    expect(errorLines(await validateHtml(pageDocuments(documents)))).toEqual([]);
  });
});
