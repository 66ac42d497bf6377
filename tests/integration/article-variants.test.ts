/**
 * Every stored page of the whole sample site is valid: `npm start`'s publish
 * on the real pipeline (tests/support/stack.ts), then every standard and print page through the Nu
 * HTML Checker in one run, every AMP page through the offline AMP check, and every HTML object
 * through the live-markup check.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { isDraftDate } from '../../core/isomorphic/dates.js';
import { pageKey } from '../../core/storage/keys.js';
import type { Stack } from '../../infra/local/stack.js';
import { findLiveMarkup } from '../security/live-markup.js';
import { checkAmp } from '../support/amp-check.js';
import { errorLines, validateHtml } from '../support/html-validator.js';
import { openSharedSite, type SharedSite } from '../support/shared-stack.js';
import { startTestStack } from '../support/stack.js';

let stack: SharedSite;
const pages = new Map<string, string>();
const allKeys: string[] = [];

beforeAll(async () => {
  // Both editions, published once for the run as npm start publishes them (tests/support/global-setup.ts).
  stack = await openSharedSite();
  expect(stack.published.failed).toEqual([]);
  for (const prefix of ['news/', 'es/']) {
    for await (const key of stack.store.list(prefix)) {
      allKeys.push(key);
      if (!key.endsWith('.html')) continue;
      const object = await stack.store.get(key);
      if (object) pages.set(key, object.body.toString('utf8'));
    }
  }
});

afterAll(async () => {
  await stack?.close();
});

describe('the whole published site (npm start publishes the same set)', () => {
  it('has home, the 404 page, fronts, static pages, feeds, sitemaps and robots.txt on both sites', () => {
    for (const site of ['news', 'es']) {
      expect(allKeys).toEqual(
        expect.arrayContaining([
          `${site}/pages/index.html`,
          `${site}/special/404.html`,
          `${site}/pages/politics/index.html`,
          `${site}/pages/category/politics/elections/index.html`,
          `${site}/pages/privacy-policy/index.html`,
          `${site}/pages/gowatch/index.html`,
          `${site}/feeds/politics.xml`,
          `${site}/root/robots.txt`,
          `${site}/root/sitemap.xml`,
          `${site}/root/sitemap-news.xml`,
          // Spec 2's page kinds: people, shows, the video area, games, live events.
          `${site}/pages/personalities/index.html`,
          `${site}/pages/person/personalities/index.html`,
          `${site}/pages/person/h/grace-holloway/index.html`,
          `${site}/pages/shows/index.html`,
          `${site}/pages/shows/weekend-watch/index.html`,
          `${site}/pages/shows/1004/redirect.json`,
          `${site}/pages/video/index.html`,
          `${site}/pages/video/shows/index.html`,
          `${site}/pages/video/shows/the-evening-report/index.html`,
          `${site}/pages/video/topics/index.html`,
          `${site}/pages/video/topics/politics/index.html`,
          `${site}/pages/video/senate-leaders-week-ahead/index.html`,
          `${site}/pages/video/shows/hannity-full-episode-march-17/index.html`,
          `${site}/pages/games/index.html`,
          `${site}/pages/games/word-search/index.html`,
          `${site}/pages/coverage/election-night/index.html`,
        ]),
      );
    }
    expect(allKeys).toContain('es/pages/translation-statement/index.html');
    expect(allKeys).not.toContain('news/pages/translation-statement/index.html');
  });

  it('stores feeds and sitemaps that a real XML parser accepts, as RSS 2.0 and sitemap documents', async () => {
    const xmlKeys = allKeys.filter((key) => key.endsWith('.xml'));
    expect(xmlKeys.length).toBeGreaterThan(2 * (12 + 3));
    const parser = new XMLParser({ ignoreAttributes: false });
    for (const key of xmlKeys) {
      const xml = (await stack.store.get(key))?.body.toString('utf8') ?? '';
      expect(XMLValidator.validate(xml), key).toBe(true);
      const doc = parser.parse(xml) as Record<string, unknown>;
      if (key.includes('/feeds/')) expect(doc.rss, key).toMatchObject({ '@_version': '2.0', channel: expect.anything() as unknown });
      else expect(doc.urlset ?? doc.sitemapindex, key).toBeDefined();
    }
  });

  it('lists exactly the stored pages in each site\'s sitemaps', async () => {
    for (const site of ['news', 'es'] as const) {
      const stored = allKeys
        .flatMap((key) => {
          const match = /^[a-z]+\/pages(\/.*)?\/index\.html$/.exec(key.startsWith(`${site}/`) ? key : '');
          return match ? [match[1] ?? '/'] : [];
        });
      // Pages robots.txt keeps crawlers out of (the search results page) are stored but not listed.
      const robots = (await stack.store.get(`${site}/root/robots.txt`))?.body.toString('utf8') ?? '';
      const disallowed = [...robots.matchAll(/^Disallow: (\/\S+)$/gm)].map((m) => m[1] ?? '');
      expect(disallowed).toContain('/search-results/');
      // Only indexable canonical pages are listed: not a page that says noindex
      // (robots_noindex, the hard-coded noindex article, the cookie demo) or names another URL as
      // canonical (the persons list's second route), nor a draft article.
      const drafts = new Set((await stack.upstream.listSiteEntries()).filter((entry) => isDraftDate(entry.publicationDate)).map((entry) => entry.path));
      expect(drafts.size).toBe(1);
      const crawlable: string[] = [];
      for (const path of stored.filter((candidate) => !disallowed.some((prefix) => candidate.startsWith(prefix)))) {
        const html = (await stack.store.get(pageKey(site, path, 'standard')))?.body.toString('utf8') ?? '';
        const robots = /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? '';
        const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? '';
        if (!robots.includes('noindex') && new URL(canonical).pathname === path && !drafts.has(path)) crawlable.push(path);
      }
      expect(stored.length - crawlable.length).toBeGreaterThanOrEqual(6);
      // Old paths that now redirect keep no page (their record is redirect.json).
      const sitemapFiles = allKeys.filter((key) => key.startsWith(`${site}/root/sitemap-`) && !key.endsWith('sitemap-news.xml'));
      const listed: string[] = [];
      for (const key of sitemapFiles) {
        const xml = (await stack.store.get(key))?.body.toString('utf8') ?? '';
        for (const match of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) listed.push(new URL(match[1] ?? '').pathname);
      }
      expect([...new Set(listed)].sort(), site).toEqual([...new Set(crawlable)].sort());
    }
  });
});

describe('every stored article variant', () => {
  it('stores a standard page for every article, and AMP and print variants', () => {
    const keys = [...pages.keys()];
    expect(keys.filter((key) => key.endsWith('/index.html')).length).toBeGreaterThan(40);
    expect(keys.some((key) => key.endsWith('/amp.html'))).toBe(true);
    expect(keys.some((key) => key.endsWith('/print.html'))).toBe(true);
  });

  it('stores a redirect record for the moved article’s old path', async () => {
    const response = await fetch(`${stack.siteUrl}/us/county-opens-cooling-centers`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/us/county-opens-cooling-centers-during-heat-wave');
  });

  /**
   * Renders one page through the queue of `own` (a stack of this test's own: the shared site is
   * read-only) and waits until `key` is stored.
   */
  async function renderQueued(own: Stack, path: string, key: string): Promise<void> {
    await own.producer.enqueue({ site: 'news', path, reason: 'republish', requestedAt: new Date().toISOString() });
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      if (await own.store.get(key)) return;
    }
    throw new Error(`${path} did not store ${key}`);
  }

  it('answers the person, show and video 301 rules through the edge router (spec 2 §2)', async () => {
    // Published by the whole-site publish: the show's id path differs from its canonical path.
    const show = await fetch(`${stack.siteUrl}/shows/1004`, { redirect: 'manual' });
    expect(show.status).toBe(301);
    expect(show.headers.get('location')).toBe('/shows/weekend-watch');
    const target = await fetch(`${stack.siteUrl}/shows/weekend-watch`);
    expect(target.status).toBe(200);
    expect(await target.text()).toContain('<h1 class="show-title">Weekend Watch</h1>');
    // Paths no link names: rendered on request (a miss or an editor), then served as 301s.
    const own = await startTestStack({ renderJobDefaults: { attempts: 1, backoffMs: 10 } });
    onTestFinished(() => own.stop());
    await renderQueued(own.stack, '/person/x/grace-holloway', 'news/pages/person/x/grace-holloway/redirect.json');
    await renderQueued(own.stack, '/video/hannity-full-episode-march-17', 'news/pages/video/hannity-full-episode-march-17/redirect.json');
    for (const [from, to] of [
      ['/person/x/grace-holloway', '/person/h/grace-holloway'],
      ['/video/hannity-full-episode-march-17', '/video/shows/hannity-full-episode-march-17'],
    ] as const) {
      const response = await fetch(`${own.stack.siteUrl}${from}`, { redirect: 'manual' });
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
    // A missing show, video, game or live event is the stored 404 page (spec 2 §8).
    for (const path of ['/shows/no-such-show', '/video/no-such-video', '/games/no-such-game', '/coverage/no-such-event']) {
      const response = await fetch(`${stack.siteUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('This page could not be found');
    }
  });

  // One Java process validates a few hundred documents: about a minute on an idle 2-core machine,
  // over two minutes when other test files load both cores (a fresh-clone CI run hit 120 s).
  it('has no HTML errors in any standard or print page of either site (one vnu run)', { timeout: 300_000 }, async () => {
    const documents = [...pages].filter(([key]) => !key.endsWith('/amp.html')).map(([name, html]) => ({ name, html }));
    expect(errorLines(await validateHtml(documents))).toEqual([]);
  });

  it('has no AMP problems in any AMP page', () => {
    const problems = [...pages].filter(([key]) => key.endsWith('/amp.html')).flatMap(([key, html]) => checkAmp(html).map((p) => `${key}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('has no live markup beyond the page’s own scripts in any page', () => {
    const problems = [...pages].flatMap(([key, html]) => findLiveMarkup(html, { amp: key.endsWith('/amp.html') }).map((p) => `${key}: ${p}`));
    expect(problems).toEqual([]);
  });
});
