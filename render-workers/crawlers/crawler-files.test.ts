/**
 * The crawler files built from the sample upstream over HTTP, parsed with a strict XML reading
 * (test-helpers.ts), compared with the sample's own site map, and served by the real edge router
 * from the filesystem store they were written to.
 */
import { createRenderSideData } from '../../core/upstream/side-data.js';
import { staticPageBelongsTo } from '../static/paths.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildEdgeApp } from '../../edge-router/app.js';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { SITES } from '../../core/isomorphic/sites.js';
import { createLogger } from '../../core/logger.js';
import { CACHE_POLICIES, splitCacheControl } from '../../core/storage/cache-policy.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { feedKey, rootFileKey } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { writeIfChanged } from '../../core/storage/write.js';
import { createUpstreamClient, type UpstreamClient } from '../../core/upstream/client.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { buildCrawlerFile, CRAWLER_PUBLISH_PATHS, isCrawlerPath } from './crawler-files.js';
import { FEED_ITEM_COUNT, FEED_SECTIONS, RSS_CONTENT_TYPE } from './rss.js';
import { NEWS_WINDOW_HOURS, XML_CONTENT_TYPE } from './sitemaps.js';
import { stripInvalidXmlChars } from './xml.js';
import { child, childElements, childText, parseXml, textOf } from './test-helpers.js';

const ORIGIN = 'https://www.example.test';
/** Two days after the newest sample article (2025-03-19T10:00Z) less a little: some, not all, in the window. */
const NOW = new Date('2025-03-20T12:00:00Z');
const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

const siteMapSchema = z.object({
  data: z.object({ results: z.array(z.object({ path: z.string(), type: z.string() })) }),
});
const searchSchema = z.object({
  data: z.object({ results: z.array(z.object({ url: z.string(), title: z.string(), publicationDate: z.string() })) }),
});

let upstream: RunningSampleUpstream;
let client: UpstreamClient;
const silent = createLogger({ component: 'crawler-test', level: 'silent' });

beforeAll(async () => {
  upstream = await startSampleUpstream({ port: 0 });
  client = createUpstreamClient({ config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '5000' }), logger: silent });
});

afterAll(async () => {
  await upstream.close();
});

beforeEach(async () => {
  await sample('POST', '/__sample/reset');
});

async function sample(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${upstream.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return response.json();
}

/** The sample upstream's own site map, straight from its API (what "the pages that exist" means). */
async function siteMap(): Promise<Array<{ path: string; type: string }>> {
  return siteMapSchema.parse(await sample('GET', '/api/sitemap?from=0&size=5000')).data.results;
}

async function upstreamList(query: string): Promise<Array<{ url: string; title: string; publicationDate: string }>> {
  return searchSchema.parse(await sample('GET', `/api/article-search?${query}`)).data.results;
}

async function build(path: string, now = NOW): Promise<{ built: BuiltPage; reads: string[] }> {
  const reads = new Set<string>();
  const ctx: PageBuildContext = {
    site: SITES.news,
    path,
    client: client.withRecorder({ record: (key) => reads.add(key) }),
    log: silent,
    publicOrigin: ORIGIN,
    shellContext: { site: SITES.news, scripts: [], now },
    record: (key) => reads.add(key),
    sideData: createRenderSideData(undefined, 'news', () => {}),
    now,
  };
  const built = await buildCrawlerFile(ctx);
  if (built === null) throw new Error(`no crawler file at ${path}`);
  return { built, reads: [...reads].sort() };
}

function bodyOf(built: BuiltPage, key: string): string {
  const object = built.objects.find((o) => o.key === key);
  if (object === undefined) throw new Error(`${key} not built; built ${built.objects.map((o) => o.key).join(', ')}`);
  return typeof object.body === 'string' ? object.body : object.body.toString('utf8');
}

function locs(xml: string): string[] {
  const root = parseXml(xml);
  return childElements(root).map((entry) => childText(entry, 'loc'));
}

const absolute = (path: string): string => (path === '/' ? `${ORIGIN}/` : `${ORIGIN}${path}`);

describe('isCrawlerPath', () => {
  it('accepts the 12 feeds, robots.txt and every sitemap', () => {
    for (const path of [...CRAWLER_PUBLISH_PATHS, '/sitemap-sections.xml', '/sitemap-articles-1.xml', '/sitemap-articles-12.xml']) {
      expect(isCrawlerPath(path), path).toBe(true);
    }
    expect(CRAWLER_PUBLISH_PATHS).toEqual([
      '/robots.txt',
      '/sitemap.xml',
      '/sitemap-news.xml',
      ...['lifestyle', 'us', 'world', 'politics', 'media', 'opinion', 'entertainment', 'science', 'tech', 'health', 'travel', 'sports'].map((s) => `/rss/${s}.xml`),
    ]);
  });

  it.each(['/', '/politics', '/rss/weather.xml', '/rss/politics', '/rss/Politics.xml', '/sitemap-articles-0.xml', '/sitemap-articles-x.xml', '/sitemap.xml/x', '/robots.txt.amp'])(
    'refuses %s',
    (path) => {
      expect(isCrawlerPath(path)).toBe(false);
    },
  );
});

describe('RSS feeds (spec 1 §2.4)', () => {
  it.each(FEED_SECTIONS.map((s) => [s]))('%s: a valid RSS 2.0 feed of exactly that section\'s articles', async (section) => {
    const { built, reads } = await build(`/rss/${section}.xml`);
    expect(built.kind).toBe('feed');
    expect(built.objects).toHaveLength(1);
    const [object] = built.objects;
    expect(object?.key).toBe(feedKey('news', section));
    expect(object?.contentType).toBe('application/rss+xml; charset=utf-8');
    expect(object?.cacheControl).toBe(CACHE_POLICIES.feed);
    expect(reads).toContain(`list:category:${section}`);

    const rss = parseXml(bodyOf(built, feedKey('news', section)));
    expect(rss.name).toBe('rss');
    expect(rss.attribs.version).toBe('2.0');
    const channel = child(rss, 'channel');
    expect(childText(channel, 'title')).toMatch(/ \| Fox News$/);
    expect(childText(channel, 'link')).toMatch(new RegExp(`^${ORIGIN}/`));
    expect(childText(channel, 'description')).not.toBe('');
    expect(childText(channel, 'language')).toBe('en');
    expect(child(channel, 'atom:link').attribs).toEqual({ href: `${ORIGIN}/rss/${section}.xml`, rel: 'self', type: 'application/rss+xml' });

    const expected = (await upstreamList(`isCategory=true&searchSelected=${section}&size=${FEED_ITEM_COUNT}&from=0`)).filter((a) => a.url.startsWith('/'));
    const items = childElements(channel, 'item');
    expect(items.map((item) => childText(item, 'link'))).toEqual(expected.map((a) => absolute(a.url)));
    expect(items.map((item) => childText(item, 'title'))).toEqual(expected.map((a) => a.title));
    const articlePaths = new Set((await siteMap()).filter((e) => e.type === 'article').map((e) => absolute(e.path)));
    items.forEach((item, i) => {
      const link = childText(item, 'link');
      expect(articlePaths.has(link), link).toBe(true);
      const guid = child(item, 'guid');
      expect(guid.attribs.isPermaLink).toBe('true');
      expect(textOf(guid)).toBe(link);
      // A draft's all-zeros date (spec 1 §4) is no date: the item has no pubDate.
      const date = Date.parse(expected[i]?.publicationDate ?? '');
      if (Number.isNaN(date) || new Date(date).getUTCFullYear() < 1970) expect(childElements(item, 'pubDate')).toHaveLength(0);
      else expect(childText(item, 'pubDate')).toSatisfy((text: string) => RFC822.test(text) && text === new Date(date).toUTCString());
      expect(childElements(item, 'category')).toHaveLength(1);
    });
    if (items.length === 0) {
      // A section with no articles still gets a valid feed, without a lastBuildDate.
      expect(childElements(channel, 'lastBuildDate')).toHaveLength(0);
    } else {
      const newest = Math.max(...expected.map((a) => Date.parse(a.publicationDate)).filter((time) => !Number.isNaN(time)));
      expect(childText(channel, 'lastBuildDate')).toBe(new Date(newest).toUTCString());
    }
  });

  it('has items where the sample has articles, and empty feeds where it has none', async () => {
    const politics = parseXml(bodyOf((await build('/rss/politics.xml')).built, feedKey('news', 'politics')));
    expect(childElements(child(politics, 'channel'), 'item').length).toBeGreaterThan(0);
    const science = parseXml(bodyOf((await build('/rss/science.xml')).built, feedKey('news', 'science')));
    const channel = child(science, 'channel');
    expect(childElements(channel, 'item')).toHaveLength(0);
    expect(childText(channel, 'title')).toBe('Science | Fox News');
    // Science is a section front of its own (the menus link it), though no article lives under it.
    expect(childText(channel, 'link')).toBe(`${ORIGIN}/science`);
  });

  it('titles the channel from the category (section front title rule) and links the front', async () => {
    const channel = child(parseXml(bodyOf((await build('/rss/us.xml')).built, feedKey('news', 'us'))), 'channel');
    expect(childText(channel, 'title')).toBe('U.S. | Fox News');
    expect(childText(channel, 'link')).toBe(`${ORIGIN}/us`);
    expect(childText(channel, 'description')).toBe('Breaking news and reporting from communities across the United States.');
  });

  it('is byte-identical for unchanged content, whatever the clock says', async () => {
    const first = await build('/rss/politics.xml', NOW);
    const second = await build('/rss/politics.xml', new Date('2031-01-01T00:00:00Z'));
    expect(bodyOf(second.built, feedKey('news', 'politics'))).toBe(bodyOf(first.built, feedKey('news', 'politics')));
  });
});

/** Stored pages that are not indexable canonical pages, by what makes them so. */
const SECTIONS_NOT_LISTED = [
  '/cookie-demo', // robots_noindex
  '/account/login', // robots_noindex: the log-in page
  '/person/personalities', // canonical: /personalities
];
const ARTICLES_NOT_LISTED = [
  '/us/court-record-of-the-zoning-hearing', // robots_noindex
  '/us/test-page-for-the-noindex-rule', // the hard-coded noindex article (spec 1 §9)
  '/us/draft-school-board-election-guide', // a draft (all-zero publication date, spec 1 §4)
];

describe('sitemaps', () => {
  it('index -> sections and articles sitemaps listing exactly the pages of the upstream site map', async () => {
    const { built, reads } = await build('/sitemap.xml');
    expect(built.kind).toBe('sitemap');
    expect(reads).toContain('list:latest');
    for (const object of built.objects) {
      expect(object.contentType).toBe('application/xml; charset=utf-8');
      expect(object.cacheControl).toBe(CACHE_POLICIES.feed);
    }
    expect(built.objects.map((o) => o.key)).toEqual(['news/root/sitemap.xml', 'news/root/sitemap-sections.xml', 'news/root/sitemap-articles-1.xml']);
    expect(built.remove).toContain('news/root/sitemap-articles-2.xml');

    const index = parseXml(bodyOf(built, rootFileKey('news', 'sitemap.xml')));
    expect(index.name).toBe('sitemapindex');
    expect(index.attribs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(locs(bodyOf(built, rootFileKey('news', 'sitemap.xml')))).toEqual([`${ORIGIN}/sitemap-sections.xml`, `${ORIGIN}/sitemap-articles-1.xml`]);

    const entries = await siteMap();
    const sections = parseXml(bodyOf(built, rootFileKey('news', 'sitemap-sections.xml')));
    expect(sections.name).toBe('urlset');
    expect(locs(bodyOf(built, rootFileKey('news', 'sitemap-sections.xml'))).sort()).toEqual(
      // Every page but the articles and the old paths that redirect: home, fronts, static, person,
      // show, video, game and live-event pages; not the noindex cookie demo, nor the persons
      // list's second route, whose canonical is /personalities.
      entries
        .filter((e) => e.type !== 'article' && e.type !== 'redirect' && (e.type !== 'static' || staticPageBelongsTo(e.path, SITES.news)))
        .filter((e) => !SECTIONS_NOT_LISTED.includes(e.path))
        .map((e) => absolute(e.path))
        .sort(),
    );
    expect(entries.map((e) => e.path)).toEqual(expect.arrayContaining([...SECTIONS_NOT_LISTED, ...ARTICLES_NOT_LISTED]));
    const articles = locs(bodyOf(built, rootFileKey('news', 'sitemap-articles-1.xml')));
    expect([...articles].sort()).toEqual(
      entries
        .filter((e) => e.type === 'article' && !ARTICLES_NOT_LISTED.includes(e.path))
        .map((e) => absolute(e.path))
        .sort(),
    );
    // Old paths of moved articles (redirects) are pages no more.
    const redirects = entries.filter((e) => e.type === 'redirect').map((e) => absolute(e.path));
    for (const redirect of redirects) expect(articles).not.toContain(redirect);
  });

  it('every sitemap path builds the same set (one site-map read makes them all)', async () => {
    const index = await build('/sitemap.xml');
    for (const path of ['/sitemap-sections.xml', '/sitemap-articles-1.xml', '/sitemap-articles-3.xml']) {
      expect((await build(path)).built).toEqual(index.built);
    }
  });

  it('follows the site map: an unpublished article leaves the articles sitemap', async () => {
    const before = locs(bodyOf((await build('/sitemap.xml')).built, rootFileKey('news', 'sitemap-articles-1.xml')));
    const [first] = await upstreamList('size=1&from=0');
    if (first === undefined) throw new Error('the sample has articles');
    const { results } = z.object({ results: z.array(z.object({ id: z.string(), canonical_url: z.string() })) }).parse(
      (z.object({ data: z.unknown() }).parse(await sample('GET', `/api/article?path=${encodeURIComponent(first.url)}`))).data,
    );
    const [article] = results;
    if (article === undefined) throw new Error('article found');
    await sample('PATCH', `/__sample/articles/${article.id}`, { published: false });
    const after = locs(bodyOf((await build('/sitemap.xml')).built, rootFileKey('news', 'sitemap-articles-1.xml')));
    expect(before).toContain(absolute(first.url));
    expect(after).toEqual(before.filter((loc) => loc !== absolute(first.url)));
  });

  it('is byte-identical for unchanged content', async () => {
    const first = await build('/sitemap.xml', NOW);
    const second = await build('/sitemap.xml', new Date('2031-01-01T00:00:00Z'));
    expect(second.built.objects).toEqual(first.built.objects);
  });
});

describe('news sitemap (last 48 hours)', () => {
  it('lists exactly the articles published in the 48 hours before the render', async () => {
    const { built, reads } = await build('/sitemap-news.xml');
    // The latest list, and each article it shows (the news sitemap carries their titles).
    expect(reads.filter((key) => !key.startsWith('article:'))).toEqual(['list:latest']);
    expect(reads.some((key) => key.startsWith('article:'))).toBe(true);
    const xml = bodyOf(built, rootFileKey('news', 'sitemap-news.xml'));
    const urlset = parseXml(xml);
    expect(urlset.name).toBe('urlset');
    expect(urlset.attribs['xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');

    const windowStart = NOW.getTime() - NEWS_WINDOW_HOURS * 3_600_000;
    const expected = (await upstreamList('size=100&from=0')).filter((a) => {
      const time = Date.parse(a.publicationDate);
      return a.url.startsWith('/') && time >= windowStart && time <= NOW.getTime();
    });
    expect(expected.length).toBeGreaterThan(0);
    const articles = new Set((await siteMap()).filter((e) => e.type === 'article').map((e) => e.path));
    expect(expected.every((a) => articles.has(a.url))).toBe(true);
    const urls = childElements(urlset, 'url');
    expect(urls.map((url) => childText(url, 'loc'))).toEqual(expected.map((a) => absolute(a.url)));
    urls.forEach((url, i) => {
      const news = child(url, 'news:news');
      const publication = child(news, 'news:publication');
      expect(childText(publication, 'news:name')).toBe('Fox News');
      expect(childText(publication, 'news:language')).toBe('en');
      expect(childText(news, 'news:publication_date')).toBe(new Date(Date.parse(expected[i]?.publicationDate ?? '')).toISOString().replace('.000Z', 'Z'));
      expect(childText(news, 'news:title')).toBe(expected[i]?.title);
    });
  });

  it('depends on the clock only through the window: same articles inside, same bytes', async () => {
    const a = await build('/sitemap-news.xml', NOW);
    // 20 minutes earlier the window holds the same articles (none published in the 20 minutes at either end).
    const b = await build('/sitemap-news.xml', new Date(NOW.getTime() - 20 * 60_000));
    expect(bodyOf(b.built, rootFileKey('news', 'sitemap-news.xml'))).toBe(bodyOf(a.built, rootFileKey('news', 'sitemap-news.xml')));
  });

  it('changes when an article ages out of the window, with no content event (schedules re-render it)', async () => {
    const a = locs(bodyOf((await build('/sitemap-news.xml', NOW)).built, rootFileKey('news', 'sitemap-news.xml')));
    const b = locs(bodyOf((await build('/sitemap-news.xml', new Date(NOW.getTime() + 60_000))).built, rootFileKey('news', 'sitemap-news.xml')));
    // The health story was published at 2025-03-18T12:00Z, exactly 48 hours before NOW.
    expect(a).toContain(`${ORIGIN}/health/why-doctors-want-you-to-walk-after-meals`);
    expect(b).toEqual(a.filter((loc) => loc !== `${ORIGIN}/health/why-doctors-want-you-to-walk-after-meals`));
  });

  it('is a valid, empty news sitemap once every article has aged out', async () => {
    const { built } = await build('/sitemap-news.xml', new Date('2026-03-01T12:00:00Z'));
    const urlset = parseXml(bodyOf(built, rootFileKey('news', 'sitemap-news.xml')));
    expect(childElements(urlset, 'url')).toHaveLength(0);
  });
});

describe('hostile upstream text', () => {
  const HOSTILE_TITLE = 'Breaking <script>alert("x")</script> ]]> Q&A \u0000\u0007\u001B<b>bold</b> &amp; done';

  it('is escaped or removed so every file stays well-formed', async () => {
    const [latest] = await upstreamList('isCategory=true&searchSelected=politics&size=1&from=0');
    if (latest === undefined) throw new Error('politics has articles');
    const found = z.object({ data: z.object({ results: z.array(z.object({ id: z.string() })) }) }).parse(
      await sample('GET', `/api/article?path=${encodeURIComponent(latest.url)}`),
    );
    const id = found.data.results[0]?.id ?? '';
    await sample('PATCH', `/__sample/articles/${id}`, {
      title: HOSTILE_TITLE,
      description: '<img src=x onerror=alert(1)>Desc ]]> & <![CDATA[x]]> \u0008',
      publication_date: '2025-03-20T11:00:00Z',
    });

    const feed = bodyOf((await build('/rss/politics.xml')).built, feedKey('news', 'politics'));
    const news = bodyOf((await build('/sitemap-news.xml')).built, rootFileKey('news', 'sitemap-news.xml'));
    for (const xml of [feed, news]) {
      expect(xml).not.toContain('<script');
      expect(xml).not.toContain(']]>');
      expect(stripInvalidXmlChars(xml)).toBe(xml);
    }
    const [item] = childElements(child(parseXml(feed), 'channel'), 'item');
    if (item === undefined) throw new Error('the feed has items');
    // Markup is stripped (toPlainText); what is left reads back as text.
    expect(childText(item, 'title')).toBe('Breaking ]]> Q&A bold & done');
    expect(childText(item, 'description')).toBe('Desc ]]> &');
    const [url] = childElements(parseXml(news), 'url');
    if (url === undefined) throw new Error('the news sitemap has the article');
    expect(childText(child(url, 'news:news'), 'news:title')).toBe('Breaking ]]> Q&A bold & done');
  });
});

describe('robots.txt', () => {
  it('allows assets, keeps crawlers out of search results and the API, and names both sitemaps', async () => {
    const { built, reads } = await build('/robots.txt');
    expect(reads).toEqual([]);
    const [object] = built.objects;
    expect(object?.key).toBe('news/root/robots.txt');
    expect(object?.contentType).toBe('text/plain; charset=utf-8');
    expect(object?.cacheControl).toBe(CACHE_POLICIES.robots);
    expect(bodyOf(built, 'news/root/robots.txt')).toBe(
      [
        'User-agent: *',
        'Allow: /assets/',
        'Disallow: /search-results/',
        'Disallow: /api/',
        'Allow: /',
        '',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
        `Sitemap: ${ORIGIN}/sitemap-news.xml`,
        '',
      ].join('\n'),
    );
  });
});

describe('served by the edge router', () => {
  let dir: string;
  let store: ObjectStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crawler-files-'));
    store = createFsStore({ root: dir });
    await sample('POST', '/__sample/reset');
    for (const path of CRAWLER_PUBLISH_PATHS) {
      const { built } = await build(path);
      for (const object of built.objects) {
        await writeIfChanged(store, object.key, object.body, {
          contentType: object.contentType,
          cacheControl: object.cacheControl,
          surrogateKeys: [],
          renderedAt: NOW.toISOString(),
          reason: 'republish',
        });
      }
    }
    app = await buildEdgeApp({ store, logger: silent, defaultSite: 'news' });
  });

  afterAll(async () => {
    await app.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each<[string, string, string]>([
    ['/robots.txt', 'text/plain; charset=utf-8', CACHE_POLICIES.robots],
    ['/sitemap.xml', XML_CONTENT_TYPE, CACHE_POLICIES.feed],
    ['/sitemap-sections.xml', XML_CONTENT_TYPE, CACHE_POLICIES.feed],
    ['/sitemap-articles-1.xml', XML_CONTENT_TYPE, CACHE_POLICIES.feed],
    ['/sitemap-news.xml', XML_CONTENT_TYPE, CACHE_POLICIES.feed],
    ...FEED_SECTIONS.map((s): [string, string, string] => [`/rss/${s}.xml`, RSS_CONTENT_TYPE, CACHE_POLICIES.feed]),
  ])('GET %s -> 200 %s', async (url, contentType, cacheControl) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(contentType);
    // The edge router sends the stored policy split: browsers' part here, the CDN's in Surrogate-Control (ADR 0011).
    expect(res.headers['cache-control']).toBe(splitCacheControl(cacheControl).browser);
    if (url !== '/robots.txt') expect(() => parseXml(res.body)).not.toThrow();
  });

  it('serves a feed for the 12 sections only, and every URL the index names', async () => {
    expect((await app.inject({ method: 'GET', url: '/rss/weather.xml' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sitemap-articles-2.xml' })).statusCode).toBe(404);
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    for (const loc of locs(index.body)) {
      const res = await app.inject({ method: 'GET', url: loc.slice(ORIGIN.length) });
      expect(res.statusCode, loc).toBe(200);
    }
  });
});
