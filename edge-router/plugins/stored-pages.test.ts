/**
 * GET /api/stored-pages (ADR 0017): which asked page paths are stored, from storage alone
 * (app.inject on the real filesystem store).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { CACHE_POLICIES } from '../../core/storage/cache-policy.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { pageKey } from '../../core/storage/keys.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { writeIfChanged } from '../../core/storage/write.js';
import { buildEdgeApp } from '../app.js';
import { MAX_STORED_PAGES_PATHS, STORED_PAGES_PATH } from './stored-pages.js';

let dir: string;
let store: ObjectStore;
let app: FastifyInstance;

const meta = (contentType: string, cacheControl: string) => ({ contentType, cacheControl, surrogateKeys: [], renderedAt: '2025-03-20T12:00:00.000Z', reason: 'republish' });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stored-pages-'));
  store = createFsStore({ root: dir });
  const html = meta('text/html; charset=utf-8', CACHE_POLICIES.html);
  await writeIfChanged(store, pageKey('news', '/politics', 'standard'), '<!doctype html><title>p</title>', html);
  await writeIfChanged(store, pageKey('news', '/us/story', 'print'), '<!doctype html><title>s</title>', html);
  await writeIfChanged(store, pageKey('es', '/world', 'standard'), '<!doctype html><title>w</title>', html);
  await writeIfChanged(store, pageKey('news', '/old', 'redirect'), JSON.stringify({ location: '/politics', status: 301 }), meta('application/json', CACHE_POLICIES.redirect));
  app = await buildEdgeApp({ store, logger: createLogger({ component: 'edge-router', level: 'silent' }), defaultSite: 'news', siteHosts: { 'es.example.com': 'es' } });
});

afterAll(async () => {
  await app.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function stored(paths: string, host = 'www.example.com'): Promise<unknown> {
  const response = await app.inject({ url: `${STORED_PAGES_PATH}?paths=${encodeURIComponent(paths)}`, headers: { host } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/stored-pages', () => {
  it('answers the asked paths whose page or variant is stored on the request\'s site, in order', async () => {
    expect(await stored('/world,/politics,/us/story.print,/us/story,/media')).toEqual({ stored: ['/politics', '/us/story.print'] });
    expect(await stored('/world,/politics', 'es.example.com')).toEqual({ stored: ['/world'] });
  });

  it('leaves out redirects, root files and paths that name no page', async () => {
    expect(await stored('/old,/robots.txt,/a/../b,/politics')).toEqual({ stored: ['/politics'] });
  });

  it('refuses a missing, repeated or oversized query with 400 INVALID_QUERY', async () => {
    const many = Array.from({ length: MAX_STORED_PAGES_PATHS + 1 }, (_, i) => `/p${i}`).join(',');
    for (const query of ['', '?paths=', '?paths=/a&paths=/b', `?paths=${many}`, '?paths=/a&other=1']) {
      const response = await app.inject({ url: `${STORED_PAGES_PATH}${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'INVALID_QUERY' } });
    }
  });
});
