/**
 * Structured data a crawler accepts, and sitemaps of indexable canonical pages only (ADR
 * 0020). Both editions of the sample are published through the real pipeline; every stored page
 * is read back and its JSON-LD checked as a crawler would read it, and every URL of the site that
 * the JSON-LD or a sitemap names is requested through the edge router.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_IDS, type SiteId } from '../../core/isomorphic/sites.js';
import { parseKey } from '../../core/storage/keys.js';
import type { SitePathEntry } from '../../core/upstream/schemas.js';
import { edgeRequest } from '../support/edge-request.js';
import { openSharedSite, type SharedSite } from '../support/shared-stack.js';

type Json = Record<string, unknown>;

interface StoredPage {
  site: SiteId;
  path: string;
  variant: string;
  html: string;
  ld: Json[];
}

let stack: SharedSite;
let origins: Record<SiteId, string>;
let entries: SitePathEntry[];
const pages: StoredPage[] = [];

/** The JSON-LD blocks of a page, parsed (a block that does not parse fails the test here). */
function jsonLdOf(html: string, where: string): Json[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((match) => {
    try {
      return JSON.parse(match[1] ?? '') as Json;
    } catch (error) {
      throw new Error(`${where}: JSON-LD does not parse: ${String(error)}`);
    }
  });
}

beforeAll(async () => {
  stack = await openSharedSite();
  const news = stack.siteUrl.replace('127.0.0.1', 'localhost');
  origins = { news, es: news.replace('://', '://es.') };
  expect(stack.published.failed).toEqual([]);
  entries = await stack.upstream.listSiteEntries();
  for (const site of SITE_IDS) {
    for await (const key of stack.store.list(`${site}/`)) {
      const parsed = parseKey(key);
      if (parsed === null || !key.endsWith('.html')) continue;
      const html = (await stack.store.get(key))?.body.toString('utf8') ?? '';
      const path = parsed.kind === 'page' ? parsed.path : '(404 page)';
      const variant = parsed.kind === 'page' ? parsed.variant : 'not-found';
      pages.push({ site, path, variant, html, ld: jsonLdOf(html, `${site}:${path} ${variant}`) });
    }
  }
}, 240_000);

afterAll(async () => {
  await stack?.close();
});

/** Keys whose string values are URLs in the JSON-LD this site writes. */
const URL_KEYS = new Set(['url', '@id', 'item', 'image', 'thumbnailUrl', 'embedUrl', 'contentUrl', 'sameAs', 'urlTemplate']);

/** Every URL value in a JSON-LD tree, with the key that holds it. */
function urlsIn(value: unknown, key = ''): { key: string; url: string }[] {
  if (typeof value === 'string') return URL_KEYS.has(key) ? [{ key, url: value }] : [];
  if (Array.isArray(value)) return value.flatMap((item) => urlsIn(item, key));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => urlsIn(v, k));
  return [];
}

function ofType(page: StoredPage, type: string): Json[] {
  return page.ld.filter((data) => data['@type'] === type);
}

function standardPage(site: SiteId, path: string): StoredPage {
  const page = pages.find((candidate) => candidate.site === site && candidate.path === path && candidate.variant === 'standard');
  if (page === undefined) throw new Error(`${site}:${path} is not stored`);
  return page;
}

/** The path of one of this deployment's URLs, or null for another origin. */
function ownUrl(url: string): { site: SiteId; path: string } | null {
  for (const site of SITE_IDS) {
    if (url === origins[site] || url.startsWith(`${origins[site]}/`)) return { site, path: new URL(url).pathname };
  }
  return null;
}

/** Reads a PNG's width and height from its IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

function crumbs(page: StoredPage): string[] {
  const [list] = ofType(page, 'BreadcrumbList');
  const items = (list?.itemListElement ?? []) as { position: number; item: string }[];
  items.forEach((item, index) => expect(item.position).toBe(index + 1));
  return items.map((item) => item.item);
}

describe('structured data on every stored page of both editions', () => {
  it('parses, and every URL in it is absolute', () => {
    expect(pages.length).toBeGreaterThan(200);
    const relative = pages.flatMap((page) =>
      page.ld.flatMap((data) => urlsIn(data).filter(({ url }) => !/^https?:\/\/[^/\s]+/.test(url)).map(({ key, url }) => `${page.site}:${page.path} ${key}=${url}`)),
    );
    expect(relative).toEqual([]);
  });

  it('names only URLs of this site that answer 200 through the edge', async () => {
    const own = new Map<string, string>();
    for (const page of pages) {
      for (const { url } of page.ld.flatMap((data) => urlsIn(data))) {
        if (url.includes('{')) continue; // the SearchAction's URL template; checked below with a query
        if (ownUrl(url) !== null) own.set(url, `${page.site}:${page.path}`);
      }
    }
    expect(own.size).toBeGreaterThan(100);
    const failing: string[] = [];
    for (const [url, from] of own) {
      const answer = await edgeRequest(stack.siteUrl, url, 'HEAD');
      if (answer.status !== 200) failing.push(`${url} (${answer.status}, from ${from})`);
    }
    expect(failing).toEqual([]);
  }, 120_000);

  it('gives every NewsArticle an image and a publisher logo that is a served 600x60 PNG', async () => {
    const articles = pages.flatMap((page) => ofType(page, 'NewsArticle').map((data) => ({ page, data })));
    // Every published article of both editions, standard and AMP.
    expect(articles.length).toBeGreaterThan(80);
    const logos = new Set<string>();
    for (const { page, data } of articles) {
      const image = data.image as { url?: string; width?: number } | undefined;
      expect(image?.url, `${page.site}:${page.path}`).toMatch(/^https?:\/\//);
      const logo = (data.publisher as { logo: { url: string; width: number; height: number } }).logo;
      expect({ width: logo.width, height: logo.height }).toEqual({ width: 600, height: 60 });
      logos.add(logo.url);
    }
    expect(logos.size).toBe(2); // one per edition's origin
    for (const logo of logos) {
      const answer = await edgeRequest(stack.siteUrl, logo);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe('image/png');
      expect(pngSize(answer.body)).toEqual({ width: 600, height: 60 });
    }
  });

  it('gives the slideshow article its first slide as image, not the default', async () => {
    const [article] = ofType(standardPage('news', '/lifestyle/spring-gardens-in-bloom'), 'NewsArticle');
    const url = (article?.image as { url: string }).url;
    expect(url).not.toContain('/assets/');
    // The image service's 1200x800 rendition of the first slide (sample upstream, another origin).
    expect(url).toContain('/1200/800/');
    expect((await fetch(url)).status).toBe(200);
  });

  it('puts a BreadcrumbList on every article, from home to the article', () => {
    const articlePaths = entries.filter((entry) => entry.type === 'article').map((entry) => entry.path);
    expect(articlePaths.length).toBeGreaterThan(40);
    for (const site of SITE_IDS) {
      for (const path of articlePaths) {
        const page = standardPage(site, path);
        const [article] = ofType(page, 'NewsArticle');
        const trail = crumbs(page);
        expect(trail.length, `${site}:${path}`).toBe(3);
        expect(trail[0]).toBe(`${origins[site]}/`);
        expect(trail.at(-1)).toBe((article?.mainEntityOfPage as { '@id': string })['@id']);
      }
    }
  });

  it('puts a BreadcrumbList on every section, category and tag front and every video area page', () => {
    const paths = entries.filter((entry) => entry.type === 'section' || entry.type === 'video').map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['/politics', '/video', '/video/topics']));
    for (const site of SITE_IDS) {
      for (const path of paths) {
        const trail = crumbs(standardPage(site, path));
        expect(trail[0], `${site}:${path}`).toBe(`${origins[site]}/`);
        expect(trail.at(-1)).toBe(`${origins[site]}${path}`);
        if (path.startsWith('/video/')) expect(trail).toContain(`${origins[site]}/video`);
      }
    }
  });

  it('wraps every person in a ProfilePage', () => {
    const people = entries.filter((entry) => entry.type === 'person' && entry.path.startsWith('/person/') && entry.path !== '/person/personalities');
    expect(people.length).toBeGreaterThan(5);
    for (const site of SITE_IDS) {
      for (const { path } of people) {
        const [profile] = ofType(standardPage(site, path), 'ProfilePage');
        expect(profile, `${site}:${path}`).toMatchObject({ url: `${origins[site]}${path}`, mainEntity: { '@type': 'Person', url: `${origins[site]}${path}` } });
        expect(ofType(standardPage(site, path), 'Person')).toEqual([]);
      }
    }
  });

  it('describes the site and its publisher on home: WebSite with a working SearchAction, Organization with a logo of at least 112 px', async () => {
    for (const site of SITE_IDS) {
      const home = standardPage(site, '/');
      const [webSite] = ofType(home, 'WebSite');
      const action = webSite?.potentialAction as { target: { urlTemplate: string }; 'query-input': string };
      expect(action['query-input']).toBe('required name=search_term_string');
      const template = action.target.urlTemplate;
      expect(template).toBe(`${origins[site]}/search-results/search?q={search_term_string}`);
      const search = await edgeRequest(stack.siteUrl, template.replace('{search_term_string}', 'storm'));
      expect(search.status).toBe(200);
      // The search page's island reads the query from ?q= (interactive-bundle/islands/search-results.island.tsx).
      expect(search.body.toString('utf8')).toContain('data-island="SearchResults"');

      const [organization] = ofType(home, 'NewsMediaOrganization');
      const logo = organization?.logo as { url: string; width: number; height: number };
      expect(logo.width).toBeGreaterThanOrEqual(112);
      const answer = await edgeRequest(stack.siteUrl, logo.url);
      expect(answer.status).toBe(200);
      expect(pngSize(answer.body)).toEqual({ width: logo.width, height: logo.height });
    }
  });

  it('lists in LiveBlogPosting only updates a reader sees on the page', () => {
    const live = pages.filter((page) => ofType(page, 'LiveBlogPosting').length > 0);
    expect(live.length).toBeGreaterThan(0);
    let updates = 0;
    for (const page of live) {
      const text = page.html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
      const body = text.slice(text.indexOf('<body'));
      for (const update of (ofType(page, 'LiveBlogPosting')[0]?.liveBlogUpdate ?? []) as { headline: string; datePublished: string }[]) {
        expect(body, `${page.site}:${page.path}`).toContain(update.headline);
        // React writes the attribute as dateTime; HTML attribute names are case-insensitive.
        expect(body.toLowerCase()).toContain(`datetime="${update.datePublished.toLowerCase()}"`);
        updates += 1;
      }
    }
    expect(updates).toBeGreaterThan(0);
  });
});

describe('sitemaps', () => {
  async function sitemapLocs(site: SiteId): Promise<string[]> {
    const index = (await edgeRequest(stack.siteUrl, `${origins[site]}/sitemap.xml`)).body.toString('utf8');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    files.push(`${origins[site]}/sitemap-news.xml`);
    const locs: string[] = [];
    for (const file of files) {
      const answer = await edgeRequest(stack.siteUrl, file);
      expect(answer.status, file).toBe(200);
      locs.push(...[...answer.body.toString('utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? ''));
    }
    return locs;
  }

  it('list only pages that answer 200, are indexable and name themselves canonical', async () => {
    for (const site of SITE_IDS) {
      const locs = await sitemapLocs(site);
      expect(locs.length).toBeGreaterThan(100);
      const wrong: string[] = [];
      for (const loc of new Set(locs)) {
        const answer = await edgeRequest(stack.siteUrl, loc);
        const html = answer.body.toString('utf8');
        const robots = /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? '';
        const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
        if (answer.status !== 200 || /noindex/.test(robots) || canonical !== loc) wrong.push(`${loc}: ${answer.status} robots=${robots} canonical=${canonical}`);
      }
      expect(wrong).toEqual([]);
    }
  }, 120_000);

  it('leave out the noindex pages, the draft and the second route that the site still serves', async () => {
    const locs = await sitemapLocs('news');
    for (const path of ['/cookie-demo', '/us/court-record-of-the-zoning-hearing', '/us/test-page-for-the-noindex-rule', '/us/draft-school-board-election-guide', '/person/personalities']) {
      expect((await edgeRequest(stack.siteUrl, `${origins.news}${path}`)).status, path).toBe(200);
      expect(locs).not.toContain(`${origins.news}${path}`);
    }
    expect(locs).toContain(`${origins.news}/personalities`);
  });
});
