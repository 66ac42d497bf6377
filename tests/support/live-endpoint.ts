/**
 * The fixture every live-endpoint test of the edge router shares (edge-router/plugins/live-*.test.ts):
 * the real sample upstream on a free port, a filesystem store in a temp directory, and the edge
 * apps a test builds. Registers the hooks: start before the file, clear the upstream's injected
 * faults and close the test's apps after each test, stop everything after the file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { buildEdgeApp } from '../../edge-router/app.js';

export interface LiveEndpointFixture {
  upstream: RunningSampleUpstream;
  store: ObjectStore;
}

/**
 * Call at module level. `ready` receives the upstream and store once they run (assign them to the
 * file's own variables); push every app the test builds onto `apps` so it is closed after the test.
 */
export function useLiveEndpointFixture(name: string, ready: (fixture: LiveEndpointFixture) => void, apps: FastifyInstance[]): void {
  let fixture: (LiveEndpointFixture & { dir: string }) | undefined;
  beforeAll(async () => {
    const upstream = await startSampleUpstream({ port: 0 });
    const dir = await mkdtemp(join(tmpdir(), `${name}-`));
    fixture = { upstream, store: createFsStore({ root: dir }), dir };
    ready(fixture);
  });
  afterEach(async () => {
    await fixture?.upstream.app.inject({ method: 'DELETE', url: '/__sample/faults' });
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    if (!fixture) return;
    await fixture.upstream.close();
    await fixture.store.close();
    await rm(fixture.dir, { recursive: true, force: true });
  });
}

/** An edge app whose live endpoints call the fixture's upstream, with its calls counted and its cache clock in the test's hands. */
export interface CountingEdge {
  app: FastifyInstance;
  /** The upstream URLs the app fetched whose path is the one counted. */
  calls: URL[];
  /** Moves the live cache's clock on. */
  advance: (ms: number) => void;
}

/**
 * Builds an edge app on the fixture (2 s upstream timeout, silent logs), counts its upstream calls
 * to `countedPath`, and pushes the app onto `apps` so the fixture closes it after the test.
 */
export async function startCountingEdge(fixture: LiveEndpointFixture, apps: FastifyInstance[], countedPath: string, startAt = 1_000_000): Promise<CountingEdge> {
  const calls: URL[] = [];
  let now = startAt;
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === countedPath) calls.push(url);
    return fetch(input, init);
  };
  const app = await buildEdgeApp({
    store: fixture.store,
    logger: createLogger({ component: 'edge-router-test', level: 'silent' }),
    defaultSite: 'news',
    liveUpstream: {
      config: parseUpstreamConfig({ UPSTREAM_BASE_URL: fixture.upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }),
      fetchImpl: countingFetch,
      cache: { now: () => now },
    },
  });
  apps.push(app);
  return { app, calls, advance: (ms) => (now += ms) };
}
