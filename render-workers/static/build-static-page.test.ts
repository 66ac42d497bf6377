/**
 * Static and special pages (spec 1 §2.1, §2.3, §2.5) built from the sample upstream over HTTP,
 * asserting what a reader or crawler sees in the HTML. Every built page passes the HTML checker.
 */
import { createRenderSideData } from '../../core/upstream/side-data.js';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { DEFAULT_ROBOTS } from '../../core/isomorphic/constants.js';
import { SITES, type SiteInfo } from '../../core/isomorphic/sites.js';
import { createLogger } from '../../core/logger.js';
import { createUpstreamClient } from '../../core/upstream/client.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import { createStaticPageClient, staticPageSchema, type StaticPage, type StaticPageClient } from '../../core/upstream/static-page-client.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { errorLines, validateHtml } from '../../tests/support/html-validator.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { buildStaticPage, staticPageTitle } from './build-static-page.js';
import { COOKIE_DEMO_PATH, isStaticPath, LEGAL_PAGE_PATHS, SPECIAL_PAGE_PATHS, STATIC_PAGE_PATHS } from './paths.js';
import { COOKIE_DEMO, PERSONALITIES_HEADING } from './static-page.js';

const ORIGIN = 'https://www.example.test';
const NOW = new Date('2026-03-01T12:00:00Z');

let upstream: RunningSampleUpstream;
let lines: Array<Record<string, unknown>>;

function capture(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
}

function setup(site: SiteInfo, path: string, pages?: StaticPageClient) {
  const config = parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '5000' });
  const log = createLogger({ component: 'static-test', level: 'debug', destination: capture() });
  const keys = new Set<string>();
  const recorder = { record: (key: string) => keys.add(key) };
  const ctx: PageBuildContext = {
    site,
    path,
    client: createUpstreamClient({ config, logger: log, recorder }),
    log,
    publicOrigin: ORIGIN,
    shellContext: { site, scripts: ['/assets/client-TEST.js'], now: NOW },
    record: recorder.record,
    sideData: createRenderSideData(undefined, site.id, () => {}),
    now: NOW,
  };
  return { ctx, keys, pages: pages ?? createStaticPageClient({ config, logger: log }) };
}

async function build(path: string, site: SiteInfo = SITES.news, pages?: StaticPageClient) {
  const { ctx, keys, pages: reader } = setup(site, path, pages);
  const built = await buildStaticPage(ctx, reader);
  return { built, keys };
}

function htmlOf(built: BuiltPage | null): string {
  const body = built?.objects[0]?.body;
  if (typeof body !== 'string') throw new Error('no page built');
  return body;
}

/** Text as a reader sees it: React escapes quotes and apostrophes in text. */
function decoded(html: string): string {
  return html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** A reader that serves one record, for rules the sample dataset has no page for. */
function fixedReader(record: Partial<StaticPage> & { title: string }): StaticPageClient {
  const page = staticPageSchema.parse(record);
  const reader: StaticPageClient = { getStaticPage: () => Promise.resolve(page), withRecorder: () => reader };
  return reader;
}

beforeAll(async () => {
  upstream = await startSampleUpstream({ port: 0 });
  lines = [];
});

afterAll(async () => {
  await upstream.close();
});

describe('buildStaticPage', () => {
  it('builds every special page of the route table, the legal pages, and the cookie demo', async () => {
    const documents = [];
    for (const path of STATIC_PAGE_PATHS) {
      expect(isStaticPath(path, SITES.news)).toBe(true);
      const { built, keys } = await build(path);
      expect(built?.kind).toBe('static');
      expect(built?.objects.map((o) => o.key)).toEqual([`news/pages${path}/index.html`]);
      expect([...keys]).toContain(dataKeys.staticPage(path));
      documents.push({ name: path, html: htmlOf(built) });
    }
    expect(errorLines(await validateHtml(documents))).toEqual([]);
  }, 60_000);

  it('lists the route table paths exactly', () => {
    expect(SPECIAL_PAGE_PATHS).toEqual(['/connect', '/fnctv', '/foxaroundtheworld', '/foxaroundtheworld/search', '/go', '/gowatch', '/newsletters', '/newyears']);
    expect(LEGAL_PAGE_PATHS).toEqual(['/privacy-policy', '/terms-of-use']);
  });

  it('titles a page with its meta title, or its title, plus the site-name suffix', async () => {
    const html = decoded(htmlOf((await build('/newsletters')).built));
    expect(html).toContain('<title>Newsletters | Sign Up for Free Email Updates | Fox News</title>');
    expect(html).toContain('<h1>Newsletters</h1>');
    expect(html).toContain('<meta name="description" content="Get the day’s headlines, opinion, lifestyle and more delivered to your inbox."/>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/newsletters"/>`);
    expect(html).toContain(`<meta name="robots" content="${DEFAULT_ROBOTS}"/>`);
    // No meta title: the page title plus the suffix.
    expect(decoded(htmlOf((await build('/privacy-policy')).built))).toContain('<title>Privacy Policy | Fox News</title>');
  });

  it('titles a games-section page with its meta title alone', async () => {
    const games = fixedReader({ title: 'Games', meta_title: 'Play Free Online Games: Crosswords, Word Search', section: 'games' });
    const html = htmlOf((await build('/games-help', SITES.news, games)).built);
    expect(html).toContain('<title>Play Free Online Games: Crosswords, Word Search</title>');
    expect(staticPageTitle({ title: 'Games', section: 'games' }, SITES.news)).toBe('Games');
    expect(staticPageTitle({ title: 'Games', meta_title: 'Meta', section: 'news' }, SITES.news)).toBe('Meta | Fox News');
  });

  it('sets the body class from the last path segment', async () => {
    expect(htmlOf((await build('/foxaroundtheworld/search')).built)).toContain('<body class="page-static static-search">');
    expect(htmlOf((await build('/newyears')).built)).toContain('<body class="page-static static-newyears">');
  });

  it('hides the header on /gowatch and the footer on /connect only', async () => {
    const gowatch = htmlOf((await build('/gowatch')).built);
    expect(gowatch).not.toContain('class="site-header"');
    expect(gowatch).toContain('class="site-footer"');
    const connect = htmlOf((await build('/connect')).built);
    expect(connect).toContain('class="site-header"');
    expect(connect).not.toContain('class="site-footer"');
    const newsletters = htmlOf((await build('/newsletters')).built);
    expect(newsletters).toContain('class="site-header"');
    expect(newsletters).toContain('class="site-footer"');
  });

  it('renders components as body blocks and logs and skips an unknown one', async () => {
    lines = [];
    const html = htmlOf((await build('/go')).built);
    expect(html).toContain('<h2>How it works</h2>');
    expect(html).toContain('<li>Sign in with your TV provider</li>');
    expect(html).not.toContain('app-store-badges');
    expect(lines.some((line) => line.level === 'warn' && JSON.stringify(line).includes('app-store-badges'))).toBe(true);
  });

  it('gives the cookie demo page its fields, a 90-day default and a "set cookie" button', async () => {
    const html = htmlOf((await build(COOKIE_DEMO_PATH)).built);
    expect(COOKIE_DEMO.defaultExpirationDays).toBe(90);
    expect(html).toContain('<label for="cookie-name">Cookie name</label>');
    expect(html).toContain('<label for="cookie-value">Cookie value</label>');
    expect(html).toContain('<label for="cookie-expiration">Expiration in days</label>');
    expect(html).toContain('value="90"');
    expect(html).toContain('<button type="submit">set cookie</button>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it('leaves /personalities to the persons list (render-workers/people/), which renders the "On Air Personalities" shell', () => {
    expect(PERSONALITIES_HEADING).toBe('On Air Personalities');
    expect(isStaticPath('/personalities', SITES.news)).toBe(false);
    expect(STATIC_PAGE_PATHS).not.toContain('/personalities');
  });

  it('builds nothing where upstream has no static page, but records the key it looked for', async () => {
    const { built, keys } = await build('/no-such-page');
    expect(built).toBeNull();
    expect([...keys]).toContain('static-page:/no-such-page');
  });

  it('builds the translation statement on the Spanish edition only', async () => {
    expect(isStaticPath('/translation-statement', SITES.es)).toBe(true);
    expect(isStaticPath('/translation-statement', SITES.news)).toBe(false);
    expect((await build('/translation-statement', SITES.news)).built).toBeNull();
    const { built } = await build('/translation-statement', SITES.es);
    expect(built?.objects[0]?.key).toBe('es/pages/translation-statement/index.html');
    const html = decoded(htmlOf(built));
    expect(html.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(html).toContain('<title>Declaración de traducción | Fox News en Español</title>');
    expect(html).toContain('Esta página fue traducida automáticamente. <a href="/translation-statement">Declaración de traducción</a>');
  });

  it('lets the upstream failure through so the last good page stays', async () => {
    const failing: StaticPageClient = { getStaticPage: () => Promise.reject(new Error('boom')), withRecorder: () => failing };
    await expect(build('/newsletters', SITES.news, failing)).rejects.toThrow('boom');
  });
});
