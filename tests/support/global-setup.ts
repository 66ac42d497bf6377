/**
 * vitest `globalSetup` (vitest.config.ts; ADR 0032): starts, once for the whole run and only when
 * a selected test file uses them,
 *
 * - one build of the interactive bundle (files that start a stack or a bundle server);
 * - one redis-server, on which each test stack gets a key prefix of its own;
 * - one published site (files that import tests/support/shared-stack.ts, own-edge.ts or
 *   forked-site.ts): a stack on that Redis and bundle, with both editions published once
 *   (`publishSite()`): exactly what `npm start` publishes, so tests that compare the store with
 *   the site map (sitemaps, feeds) read it as it is; with every log line its services wrote
 *   during that publish.
 *
 * It runs in vitest's main process, so it imports nothing that imports vitest; its addresses
 * reach the test files through provide/inject (tests/support/shared-stack.ts).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../infra/local/stack.js';
import { buildBundle } from '../../interactive-bundle/build.js';
import { startTestRedis, type TestRedis } from './redis-server.js';
import type { SharedSiteInfo } from './shared-stack.js';
import { testStackOptions } from './stack-options.js';

/** What a test file's source says it uses (its imports of the support modules). */
const USES_SITE = /from '(\.\.\/)*(support\/)?(shared-stack|own-edge|forked-site)\.js'/;
const USES_BUNDLE = /from '(\.\.\/)*(support\/)?(stack|bundle-server)\.js'|captured-stack\.js'/;
const USES_REDIS = /from '(\.\.\/)*(support\/)?stack\.js'|captured-stack\.js'/;

/** How long the one publish may take (both editions, ~550 pages, on a loaded 2-core machine). */
const PUBLISH_TIMEOUT_MS = 300_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const specs = await project.vitest.globTestSpecifications(cliFilters(project));
  const sources = await Promise.all([...new Set(specs.map((spec) => spec.moduleId))].map((file) => readFile(file, 'utf8').catch(() => '')));
  const wantSite = sources.some((source) => USES_SITE.test(source));
  const wantBundle = wantSite || sources.some((source) => USES_BUNDLE.test(source));
  const wantRedis = wantSite || sources.some((source) => USES_REDIS.test(source));

  const dir = await mkdtemp(join(tmpdir(), 'test-run-'));
  let redis: TestRedis | undefined;
  let stack: Stack | undefined;
  const teardown = async () => {
    await stack?.close();
    await redis?.stop();
    await rm(dir, { recursive: true, force: true });
  };

  try {
    const bundleDir = join(dir, 'bundle');
    if (wantBundle) await buildBundle({ outDir: bundleDir });
    if (wantRedis) redis = await startTestRedis();
    project.provide('sharedBundleDir', wantBundle ? bundleDir : null);
    project.provide('sharedRedisUrl', redis?.url ?? null);
    project.provide('sharedSite', null);

    if (wantSite && redis !== undefined) {
      const storage = { driver: 'fs' as const, dir: join(dir, 'site') };
      // One attempt a render (as accessibility, platform, responsive, search-results and
      // article-variants asked of their own publish): a page that fails is reported, not retried
      // into passing.
      // Every line every service writes until the publish is done, at debug level, kept for
      // tests/integration/log-lines.test.ts; none after, so other files' requests to the shared
      // edge never reach it.
      const publishLines: string[] = [];
      let capturing = true;
      const logDestination = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          if (capturing) for (const line of chunk.toString('utf8').split('\n')) if (line) publishLines.push(line);
          callback();
        },
      });
      // The edge's per-client /api/ budget (120 a minute) is one reader's: here every browser test
      // file is the same client (127.0.0.1), and their prefetch checks, schedules and searches
      // together went past it (a run answered 429 to the slideshow tests' /api/stored-pages). The
      // budget itself is tested on edges of its own (edge-router/plugins/rate-limit.test.ts).
      const options = testStackOptions(
        { redisUrl: redis.url, queuePrefix: redis.prefix, bundleDir, storageDir: storage.dir },
        { storage, renderJobDefaults: { attempts: 1, backoffMs: 10 }, rateLimit: { max: 1_000_000, windowMs: 60_000 } },
      );
      stack = await startStack({ ...options, logLevel: 'debug', logDestination });
      const running = stack;
      const published = await withTimeout(running.publishSite(), PUBLISH_TIMEOUT_MS, 'the shared site publish');
      capturing = false;
      const publishLog = join(dir, 'publish-log.jsonl');
      await writeFile(publishLog, publishLines.map((line) => `${line}\n`).join(''));
      const info: SharedSiteInfo = { siteUrl: running.siteUrl, adminUrl: running.adminUrl, upstreamUrl: running.upstreamUrl, storage, queuePrefix: redis.prefix, published, publishLog };
      project.provide('sharedSite', info);
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/**
 * The file filters given on the command line (`npx vitest run tests/e2e/theme.test.ts`). vitest
 * keeps them in an internal field (4.1: `filenamePattern`); when it is absent every test file
 * counts as selected, which starts everything: slower, never wrong.
 */
function cliFilters(project: TestProject): string[] | undefined {
  const filters: unknown = Reflect.get(project.vitest, 'filenamePattern');
  return Array.isArray(filters) && filters.every((filter) => typeof filter === 'string') ? filters : undefined;
}

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish in ${ms / 1000} s`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
