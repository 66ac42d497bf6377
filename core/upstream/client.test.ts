import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { parseUpstreamConfig } from '../config/upstream.js';
import { isPlatformError } from '../errors.js';
import { HEADER_MENU_CATEGORIES } from '../isomorphic/constants.js';
import { createLogger } from '../logger.js';
import { createUpstreamClient, type ReadRecorder, type UpstreamClient } from './client.js';
import { ReadReuseCache } from './read-reuse.js';
import { parseArticleBlock } from './schemas.js';

const ARTICLE_PATH = '/politics/senate-panel-advances-rural-broadband-bill';

interface LogLine {
  level: string;
  message: string;
  api?: { name: string; url: string; status?: number; durationMs: number };
}

let upstream: RunningSampleUpstream;
let lines: LogLine[];
let keys: string[];
let client: UpstreamClient;

function capture(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
}

function makeClient(env: Record<string, string> = {}, recorder?: ReadRecorder): UpstreamClient {
  const config = parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000', ...env });
  const logger = createLogger({ component: 'upstream-test', level: 'debug', destination: capture() });
  return createUpstreamClient({ config, logger, recorder });
}

async function sample(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${upstream.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path} -> ${response.status}`).toBe(true);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  upstream = await startSampleUpstream({ port: 0 });
});

afterAll(async () => {
  await upstream.close();
});

beforeEach(async () => {
  await sample('POST', '/__sample/reset');
  lines = [];
  keys = [];
  client = makeClient({}, { record: (key) => keys.push(key) });
});

describe('getArticleByPath', () => {
  it('returns the validated article and records its path and id', async () => {
    const article = await client.getArticleByPath(ARTICLE_PATH);
    expect(article?.id).toBe('art-1001');
    expect(article?.header.headline).toBe('Senate panel advances rural broadband bill after late-night markup');
    expect(article?.header.authors[0]).toMatchObject({ name: 'Sarah Whitfield', url: '/person/w/sarah-whitfield' });
    expect(article?.wp__category?.slug).toBe('politics');
    expect(keys).toEqual([`article-path:${ARTICLE_PATH}`, 'article:art-1001']);
  });

  it('keeps a block of an unknown kind, which the renderer then skips', async () => {
    const article = await client.getArticleByPath(ARTICLE_PATH);
    const unknown = article?.components.find((block) => block.kind === 'ar-experience');
    expect(unknown).toBeDefined();
    expect(unknown && parseArticleBlock(unknown)).toMatchObject({ ok: false, reason: 'unknown-kind' });
    const table = article?.components.find((block) => block.kind === 'table');
    expect(table && parseArticleBlock(table)).toMatchObject({ ok: true, block: { kind: 'table' } });
  });

  it('returns null for a missing article, still recording the path, and logs the 404 as an error (spec 1 §8)', async () => {
    expect(await client.getArticleByPath('/politics/no-such-story')).toBeNull();
    expect(keys).toEqual(['article-path:/politics/no-such-story']);
    const line = lines.find((l) => l.api?.status === 404);
    expect(line?.level).toBe('error');
    expect(line?.api).toMatchObject({ name: 'article' });
  });

  it('logs every call with the api field', async () => {
    await client.getArticleByPath(ARTICLE_PATH);
    const line = lines.find((l) => l.api?.name === 'article');
    expect(line?.api?.status).toBe(200);
    expect(line?.api?.url).toBe(`${upstream.url}/api/article?path=${encodeURIComponent(ARTICLE_PATH)}`);
    expect(typeof line?.api?.durationMs).toBe('number');
  });

  it('sees content changed through the sample mutation API', async () => {
    await sample('PATCH', '/__sample/articles/art-1001', { title: 'Broadband bill heads to the floor' });
    expect((await client.getArticleByPath(ARTICLE_PATH))?.title).toBe('Broadband bill heads to the floor');
  });
});

describe('failures', () => {
  it('turns a 500 into UPSTREAM_UNAVAILABLE', async () => {
    await sample('POST', '/__sample/faults', { path: '/api/article', mode: 'status', status: 500 });
    const error = await rejection(client.getArticleByPath(ARTICLE_PATH));
    expect(isPlatformError(error, 'UPSTREAM_UNAVAILABLE')).toBe(true);
    expect(lines.some((l) => l.api?.status === 500 && l.level === 'warn')).toBe(true);
  });

  it('turns malformed JSON into UPSTREAM_BAD_RESPONSE', async () => {
    await sample('POST', '/__sample/faults', { path: '/api/category', mode: 'malformed' });
    const error = await rejection(client.getCategoryByPath('/politics'));
    expect(isPlatformError(error, 'UPSTREAM_BAD_RESPONSE')).toBe(true);
    expect(String(error)).toContain('malformed JSON');
  });

  it('names the endpoint and the bad field when a record is off the contract', async () => {
    await sample('PATCH', '/__sample/articles/art-1001', { title: 42 });
    const error = await rejection(client.getArticleByPath(ARTICLE_PATH));
    expect(isPlatformError(error, 'UPSTREAM_BAD_RESPONSE')).toBe(true);
    expect(String(error)).toMatch(/Upstream article .*\/api\/article.*data\.results\.0\.title/);
  });

  it('times out slow answers as UPSTREAM_UNAVAILABLE', async () => {
    await sample('POST', '/__sample/faults', { path: '/api/category', mode: 'delay', delayMs: 1500, times: 1 });
    const slow = makeClient({ UPSTREAM_TIMEOUT_MS: '200' });
    const error = await rejection(slow.getCategoryByPath('/politics'));
    expect(isPlatformError(error, 'UPSTREAM_UNAVAILABLE')).toBe(true);
    expect(String(error)).toContain('timed out after 200 ms');
  });

  it('reports an unreachable upstream as UPSTREAM_UNAVAILABLE', async () => {
    const other = await startSampleUpstream({ port: 0 });
    const url = other.url;
    await other.close();
    const gone = makeClient({ UPSTREAM_CATEGORY_URL: url });
    expect(isPlatformError(await rejection(gone.getCategoryByPath('/politics')), 'UPSTREAM_UNAVAILABLE')).toBe(true);
  });
});

describe('getCategoryByPath and getLayout', () => {
  it('returns the category and records category:<path>', async () => {
    expect(await client.getCategoryByPath('/politics')).toMatchObject({ title: 'Politics', slug: 'politics', url: '/politics' });
    expect(await client.getCategoryByPath('/no-such-section')).toBeNull();
    expect(keys).toEqual(['category:/politics', 'category:/no-such-section']);
  });

  it('returns a layout with every region defaulted and records layout:<subtype>:<elementId>', async () => {
    const layout = await client.getLayout('section', '/politics');
    expect(layout?.main.map((c) => c.type)).toEqual(['article-list', 'article-list']);
    expect(layout?.leftRail).toEqual([]);
    expect(layout?.preContent).toEqual([]);
    expect(await client.getLayout('article', 'fox-news/no-such-section')).toBeNull();
    expect(keys).toEqual(['layout:section:/politics', 'layout:article:fox-news/no-such-section']);
  });
});

describe('getNavMenus and getLegalLinks', () => {
  it('reads the four nav layouts and records menu', async () => {
    const menus = await client.getNavMenus();
    expect(menus.header.map((item) => item.name)).toEqual([...HEADER_MENU_CATEGORIES]);
    expect(menus.more.length).toBeGreaterThan(menus.header.length);
    expect(menus.mobile.every((item) => item.isMobile)).toBe(true);
    expect(menus.topics.length).toBeGreaterThan(0);
    expect(menus.header[1]?.subsections.length).toBeGreaterThan(0);
    expect(keys).toEqual(['menu']);
  });

  it('leaves a failing menu empty and logs the spec message (spec 1 §8)', async () => {
    await sample('POST', '/__sample/faults', { path: '/layouts', query: { elementId: 'MoreLayout' }, mode: 'status', status: 503 });
    const menus = await client.getNavMenus();
    expect(menus.more).toEqual([]);
    expect(menus.header).toHaveLength(10);
    const line = lines.find((l) => l.message === 'An error occurred while fetching more menu data');
    expect(line?.level).toBe('error');
  });

  it('leaves a malformed menu empty too', async () => {
    await sample('POST', '/__sample/faults', { path: '/layouts', query: { elementId: 'TopicLayout' }, mode: 'malformed' });
    expect((await client.getNavMenus()).topics).toEqual([]);
    expect(lines.some((l) => l.message === 'An error occurred while fetching topic menu data')).toBe(true);
  });

  it('returns the legal links, or [] with a log on failure', async () => {
    expect((await client.getLegalLinks()).map((link) => link.name)).toContain('Privacy Policy');
    expect(keys).toEqual(['legal-links']);
    await sample('POST', '/__sample/faults', { path: '/layouts', query: { subtype: 'navLegalLinksLayout' }, mode: 'status' });
    expect(await client.getLegalLinks()).toEqual([]);
    expect(lines.some((l) => l.message === 'An error occurred while fetching legal links data')).toBe(true);
  });
});

describe('searchArticles', () => {
  it('pages one section newest first and records list:category:<slug>', async () => {
    const all = await client.searchArticles({ category: 'politics', size: 100, from: 0 });
    const first = await client.searchArticles({ category: 'politics', size: 2, from: 0 });
    const rest = await client.searchArticles({ category: 'politics', size: 100, from: 2 });
    expect(all.length).toBeGreaterThan(2);
    // Pages are consecutive slices of one newest-first list.
    expect([...first, ...rest].map((item) => item.url)).toEqual(all.map((item) => item.url));
    const dates = all.map((item) => item.publicationDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.every((item) => item.category?.url === '/politics')).toBe(true);
    expect(all.find((item) => item.url === ARTICLE_PATH)).toMatchObject({
      category: { name: 'Politics', url: '/politics' },
      authors: [{ name: 'Sarah Whitfield' }],
      isBreaking: false,
    });
    expect(keys.filter((key) => key.startsWith('list:'))).toEqual(['list:category:politics', 'list:category:politics', 'list:category:politics']);
    // Each item shown is a dependency too: editing it re-renders the page.
    expect(keys).toContain('article:art-1001');
  });

  it('lists the whole site under list:latest, newest first', async () => {
    // Pages of 100 (the search's largest page): the sample holds more than 100 articles.
    const first = await client.searchArticles({ size: 100, from: 0 });
    const all = [...first, ...(await client.searchArticles({ size: 100, from: 100 }))];
    expect(first).toHaveLength(100);
    expect(all).toHaveLength((await client.listArticlePaths()).length);
    expect([...new Set(keys.filter((key) => key.startsWith('list:')))]).toEqual(['list:latest']);
    expect(keys.filter((key) => key.startsWith('article:'))).toHaveLength(all.length);
    const dates = all.map((item) => item.publicationDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('site paths', () => {
  it('lists the home page, every front and every article', async () => {
    const site = await client.listSitePaths();
    const articles = await client.listArticlePaths();
    expect(site[0]).toBe('/');
    expect(site).toEqual(expect.arrayContaining(['/politics', '/us', '/world', '/entertainment', ARTICLE_PATH]));
    // Every article once; the site map adds home, the fronts, and old paths that redirect.
    expect(new Set(articles).size).toBe(articles.length);
    expect(articles.every((path) => site.includes(path))).toBe(true);
    expect(articles).toContain(ARTICLE_PATH);
    expect(keys).toEqual([]);
  });

  it('follows the mutation API: a new article appears, a deleted one goes', async () => {
    const before = await client.listArticlePaths();
    await sample('DELETE', '/__sample/articles/art-1012');
    const paths = await client.listArticlePaths();
    expect(paths).toHaveLength(before.length - 1);
    expect(paths).not.toContain('/opinion/why-the-daylight-saving-debate-never-ends');
  });
});

describe('withRecorder', () => {
  it('reports reads to the new recorder only', async () => {
    const mine: string[] = [];
    await client.withRecorder({ record: (key) => mine.push(key) }).getCategoryByPath('/world');
    expect(mine).toEqual(['category:/world']);
    expect(keys).toEqual([]);
  });
});

describe('reuse of answers within a wave (ADR 0029)', () => {
  it('keeps the shared answers, and an article read by another page, but never the article a page reads as its own subject', async () => {
    const cache = new ReadReuseCache({ maxEntries: 100, maxBytes: 1_000_000 });
    const reused = makeClient({}, { record: () => {}, reuse: { cache, freshAfter: Date.now() - 60_000 } });
    const gets = () => lines.filter((line) => line.api !== undefined && line.message !== 'upstream answer reused').map((line) => line.api?.name);
    lines = [];
    for (let i = 0; i < 2; i += 1) {
      expect((await reused.getArticleByPath(ARTICLE_PATH, { ownSubject: true }))?.id).toBe('art-1001');
      expect(await reused.getCategoryByPath('/politics')).not.toBeNull();
    }
    expect(gets()).toEqual(['article', 'category', 'article']);
    expect(cache.stats().entries).toBe(1);
    // Not kept, so not frozen: the render's own copy.
    expect(Object.isFrozen(await reused.getArticleByPath(ARTICLE_PATH, { ownSubject: true }))).toBe(false);
    // Read by another page (a carousel, a redirect's check), the same article is kept.
    lines = [];
    await reused.getArticleByPath(ARTICLE_PATH);
    await reused.getArticleByPath(ARTICLE_PATH);
    expect(gets()).toEqual(['article']);
    expect(cache.stats().entries).toBe(2);
  });
});
