/**
 * Ready for many machines (ADR 0014): the services on a real Redis Cluster of three
 * masters (tests/support/redis-cluster.ts), connected the way REDIS_CLUSTER_NODES connects them
 * (core/redis.ts, core/config/redis.ts).
 *
 * - the ingest process (ingest/main.ts) starts on the Cluster, answers its health check and
 *   enqueues an editor's republish;
 * - the producer enqueues render jobs, coalescing included, and a real BullMQ render worker
 *   (render-workers/start.ts, as its own process starts it) consumes every one of them; its renderer takes the page fence and
 *   records the page's dependencies, as the real renderer does, without the upstream or storage;
 * - the dependency index reads them back, and the fronts schedule's SCAN finds the fronts,
 *   though the keys live on one master of three;
 * - a setup that can not work on a Cluster (a prefix without a {hash tag}) is refused at start-up,
 *   and the Cluster shows why: BullMQ's scripts fail with CROSSSLOT on such a prefix.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DependencyIndex } from '../../core/dependency-index.js';
import { createLogger } from '../../core/logger.js';
import { takePageFence } from '../../core/page-fence.js';
import { PageRenderLog } from '../../core/page-status.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { commitPageRender } from '../../core/render-bookkeeping.js';
import { DEFAULT_RENDER_JOB, RENDER_QUEUE, type RenderJob } from '../../core/queue.js';
import { createRedis, masterNodes, type RedisClient } from '../../core/redis.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import { onFreePort, PortInUseError, saysAddressInUse } from '../../infra/local/free-port.js';
import { loadIngestConfig } from '../../ingest/config.js';
import { listFrontPathsFromIndex } from '../../ingest/fronts.js';
import { createRenderProducer, type RenderProducer } from '../../ingest/producer.js';
import { loadWorkerConfig } from '../../render-workers/config.js';
import type { PageRenderer } from '../../render-workers/render-page.js';
import { startRenderWorker, type RunningRenderWorker } from '../../render-workers/start.js';
import { eventually } from '../support/eventually.js';
import { startTestRedisCluster, type TestRedisCluster } from '../support/redis-cluster.js';

const ADMIN_TOKEN = 'cluster-admin-token-0123456789';
const logger = createLogger({ component: 'redis-cluster-test', level: 'silent' });

let cluster: TestRedisCluster;
/** Everything opened on the Cluster, closed in afterAll. */
const clients: RedisClient[] = [];
let producer: RenderProducer | undefined;
let worker: RunningRenderWorker | undefined;
let inspect: Queue | undefined;
let ingest: ChildProcess | undefined;
let dir: string | undefined;

function connect(name: string, blocking = false): RedisClient {
  const client = createRedis({ clusterNodes: cluster.nodes }, { name, blocking });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  cluster = await startTestRedisCluster();
  dir = await mkdtemp(join(tmpdir(), 'redis-cluster-test-'));
});

afterAll(async () => {
  ingest?.kill('SIGKILL');
  await worker?.close();
  await producer?.close();
  await inspect?.close();
  for (const client of clients) client.disconnect();
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const job = (path: string): RenderJob => ({ site: 'news', path, reason: 'republish', requestedBy: 'cluster-test', requestedAt: new Date().toISOString() });

describe('the services on a Redis Cluster', () => {
  it('is a real Cluster: three masters, and keys of one command must share a slot', async () => {
    const redis = connect('cluster-probe');
    expect(await masterNodes(redis)).toHaveLength(3);
    await expect(redis.mset('cluster-test-a', '1', 'cluster-test-b', '2')).rejects.toThrow(/CROSSSLOT/);
    // With a hash tag they do, whatever comes after it.
    await redis.mset(`${cluster.prefix}:a`, '1', `${cluster.prefix}:b`, '2');
    expect(await redis.mget(`${cluster.prefix}:a`, `${cluster.prefix}:b`)).toEqual(['1', '2']);
    await redis.del(`${cluster.prefix}:a`, `${cluster.prefix}:b`);
  });

  it('refuses at start-up a setup that can not work on it', async () => {
    const env = { ADMIN_TOKEN, WEBHOOK_SECRET: 'w'.repeat(16), REDIS_CLUSTER_NODES: cluster.nodesEnv };
    expect(loadIngestConfig({ ...env, QUEUE_PREFIX: cluster.prefix }).redis).toEqual({ clusterNodes: cluster.nodes });
    expect(loadWorkerConfig({ ...env, QUEUE_PREFIX: cluster.prefix }).redis).toEqual({ clusterNodes: cluster.nodes });
    // No {hash tag}: each service refuses to start.
    expect(() => loadIngestConfig({ ...env, QUEUE_PREFIX: 'newsroom' })).toThrow(/QUEUE_PREFIX="newsroom" is invalid: .*hash tag/);
    expect(() => loadWorkerConfig({ ...env, QUEUE_PREFIX: 'newsroom' })).toThrow(/QUEUE_PREFIX="newsroom" is invalid: .*hash tag/);
    // Both kinds of Redis named: one of them is stale.
    expect(() => loadWorkerConfig({ ...env, REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/REDIS_URL .*REDIS_CLUSTER_NODES .*not both/);
    expect(() => loadIngestConfig({ ...env, REDIS_CLUSTER_NODES: `${cluster.nodesEnv},redis-a` })).toThrow(/REDIS_CLUSTER_NODES=.* is invalid: entry 4 \("redis-a"\) must be host:port/);

    // Why the prefix rule: without a hash tag BullMQ's keys spread over the slots, and its
    // multi-key scripts fail on a Cluster (a single server would have accepted them).
    const untagged = new Queue(RENDER_QUEUE, { connection: connect('cluster-untagged'), prefix: `t${process.pid}-untagged` });
    try {
      await expect(untagged.add('render', job('/untagged'))).rejects.toThrow(/CROSSSLOT|same slot/);
    } finally {
      await untagged.close();
    }
  });

  // 90 s: it starts ingest as a tsx child, which compiles on a machine that may be busy.
  it('runs ingest, the producer, a render worker, the dependency index and the fronts SCAN', async () => {
    const prefix = cluster.prefix;
    const redis = connect('cluster-index');
    const index = new DependencyIndex(redis, prefix);
    producer = createRenderProducer({ connection: connect('cluster-producer'), prefix, logger, defaults: { ...DEFAULT_RENDER_JOB, eventDebounceMs: 0 } });
    inspect = new Queue(RENDER_QUEUE, { connection: connect('cluster-inspect'), prefix });

    // The ingest process itself, on the Cluster: health check, then an editor's republish. Its
    // admin port may be taken before it listens (infra/local/free-port.ts): then it starts again.
    const { child: ingestProcess, admin, health } = await onFreePort(async (adminPort) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'ingest/main.ts'], {
        env: {
          ...process.env,
          REDIS_URL: '',
          REDIS_CLUSTER_NODES: cluster.nodesEnv,
          QUEUE_PREFIX: prefix,
          ADMIN_TOKEN,
          WEBHOOK_SECRET: 'w'.repeat(16),
          ADMIN_PORT: String(adminPort),
          SCHEDULES_ENABLED: 'false',
          LOG_LEVEL: 'warn',
          STORAGE_DIR: join(dir ?? '', 'storage'),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      ingest = child;
      let errors = '';
      let closed = false;
      child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
      // 'close' rather than 'exit': by then its last words on stderr have been read.
      child.once('close', () => (closed = true));
      const url = `http://127.0.0.1:${adminPort}`;
      const body = await eventually(
        async () => {
          if (closed) {
            const message = `ingest exited ${String(child.exitCode)}: ${errors}`;
            throw saysAddressInUse(errors) ? new PortInUseError(message) : new Error(message);
          }
          // 200 only: a 503 {status:'unavailable'} comes while its Cluster client is still connecting.
          const response = await fetch(`${url}/healthz`).catch(() => undefined);
          if (!response?.ok) {
            await response?.body?.cancel();
            return undefined;
          }
          return (await response.json()) as unknown;
        },
        'the ingest process to answer its health check',
        60_000,
        100,
      );
      return { child, admin: url, health: body };
    });
    expect(health).toEqual({ status: 'ok', redis: 'ok' });
    const republished = await fetch(`${admin}/admin/republish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ site: 'news', path: '/politics', requestedBy: 'cluster-editor' }),
    });
    expect(republished.status).toBe(202);

    // The producer: five pages, one of them asked twice before any worker runs (coalesced).
    const fronts = ['/politics', '/sports'];
    const articles = ['/politics/a-story', '/sports/match-report', '/weather/rain'];
    const results = await producer.enqueueMany([...articles, '/sports'].map(job));
    expect(results.every((r) => r.jobId !== undefined && !r.deduplicated)).toBe(true);
    const again = await producer.enqueue(job('/sports/match-report'));
    expect(again).toMatchObject({ jobId: results[1]?.jobId, deduplicated: true });
    // '/politics' came from ingest: one job per page, six requests.
    expect(await inspect.count()).toBe(5);

    // A real render worker on a blocking Cluster connection; its renderer does what the real one
    // does with Redis: a page fence, then the page's bookkeeping in one script (core/
    // render-bookkeeping.ts), which builds the keys of dropped dependencies inside the script.
    const rain = { site: 'news', path: '/weather/rain' } as const;
    await index.record(rain, [dataKeys.category('/old-section')]);
    const rendered: string[] = [];
    const recordedInScript: boolean[] = [];
    const renderer: PageRenderer = {
      async render(data, jobId, records) {
        const page = { site: data.site, path: data.path };
        await takePageFence(redis, page, prefix);
        const isFront = fronts.includes(data.path);
        const kind = isFront ? 'section' : 'article';
        const read = [dataKeys.menu(), dataKeys.category(`/${data.path.split('/')[1] ?? ''}`), ...(isFront ? [dataKeys.front(data.path)] : [dataKeys.articlePath(data.path)])];
        const render = { at: new Date().toISOString(), jobId: jobId ?? null, reason: data.reason, kind, written: 1, staleData: [], missingData: [], kept: false };
        // On the worker's own connection, as the real renderer's index shares it with the worker's
        // page status and render log (render-workers/start.ts): only then can they join the script.
        const scope = records?.pageStatus?.scope;
        const on = scope === undefined ? index : new DependencyIndex(scope.redis, scope.prefix);
        const { recorded } = await commitPageRender(on, { page, dataKeys: read, announce: [`news${data.path}`], clearFailure: true, render }, records);
        rendered.push(data.path);
        recordedInScript.push(recorded);
        return { kind, written: [`news${data.path}`], unchanged: [], ...(recorded ? { recorded } : {}) };
      },
    };
    const renderLog = new PageRenderLog(redis, prefix);
    // Started as the worker's own process starts it (render-workers/start.ts), from the same
    // Cluster settings, rendering through the renderer above.
    worker = await startRenderWorker(
      { ...loadWorkerConfig({ REDIS_CLUSTER_NODES: cluster.nodesEnv, QUEUE_PREFIX: prefix, WORKER_CONCURRENCY: '2' }), metrics: undefined, recoverySweep: undefined, readReuse: undefined },
      { store: createFsStore({ root: join(dir ?? tmpdir(), 'storage') }), logger, scripts: [], wrapRenderer: () => renderer },
    );
    await eventually(async () => ((await inspect?.getCompletedCount()) === 5 ? true : undefined), 'the worker to complete five renders', 10_000);
    expect(rendered.sort()).toEqual([...fronts, ...articles].sort());
    expect(await inspect.getFailedCount()).toBe(0);

    // The dependency index reads back what the renders recorded.
    expect(await index.pagesFor([dataKeys.menu()])).toHaveLength(5);
    expect(await index.pagesFor([dataKeys.category('/sports')])).toEqual([
      { site: 'news', path: '/sports' },
      { site: 'news', path: '/sports/match-report' },
    ]);
    expect(await index.keysOf({ site: 'news', path: '/weather/rain' })).toEqual([dataKeys.articlePath('/weather/rain'), dataKeys.category('/weather'), dataKeys.menu()].sort());
    expect(await index.pagesFor([dataKeys.category('/old-section')])).toEqual([]);
    expect(await renderLog.read(rain)).toMatchObject({ kind: 'article', written: 1 });
    // The page status and render log went with the script, not in calls of their own.
    expect(recordedInScript).toEqual([true, true, true, true, true]);

    // The fronts SCAN walks every master; the keys are all on one of them (one hash tag). A SCAN
    // sent through the Cluster client runs on a random master: asked six times, it would miss them.
    for (let i = 0; i < 6; i++) {
      expect(await listFrontPathsFromIndex(redis, prefix)).toEqual(fronts.map((path) => ({ site: 'news', path })));
    }
    const holding = [];
    for (const node of await masterNodes(redis)) {
      const [, keys] = await node.scan('0', 'MATCH', `${prefix}:deps:*`, 'COUNT', 1000);
      if (keys.length > 0) holding.push(node);
    }
    expect(holding).toHaveLength(1);

    // ingest stops cleanly on SIGTERM, closing its Cluster connections.
    const exited = new Promise<number | null>((resolve) => ingestProcess.once('exit', (code) => resolve(code)));
    ingestProcess.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);
});
