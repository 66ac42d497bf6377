/**
 * A real Redis Cluster for tests (issue 9, item 4): three masters, no replicas, each a local
 * `redis-server` on free ports in a temp directory, joined with `redis-cli --cluster create`.
 * Started and stopped by the test that needs it; it never touches a Redis it did not start.
 *
 * Each node gets two free ports: its client port and its cluster bus port (`--cluster-port`,
 * Redis 7). The bus port defaults to the client port + 10000, which is past 65535 for most of
 * Linux's ephemeral range where free ports come from. A node whose port or bus port was taken
 * before it bound them (infra/local/free-port.ts) starts again on a new pair.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, onFreePort } from '../../infra/local/free-port.js';
import { hasRedisServer, REDIS_INSTALL_HINT, spawnRedisServer } from '../../infra/local/redis-server.js';
import type { RedisNodeAddress } from '../../core/redis.js';

export const REDIS_CLI_HINT =
  'No redis-cli on the PATH: the Redis Cluster tests create the cluster with `redis-cli --cluster create`. Install it (Debian/Ubuntu: sudo apt-get install -y redis-tools, which redis-server pulls in; macOS: brew install redis).';

export interface TestRedisCluster {
  /** Every master's address (all of them are seeds). */
  nodes: RedisNodeAddress[];
  /** The same list as REDIS_CLUSTER_NODES expects it: `127.0.0.1:p1,127.0.0.1:p2,...`. */
  nodesEnv: string;
  /** A key prefix with a {hash tag}, unique to this test run. */
  prefix: string;
  /** Kills every node and removes the temp directory. */
  stop(): Promise<void>;
}

/** How long the nodes may take to agree that every slot is served (`cluster_state:ok`). */
const CLUSTER_READY_TIMEOUT_MS = 15_000;

function hasRedisCli(): boolean {
  const probe = spawnSync('redis-cli', ['--version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

export async function startTestRedisCluster(options: { masters?: number } = {}): Promise<TestRedisCluster> {
  if (!hasRedisServer()) throw new Error(REDIS_INSTALL_HINT);
  if (!hasRedisCli()) throw new Error(REDIS_CLI_HINT);
  const masters = options.masters ?? 3;
  const dir = await mkdtemp(join(tmpdir(), 'test-redis-cluster-'));
  const children: ChildProcess[] = [];
  const nodes: RedisNodeAddress[] = [];

  const stop = async () => {
    await Promise.all(children.map(killNode));
    await rm(dir, { recursive: true, force: true });
  };

  try {
    // freePort() releases each port before the next call, so two calls can return the same one:
    // take ports until every node has its own pair.
    const taken = new Set<number>();
    const distinctPort = async (): Promise<number> => {
      for (;;) {
        const port = await freePort();
        if (!taken.has(port)) {
          taken.add(port);
          return port;
        }
      }
    };
    const startNode = async (port: number, i: number): Promise<RedisNodeAddress> => {
      const busPort = await distinctPort();
      // A directory per attempt: a node that failed to bind may have written its nodes.conf.
      const nodeDir = join(dir, `node-${i}-${port}`);
      await mkdir(nodeDir);
      children.push(await spawnNode(port, busPort, nodeDir));
      return { host: '127.0.0.1', port };
    };
    // Settled, all of them, before stop() may run: it kills the children started so far.
    const started = await Promise.allSettled(Array.from({ length: masters }, (_, i) => onFreePort((port) => startNode(port, i), { ports: distinctPort })));
    for (const result of started) {
      if (result.status === 'rejected') throw result.reason;
      nodes.push(result.value);
    }
    await createCluster(nodes);
    await Promise.all(nodes.map((node) => waitForClusterOk(node, CLUSTER_READY_TIMEOUT_MS)));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    nodes,
    nodesEnv: nodes.map((node) => `${node.host}:${node.port}`).join(','),
    prefix: `{t${process.pid}x${Math.random().toString(36).slice(2, 8)}}`,
    stop,
  };
}

/** One cluster-enabled node; resolves when it is ready, throws PortInUseError when a port was taken. */
async function spawnNode(port: number, busPort: number, dir: string): Promise<ChildProcess> {
  return await spawnRedisServer(
    port,
    [
      '--cluster-port', String(busPort),
      '--dir', dir,
      '--cluster-enabled', 'yes',
      // Relative to --dir: each node keeps its own view of the cluster there.
      '--cluster-config-file', 'nodes.conf',
      '--cluster-node-timeout', '5000',
      '--save', '',
      '--appendonly', 'no',
      // BullMQ needs every key kept (TOOLCHAIN.md).
      '--maxmemory-policy', 'noeviction',
    ],
    { detached: true },
  );
}

async function killNode(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // Nothing to save (no RDB, no AOF): SIGKILL is as good as SIGTERM, and never hangs.
    child.kill('SIGKILL');
  });
}

/** `redis-cli --cluster create`: assigns the 16384 slots across the masters and joins them. */
async function createCluster(nodes: readonly RedisNodeAddress[]): Promise<void> {
  const args = ['--cluster', 'create', ...nodes.map((node) => `${node.host}:${node.port}`), '--cluster-replicas', '0', '--cluster-yes'];
  const output = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
    const child = spawn('redis-cli', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', (error) => reject(new Error(REDIS_CLI_HINT, { cause: error })));
    child.once('close', (code) => resolve({ code, text }));
  });
  // redis-cli reports some failures on stdout with exit code 0; the success line is reliable.
  if (output.code !== 0 || !output.text.includes('All 16384 slots covered')) {
    throw new Error(`redis-cli ${args.join(' ')} failed (exit ${String(output.code)}):\n${output.text.slice(-2000)}`);
  }
}

/** Polls CLUSTER INFO until the node says every slot is served. */
async function waitForClusterOk(node: RedisNodeAddress, timeoutMs: number): Promise<void> {
  const client = new Redis({ host: node.host, port: node.port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  const deadline = Date.now() + timeoutMs;
  let info = '';
  try {
    await client.connect();
    while (Date.now() < deadline) {
      info = await client.cluster('INFO');
      if (/^cluster_state:ok\r?$/m.test(info)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    client.disconnect();
  }
  throw new Error(`Redis Cluster node ${node.host}:${node.port} did not reach cluster_state:ok within ${timeoutMs} ms:\n${info}`);
}
