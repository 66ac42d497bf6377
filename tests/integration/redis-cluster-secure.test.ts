/**
 * A Redis Cluster as managed services run it (ADR 0015): a password on every node and TLS on
 * every port (tests/support/redis-cluster.ts, a CA made for the test), reached through the
 * REDIS_CLUSTER_* variables (core/config/redis.ts) and core/redis.ts's clients.
 *
 * - the producer enqueues, a real BullMQ render worker completes the jobs, and the dependency
 *   index reads back what the renders recorded, all over TLS with AUTH;
 * - an ACL user logs in by name;
 * - a wrong or missing password, a client without TLS, and one that does not trust the CA each
 *   fail with a readable log line within seconds instead of hanging; no log line ever holds a
 *   password.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TLSSocket } from 'node:tls';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../core/config/env.js';
import { redisEnvShape, redisTargetFromEnv } from '../../core/config/redis.js';
import { DependencyIndex } from '../../core/dependency-index.js';
import { takePageFence } from '../../core/page-fence.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import { DEFAULT_RENDER_JOB, RENDER_QUEUE, type RenderJob } from '../../core/queue.js';
import { createRedis, masterNodes, type RedisClient, type RedisClusterTarget } from '../../core/redis.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import { createRenderProducer, type RenderProducer } from '../../ingest/producer.js';
import type { PageRenderer } from '../../render-workers/render-page.js';
import { startRenderWorker, type RunningRenderWorker } from '../../render-workers/start.js';
import { eventually } from '../support/eventually.js';
import { startTestRedisCluster, type TestRedisCluster } from '../support/redis-cluster.js';
import { loadIngestConfig } from '../../ingest/config.js';
import { loadWorkerConfig } from '../../render-workers/config.js';
import { TEST_ADMIN_TOKEN, TEST_WEBHOOK_SECRET } from '../support/stack.js';
import { capturingLogger } from '../support/log-capture.js';

/** Distinct enough that finding it in a log line can only mean it leaked. */
const PASSWORD = `pw-${randomBytes(8).toString('hex')}`;
const WRONG_PASSWORD = `wrong-${randomBytes(8).toString('hex')}`;
const ACL_PASSWORD = `acl-${randomBytes(8).toString('hex')}`;

interface LogLine {
  level: string;
  message: string;
  error?: { message: string };
  redis?: { connection: string | null; node?: string; lastNodeError?: string };
}

/** Every line any client's logger wrote in this file, as written. */
const written: string[] = [];

const capture = (lines: LogLine[] = []) => capturingLogger('redis-cluster-secure-test', lines, { raw: written });

let cluster: TestRedisCluster;
let target: RedisClusterTarget;
const clients: RedisClient[] = [];
let producer: RenderProducer | undefined;
let worker: RunningRenderWorker | undefined;
let dir: string | undefined;
let inspect: Queue | undefined;
const logger = capture();

function connect(name: string, options: { blocking?: boolean; to?: RedisClusterTarget; lines?: LogLine[] } = {}): RedisClient {
  const client = createRedis(options.to ?? target, { name, blocking: options.blocking ?? false, logger: options.lines ? capture(options.lines) : logger });
  clients.push(client);
  return client;
}

/** The Cluster's settings as a service's environment names them. */
function clusterEnv(): Record<string, string> {
  return {
    REDIS_CLUSTER_NODES: cluster.nodesEnv,
    REDIS_CLUSTER_PASSWORD: PASSWORD,
    REDIS_CLUSTER_TLS: 'true',
    REDIS_CLUSTER_TLS_CA_FILE: cluster.tls?.caFile ?? '',
  };
}

beforeAll(async () => {
  cluster = await startTestRedisCluster({ password: PASSWORD, tls: true });
  // As a service reads it at start-up.
  target = redisTargetFromEnv(parseEnv(redisEnvShape, clusterEnv(), 'secure-cluster-test'), 'secure-cluster-test') as RedisClusterTarget;
});

afterAll(async () => {
  await worker?.close();
  await producer?.close();
  await inspect?.close();
  for (const client of clients) client.disconnect();
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const job = (path: string): RenderJob => ({ site: 'news', path, reason: 'republish', requestedBy: 'secure-cluster-test', requestedAt: new Date().toISOString() });

describe('the services on a Redis Cluster with a password and TLS', () => {
  it('is the target ingest and the render workers read from their own configuration', () => {
    const env = {
      REDIS_CLUSTER_NODES: cluster.nodesEnv,
      REDIS_CLUSTER_PASSWORD: PASSWORD,
      REDIS_CLUSTER_TLS: 'true',
      REDIS_CLUSTER_TLS_CA_FILE: cluster.tls?.caFile ?? '',
      QUEUE_PREFIX: '{newsroom}',
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    };
    expect(loadIngestConfig(env).redis).toEqual(target);
    expect(loadWorkerConfig(env).redis).toEqual(target);
  });

  it('reads the Cluster, its password and its CA from the environment, and talks TLS to every master', async () => {
    expect(target).toEqual({ clusterNodes: cluster.nodes, auth: { password: PASSWORD }, tls: { ca: cluster.tls?.ca } });
    const redis = connect('secure-probe');
    const masters = await masterNodes(redis);
    expect(masters).toHaveLength(3);
    for (const master of masters) {
      expect(master.stream).toBeInstanceOf(TLSSocket);
      expect((master.stream as TLSSocket).authorized).toBe(true);
    }
    expect(await redis.call('ACL', 'WHOAMI')).toBe('default');
  });

  it('reaches the Cluster through a seed named by host name, its certificate checked against that name', async () => {
    const first = cluster.nodes[0];
    if (!first) throw new Error('no cluster node');
    // "localhost" is dialled as written (not resolved first) and sent as SNI; the node certificate
    // names localhost and 127.0.0.1, so the seed connection verifies either way it is reached.
    const redis = connect('secure-by-name', { to: { ...target, clusterNodes: [{ host: 'localhost', port: first.port }] } });
    await redis.set(`${cluster.prefix}:by-name`, 'ok');
    expect(await redis.get(`${cluster.prefix}:by-name`)).toBe('ok');
  });

  it('runs the producer, a render worker and the dependency index', async () => {
    const prefix = cluster.prefix;
    const redis = connect('secure-index');
    const index = new DependencyIndex(redis, prefix);
    producer = createRenderProducer({ connection: connect('secure-producer'), prefix, logger, defaults: { ...DEFAULT_RENDER_JOB, eventDebounceMs: 0 } });
    inspect = new Queue(RENDER_QUEUE, { connection: connect('secure-inspect'), prefix });

    const pages = ['/politics', '/politics/a-story', '/sports/match-report'];
    const results = await producer.enqueueMany(pages.map(job));
    expect(results.every((r) => r.jobId !== undefined && !r.deduplicated)).toBe(true);

    const renderer: PageRenderer = {
      async render(data) {
        const page = { site: data.site, path: data.path };
        await takePageFence(redis, page, prefix);
        await index.record(page, [dataKeys.menu(), dataKeys.articlePath(data.path)]);
        return { kind: 'article', written: [`news${data.path}`], unchanged: [] };
      },
    };
    // Started as the worker's own process starts it (render-workers/start.ts), from the same
    // Cluster settings (password, TLS, CA file), rendering through the renderer above.
    dir = await mkdtemp(join(tmpdir(), 'redis-cluster-secure-'));
    worker = await startRenderWorker(
      { ...loadWorkerConfig({ ...clusterEnv(), QUEUE_PREFIX: prefix, WORKER_CONCURRENCY: '2' }), metrics: undefined, recoverySweep: undefined, readReuse: undefined },
      { store: createFsStore({ root: dir }), logger, scripts: [], wrapRenderer: () => renderer },
    );
    await eventually(async () => ((await inspect?.getCompletedCount()) === pages.length ? true : undefined), 'the worker to complete three renders', 20_000);
    expect(await inspect.getFailedCount()).toBe(0);

    expect(await index.pagesFor([dataKeys.menu()])).toHaveLength(pages.length);
    expect(await index.keysOf({ site: 'news', path: '/politics/a-story' })).toEqual([dataKeys.articlePath('/politics/a-story'), dataKeys.menu()].sort());
  }, 60_000);

  it('logs in as an ACL user by name', async () => {
    // ACL users are per node: a managed service creates them on each; so does this test.
    const admin = connect('secure-acl-admin');
    for (const master of await masterNodes(admin)) {
      await master.call('ACL', 'SETUSER', 'newsroom', 'on', `>${ACL_PASSWORD}`, `~${cluster.prefix}*`, '&*', '+@all');
    }
    const asUser = connect('secure-acl-user', { to: { ...target, auth: { username: 'newsroom', password: ACL_PASSWORD } } });
    expect(await asUser.call('ACL', 'WHOAMI')).toBe('newsroom');
    await asUser.set(`${cluster.prefix}:acl`, 'ok');
    expect(await asUser.get(`${cluster.prefix}:acl`)).toBe('ok');
  });

  it('fails readably within seconds on a wrong or missing password, no TLS, or an untrusted certificate', async () => {
    const { auth, tls, ...nodesOnly } = target;
    const cases: [string, RedisClusterTarget, RegExp][] = [
      ['wrong password', { ...target, auth: { password: WRONG_PASSWORD } }, /^WRONGPASS/],
      ['wrong ACL user', { ...target, auth: { username: 'nobody', password: PASSWORD } }, /^WRONGPASS/],
      ['no password', { ...nodesOnly, tls }, /^NOAUTH/],
      // The TLS port closes on a client that speaks plain text.
      ['no TLS', { ...nodesOnly, auth }, /ECONNRESET|EPIPE|Connection is closed/],
      // Node's default roots do not hold the test CA.
      ['untrusted certificate', { ...nodesOnly, auth, tls: {} }, /self-signed certificate|unable to (get|verify)/],
    ];
    for (const [what, to, reason] of cases) {
      const lines: LogLine[] = [];
      const client = connect(`secure-${what.replace(/ /g, '-')}`, { to, lines });
      // The node's own error, and the Cluster's "no node reachable" with the same reason.
      const nodeLine = await eventually(
        () => Promise.resolve(lines.find((l) => l.level === 'warn' && l.redis?.node !== undefined && reason.test(l.error?.message ?? ''))),
        `a log line saying why the ${what} client can not connect`,
        15_000,
      );
      expect(nodeLine.message).toBe('redis connection error; reconnecting');
      const clusterLine = await eventually(
        () => Promise.resolve(lines.find((l) => l.error?.message === 'Failed to refresh slots cache.')),
        `the ${what} client to give up on every node`,
        15_000,
      );
      expect(clusterLine.redis?.lastNodeError).toMatch(/WRONGPASS|NOAUTH|ECONNRESET|EPIPE|Connection is closed|certificate|unable to/);
      expect(client.status).not.toBe('ready');
      client.disconnect();
    }
  });

  it('never writes a password in a log line', () => {
    // The failures above logged AUTH reply errors, which carry the AUTH command's arguments.
    expect(written.length).toBeGreaterThan(0);
    for (const secret of [PASSWORD, WRONG_PASSWORD, ACL_PASSWORD]) {
      expect(written.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});
