/**
 * The render pipeline on real parts: the sample upstream over HTTP, the filesystem store, a real
 * Redis for the dependency index. Asserts what a reader or crawler sees in the stored HTML.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPlatformError } from '../core/errors.js';
import { DEFAULT_ROBOTS, HEADER_MENU_CATEGORIES, NOT_FOUND_TEXTS } from '../core/isomorphic/constants.js';
import { notFoundPageKey, pageKey } from '../core/storage/keys.js';
import { startRendererHarness, type RendererHarness } from '../tests/support/renderer.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const ARTICLE_ID = 'art-1001';

let h: RendererHarness;

/** Text as a reader sees it: React escapes quotes and apostrophes in text. */
function decoded(html: string): string {
  return html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

async function currentHeader(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${h.upstream.url}/api/article?path=${encodeURIComponent(path)}`);
  const body = (await response.json()) as { data: { results: Array<{ header: Record<string, unknown> }> } };
  const header = body.data.results[0]?.header;
  if (!header) throw new Error(`no article at ${path}`);
  return header;
}

const render = (path: string) => h.render(path);
const stored = (path: string) => h.stored(path);
const sample = (method: string, path: string, body?: unknown) => h.sample(method, path, body);

beforeAll(async () => {
  h = await startRendererHarness();
});

beforeEach(async () => {
  await sample('POST', '/__sample/reset');
  await sample('DELETE', '/__sample/faults');
});

afterAll(async () => {
  await h.stop();
});

describe('the document shell', () => {
  it('gives the home page its head, menus, search island, footer year and bundle script', async () => {
    const outcome = await render('/');
    expect(outcome.kind).toBe('home');
    const html = await stored('/');
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(html).toContain('<title>Breaking News, Latest News and Videos | Fox News</title>');
    expect(html).toContain('<link rel="canonical" href="https://www.example.test/"/>');
    expect(html).toContain(`<meta name="robots" content="${DEFAULT_ROBOTS}"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('©2026 FOX News Network');
    expect(html).toContain('Market data provided by');
    expect(html).toContain('data-island="HeaderSearch"');
    expect(html).toContain('placeholder="Search Fox News"');
    expect(html).toContain('<script type="module" src="/assets/client-TEST.js"></script>');
    const mainMenu = /<nav class="main-menu"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    const names = [...mainMenu.matchAll(/<a href="[^"]*"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(names).toEqual([...HEADER_MENU_CATEGORIES]);
    // Home is a front built from its layout's regions: the right rail's newsletter promo and
    // rank list render, not only the main lists.
    expect(html).toContain('<aside class="region region-right-rail"');
    expect(html).toContain('Headlines Newsletter');
    expect(html).toContain('Trending');
  });

  it("leaves out a home list whose every story a list above shows, and no list says it has no stories", async () => {
    await render('/');
    const html = await stored('/');
    // The sample's one health story is in Latest News, so the Health list has nothing new.
    const sections = [...html.matchAll(/<section class="article-list[^"]*"[^>]*>([\s\S]*?)<\/section>/g)].map((m) => m[1] ?? '');
    const titles = sections.map((body) => /<h2[^>]*>([\s\S]*?)<\/h2>/.exec(body)?.[1]?.replace(/<[^>]+>/g, '') ?? '');
    expect(titles).toContain('Latest News');
    expect(titles).toContain('Politics');
    expect(titles).not.toContain('Health');
    expect(html).not.toContain('No stories yet.');
    const health = 'href="/health/why-doctors-want-you-to-walk-after-meals"';
    expect(sections.filter((body) => body.includes(health))).toHaveLength(1);
  });

  it('stores the 404 page with status 404 and the spec texts when home renders', async () => {
    await render('/');
    const page = await h.store.get(notFoundPageKey('news'));
    expect(page?.meta.status).toBe(404);
    const html = decoded(page?.body.toString('utf8') ?? '');
    expect(html).toContain(NOT_FOUND_TEXTS.heading);
    expect(html).toContain(NOT_FOUND_TEXTS.body);
    expect(html).toContain('<a href="/">Go to Home</a>');
    expect(html).toContain('noindex');
    // "Latest Videos" from the video service's latest-news tag, newest first, with "See All" to
    // the latest-news video topic (spec 1 §2.2). The sample's town hall airs in 2099: a video
    // card appears only once its air start has passed (spec 2 §2).
    const list = /<section aria-labelledby="latest-videos">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    const titles = [...list.matchAll(/<span class="video-title">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      'Live: the briefing room',
      'Markets open higher on jobs data',
      'Senate leaders outline the week ahead',
      'Morning headlines',
      'Storm damage across the Midwest',
      'Weekend forecast',
      'Summit ends with a joint statement',
    ]);
    expect(list).toContain('<a href="/video/markets-open-higher">');
    expect(list).toContain('<a href="/video/topics/latest-news">See All</a>');
    expect(list).not.toContain('Town hall');
    // Thumbnails go through the image service at the recommended-video sizes (spec 1 §9).
    expect(list).toMatch(/<img src="[^"]*\/320\/180\/video-markets-open-higher\.svg\?ve=1(&amp;|&)tl=1"/);
    expect(list).toContain('<span class="duration"><span class="visually-hidden">Duration </span>3:08</span>');
    // Home depends on the latest-news videos, so a new one re-renders home and the 404 page.
    expect(await h.index.keysOf({ site: 'news', path: '/' })).toContain('videos:tag:fox-news/latest-news');
  });

  it('hides "Latest Videos" and logs the spec message when the video service fails and no good copy of the list exists', async () => {
    // Nothing better exists anywhere: no last good copy, and no stored home or 404 page (one
    // render writes both) that had the list; a stored page that had it is kept (side-data.ts).
    await h.forgetSideData();
    await h.store.delete(notFoundPageKey('news'));
    await h.store.delete(pageKey('news', '/', 'standard'));
    await sample('POST', '/__sample/faults', { path: '/api/videos', mode: 'status', status: 503 });
    h.logLines.length = 0;
    await render('/');
    const html = decoded((await h.store.get(notFoundPageKey('news')))?.body.toString('utf8') ?? '');
    expect(html).toContain(NOT_FOUND_TEXTS.heading);
    expect(html).not.toContain(NOT_FOUND_TEXTS.latestVideos);
    expect(html).not.toContain('See All');
    expect(h.logLines.some((l) => l.message === 'Error fetching recommended videos:' && l.level === 'error')).toBe(true);
    expect(h.logLines.some((l) => l.message === 'No recommended videos available')).toBe(true);
  });
});

describe('article pages', () => {
  it('renders the header and every starter block kind, skipping the unknown one with a log', async () => {
    h.logLines.length = 0;
    const outcome = await render(ARTICLE);
    expect(outcome.kind).toBe('article');
    const html = await stored(ARTICLE);
    expect(html).toMatch(/<h1 class="headline">[^<]+<\/h1>/);
    expect(html).toContain('| Fox News</title>');
    expect(html).toContain(`<link rel="canonical" href="https://www.example.test${ARTICLE}"/>`);
    expect(decoded(html)).toMatch(/<div class="byline"><span class="author">(<img class="headshot"[^>]*>)?<a href="[^"]+">Sarah Whitfield<\/a><\/span>/);
    expect(html).toMatch(/<th[^>]*colSpan="2"|<t[dh][^>]*colSpan="2"/i);
    expect(html).toMatch(/rowSpan="2"/i);
    expect(html).toContain('<blockquote class="pull-quote">');
    expect(html).toMatch(/<figure class="article-image">(<picture>.*?)?<img src="[^"]+" alt="[^"]+"/);
    expect(html).not.toContain('ar-experience');
    const skip = h.logLines.find((l) => l.message === 'Unknown block kind "ar-experience"');
    expect(skip?.level).toBe('warn');
    // The topic bar highlights the topic that links to this article, and the main menu marks the
    // article's section (spec 1 §2.3).
    expect(html).toContain(`<a href="${ARTICLE}" aria-current="page">Rural Broadband</a>`);
    expect(html).toContain('<a href="/politics" aria-current="true">Politics</a>');
  });

  it('records its data keys in the dependency index and as surrogate keys', async () => {
    await render(ARTICLE);
    const keys = await h.index.keysOf({ site: 'news', path: ARTICLE });
    expect(keys).toEqual(expect.arrayContaining([`article:${ARTICLE_ID}`, 'menu', 'legal-links']));
    // The article page itself, and any page rendered earlier whose lists show it.
    expect(await h.index.pagesFor([`article:${ARTICLE_ID}`])).toContainEqual({ site: 'news', path: ARTICLE });
    const meta = await h.store.head(pageKey('news', ARTICLE, 'standard'));
    expect(meta?.surrogateKeys).toEqual(expect.arrayContaining([`page:news:${ARTICLE}`, `article:${ARTICLE_ID}`, 'menu']));
    expect(meta?.contentType).toBe('text/html; charset=utf-8');
    expect(meta?.cacheControl).toMatch(/s-maxage=\d+/);
    expect(meta?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(meta?.reason).toBe('republish');
  });

  it("starts the page's other reads beside the article's own read, not after it", async () => {
    // The article's answer is held for 2 s; the section's article layout (a read that needs only
    // the path) must reach upstream while it is held.
    await sample('POST', '/__sample/faults', { path: '/api/article', query: { path: ARTICLE }, mode: 'delay', delayMs: 2_000 });
    await sample('POST', '/__sample/faults', { path: '/layouts', query: { subtype: 'article' }, mode: 'delay', delayMs: 0 });
    let settled = false;
    const rendering = render(ARTICLE).finally(() => (settled = true));
    const hits = async () => {
      const { faults } = (await (await fetch(`${h.upstream.url}/__sample/faults`)).json()) as { faults: Array<{ path: string; hits: number }> };
      return { article: faults.find((f) => f.path === '/api/article')?.hits ?? 0, layout: faults.find((f) => f.path === '/layouts')?.hits ?? 0 };
    };
    await expect.poll(async () => (await hits()).article, { timeout: 5_000, interval: 20 }).toBeGreaterThan(0);
    await expect.poll(async () => (await hits()).layout, { timeout: 1_500, interval: 20 }).toBeGreaterThan(0);
    expect(settled).toBe(false);
    expect((await rendering).kind).toBe('article');
    expect(await h.index.keysOf({ site: 'news', path: ARTICLE })).toEqual(expect.arrayContaining(['layout:article:fox-news/politics', 'menu', 'legal-links']));
  });

  it('writes nothing when the article has not changed, and writes when it has', async () => {
    await render(ARTICLE);
    const again = await render(ARTICLE);
    expect(again.written).toEqual([]);
    expect(again.unchanged).toEqual([pageKey('news', ARTICLE, 'standard'), pageKey('news', ARTICLE, 'print')]);

    await sample('PATCH', `/__sample/articles/${ARTICLE_ID}`, {
      title: 'Broadband bill clears the Senate panel',
      header: { ...(await currentHeader(ARTICLE)), headline: 'Broadband bill clears the Senate panel' },
    });
    const changed = await render(ARTICLE);
    expect(changed.written).toEqual([pageKey('news', ARTICLE, 'standard'), pageKey('news', ARTICLE, 'print')]);
    expect(await stored(ARTICLE)).toContain('<h1 class="headline">Broadband bill clears the Senate panel</h1>');
  });

  it('removes script, event handlers and javascript: links from hostile block HTML', async () => {
    await sample('PATCH', `/__sample/articles/${ARTICLE_ID}`, {
      components: [
        { kind: 'paragraph', props: { text: 'Safe <b>bold</b><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)" style="color:red">x</a>' } },
        { kind: 'pull-quote', props: { text: '<a href="https://evil.test">link</a><span onclick="alert(4)">quote</span>' } },
        { kind: 'heading', props: { text: 'Too deep', level: 7 } },
      ],
    });
    await render(ARTICLE);
    const body = /<div class="article-body">([\s\S]*?)<\/div><footer class="article-footer">/.exec(await stored(ARTICLE))?.[1] ?? '';
    expect(body).toContain('Safe <b>bold</b>');
    expect(body).not.toMatch(/<script|onerror|onclick|javascript:|style=/i);
    // Pull quotes allow no links (spec 1 §5); a heading of level 7 renders nothing.
    expect(body).not.toContain('evil.test');
    expect(body).not.toContain('Too deep');
  });

  it('keeps the last good page when upstream fails, failing the render with a retryable error', async () => {
    await render(ARTICLE);
    const before = await stored(ARTICLE);
    await sample('POST', '/__sample/faults', { path: '/api/article', mode: 'status', status: 500 });
    const error: unknown = await render(ARTICLE).then(() => null, (e: unknown) => e);
    expect(isPlatformError(error, 'UPSTREAM_UNAVAILABLE')).toBe(true);
    expect(await stored(ARTICLE)).toBe(before);

    await sample('DELETE', '/__sample/faults');
    await sample('POST', '/__sample/faults', { path: '/api/article', mode: 'malformed' });
    const malformed: unknown = await render(ARTICLE).then(() => null, (e: unknown) => e);
    expect(isPlatformError(malformed, 'UPSTREAM_BAD_RESPONSE')).toBe(true);
    expect(await stored(ARTICLE)).toBe(before);
  });
});

describe('section fronts and unknown paths', () => {
  it('renders a section front with the title rule and its article list', async () => {
    const outcome = await render('/politics');
    expect(outcome.kind).toBe('section');
    const html = await stored('/politics');
    expect(html).toMatch(/<title>[^<]+ \| Fox News<\/title>/);
    expect(html).toContain('<body class="page-section section-politics">');
    expect(html).toContain(`<a href="${ARTICLE}">`);
    expect(await h.index.keysOf({ site: 'news', path: '/politics' })).toEqual(
      expect.arrayContaining(['category:/politics', 'front:/politics', 'list:category:politics']),
    );
  });

  it('writes nothing for a path with no content, and does not mark it as a front', async () => {
    const outcome = await render('/politics/no-such-story');
    expect(outcome).toEqual({ kind: 'not-found', written: [], unchanged: [] });
    expect(await h.store.head(pageKey('news', '/politics/no-such-story', 'standard'))).toBeNull();
    expect(await h.index.keysOf({ site: 'news', path: '/politics/no-such-story' })).not.toContain('front:/politics/no-such-story');
  });

  it('records none of the reads an article page would have made for a path that holds no article', async () => {
    await render('/politics/no-such-story');
    const keys = await h.index.keysOf({ site: 'news', path: '/politics/no-such-story' });
    expect(keys).not.toContain('layout:article:fox-news/politics');
  });

  it('reports none of the failed reads an article page would have made for a path that holds no article', async () => {
    // A category at a two-segment path: the article kind claims it first and starts its path reads
    // (the section's recommended videos among them) before it finds no article there.
    await sample('PUT', '/__sample/categories', { title: 'Desk', description: 'From the politics desk.', slug: 'desk', path: '/politics/desk', url: '/politics/desk' });
    await h.forgetSideData();
    await sample('POST', '/__sample/faults', { path: '/api/videos', mode: 'status', status: 500 });
    const outcome = await render('/politics/desk');
    expect(outcome.kind).toBe('section');
    expect(outcome.written).toContain(pageKey('news', '/politics/desk', 'standard'));
    expect(outcome.missingData).toBeUndefined();
    expect(outcome.staleData).toBeUndefined();
  });

  it('keeps a stored page whose content vanished upstream without a delete event', async () => {
    await render(ARTICLE);
    await sample('DELETE', `/__sample/articles/${ARTICLE_ID}`);
    const outcome = await render(ARTICLE);
    expect(outcome).toEqual({ kind: 'not-found', written: [], unchanged: [] });
    expect(await h.store.head(pageKey('news', ARTICLE, 'standard'))).not.toBeNull();
    expect(await h.store.head(pageKey('news', ARTICLE, 'print'))).not.toBeNull();
  });

  it('removes every stored variant of a page deleted upstream, and the record once content returns', async () => {
    await render(ARTICLE);
    expect(await h.store.head(pageKey('news', ARTICLE, 'standard'))).not.toBeNull();
    await sample('DELETE', `/__sample/articles/${ARTICLE_ID}`);
    await h.index.markDeleted({ site: 'news', path: ARTICLE }, { eventId: 'evt-del', at: '2026-03-01T12:00:00Z' });
    const outcome = await render(ARTICLE);
    expect(outcome.kind).toBe('deleted');
    // Only what existed is removed (this article has no AMP page).
    expect(outcome.written.sort()).toEqual([pageKey('news', ARTICLE, 'print'), pageKey('news', ARTICLE, 'standard')].sort());
    for (const variant of ['standard', 'amp', 'print', 'redirect'] as const) expect(await h.store.head(pageKey('news', ARTICLE, variant))).toBeNull();
    // A second render of the deleted page writes nothing more.
    expect((await render(ARTICLE)).written).toEqual([]);
    // Published again: rendered as an article, and the deletion no longer applies.
    await sample('POST', '/__sample/reset');
    expect((await render(ARTICLE)).kind).toBe('article');
    expect(await h.index.deletion({ site: 'news', path: ARTICLE })).toBeNull();
  });

  it('replaces a deleted page with the 301 its delete event named', async () => {
    await render(ARTICLE);
    await sample('DELETE', `/__sample/articles/${ARTICLE_ID}`);
    await h.index.markDeleted({ site: 'news', path: ARTICLE }, { eventId: 'evt-del-2', at: '2026-03-01T12:00:00Z', redirectTo: '/politics' });
    const outcome = await render(ARTICLE);
    expect(outcome.kind).toBe('redirect');
    const record = await h.store.get(pageKey('news', ARTICLE, 'redirect'));
    expect(JSON.parse(record?.body.toString('utf8') ?? '{}')).toEqual({ location: '/politics', status: 301 });
    expect(await h.store.head(pageKey('news', ARTICLE, 'standard'))).toBeNull();
    await sample('POST', '/__sample/reset');
    await render(ARTICLE);
    expect(await h.store.head(pageKey('news', ARTICLE, 'redirect'))).toBeNull();
  });

  it('publishes an article whose upstream id and path would not fit a surrogate key as is', async () => {
    const longPath = `/politics/${'a'.repeat(150)}/${'b'.repeat(150)}`;
    const article = (await (await fetch(`${h.upstream.url}/api/article?path=${encodeURIComponent(ARTICLE)}`)).json()) as {
      data: { results: Array<Record<string, unknown>> };
    };
    const record = article.data.results[0] ?? {};
    await sample('PUT', `/__sample/articles/${encodeURIComponent('art 9')}`, { ...record, canonical_url: `https://www.foxnews.com${longPath}` });
    const outcome = await render(longPath);
    expect(outcome.kind).toBe('article');
    const meta = await h.store.head(pageKey('news', longPath, 'standard'));
    expect(meta?.surrogateKeys.every((k) => /^[\x21-\x7e]{1,256}$/.test(k))).toBe(true);
  });
});
