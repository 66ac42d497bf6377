/**
 * A real Redis for tests, started and stopped by the test that needs it (docs/architecture.md "Tool
 * constraints": never share the machine's 6379, never FLUSHALL a server you did not start). In a container
 * through testcontainers when a Docker engine is reachable, else a local redis-server on a free
 * port in a temp directory; one line per test process says which. With `REDIS_URL` set, tests use
 * that server instead, with a unique key prefix.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortBelowEphemeral } from '../../infra/local/free-port.js';
import { freePort, startRedisServer, waitForRedis } from '../../infra/local/redis-server.js';
import { announceTestBackends, dockerUnavailableReason } from './docker-engine.js';

export { freePort };

/** The image of the Redis container: the same major version as docker-compose.yml's. */
export const REDIS_IMAGE = 'redis:7.4-alpine';

export interface TestRedis {
  url: string;
  /** A key prefix unique to this test run; use it for queues and the dependency index. */
  prefix: string;
  stop(): Promise<void>;
  /** Kills the server (SIGKILL) and starts it again on the same port (absent with REDIS_URL). */
  restart?(): Promise<void>;
  /** Kills the server (SIGKILL) and leaves it down until `restart` (local redis-server only). */
  kill?(): Promise<void>;
}

/** Why the Redis container failed to start once in this process: later calls go straight to redis-server. */
let containerFailure: string | undefined;

export interface TestRedisOptions {
  appendOnly?: boolean;
  /**
   * The test takes the server down (`kill`, `restart`): its port is chosen below the OS's
   * ephemeral range. While it is down its port is free, and its clients keep reconnecting to it;
   * a port from the ephemeral range may meanwhile be given to another test's server (any
   * listen on port 0) or become a client's own source port (a TCP self-connect), and a client
   * would then talk to that instead of meeting a refusal. Below the range neither happens; only
   * another server choosing below the range too could take it, one chance in 10,000 a start.
   */
  outage?: boolean;
}

export async function startTestRedis(options: TestRedisOptions = {}): Promise<TestRedis> {
  const prefix = `{t${process.pid}x${Math.random().toString(36).slice(2, 8)}}`;
  const external = process.env.REDIS_URL;
  if (external) {
    announceTestBackends(`using the Redis at REDIS_URL with a key prefix per test run`);
    return { url: external, prefix, stop: async () => {} };
  }

  const noDocker = dockerUnavailableReason();
  if (noDocker === null && containerFailure === undefined) {
    try {
      const container = await startRedisContainer(options.appendOnly ?? false, prefix);
      announceTestBackends(`Docker engine found; Redis runs in a container (${REDIS_IMAGE}, testcontainers), and the S3 driver contract runs on MinIO as well as s3rver`);
      return container;
    } catch (error) {
      containerFailure = error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error);
      announceTestBackends(`Docker engine looked reachable but the Redis container did not start (${containerFailure}); using local redis-server and s3rver`);
    }
  } else if (noDocker !== null) {
    announceTestBackends(`${noDocker}; using local redis-server and s3rver`);
  }

  const dir = await mkdtemp(join(tmpdir(), 'test-redis-'));
  const server = await startRedisServer({ port: 0, dir, appendOnly: options.appendOnly ?? false, ...(options.outage === true ? { ports: () => freePortBelowEphemeral() } : {}) });
  return {
    url: server.url,
    prefix,
    stop: async () => {
      await server.kill();
      await rm(dir, { recursive: true, force: true });
    },
    restart: () => server.restart(),
    kill: () => server.kill(),
  };
}

/**
 * The same server settings as the local path (no RDB snapshots, AOF only when asked, noeviction
 * for BullMQ), on a fixed host port so `restart` keeps the URL the test's clients hold.
 * testcontainers is imported here, after dockerUnavailableReason() said yes (docs/architecture.md "Tool constraints").
 */
async function startRedisContainer(appendOnly: boolean, prefix: string): Promise<TestRedis> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const hostPort = await freePort();
  const container = await new GenericContainer(REDIS_IMAGE)
    .withCommand(['redis-server', '--save', '', '--appendonly', appendOnly ? 'yes' : 'no', '--maxmemory-policy', 'noeviction'])
    .withExposedPorts({ container: 6379, host: hostPort })
    .withWaitStrategy(Wait.forLogMessage('Ready to accept connections'))
    .start();
  const url = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
  await waitForRedis(url, 10_000);
  return {
    url,
    prefix,
    stop: async () => {
      await container.stop();
    },
    // Docker restart with no grace period: SIGKILL, as the local path does; /data (the AOF) stays.
    restart: async () => {
      await container.restart({ timeout: 0 });
      await waitForRedis(url, 10_000);
    },
  };
}
