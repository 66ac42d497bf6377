/**
 * The edge router's upstream histogram (newsroom_edge_upstream_duration_seconds{service, outcome})
 * as built by buildEdgeApp with no fetch handed in: the live GETs go through the transport's own
 * keep-alive client and are timed by service with `timeCall`, the form POSTs through fetch, timed
 * the same way. The real sample upstream on a free port, with its fault switch for a slow answer.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import type { ObjectStore } from '../../core/storage/types.js';
import type { RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { useLiveEndpointFixture } from '../../tests/support/live-endpoint.js';
import { buildEdgeApp } from '../app.js';

let upstream: RunningSampleUpstream;
let store: ObjectStore;
const apps: FastifyInstance[] = [];

useLiveEndpointFixture(
  'edge-upstream-timing',
  (fixture) => {
    ({ upstream, store } = fixture);
  },
  apps,
);

async function edge(timeoutMs = 2000): Promise<FastifyInstance> {
  const app = await buildEdgeApp({
    store,
    logger: createLogger({ component: 'edge-router-test', level: 'silent' }),
    defaultSite: 'news',
    liveUpstream: { config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: String(timeoutMs) }) },
  });
  apps.push(app);
  return app;
}

/** How many calls the histogram holds for `service` with `outcome` (0 when the series is absent). */
async function timedCalls(app: FastifyInstance, service: string, outcome: string): Promise<number> {
  const text = await app.edgeMetrics.registry.metrics();
  const line = text
    .split('\n')
    .find((candidate) => candidate.startsWith('newsroom_edge_upstream_duration_seconds_count{') && candidate.includes(`service="${service}"`) && candidate.includes(`outcome="${outcome}"`));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('upstream timing of the live endpoints', () => {
  it('times each search call under the search service, and a cached answer calls nothing', async () => {
    const app = await edge();
    expect((await app.inject({ method: 'GET', url: '/api/search?q=broadband' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/search?q=senate' })).statusCode).toBe(200);
    expect(await timedCalls(app, 'search', 'ok')).toBe(2);
    // The first query again is served from the live cache: no upstream call, nothing recorded.
    expect((await app.inject({ method: 'GET', url: '/api/search?q=broadband' })).statusCode).toBe(200);
    expect(await timedCalls(app, 'search', 'ok')).toBe(2);
    expect(await timedCalls(app, 'search', 'error')).toBe(0);
  });

  it('records a call that outlives the upstream timeout as a timeout, and the reader gets the 502', async () => {
    const app = await edge(300);
    const fault = await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/search', mode: 'delay', delayMs: 3000, times: 1 } });
    expect(fault.statusCode).toBe(201);
    const response = await app.inject({ method: 'GET', url: '/api/search?q=slow' });
    expect(response.statusCode).toBe(502);
    expect(await timedCalls(app, 'search', 'timeout')).toBe(1);
    expect(await timedCalls(app, 'search', 'ok')).toBe(0);
  });

  it('times the schedule feed and the newsletter POST under their own services', async () => {
    const app = await edge();
    expect((await app.inject({ method: 'GET', url: '/api/schedule?channel=news' })).statusCode).toBe(200);
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'reader@example.com', newsletterId: 'newsletter-politics' }),
    });
    expect(subscribed.statusCode).toBe(200);
    expect(await timedCalls(app, 'schedule', 'ok')).toBe(1);
    expect(await timedCalls(app, 'newsletter', 'ok')).toBe(1);
  });
});
