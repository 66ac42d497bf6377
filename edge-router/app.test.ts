/**
 * The edge router end to end through `app.inject()`, against the real filesystem storage driver
 * in a temp directory seeded with `writeIfChanged`, exactly as render workers write.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../core/logger.js';
import { NOT_FOUND_TEXTS } from '../core/isomorphic/constants.js';
import { CACHE_POLICIES, splitCacheControl } from '../core/storage/cache-policy.js';
import { createFsStore } from '../core/storage/fs-driver.js';
import { assetKey, notFoundPageKey, pageKey, rootFileKey } from '../core/storage/keys.js';
import { etagFor, type ObjectMeta, type ObjectStore } from '../core/storage/types.js';
import { contentHash, writeIfChanged } from '../core/storage/write.js';
import { buildEdgeApp } from './app.js';

const RENDERED_AT = '2024-05-01T12:34:56.000Z';
const LAST_MODIFIED = 'Wed, 01 May 2024 12:34:56 GMT';

const PAGE_HTML = '<!doctype html><title>Politics | Fox News</title><h1>Politics</h1>';
const AMP_HTML = '<!doctype html><html amp><title>Politics AMP</title>';
const PRINT_HTML = '<!doctype html><title>Politics print</title>';
const NOT_FOUND_HTML = `<!doctype html><p>${NOT_FOUND_TEXTS.heading}</p><p>${NOT_FOUND_TEXTS.body}</p><a href="/">${NOT_FOUND_TEXTS.goHome}</a>`;
const ASSET_JS = 'console.log("island");';
/** A page large enough to be compressed (over 1 KiB). */
const BIG_HTML = `<!doctype html><title>Big story</title>${'<p>The senate panel met on Tuesday to discuss the bill.</p>'.repeat(100)}`;
const SECRET = 'root:x:0:0:SECRET-OUTSIDE-STORAGE';

function meta(overrides: Partial<Omit<ObjectMeta, 'contentHash'>> = {}): Omit<ObjectMeta, 'contentHash'> {
  return {
    contentType: 'text/html; charset=utf-8',
    cacheControl: CACHE_POLICIES.html,
    surrogateKeys: ['page:news:/politics', 'category:/politics'],
    renderedAt: RENDERED_AT,
    reason: 'event',
    ...overrides,
  };
}

/** Collects the JSON log lines the app writes. */
function logSink(): { lines: Record<string, unknown>[]; write(line: string): void } {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    write(line: string) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
}

let dir: string;
let store: ObjectStore;
let app: FastifyInstance;
const logs = logSink();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edge-router-'));
  // A file beside the storage root that no request may ever reach.
  await writeFile(join(dir, 'passwd'), SECRET);
  store = createFsStore({ root: join(dir, 'storage') });

  await writeIfChanged(store, pageKey('news', '/politics', 'standard'), PAGE_HTML, meta());
  await writeIfChanged(store, pageKey('news', '/politics', 'amp'), AMP_HTML, meta());
  await writeIfChanged(store, pageKey('news', '/politics', 'print'), PRINT_HTML, meta());
  await writeIfChanged(store, pageKey('news', '/', 'standard'), '<!doctype html><title>Home</title>', meta({ surrogateKeys: ['page:news:/'] }));
  await writeIfChanged(
    store,
    pageKey('news', '/old-story', 'redirect'),
    JSON.stringify({ location: '/politics', status: 301 }),
    meta({ contentType: 'application/json', cacheControl: CACHE_POLICIES.redirect, surrogateKeys: ['page:news:/old-story'] }),
  );
  await writeIfChanged(
    store,
    pageKey('news', '/moved-temporarily', 'redirect'),
    JSON.stringify({ location: 'https://www.example.com/elsewhere', status: 302 }),
    meta({ contentType: 'application/json', cacheControl: CACHE_POLICIES.redirect, surrogateKeys: [] }),
  );
  await writeIfChanged(
    store,
    notFoundPageKey('news'),
    NOT_FOUND_HTML,
    meta({ cacheControl: CACHE_POLICIES.notFound, surrogateKeys: ['page:news:404'], status: 404 }),
  );
  await writeIfChanged(
    store,
    rootFileKey('news', 'robots.txt'),
    'User-agent: *\nAllow: /\n',
    meta({ contentType: 'text/plain; charset=utf-8', cacheControl: CACHE_POLICIES.robots, surrogateKeys: ['robots'] }),
  );
  await writeIfChanged(
    store,
    assetKey('island.3f2a1b.js'),
    ASSET_JS,
    meta({ contentType: 'text/javascript; charset=utf-8', cacheControl: CACHE_POLICIES.asset, surrogateKeys: [], reason: 'deploy' }),
  );
  await writeIfChanged(store, pageKey('news', '/bad-redirect', 'standard'), PAGE_HTML, meta());
  await writeIfChanged(
    store,
    pageKey('news', '/bad-redirect', 'redirect'),
    JSON.stringify({ location: '//evil.com', status: 301 }),
    meta({ contentType: 'application/json', cacheControl: CACHE_POLICIES.redirect, surrogateKeys: [] }),
  );
  await writeIfChanged(store, pageKey('news', '/big-story', 'standard'), BIG_HTML, meta({ surrogateKeys: ['page:news:/big-story', 'article:a1'] }));
  // The Spanish edition has a page but no stored 404 page: its 404s use the built-in fallback.
  await writeIfChanged(store, pageKey('es', '/noticias', 'standard'), '<!doctype html><title>Noticias</title>', meta({ surrogateKeys: ['page:es:/noticias'] }));

  app = await buildEdgeApp({
    store,
    logger: createLogger({ component: 'edge-router', destination: logs }),
    defaultSite: 'news',
    siteHosts: { 'es.localhost': 'es' },
  });
});

afterAll(async () => {
  await app.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** The stored policy, split: the browser's part in Cache-Control, the CDN's in Surrogate-Control and CDN-Cache-Control. */
function expectCachePolicy(headers: Record<string, unknown>, stored: string): void {
  const { browser, cdn } = splitCacheControl(stored);
  expect(headers['cache-control']).toBe(browser);
  expect(headers['surrogate-control']).toBe(cdn ?? undefined);
  expect(headers['cdn-cache-control']).toBe(cdn ?? undefined);
}

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['content-security-policy']).toBe("frame-ancestors 'self'");
  expect(headers['x-request-id']).toEqual(expect.any(String));
}

describe('stored pages', () => {
  it('serves a stored page with its metadata headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/politics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE_HTML);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expectCachePolicy(res.headers, CACHE_POLICIES.html);
    expect(res.headers['surrogate-key']).toBe('page:news:/politics category:/politics');
    expect(res.headers.etag).toBe(etagFor(contentHash(PAGE_HTML)));
    expect(res.headers['last-modified']).toBe(LAST_MODIFIED);
    expectSecurityHeaders(res.headers);
  });

  it('serves the home page at "/"', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Home</title>');
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const etag = etagFor(contentHash(PAGE_HTML));
    const res = await app.inject({ method: 'GET', url: '/politics', headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(etag);
    expectCachePolicy(res.headers, CACHE_POLICIES.html);
    expectSecurityHeaders(res.headers);

    const listed = await app.inject({ method: 'GET', url: '/politics', headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(listed.statusCode).toBe(304);

    const stale = await app.inject({ method: 'GET', url: '/politics', headers: { 'if-none-match': '"0000"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(PAGE_HTML);
  });

  it('answers If-Modified-Since at or after renderedAt with 304', async () => {
    const res = await app.inject({ method: 'GET', url: '/politics', headers: { 'if-modified-since': LAST_MODIFIED } });
    expect(res.statusCode).toBe(304);
    const older = await app.inject({ method: 'GET', url: '/politics', headers: { 'if-modified-since': 'Mon, 01 Jan 2024 00:00:00 GMT' } });
    expect(older.statusCode).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body, and 304 to a matching If-None-Match', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/politics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(PAGE_HTML)));
    expect(res.headers['surrogate-key']).toBe('page:news:/politics category:/politics');
    expect(res.headers.etag).toBe(etagFor(contentHash(PAGE_HTML)));

    const notModified = await app.inject({ method: 'HEAD', url: '/politics', headers: { 'if-none-match': etagFor(contentHash(PAGE_HTML)) } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it.each([
    ['/politics.amp', AMP_HTML],
    ['/politics.print', PRINT_HTML],
    ['/politics.print.html', PRINT_HTML],
  ])('maps %s to its variant', async (url, body) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(body);
  });

  it('ignores a request body on GET', async () => {
    const res = await app.inject({ method: 'GET', url: '/politics', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE_HTML);
  });

  it('ignores the query string when choosing the object', async () => {
    const res = await app.inject({ method: 'GET', url: '/politics?utm_source=x&page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE_HTML);
  });

  it('serves root files such as robots.txt', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expectCachePolicy(res.headers, CACHE_POLICIES.robots);
    expect(res.body).toBe('User-agent: *\nAllow: /\n');
    const missing = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(missing.statusCode).toBe(404);
  });

  it('picks the site from the Host header', async () => {
    const es = await app.inject({ method: 'GET', url: '/noticias', headers: { host: 'ES.localhost:3000' } });
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('Noticias');
    const news = await app.inject({ method: 'GET', url: '/noticias', headers: { host: 'localhost:3000' } });
    expect(news.statusCode).toBe(404);
  });
});

describe('serving for a CDN', () => {
  const BIG_HASH = contentHash(BIG_HTML);

  function decode(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
    return res.rawPayload.toString('utf8');
  }

  it('gives browsers and the CDN separate policies, both with stale-while-revalidate and stale-if-error', async () => {
    const res = await app.inject({ method: 'GET', url: '/big-story' });
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=60, stale-if-error=86400');
    expect(res.headers['surrogate-control']).toBe('max-age=300, stale-while-revalidate=60, stale-if-error=86400');
    expect(res.headers['cdn-cache-control']).toBe('max-age=300, stale-while-revalidate=60, stale-if-error=86400');
    expect(res.headers['surrogate-key']).toBe('page:news:/big-story article:a1');
  });

  it.each([
    [undefined, undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0, br;q=0', undefined],
    ['compress, deflate', undefined],
  ] as const)('negotiates Accept-Encoding %s -> %s, with Vary and a matching ETag', async (acceptEncoding, coding) => {
    const res = await app.inject({ method: 'GET', url: '/big-story', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.etag).toBe(coding === undefined ? etagFor(BIG_HASH) : `W/${etagFor(BIG_HASH)}`);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(decode(res)).toBe(BIG_HTML);
    if (coding !== undefined) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(BIG_HTML) / 5);
  });

  it('sends a small body as it is, without Vary', async () => {
    const res = await app.inject({ method: 'GET', url: '/politics', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body).toBe(PAGE_HTML);
  });

  it('answers HEAD with exactly the headers of GET and no body, for every coding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }]) {
      const get = await app.inject({ method: 'GET', url: '/big-story', headers });
      const head = await app.inject({ method: 'HEAD', url: '/big-story', headers });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      const strip = (all: Record<string, unknown>) => Object.fromEntries(Object.entries(all).filter(([name]) => !['date', 'x-request-id', 'connection'].includes(name)));
      expect(strip(head.headers)).toEqual(strip(get.headers));
    }
    for (const url of ['/politics.amp', '/robots.txt', '/rss/none.xml', '/no/such/page', '/assets/island.3f2a1b.js', '/old-story', '/politics/']) {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['content-length'], url).toBe(get.headers['content-length']);
      expect(head.headers.location, url).toBe(get.headers.location);
      expect(head.body, url).toBe('');
    }
  });

  it('answers a matching conditional request with 304 and the headers RFC 9110 §15.4.5 requires', async () => {
    const res = await app.inject({ method: 'GET', url: '/big-story', headers: { 'accept-encoding': 'gzip', 'if-none-match': `W/${etagFor(BIG_HASH)}` } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers.etag).toBe(`W/${etagFor(BIG_HASH)}`);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=60, stale-if-error=86400');
    expect(res.headers['surrogate-control']).toBe('max-age=300, stale-while-revalidate=60, stale-if-error=86400');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.date).toEqual(expect.any(String));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.headers['content-location']).toBeUndefined();
    expect(res.headers.expires).toBeUndefined();
    expect(res.headers['content-length']).toBeUndefined();
    expectSecurityHeaders(res.headers);
  });

  it('answers a matching conditional HEAD with 304 and, if any, the Content-Length of the 200 (RFC 9110 §8.6)', async () => {
    const headers = { 'accept-encoding': 'br', 'if-none-match': etagFor(BIG_HASH) };
    const full = await app.inject({ method: 'GET', url: '/big-story', headers: { 'accept-encoding': 'br' } });
    const res = await app.inject({ method: 'HEAD', url: '/big-story', headers });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-length']).toBe(full.headers['content-length']);
    expect(res.headers.etag).toBe(full.headers.etag);
  });

  it.each([
    ['*', 304],
    [`"${'0'.repeat(32)}", W/${etagFor(contentHash(BIG_HTML))}`, 304],
    [etagFor(contentHash(BIG_HTML)), 304],
    [`W/${etagFor(contentHash(BIG_HTML))}`, 304],
    [`"a,b",${etagFor(contentHash(BIG_HTML))}`, 304],
    [`"${'0'.repeat(32)}"`, 200],
    [`${etagFor(contentHash(BIG_HTML)).slice(0, -1)}`, 200],
    ['garbage', 200],
  ] as const)('If-None-Match %s -> %i (weak comparison, whatever the coding)', async (ifNoneMatch, status) => {
    for (const acceptEncoding of ['identity', 'br']) {
      const res = await app.inject({ method: 'GET', url: '/big-story', headers: { 'if-none-match': ifNoneMatch, 'accept-encoding': acceptEncoding } });
      expect(res.statusCode).toBe(status);
    }
  });

  it('never answers 304 for the 404 page', async () => {
    const notFound = await app.inject({ method: 'GET', url: '/no/such/page', headers: { 'if-none-match': '*' } });
    expect(notFound.statusCode).toBe(404);
  });

  it('drops a hash: an encoded %23 in the path or a raw fragment redirects to the same route (301)', async () => {
    const encoded = await app.inject({ method: 'GET', url: '/politics%23comments?ref=share' });
    expect(encoded.statusCode).toBe(301);
    expect(encoded.headers.location).toBe('/politics?ref=share');
    expectCachePolicy(encoded.headers, CACHE_POLICIES.redirect);
    const withSlash = await app.inject({ method: 'GET', url: '/politics/%23top' });
    expect(withSlash.headers.location).toBe('/politics');
    const home = await app.inject({ method: 'GET', url: '/%23' });
    expect(home.headers.location).toBe('/');
    // A "%23" in the query is a search term, not a hash.
    const query = await app.inject({ method: 'GET', url: '/politics?q=%23news' });
    expect(query.statusCode).toBe(200);
  });
});

describe('the hot cache', () => {
  it('serves a popular page without reading its body again, and a rewritten page at the next request', async () => {
    const gets: string[] = [];
    const counted = await buildEdgeApp({
      store: { ...store, get: (key) => (gets.push(key), store.get(key)) },
      logger: createLogger({ component: 'edge-router', destination: logSink() }),
      defaultSite: 'news',
    });
    try {
      const key = pageKey('news', '/hot-story', 'standard');
      await writeIfChanged(store, key, '<!doctype html><title>v1</title>', meta({ surrogateKeys: ['page:news:/hot-story'] }));
      for (let i = 0; i < 5; i += 1) expect((await counted.inject({ method: 'GET', url: '/hot-story' })).body).toContain('v1');
      expect(gets.filter((k) => k === key)).toHaveLength(1);
      await writeIfChanged(store, key, '<!doctype html><title>v2</title>', meta({ surrogateKeys: ['page:news:/hot-story'] }));
      expect((await counted.inject({ method: 'GET', url: '/hot-story' })).body).toContain('v2');
      await store.delete(key);
      expect((await counted.inject({ method: 'GET', url: '/hot-story' })).statusCode).toBe(404);
    } finally {
      await counted.close();
    }
  });
});

describe('metrics', () => {
  it('counts answers by route kind and status, and hot-cache lookups; /metrics is not on the public port', async () => {
    await app.inject({ method: 'GET', url: '/politics' });
    await app.inject({ method: 'GET', url: '/politics' });
    await app.inject({ method: 'GET', url: '/politics.amp' });
    await app.inject({ method: 'GET', url: '/no/such/page' });
    await app.inject({ method: 'GET', url: '/%ff' });
    await app.inject({ method: 'DELETE', url: '/politics' });
    const publicMetrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(publicMetrics.statusCode).toBe(404);
    expect(publicMetrics.body).not.toContain('newsroom_');
    const text = await app.edgeMetrics.registry.metrics();
    const value = (series: string): number => Number(new RegExp(`^${series.replace(/[{}"()]/g, '\\$&')} (\\d+)$`, 'm').exec(text)?.[1] ?? 'NaN');
    expect(value('newsroom_edge_requests_total{route="page",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(value('newsroom_edge_requests_total{route="amp",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(value('newsroom_edge_requests_total{route="not_found",status="404"}')).toBeGreaterThanOrEqual(2);
    expect(value('newsroom_edge_requests_total{route="rejected",status="400"}')).toBeGreaterThanOrEqual(1);
    expect(value('newsroom_edge_requests_total{route="rejected",status="405"}')).toBeGreaterThanOrEqual(1);
    // No write announcements here: a held page is confirmed by a metadata read on every request.
    expect(value('newsroom_edge_hot_cache_lookups_total{result="revalidated"}')).toBeGreaterThanOrEqual(1);
    expect(value('newsroom_edge_write_announcements_listening')).toBe(0);
    expect(value('newsroom_edge_hot_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(value('newsroom_edge_hot_cache_bytes')).toBeGreaterThan(0);
    // Answer times by route kind: the page route has both its answers in the histogram, and
    // every route kind has a series from the start.
    expect(value('newsroom_edge_request_duration_seconds_count{route="page"}')).toBeGreaterThanOrEqual(2);
    expect(value('newsroom_edge_request_duration_seconds_count{route="feed"}')).toBe(0);
  });
});

describe('redirects', () => {
  it('redirects a trailing slash with 301, keeping the query exactly', async () => {
    const res = await app.inject({ method: 'GET', url: '/politics/?a=1&b=2' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/politics?a=1&b=2');
    expectSecurityHeaders(res.headers);
  });

  it('collapses repeated trailing slashes in one hop', async () => {
    const res = await app.inject({ method: 'GET', url: '/politics///?q=%20x' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/politics?q=%20x');
  });

  it('honours a stored redirect record before the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/old-story?ref=home' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/politics?ref=home');
    expectCachePolicy(res.headers, CACHE_POLICIES.redirect);
    expect(res.headers['surrogate-key']).toBe('page:news:/old-story');
    const amp = await app.inject({ method: 'GET', url: '/old-story.amp' });
    expect(amp.statusCode).toBe(301);
    expect(amp.headers.location).toBe('/politics.amp');
    const temporary = await app.inject({ method: 'GET', url: '/moved-temporarily' });
    expect(temporary.headers['surrogate-key']).toBeUndefined();
    expect(temporary.statusCode).toBe(302);
    expect(temporary.headers.location).toBe('https://www.example.com/elsewhere');
  });

  it('ignores a malformed redirect record (here an off-site protocol-relative one) and serves the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-redirect' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toBe(PAGE_HTML);
  });
});

describe('404', () => {
  it('answers an unknown path with the stored 404 page and its cache policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(NOT_FOUND_HTML);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expectCachePolicy(res.headers, CACHE_POLICIES.notFound);
    expectSecurityHeaders(res.headers);
  });

  it('falls back to a built-in page with a link home when the stored 404 page is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-page', headers: { host: 'es.localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // The Spanish edition's host: the spec's text in Spanish.
    expect(res.body).toContain('<h1>No se pudo encontrar esta página</h1>');
    expect(res.body).toContain('<a href="/">');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('falls back too when the stored 404 page cannot be read', async () => {
    const broken = await buildEdgeApp({
      store: { ...store, get: () => Promise.reject(new Error('disk on fire')) },
      logger: createLogger({ component: 'edge-router', destination: logSink() }),
      defaultSite: 'news',
    });
    try {
      // An invalid page path needs no page read: only the 404 page read fails.
      const res = await broken.inject({ method: 'GET', url: '/.env' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This page could not be found');
    } finally {
      await broken.close();
    }
  });
});

/** A response to a request sent byte for byte over a socket (inject() normalises URLs). */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function rawRequest(port: number, target: string, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      // write, not end: a half-closed socket makes Node drop the request before an async answer.
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const split = bytes.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = bytes.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: bytes.subarray(split + 4).toString('utf8') });
    });
  });
}

/** Is a Location header (if any) a path on the same origin? */
function sameOrigin(location: unknown): boolean {
  if (location === undefined) return true;
  const base = 'https://site.example';
  return typeof location === 'string' && /^\/(?![/\\])/.test(location) && new URL(location, base).origin === base;
}

describe('absurd requests (raw HTTP, exactly as sent)', () => {
  let port: number;

  beforeAll(async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });

  it.each([
    '/../../etc/passwd',
    '/../passwd',
    '/%2e%2e/%2e%2e/passwd',
    '/%2e%2e/x',
    '/..%2f..%2fpasswd',
    '/..%5c..%5cpasswd',
    '/a%00b',
    '/%ff',
    '/%',
    '/%zz',
    '/%c0%af',
    '/a/./b',
    '/a//b',
    '/./',
    '/.env',
    '/politics.amp.amp',
    '/a\\b',
    '/\\evil.com/',
    '//evil.com/',
    '//evil.com//',
    '///evil.com/',
    '/%2F%2Fevil.com/',
    '/%5Cevil.com/',
    `/${'a'.repeat(5000)}`,
    `/${'a/'.repeat(300)}b`,
    `/politics?${'x'.repeat(5000)}`,
    '/assets/../passwd',
    '/assets/..%2fpasswd',
    '/assets/%2e%2e%2f%2e%2e%2fpasswd',
    `/assets/${'a'.repeat(300)}.js`,
    'http://evil.com/politics',
    '*',
  ])('answers %s with a 4xx or a same-origin redirect, never a 5xx or a file outside storage', async (target) => {
    const res = await rawRequest(port, target);
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(500);
    expect(res.body).not.toContain('SECRET');
    expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(sameOrigin(res.headers.location), String(res.headers.location)).toBe(true);
    if (res.status >= 400) expectSecurityHeaders(res.headers);
  });

  it('never redirects //evil.com/ off-site', async () => {
    for (const target of ['//evil.com/', '//evil.com/?a=1', '/\\evil.com/', '/%2F%2Fevil.com/']) {
      const res = await rawRequest(port, target);
      expect(sameOrigin(res.headers.location), `${target} -> ${res.headers.location}`).toBe(true);
    }
  });

  it('answers a URL over 2048 characters with 414', async () => {
    expect((await rawRequest(port, `/${'a'.repeat(5000)}`)).status).toBe(414);
    expect((await rawRequest(port, `/politics?${'x'.repeat(2100)}`)).status).toBe(414);
  });

  it('answers malformed escapes and non-UTF-8 with a short 400 text', async () => {
    for (const target of ['/%ff', '/%', '/a%zzb', '/%c0%af', '/a\\b']) {
      const res = await rawRequest(port, target);
      expect(res.status, target).toBe(400);
      expect(res.headers['content-type'], target).toBe('text/plain; charset=utf-8');
      expect(res.body.length, target).toBeLessThan(200);
    }
  });

  it('answers traversal that decodes cleanly with the stored 404 page', async () => {
    for (const target of ['/../../etc/passwd', '/%2e%2e/x', '/a%00b', '/a/./b', '//evil.com/']) {
      const res = await rawRequest(port, target);
      expect(res.status, target).toBe(404);
      expect(res.body, target).toBe(NOT_FOUND_HTML);
    }
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const)('answers %s with 405 and Allow', async (method) => {
    const res = await app.inject({ method, url: '/politics', payload: method === 'OPTIONS' ? undefined : 'x=1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expectSecurityHeaders(res.headers);
    const raw = await rawRequest(port, '/politics', method);
    expect(raw.status).toBe(405);
  });
});

describe('assets', () => {
  it('serves an asset as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/island.3f2a1b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(ASSET_JS);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res.headers);
  });

  it('answers a missing or malformed asset with a plain 404', async () => {
    for (const url of ['/assets/missing.123.js', '/assets/evil.exe', '/assets/.hidden.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/plain; charset=utf-8');
    }
  });
});

describe('health and readiness', () => {
  it('answers /healthz 200 ok without asking storage (liveness), never cached', async () => {
    const dead = await buildEdgeApp({
      store: { ...store, head: () => Promise.reject(new Error('down')), get: () => Promise.reject(new Error('down')) },
      logger: createLogger({ component: 'edge-router', destination: logSink() }),
      defaultSite: 'news',
    });
    try {
      for (const target of [app, dead]) {
        const res = await target.inject({ method: 'GET', url: '/healthz' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 'ok' });
        expect(res.headers['cache-control']).toBe('no-store');
      }
    } finally {
      await dead.close();
    }
  });

  it('answers /readyz 200 when storage answers, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz 503 with a reason when storage fails or hangs', async () => {
    for (const head of [() => Promise.reject(new Error('down')), () => new Promise<never>(() => undefined)]) {
      const sick = await buildEdgeApp({
        store: { ...store, head },
        logger: createLogger({ component: 'edge-router', destination: logSink() }),
        defaultSite: 'news',
        healthTimeoutMs: 50,
      });
      try {
        const res = await sick.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/storage/) as unknown });
        expect(res.headers['cache-control']).toBe('no-store');
      } finally {
        await sick.close();
      }
    }
  });
});

describe('storage failures', () => {
  it('answers 503 with Retry-After and no stack when the store throws', async () => {
    const failing = await buildEdgeApp({
      store: { ...store, get: () => Promise.reject(new Error('ECONNRESET from storage at /srv/secret/path.js:12:3')) },
      logger: createLogger({ component: 'edge-router', destination: logSink() }),
      defaultSite: 'news',
    });
    try {
      const res = await failing.inject({ method: 'GET', url: '/politics' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toEqual(expect.any(String));
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('ECONNRESET');
      expect(res.body).not.toContain('/srv/secret');
      expect(res.body).not.toMatch(/\n\s+at /);
      expectSecurityHeaders(res.headers);
    } finally {
      await failing.close();
    }
  });

  it('answers 503 when the filesystem itself fails (an object path that is a directory)', async () => {
    await mkdir(join(dir, 'storage', 'news', 'pages', 'broken', 'index.html@obj'), { recursive: true });
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toEqual(expect.any(String));
    expect(res.body).not.toMatch(/EISDIR|\n\s+at /);
  });
});

describe('access log', () => {
  it('writes one line per response with the http field and the request id', async () => {
    const before = logs.lines.length;
    const res = await app.inject({ method: 'GET', url: '/politics?secret=token', headers: { 'x-request-id': 'cdn-abc-123' } });
    expect(res.headers['x-request-id']).toBe('cdn-abc-123');
    const lines = logs.lines.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      component: 'edge-router',
      reqId: 'cdn-abc-123',
      http: { method: 'GET', path: '/politics', status: 200, durationMs: expect.any(Number) as unknown, site: 'news' },
    });
    expect(JSON.stringify(lines[0])).not.toContain('secret=token');
  });

  it('replaces an inbound request id that is not token-like', async () => {
    const res = await app.inject({ method: 'GET', url: '/politics', headers: { 'x-request-id': 'a b<script>' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs requests the router itself refuses', async () => {
    const before = logs.lines.length;
    await app.inject({ method: 'GET', url: '/%ff' });
    const lines = logs.lines.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ http: { method: 'GET', path: '/%ff', status: 400, site: 'news' } });
  });
});
