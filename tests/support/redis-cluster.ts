/**
 * A real Redis Cluster for tests: three masters, no replicas, each a local
 * `redis-server` on free ports in a temp directory, joined with `redis-cli --cluster create`.
 * Started and stopped by the test that needs it; it never touches a Redis it did not start.
 *
 * Each node gets two free ports: its client port and its cluster bus port (`--cluster-port`,
 * Redis 7). The bus port defaults to the client port + 10000, which is past 65535 for most of
 * Linux's ephemeral range where free ports come from. A node whose port or bus port was taken
 * before it bound them (infra/local/free-port.ts) starts again on a new pair.
 *
 * Options for the Cluster a managed service runs (ADR 0015): `password` sets `requirepass` (and
 * `masterauth`) on every node; `tls` makes every node speak TLS only, clients, cluster bus and
 * replication alike, with a certificate for 127.0.0.1 and localhost signed by a CA made for this
 * cluster (`testCertificates` below: the selfsigned package, no openssl CLI). Clients need no certificate.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { generate as generateCertificate } from 'selfsigned';
import { freePort, onFreePort } from '../../infra/local/free-port.js';
import { hasRedisServer, REDIS_INSTALL_HINT, spawnRedisServer } from '../../infra/local/redis-server.js';
import type { RedisNodeAddress } from '../../core/redis.js';

export const REDIS_CLI_HINT =
  'No redis-cli on the PATH: the Redis Cluster tests create the cluster with `redis-cli --cluster create`. Install it (Debian/Ubuntu: sudo apt-get install -y redis-tools, which redis-server pulls in; macOS: brew install redis).';

export const REDIS_TLS_HINT =
  'The redis-server on the PATH was built without TLS, which the TLS Cluster test needs (Debian/Ubuntu and Homebrew build it with TLS; from source: make BUILD_TLS=yes).';

export interface TestRedisCluster {
  /** Every master's address (all of them are seeds). */
  nodes: RedisNodeAddress[];
  /** The same list as REDIS_CLUSTER_NODES expects it: `127.0.0.1:p1,127.0.0.1:p2,...`. */
  nodesEnv: string;
  /** A key prefix with a {hash tag}, unique to this test run. */
  prefix: string;
  /** The `requirepass` of every node, when started with one. */
  password?: string;
  /** With `tls`: the CA that signed the nodes' certificate, as PEM and as a file. */
  tls?: { ca: string; caFile: string };
  /** Kills every node and removes the temp directory. */
  stop(): Promise<void>;
}

/** How long the nodes may take to agree that every slot is served (`cluster_state:ok`). */
const CLUSTER_READY_TIMEOUT_MS = 15_000;

function hasRedisCli(): boolean {
  const probe = spawnSync('redis-cli', ['--version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

export interface TestRedisClusterOptions {
  masters?: number;
  /** `requirepass` (and `masterauth`) on every node. */
  password?: string;
  /** TLS only, on every port of every node. */
  tls?: boolean;
}

/** How a node is started and reached: its password, and its TLS files. */
interface NodeSecurity {
  password?: string;
  tls?: { ca: string; caFile: string; certFile: string; keyFile: string };
}

export async function startTestRedisCluster(options: TestRedisClusterOptions = {}): Promise<TestRedisCluster> {
  if (!hasRedisServer()) throw new Error(REDIS_INSTALL_HINT);
  if (!hasRedisCli()) throw new Error(REDIS_CLI_HINT);
  const masters = options.masters ?? 3;
  const dir = await mkdtemp(join(tmpdir(), 'test-redis-cluster-'));
  const security: NodeSecurity = options.password === undefined ? {} : { password: options.password };
  const children: ChildProcess[] = [];
  const nodes: RedisNodeAddress[] = [];

  const stop = async () => {
    await Promise.all(children.map(killNode));
    await rm(dir, { recursive: true, force: true });
  };

  try {
    if (options.tls) {
      const certificates = await testCertificates();
      const file = async (name: string, text: string) => {
        const path = join(dir, name);
        await writeFile(path, text, { mode: 0o600 });
        return path;
      };
      security.tls = {
        ca: certificates.ca,
        caFile: await file('ca.pem', certificates.ca),
        certFile: await file('node.crt', certificates.cert),
        keyFile: await file('node.key', certificates.key),
      };
    }
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
      children.push(
        await spawnNode(port, busPort, nodeDir, security).catch((error: unknown) => {
          // A redis-server built without TLS does not know the tls-* directives.
          if (security.tls && error instanceof Error && /Bad directive[\s\S]*tls-|tls-[\s\S]*Bad directive/.test(error.message)) {
            throw new Error(`${REDIS_TLS_HINT}\n${error.message}`, { cause: error });
          }
          throw error;
        }),
      );
      return { host: '127.0.0.1', port };
    };
    // Settled, all of them, before stop() may run: it kills the children started so far.
    const started = await Promise.allSettled(Array.from({ length: masters }, (_, i) => onFreePort((port) => startNode(port, i), { ports: distinctPort })));
    for (const result of started) {
      if (result.status === 'rejected') throw result.reason;
      nodes.push(result.value);
    }
    await createCluster(nodes, security);
    await Promise.all(nodes.map((node) => waitForClusterOk(node, security, CLUSTER_READY_TIMEOUT_MS)));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    nodes,
    nodesEnv: nodes.map((node) => `${node.host}:${node.port}`).join(','),
    prefix: `{t${process.pid}x${Math.random().toString(36).slice(2, 8)}}`,
    ...(security.password === undefined ? {} : { password: security.password }),
    ...(security.tls === undefined ? {} : { tls: { ca: security.tls.ca, caFile: security.tls.caFile } }),
    stop,
  };
}

/** One cluster-enabled node; resolves when it is ready, throws PortInUseError when a port was taken. */
async function spawnNode(port: number, busPort: number, dir: string, security: NodeSecurity): Promise<ChildProcess> {
  const auth = security.password === undefined ? [] : ['--requirepass', security.password, '--masterauth', security.password];
  // `--port 0` overrides spawnRedisServer's `--port`: no plain-text port at all.
  const tls = security.tls === undefined
    ? []
    : [
        '--port', '0',
        '--tls-port', String(port),
        '--tls-cert-file', security.tls.certFile,
        '--tls-key-file', security.tls.keyFile,
        '--tls-ca-cert-file', security.tls.caFile,
        '--tls-auth-clients', 'no',
        '--tls-cluster', 'yes',
        '--tls-replication', 'yes',
      ];
  return await spawnRedisServer(
    port,
    [
      ...tls,
      ...auth,
      '--cluster-port', String(busPort),
      '--dir', dir,
      '--cluster-enabled', 'yes',
      // Relative to --dir: each node keeps its own view of the cluster there.
      '--cluster-config-file', 'nodes.conf',
      '--cluster-node-timeout', '5000',
      '--save', '',
      '--appendonly', 'no',
      // BullMQ needs every key kept (docs/architecture.md "Tool constraints").
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
async function createCluster(nodes: readonly RedisNodeAddress[], security: NodeSecurity): Promise<void> {
  const tls = security.tls === undefined ? [] : ['--tls', '--cacert', security.tls.caFile];
  const args = [...tls, '--cluster', 'create', ...nodes.map((node) => `${node.host}:${node.port}`), '--cluster-replicas', '0', '--cluster-yes'];
  // The password through the environment, not the command line (where `ps` shows it).
  const env = security.password === undefined ? process.env : { ...process.env, REDISCLI_AUTH: security.password };
  const output = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
    const child = spawn('redis-cli', args, { stdio: ['ignore', 'pipe', 'pipe'], env });
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
async function waitForClusterOk(node: RedisNodeAddress, security: NodeSecurity, timeoutMs: number): Promise<void> {
  const client = new Redis({
    host: node.host,
    port: node.port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    ...(security.password === undefined ? {} : { password: security.password }),
    ...(security.tls === undefined ? {} : { tls: { ca: security.tls.ca } }),
  });
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

/**
 * A CA and a certificate it signed for 127.0.0.1 and localhost (server and client use, for the
 * cluster bus), P-256 keys, valid from an hour ago for a day. Made with the selfsigned package
 * (Node's WebCrypto underneath): no openssl CLI on the machine is needed.
 */
export async function testCertificates(): Promise<{ ca: string; cert: string; key: string }> {
  const now = Date.now();
  const validity = { notBeforeDate: new Date(now - 3_600_000), notAfterDate: new Date(now + 86_400_000), keyType: 'ec', curve: 'P-256', algorithm: 'sha256' } as const;
  const ca = await generateCertificate([{ name: 'commonName', value: 'newsroom test CA' }], {
    ...validity,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const node = await generateCertificate([{ name: 'commonName', value: 'newsroom test redis node' }], {
    ...validity,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { ca: ca.cert, cert: node.cert, key: node.private };
}
