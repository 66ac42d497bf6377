/**
 * Which stored object a request path names, and the feeds and sitemaps served with the content
 * type and cache policy they were written with (app.inject on the real filesystem store).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { CACHE_POLICIES, splitCacheControl } from '../../core/storage/cache-policy.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { feedKey, pageKey, rootFileKey } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { writeIfChanged } from '../../core/storage/write.js';
import { buildEdgeApp } from '../app.js';
import { storedTargetFor } from './page-store.js';

describe('storedTargetFor', () => {
  it('maps /rss/{section}.xml to the section feed and one-segment files to root files', () => {
    expect(storedTargetFor('news', '/rss/politics.xml')).toEqual({ kind: 'feed', key: 'news/feeds/politics.xml' });
    expect(storedTargetFor('es', '/rss/us.xml')).toEqual({ kind: 'feed', key: 'es/feeds/us.xml' });
    expect(storedTargetFor('news', '/sitemap-news.xml')).toEqual({ kind: 'root', key: 'news/root/sitemap-news.xml' });
  });

  it('leaves paths that are no feed to the page store', () => {
    expect(storedTargetFor('news', '/rss/politics')?.kind).toBe('page');
    expect(storedTargetFor('news', '/rss/a/b.xml')?.kind).toBe('page');
    expect(storedTargetFor('news', '/rss/Politics.xml')?.kind).toBe('page');
  });
});

describe('serving feeds and sitemaps', () => {
  const RSS = '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Politics | Fox News</title></channel></rss>\n';
  const SITEMAP = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n';
  let dir: string;
  let store: ObjectStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'page-store-'));
    store = createFsStore({ root: dir });
    const meta = (contentType: string, cacheControl: string) => ({
      contentType,
      cacheControl,
      surrogateKeys: ['list:category:politics'],
      renderedAt: '2025-03-20T12:00:00.000Z',
      reason: 'republish',
    });
    await writeIfChanged(store, feedKey('news', 'politics'), RSS, meta('application/rss+xml; charset=utf-8', CACHE_POLICIES.feed));
    await writeIfChanged(store, rootFileKey('news', 'sitemap-news.xml'), SITEMAP, meta('application/xml; charset=utf-8', CACHE_POLICIES.feed));
    await writeIfChanged(store, pageKey('news', '/rss/other', 'standard'), '<!doctype html><title>x</title>', meta('text/html; charset=utf-8', CACHE_POLICIES.html));
    app = await buildEdgeApp({ store, logger: createLogger({ component: 'edge-router', level: 'silent' }), defaultSite: 'news' });
  });

  afterAll(async () => {
    await app.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a stored feed as application/rss+xml with the feed cache policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/rss/politics.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(RSS);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe(splitCacheControl(CACHE_POLICIES.feed).browser);
    expect(res.headers['surrogate-control']).toBe('max-age=300, stale-while-revalidate=60, stale-if-error=86400');
    expect(res.headers['surrogate-key']).toBe('list:category:politics');
    const head = await app.inject({ method: 'HEAD', url: '/rss/politics.xml?x=1' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('serves a sitemap at the root', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap-news.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toBe(SITEMAP);
  });

  it('answers a missing feed with the 404 page and still serves pages under /rss', async () => {
    expect((await app.inject({ method: 'GET', url: '/rss/sports.xml' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/rss/other' })).statusCode).toBe(200);
  });
});
