/**
 * The render pipeline on real parts: the sample upstream over HTTP, the filesystem store, a real
 * Redis for the dependency index. Asserts what a reader or crawler sees in the stored HTML.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../core/config/upstream.js';
import { DependencyIndex } from '../core/dependency-index.js';
import { isPlatformError } from '../core/errors.js';
import { DEFAULT_ROBOTS, HEADER_MENU_CATEGORIES, NOT_FOUND_TEXTS } from '../core/isomorphic/constants.js';
import { createLogger } from '../core/logger.js';
import type { RenderJob } from '../core/queue.js';
import { createFsStore } from '../core/storage/fs-driver.js';
import { notFoundPageKey, pageKey } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import { createUpstreamClient } from '../core/upstream/client.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../infra/sample-upstream/server.js';
import { startTestRedis, type TestRedis } from '../tests/support/redis-server.js';
import { createPageRenderer, type PageRenderer } from './render-page.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const ARTICLE_ID = 'art-1001';

let upstream: RunningSampleUpstream;
let redisServer: TestRedis;
let redis: Redis;
let dir: string;
let store: ObjectStore;
let index: DependencyIndex;
let renderer: PageRenderer;
const logLines: Array<Record<string, unknown>> = [];

function job(path: string): RenderJob {
  return { site: 'news', path, reason: 'republish', requestedAt: new Date().toISOString() };
}

async function stored(path: string): Promise<string> {
  const object = await store.get(pageKey('news', path, 'standard'));
  if (!object) throw new Error(`nothing stored for ${path}`);
  return object.body.toString('utf8');
}

/** Text as a reader sees it: React escapes quotes and apostrophes in text. */
function decoded(html: string): string {
  return html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

async function currentHeader(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${upstream.url}/api/article?path=${encodeURIComponent(path)}`);
  const body = (await response.json()) as { data: { results: Array<{ header: Record<string, unknown> }> } };
  const header = body.data.results[0]?.header;
  if (!header) throw new Error(`no article at ${path}`);
  return header;
}

async function sample(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${upstream.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  upstream = await startSampleUpstream({ port: 0 });
  redisServer = await startTestRedis();
  redis = new Redis(redisServer.url);
  dir = await mkdtemp(join(tmpdir(), 'render-test-'));
  store = createFsStore({ root: dir });
  index = new DependencyIndex(redis, redisServer.prefix);
  const logger = createLogger({
    component: 'render-test',
    level: 'debug',
    destination: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    }),
  });
  const client = createUpstreamClient({ config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }), logger });
  renderer = createPageRenderer({
    store,
    index,
    upstream: client,
    logger,
    publicOrigin: 'https://www.example.test',
    scripts: ['/assets/client-TEST.js'],
    now: () => new Date('2026-03-01T12:00:00Z'),
  });
});

beforeEach(async () => {
  await sample('POST', '/__sample/reset');
  await sample('DELETE', '/__sample/faults');
});

afterAll(async () => {
  await upstream.close();
  redis.disconnect();
  await redisServer.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the document shell', () => {
  it('gives the home page its head, menus, search island, footer year and bundle script', async () => {
    const outcome = await renderer.render(job('/'));
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
  });

  it('stores the 404 page with status 404 and the spec texts when home renders', async () => {
    await renderer.render(job('/'));
    const page = await store.get(notFoundPageKey('news'));
    expect(page?.meta.status).toBe(404);
    const html = decoded(page?.body.toString('utf8') ?? '');
    expect(html).toContain(NOT_FOUND_TEXTS.heading);
    expect(html).toContain(NOT_FOUND_TEXTS.body);
    expect(html).toContain('<a href="/">Go to Home</a>');
    // No videos load yet, so the list and its "See All" are hidden (spec 1 §2.2).
    expect(html).not.toContain(NOT_FOUND_TEXTS.latestVideos);
    expect(html).toContain('noindex');
  });
});

describe('article pages', () => {
  it('renders the header and every starter block kind, skipping the unknown one with a log', async () => {
    logLines.length = 0;
    const outcome = await renderer.render(job(ARTICLE));
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
    const skip = logLines.find((l) => l.message === 'Unknown block kind "ar-experience"');
    expect(skip?.level).toBe('warn');
    // The topic bar highlights the topic that links to this article, and the main menu marks the
    // article's section (spec 1 §2.3).
    expect(html).toContain(`<a href="${ARTICLE}" aria-current="page">Rural Broadband</a>`);
    expect(html).toContain('<a href="/politics" aria-current="true">Politics</a>');
  });

  it('records its data keys in the dependency index and as surrogate keys', async () => {
    await renderer.render(job(ARTICLE));
    const keys = await index.keysOf({ site: 'news', path: ARTICLE });
    expect(keys).toEqual(expect.arrayContaining([`article:${ARTICLE_ID}`, 'menu', 'legal-links']));
    expect(await index.pagesFor([`article:${ARTICLE_ID}`])).toEqual([{ site: 'news', path: ARTICLE }]);
    const meta = await store.head(pageKey('news', ARTICLE, 'standard'));
    expect(meta?.surrogateKeys).toEqual(expect.arrayContaining([`page:news:${ARTICLE}`, `article:${ARTICLE_ID}`, 'menu']));
    expect(meta?.contentType).toBe('text/html; charset=utf-8');
    expect(meta?.cacheControl).toMatch(/s-maxage=\d+/);
    expect(meta?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(meta?.reason).toBe('republish');
  });

  it('writes nothing when the article has not changed, and writes when it has', async () => {
    await renderer.render(job(ARTICLE));
    const again = await renderer.render(job(ARTICLE));
    expect(again.written).toEqual([]);
    expect(again.unchanged).toEqual([pageKey('news', ARTICLE, 'standard'), pageKey('news', ARTICLE, 'print')]);

    await sample('PATCH', `/__sample/articles/${ARTICLE_ID}`, {
      title: 'Broadband bill clears the Senate panel',
      header: { ...(await currentHeader(ARTICLE)), headline: 'Broadband bill clears the Senate panel' },
    });
    const changed = await renderer.render(job(ARTICLE));
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
    await renderer.render(job(ARTICLE));
    const body = /<div class="article-body">([\s\S]*?)<\/div><footer class="article-footer">/.exec(await stored(ARTICLE))?.[1] ?? '';
    expect(body).toContain('Safe <b>bold</b>');
    expect(body).not.toMatch(/<script|onerror|onclick|javascript:|style=/i);
    // Pull quotes allow no links (spec 1 §5); a heading of level 7 renders nothing.
    expect(body).not.toContain('evil.test');
    expect(body).not.toContain('Too deep');
  });

  it('keeps the last good page when upstream fails, failing the render with a retryable error', async () => {
    await renderer.render(job(ARTICLE));
    const before = await stored(ARTICLE);
    await sample('POST', '/__sample/faults', { path: '/api/article', mode: 'status', status: 500 });
    const error: unknown = await renderer.render(job(ARTICLE)).then(() => null, (e: unknown) => e);
    expect(isPlatformError(error, 'UPSTREAM_UNAVAILABLE')).toBe(true);
    expect(await stored(ARTICLE)).toBe(before);

    await sample('DELETE', '/__sample/faults');
    await sample('POST', '/__sample/faults', { path: '/api/article', mode: 'malformed' });
    const malformed: unknown = await renderer.render(job(ARTICLE)).then(() => null, (e: unknown) => e);
    expect(isPlatformError(malformed, 'UPSTREAM_BAD_RESPONSE')).toBe(true);
    expect(await stored(ARTICLE)).toBe(before);
  });
});

describe('section fronts and unknown paths', () => {
  it('renders a section front with the title rule and its article list', async () => {
    const outcome = await renderer.render(job('/politics'));
    expect(outcome.kind).toBe('section');
    const html = await stored('/politics');
    expect(html).toMatch(/<title>[^<]+ \| Fox News<\/title>/);
    expect(html).toContain('<body class="page-section section-politics">');
    expect(html).toContain(`<a href="${ARTICLE}">`);
    expect(await index.keysOf({ site: 'news', path: '/politics' })).toEqual(
      expect.arrayContaining(['category:/politics', 'front:/politics', 'list:category:politics']),
    );
  });

  it('writes nothing for a path with no content, and does not mark it as a front', async () => {
    const outcome = await renderer.render(job('/politics/no-such-story'));
    expect(outcome).toEqual({ kind: 'not-found', written: [], unchanged: [] });
    expect(await store.head(pageKey('news', '/politics/no-such-story', 'standard'))).toBeNull();
    expect(await index.keysOf({ site: 'news', path: '/politics/no-such-story' })).not.toContain('front:/politics/no-such-story');
  });

  it('publishes an article whose upstream id and path would not fit a surrogate key as is', async () => {
    const longPath = `/politics/${'a'.repeat(150)}/${'b'.repeat(150)}`;
    const article = (await (await fetch(`${upstream.url}/api/article?path=${encodeURIComponent(ARTICLE)}`)).json()) as {
      data: { results: Array<Record<string, unknown>> };
    };
    const record = article.data.results[0] ?? {};
    await sample('PUT', `/__sample/articles/${encodeURIComponent('art 9')}`, { ...record, canonical_url: `https://www.foxnews.com${longPath}` });
    const outcome = await renderer.render(job(longPath));
    expect(outcome.kind).toBe('article');
    const meta = await store.head(pageKey('news', longPath, 'standard'));
    expect(meta?.surrogateKeys.every((k) => /^[\x21-\x7e]{1,256}$/.test(k))).toBe(true);
  });
});
