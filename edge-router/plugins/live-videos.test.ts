/**
 * GET /api/videos end to end: the edge app through `app.inject()`, a real fs store, and the real
 * sample upstream on a free port (with its fault switch for upstream failures). The video area's
 * load-more in a browser is tests/e2e/video-load-more.test.ts; this file covers the query rules,
 * the one upstream call per tag, and the stale and 502 answers of the shared live-endpoint helper.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VIDEO_LOAD_MORE_STEP, VIDEOS_MAX_FROM } from '../../core/isomorphic/live/videos.js';
import type { ObjectStore } from '../../core/storage/types.js';
import type { RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { startCountingEdge, useLiveEndpointFixture, type CountingEdge } from '../../tests/support/live-endpoint.js';
import { parseVideosQuery } from './live-videos.js';

const cardSchema = z.looseObject({ name: z.string(), url: z.string() });
const bodySchema = z.strictObject({ items: z.array(cardSchema), hasMore: z.boolean() });
const errorSchema = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) });

const TAG = 'fox-news/politics';

let upstream: RunningSampleUpstream;
let store: ObjectStore;
const apps: FastifyInstance[] = [];

useLiveEndpointFixture(
  'edge-live-videos',
  (fixture) => {
    ({ upstream, store } = fixture);
  },
  apps,
);

function harness(): Promise<CountingEdge> {
  return startCountingEdge({ upstream, store }, apps, '/api/videos', Date.now());
}

async function addFault(spec: Record<string, unknown>): Promise<void> {
  const response = await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: spec });
  expect(response.statusCode).toBe(201);
}

describe('GET /api/videos', () => {
  it('answers pages of a tag\'s cards, three at a time, from one upstream call cached 30 s', async () => {
    const { app, calls } = await harness();
    const first = await app.inject({ method: 'GET', url: `/api/videos?tag=${TAG}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    const page = bodySchema.parse(first.json());
    expect(page.items).toHaveLength(VIDEO_LOAD_MORE_STEP);
    expect(page.hasMore).toBe(true);
    for (const card of page.items) expect(card.url).toMatch(/^\/video\//);

    const next = bodySchema.parse((await app.inject({ method: 'GET', url: `/api/videos?tag=${TAG}&from=3&size=2` })).json());
    expect(next.items.length).toBeLessThanOrEqual(2);
    expect(next.items.map((card) => card.url)).not.toContain(page.items[0]?.url);
    // Both pages are slices of one upstream answer; nothing but the whitelisted query was sent.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.searchParams.get('tags')).toBe(TAG);
    expect([...(calls[0]?.searchParams.keys() ?? [])].sort()).toEqual(['fields[videos]', 'size', 'tags']);
  });

  it('answers an unknown tag with no cards', async () => {
    const { app } = await harness();
    const response = await app.inject({ method: 'GET', url: '/api/videos?tag=fox-news/no-such-tag' });
    expect(response.statusCode).toBe(200);
    expect(bodySchema.parse(response.json())).toEqual({ items: [], hasMore: false });
  });

  it('refuses a bad query with 400 INVALID_QUERY, not cached, and never asks upstream', async () => {
    const { app, calls } = await harness();
    for (const query of ['', '?tag=', '?tag=Fox News', `?tag=${TAG}&tag=${TAG}`, `?tag=${TAG}&from=-1`, `?tag=${TAG}&from=${VIDEOS_MAX_FROM + 1}`, `?tag=${TAG}&size=4`, `?tag=${'a/'.repeat(120)}a`]) {
      const response = await app.inject({ method: 'GET', url: `/api/videos${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['cache-control'], query).toBe('no-store');
      expect(errorSchema.parse(response.json()).error.code, query).toBe('INVALID_QUERY');
    }
    expect(calls).toHaveLength(0);
  });

  it('serves the last good list, marked stale, when upstream fails, and 502 with nothing cached', async () => {
    const { app, calls, advance } = await harness();
    const url = `/api/videos?tag=${TAG}`;
    const good = await app.inject({ method: 'GET', url });
    expect(good.statusCode).toBe(200);

    await addFault({ path: '/api/videos', mode: 'status', status: 500 });
    try {
      advance(31_000);
      const stale = await app.inject({ method: 'GET', url });
      expect(calls).toHaveLength(2);
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toEqual(good.json());
      expect(stale.headers['x-stale']).toBe('1');
      expect(stale.headers['cache-control']).toBe('no-store');

      const nothing = await app.inject({ method: 'GET', url: '/api/videos?tag=fox-news/us' });
      expect(nothing.statusCode).toBe(502);
      expect(nothing.headers['cache-control']).toBe('no-store');
      expect(errorSchema.parse(nothing.json())).toEqual({ error: { code: 'UPSTREAM_UNAVAILABLE', message: 'Videos are unavailable right now; try again shortly' } });
    } finally {
      await upstream.app.inject({ method: 'DELETE', url: '/__sample/faults' });
    }
  });
});

describe('parseVideosQuery', () => {
  it('defaults from to 0 and size to the spec\'s step, and drops unknown parameters', () => {
    expect(parseVideosQuery(`?tag=${TAG}&utm_source=x`)).toEqual({ ok: true, query: { tag: TAG, from: 0, size: VIDEO_LOAD_MORE_STEP } });
  });
});
