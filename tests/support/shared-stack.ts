/**
 * The test run's shared set-up, started once by tests/support/global-setup.ts (vitest
 * `globalSetup`) and handed to test files through vitest's provide/inject (ADR 0032):
 *
 * - the interactive bundle, built once;
 * - one redis-server, on which each test stack that writes gets a key prefix of its own;
 * - one published site: both editions of the sample as `npm start` publishes them, rendered by
 *   the real pipeline and served by the edge router. Test files that only read pages use it
 *   instead of publishing their own.
 *
 * The published site is read-only by contract: a test that writes (republishes, deletes a stored
 * page, puts a fault or a layout on the sample upstream, counts jobs) starts a stack of its own
 * (tests/support/stack.ts), which still reuses the bundle and the Redis server.
 */
import { inject } from 'vitest';
import type { StorageConfig } from '../../core/config/storage.js';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { createStore } from '../../core/storage/create-store.js';
import type { ObjectStore } from '../../core/storage/types.js';
import type { UpstreamClient } from '../../core/upstream/client.js';
import { createEditionClients } from '../../core/upstream/clients.js';
import type { PublishSummary } from '../../infra/local/stack.js';

/** What the global setup publishes and serves, as plain data (provide/inject clones it). */
export interface SharedSiteInfo {
  siteUrl: string;
  adminUrl: string;
  upstreamUrl: string;
  storage: StorageConfig;
  /** The key prefix of the site's Redis keys on the run's redis-server (to copy, never to write). */
  queuePrefix: string;
  /** The one publish of both editions (`publishSite()`). */
  published: PublishSummary;
  /**
   * A file of every log line every service of the stack wrote, at debug level, from its start
   * until that publish was done (JSON lines, as written).
   */
  publishLog: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when a selected test file imports this module (tests/support/global-setup.ts). */
    sharedSite: SharedSiteInfo | null;
    /** A built bundle (interactive-bundle/build.ts output) to read, never to write; null when not built. */
    sharedBundleDir: string | null;
    /** One redis-server for test stacks, each with its own key prefix; null when not started. */
    sharedRedisUrl: string | null;
  }
}

/** The shared published site, with a reader of its storage and of its upstream. */
export interface SharedSite extends SharedSiteInfo {
  /** The site's object store, to read: a test that writes starts its own stack. */
  store: ObjectStore;
  /** The news edition's upstream client (the sample upstream the site was published from). */
  upstream: UpstreamClient;
  close(): Promise<void>;
}

function provided<K extends 'sharedSite' | 'sharedBundleDir' | 'sharedRedisUrl'>(key: K) {
  // Scripts run with tsx (npm run screenshots, the Lighthouse bench) import the test stack too;
  // outside a vitest worker there is nothing provided, and inject would throw.
  if (process.env.VITEST === undefined) return null;
  return inject(key) ?? null;
}

/**
 * Opens the shared published site. Throws when the run did not start it: run tests through
 * vitest.config.ts, whose global setup starts it for every selected file that imports this module.
 */
export async function openSharedSite(): Promise<SharedSite> {
  const info = provided('sharedSite');
  if (info === null) {
    throw new Error('the shared published site was not started: run the tests with vitest.config.ts (its globalSetup, tests/support/global-setup.ts, starts it)');
  }
  const store = await createStore(info.storage);
  const logger = createLogger({ component: 'shared-site-reader', level: 'silent' });
  const upstream = createEditionClients({ config: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: info.upstreamUrl }), logger }).news.upstream;
  return {
    ...info,
    store,
    upstream,
    close: () => store.close(),
  };
}

/** The run's built bundle, when the global setup built one. */
export function sharedBundleDir(): string | null {
  return provided('sharedBundleDir');
}

/** The run's shared redis-server, when the global setup started one. */
export function sharedRedisUrl(): string | null {
  return provided('sharedRedisUrl');
}
