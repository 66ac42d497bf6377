/**
 * An edge router of a test file's own over the run's shared published site (ADR 0032), for browser
 * tests that change what the edge answers without publishing a site of their own:
 *
 * - the live endpoints go to a sample upstream of the file's own, so faults put on it (and the
 *   edge's memory of earlier answers) stay in that file;
 * - with `copyStorage`, the edge reads a copy of the shared site's storage, which the test may
 *   change (take a page out, as if it had never been published).
 *
 * The edge is wired as infra/local/stack.ts wires it (es.localhost is the Spanish edition; no
 * render on miss, no write announcements), so the pages are the shared publish's, byte for byte.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { createMetricsRegistry } from '../../core/metrics.js';
import { createStore } from '../../core/storage/create-store.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { buildEdgeApp } from '../../edge-router/app.js';
import type { PublishSummary } from '../../infra/local/stack.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { openSharedSite } from './shared-stack.js';

export interface OwnEdge {
  siteUrl: string;
  /** The file's own sample upstream (its /__sample/ test routes included). */
  upstreamUrl: string;
  /** What the edge reads: the shared site's storage, or with `copyStorage` the file's copy of it. */
  store: ObjectStore;
  /** The shared site's one publish of both editions. */
  published: PublishSummary;
  close(): Promise<void>;
}

export async function startOwnEdge(options: { copyStorage?: boolean } = {}): Promise<OwnEdge> {
  const shared = await openSharedSite();
  await shared.close();
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const step of closers.reverse()) await step().catch(() => {});
  };
  try {
    let storage = shared.storage;
    if (options.copyStorage) {
      if (storage.driver !== 'fs') throw new Error(`copyStorage needs the fs driver; the shared site uses ${storage.driver}`);
      const dir = await mkdtemp(join(tmpdir(), 'own-edge-'));
      closers.push(() => rm(dir, { recursive: true, force: true }));
      await cp(storage.dir, join(dir, 'site'), { recursive: true });
      storage = { ...storage, dir: join(dir, 'site') };
    }
    const logger = createLogger({ component: 'own-edge', level: 'silent' });
    const upstream: RunningSampleUpstream = await startSampleUpstream({ port: 0, host: '127.0.0.1', logger });
    closers.push(() => upstream.close());
    const store = await createStore(storage);
    closers.push(() => store.close());
    const app: FastifyInstance = await buildEdgeApp({
      store,
      metricsRegistry: createMetricsRegistry(),
      logger,
      defaultSite: 'news',
      siteHosts: { 'es.localhost': 'es' },
      liveUpstream: { config: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: upstream.url }) },
    });
    const siteUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());
    return { siteUrl, upstreamUrl: upstream.url, store, published: shared.published, close };
  } catch (error) {
    await close();
    throw error;
  }
}
