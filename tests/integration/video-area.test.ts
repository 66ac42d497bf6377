/**
 * The video area's list pages (spec 2 §2, §4, §7, §8, §9) rendered through
 * the real pipeline from the sample upstream: the video home with its carousels (live now from
 * the live playlist feed, tags, the section's recommended videos, managed items, Moxie), the video
 * shows list, a show's video page, the topic pages; the 'see all' link only with a url; a future
 * video absent; each carousel drop rule logged and dropping only its carousel; the live feed error
 * and the Moxie message; nothing written for a missing show or unknown topic. Every stored page
 * passes the HTML checker.
 */
import { pageKey } from '../../core/storage/keys.js';
import { afterEach, describe, expect, it } from 'vitest';
import { dataKeys } from '../../core/upstream/data-keys.js';
import { errorLines, pageDocuments, validateHtml } from '../support/html-validator.js';
import { useRendererHarness, type RendererHarness } from '../support/renderer.js';

let h: RendererHarness;

useRendererHarness((started) => (h = started));
afterEach(async () => {
  await h.sample('POST', '/__sample/reset');
});

const documents: string[] = [];

/** The markup of the horizontal list titled `title` (its section), or undefined. */
function rail(html: string, title: string): string | undefined {
  const start = html.indexOf(`<section class="video-rail video-rail-`, html.indexOf(`aria-label="${title}"`) - 80);
  if (!html.includes(`aria-label="${title}"`) || start < 0) return undefined;
  return html.slice(start, html.indexOf('</section>', start));
}

function itemCount(markup: string | undefined): number {
  return (markup ?? '').split('<li>').length - 1;
}

/** Log lines since `from` whose message is `message`. */
function logged(from: number, message: string) {
  return h.logLines.slice(from).filter((line) => line.message === message);
}

describe('video home', () => {
  it('renders the layout carousels with their item styles, see-all links and live-now items', async () => {
    const outcome = await h.render('/video');
    expect(outcome.kind).toBe('video-home');
    const html = await h.stored('/video');
    documents.push(html);
    expect(html).toContain('<h1>Video</h1>');
    expect(html).toContain('<title>Video');
    expect(html).toContain('<link rel="canonical" href="https://www.example.test/video"');
    expect(html).toContain('content="index, follow, max-image-preview:large, max-video-preview:-1"');

    // Live now: the live playlist feed's items, live style (list thumbnails 227x128 desktop).
    const live = rail(html, 'Live Now');
    expect(live).toContain('class="video-rail video-rail-live"');
    expect(live).toContain('Live: the briefing room');
    expect(live).toContain('LIVE · Fox News Channel');
    expect(live).toContain('href="/video/live-briefing-room"');
    expect(live).toContain('width="227" height="128"');
    for (const size of ['132/74', '268/148', '221/124', '442/148']) expect(live).toContain(`/${size}/`);
    // The radio feed sends one item as an object.
    expect(rail(html, 'Fox News Radio')).toContain('Fox News Radio live');

    // Tags with a url: the 'see all' link; video thumbnails 480x270, 360x203, 240x135.
    const latest = rail(html, 'Latest News');
    expect(latest).toContain('<a class="video-rail-see-all" href="/video/topics/latest-news">See all');
    expect(latest).toContain('width="480" height="270"');
    for (const size of ['480/270', '360/203', '240/135']) expect(latest).toContain(`/${size}/`);
    expect(itemCount(latest)).toBeGreaterThan(1);
    expect(itemCount(latest)).toBeLessThanOrEqual(10);
    // A video whose air start is in the future is not shown anywhere (spec 2 §2).
    expect(html).not.toContain('Town hall: the full broadcast');

    // The section's recommended videos.
    expect(rail(html, 'Politics')).toContain('Senate leaders outline the week ahead');
    // Managed items without a url: no 'see all'; a show video links to /video/shows/{slug}.
    const picked = rail(html, "Editor&#x27;s Pick");
    expect(picked).toContain('href="/video/shows/hannity-full-episode-march-17"');
    expect(picked).toContain('FULL EPISODE');
    expect(itemCount(picked)).toBe(1);
    expect(picked).not.toContain('video-rail-see-all');
    const missed = rail(html, 'In Case You Missed It');
    expect(missed).toContain('href="/video/summit-joint-statement"');
    expect(missed).toContain('href="/politics/senate-panel-advances-rural-broadband-bill"');
    expect(missed).not.toContain('video-rail-see-all');
    // Moxie playlist.
    expect(rail(html, 'Fox Nation Picks')).toContain('Lighthouse keepers of the Great Lakes');

    const keys = await h.index.keysOf({ site: 'news', path: '/video' });
    expect(keys).toEqual(
      expect.arrayContaining([
        dataKeys.refresh('video'),
        dataKeys.layout('video', '/video'),
        dataKeys.livePlaylist('news'),
        dataKeys.moxie('fox-nation-picks'),
        dataKeys.video('vid-6360011'),
        dataKeys.videosByTag('fox-news/politics'),
      ]),
    );
  });

  // With no good copy of the feed anywhere and no stored page that had it: the spec's empty
  // fallback (a last good copy or a stored good page would win: tests/integration/last-good-data.test.ts).
  async function withNothingBetter(): Promise<void> {
    await h.forgetSideData();
    await h.store.delete(pageKey('news', '/video', 'standard'));
  }

  it('logs a live playlist feed error and leaves the live-now list empty', async () => {
    await withNothingBetter();
    await h.sample('POST', '/__sample/faults', { path: '/live-playlist/news.json', mode: 'status', status: 500 });
    const from = h.logLines.length;
    const outcome = await h.render('/video');
    expect(outcome.kind).toBe('video-home');
    expect(outcome.missingData).toContain('live-playlist:news');
    expect(logged(from, 'Error fetching live playlist feed')).toHaveLength(1);
    const html = await h.stored('/video');
    const live = rail(html, 'Live Now');
    expect(live).toContain('Nothing is live right now.');
    expect(itemCount(live)).toBe(0);
    // The rest of the page renders.
    expect(rail(html, 'Latest News')).toBeDefined();
    documents.push(html);
  });

  it("logs 'Unable to read JSON from Moxie endpoint' and drops the Moxie carousel", async () => {
    await withNothingBetter();
    await h.sample('POST', '/__sample/faults', { path: '/moxie/playlists/fox-nation-picks.json', mode: 'malformed' });
    const from = h.logLines.length;
    expect((await h.render('/video')).missingData).toContain('moxie:fox-nation-picks');
    expect(logged(from, 'Unable to read JSON from Moxie endpoint')).toHaveLength(1);
    const html = await h.stored('/video');
    expect(rail(html, 'Fox Nation Picks')).toBeUndefined();
    expect(rail(html, 'Latest News')).toBeDefined();
  });
});

describe('video layout failure', () => {
  it('logs a failed video layout fetch and fails the render with the retryable error, so the job retries and the last good page stays (ADR 0024)', async () => {
    await h.render('/video');
    const before = await h.stored('/video');
    await h.sample('POST', '/__sample/faults', { path: '/layouts', query: { subtype: 'video', elementId: '/video' }, mode: 'status', status: 503 });
    const from = h.logLines.length;
    await expect(h.render('/video')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retry: true });
    expect(logged(from, 'video layout fetch failed')).toHaveLength(1);
    expect(await h.stored('/video')).toBe(before);
  });
});

describe('carousel drop rules (spec 2 §4)', () => {
  it('drops each failing carousel with a logged error naming it and the reason; the rest renders', async () => {
    await h.sample('PUT', '/__sample/layouts', {
      subtype: 'video',
      elementId: '/video/topics/world',
      main: [
        { type: 'video-carousel', model: { title: 'Untagged', source: 'tags', tags: [] } },
        { type: 'video-carousel', model: { title: 'Nothing Tagged', source: 'tags', tags: ['fox-news/no-such-tag'] } },
        { type: 'video-carousel', model: { title: 'Empty Section', source: 'section', section: 'opinion' } },
        { type: 'video-carousel', model: { title: 'Missing Video', source: 'managed', items: [{ video: 'vid-6360001' }, { video: 'vid-missing' }] } },
        { type: 'video-carousel', model: { title: 'Missing Article', source: 'managed', items: [{ video: 'vid-6360001' }, { article: '/politics/no-such-article' }] } },
        { type: 'video-carousel', model: { title: 'Unreadable Moxie', source: 'moxie', playlist: 'unreadable' } },
        { type: 'video-carousel', model: { title: 'World Now', source: 'tags', tags: ['fox-news/world'], url: '/video/topics/world' } },
      ],
    });
    // The section's tag and its latest-news fallback both come back empty: no videos in the section.
    await h.sample('POST', '/__sample/faults', { path: '/api/videos', query: { tags: 'fox-news/latest-news', mediaTags: 'latest_news' }, mode: 'status', status: 500 });
    const from = h.logLines.length;
    expect((await h.render('/video/topics/world')).kind).toBe('video-topic');
    const drops = h.logLines.slice(from).filter((line) => (line.level === 'error' || line.level === 'warn') && typeof line.message === 'string' && line.message.startsWith('Carousel '));
    // An operator acts on errors: a carousel with no tags, an editor's pick that is gone. A list
    // with nothing in it yet is routine: a warning.
    expect(drops.filter((line) => line.level === 'error').map((line) => line.reason).sort()).toEqual(['managed article missing', 'managed video missing', 'no tags']);
    // Carousels load in parallel, so their logs come in any order.
    expect(drops.map((line) => line.message).sort()).toEqual([
      'Carousel "Untagged" dropped: no tags',
      'Carousel "Nothing Tagged" dropped: no content for tags',
      'Carousel "Empty Section" dropped: no videos in the section',
      'Carousel "Missing Video" dropped: managed video missing',
      'Carousel "Missing Article" dropped: managed article missing',
      'Carousel "Unreadable Moxie" dropped: no content',
    ].sort());
    expect(drops.find((line) => line.reason === 'managed video missing')).toMatchObject({ reason: 'managed video missing', carousel: { title: 'Missing Video', video: 'vid-missing' } });
    // The section call logged the spec's own messages on the way.
    expect(logged(from, 'Error fetching recommended videos with fallback:')).toHaveLength(1);
    expect(logged(from, 'No recommended videos available').length).toBeGreaterThan(0);
    expect(logged(from, 'Unable to read JSON from Moxie endpoint')).toHaveLength(1);

    const html = await h.stored('/video/topics/world');
    documents.push(html);
    for (const title of ['Untagged', 'Nothing Tagged', 'Empty Section', 'Missing Video', 'Missing Article', 'Unreadable Moxie']) expect(rail(html, title)).toBeUndefined();
    expect(rail(html, 'World Now')).toContain('Summit ends with a joint statement');
  });
});

describe('video shows', () => {
  it('lists every published show with shows-page posters linking to /video/shows/{id}', async () => {
    expect((await h.render('/video/shows')).kind).toBe('video-shows');
    const html = await h.stored('/video/shows');
    documents.push(html);
    expect(html).toContain('<h1>Video Shows</h1>');
    for (const id of ['the-evening-report', 'morning-desk', '1004', 'video-vault']) expect(html).toContain(`href="/video/shows/${id}"`);
    expect(html).not.toContain('Late Night (draft)');
    expect(html).toContain('width="268" height="402"');
    for (const size of ['268/402', '196/294', '150/225']) expect(html).toContain(`/${size}/`);
    expect(await h.index.keysOf({ site: 'news', path: '/video/shows' })).toEqual(expect.arrayContaining([dataKeys.showList(), dataKeys.refresh('video')]));
  });

  it("renders a show's video page: header, the videos tagged with the show, the other shows", async () => {
    await h.sample('PUT', '/__sample/videos/vid-show-1', { title: 'The Evening Report: March 17', slug: 'the-evening-report-march-17', tags: ['fox-news/shows/the-evening-report'] });
    expect((await h.render('/video/shows/the-evening-report')).kind).toBe('video-show');
    const html = await h.stored('/video/shows/the-evening-report');
    documents.push(html);
    expect(html).toContain('<h1>The Evening Report Videos</h1>');
    expect(html).toContain('href="/shows/the-evening-report">About The Evening Report</a>');
    expect(html).toContain('width="196" height="294"');
    expect(rail(html, 'Latest from The Evening Report')).toContain('The Evening Report: March 17');
    const more = rail(html, 'More Shows');
    expect(more).toContain('class="video-rail video-rail-show"');
    expect(more).toContain('href="/video/shows/morning-desk"');
    expect(more).not.toContain('href="/video/shows/the-evening-report"');
    expect(more).toContain('<a class="video-rail-see-all" href="/video/shows">');
    expect(await h.index.keysOf({ site: 'news', path: '/video/shows/the-evening-report' })).toEqual(
      expect.arrayContaining([dataKeys.show('the-evening-report'), dataKeys.videosByTag('fox-news/shows/the-evening-report'), dataKeys.refresh('video')]),
    );
  });

  it('says so when the show has no videos (the carousel drop is logged)', async () => {
    const from = h.logLines.length;
    expect((await h.render('/video/shows/morning-desk')).kind).toBe('video-show');
    expect(logged(from, 'Carousel "Latest from Morning Desk" dropped: no content for tags')).toHaveLength(1);
    expect(await h.stored('/video/shows/morning-desk')).toContain('No videos from this show yet.');
  });

  it('writes nothing for a missing or unpublished show; a failed show fetch is logged and fails the render (ADR 0024)', async () => {
    for (const path of ['/video/shows/no-such-show', '/video/shows/late-night-draft']) {
      const outcome = await h.render(path);
      expect(outcome).toEqual({ kind: 'not-found', written: [], unchanged: [] });
    }
    const before = await h.stored('/video/shows/morning-desk');
    await h.sample('POST', '/__sample/faults', { path: '/api/shows', mode: 'status', status: 500 });
    const from = h.logLines.length;
    await expect(h.render('/video/shows/morning-desk')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retry: true });
    await expect(h.render('/video/shows')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retry: true });
    expect(logged(from, 'show fetch failed')).toHaveLength(1);
    expect(logged(from, 'shows fetch failed')).toHaveLength(1);
    expect(await h.stored('/video/shows/morning-desk')).toBe(before);
  });
});

describe('topic pages', () => {
  it('lists the topics, and renders a topic with its videos', async () => {
    expect((await h.render('/video/topics')).kind).toBe('video-topics');
    const topics = await h.stored('/video/topics');
    documents.push(topics);
    expect(topics).toContain('<h1>Video Topics</h1>');
    expect(topics).toContain('<a href="/video/topics/politics">Politics</a>');
    expect(topics).toContain('<a href="/video/topics/us">U.S.</a>');

    expect((await h.render('/video/topics/us')).kind).toBe('video-topic');
    const us = await h.stored('/video/topics/us');
    documents.push(us);
    expect(us).toContain('<h1>U.S. Videos</h1>');
    const list = rail(us, 'Latest U.S. Videos');
    expect(list).toContain('Storm damage across the Midwest');
    // No url on the default carousel: no 'see all'.
    expect(list).not.toContain('video-rail-see-all');
    expect(await h.index.keysOf({ site: 'news', path: '/video/topics/us' })).toEqual(
      expect.arrayContaining([dataKeys.layout('video', '/video/topics'), dataKeys.videosByTag('fox-news/us'), dataKeys.refresh('video')]),
    );

    // A topic whose label already says "Latest": its rail is not "Latest Latest News Videos".
    expect((await h.render('/video/topics/latest-news')).kind).toBe('video-topic');
    const latest = await h.stored('/video/topics/latest-news');
    documents.push(latest);
    expect(latest).toContain('<h1>Latest News Videos</h1>');
    expect(itemCount(rail(latest, 'Latest News Videos'))).toBeGreaterThan(0);
    expect(latest).not.toContain('Latest Latest');

    // A topic with its own layout.
    expect((await h.render('/video/topics/politics')).kind).toBe('video-topic');
    const politics = await h.stored('/video/topics/politics');
    documents.push(politics);
    expect(rail(politics, 'Latest Politics Videos')).toContain('Governors meet on border funding');
    expect(politics).not.toContain('Town hall: the full broadcast');
  });

  it('writes nothing for an unknown topic', async () => {
    for (const path of ['/video/topics/no-such-topic', '/video/topics/politics/nested']) {
      expect(await h.render(path)).toEqual({ kind: 'not-found', written: [], unchanged: [] });
      await expect(h.stored(path)).rejects.toThrow();
    }
  });
});

describe('stored pages', () => {
  it('are valid HTML', { timeout: 120_000 }, async () => {
    expect(documents.length).toBeGreaterThanOrEqual(8);
    expect(errorLines(await validateHtml(pageDocuments(documents)))).toEqual([]);
  });
});
