/**
 * The testcontainers path of the test servers, exercised for real on a machine without a Docker
 * engine (the tests say plainly when they fall back to local servers). A child process is
 * told an engine is at DOCKER_HOST, where nothing listens: testcontainers is imported, fails to
 * reach it, and startTestRedis must fall back to a local redis-server that answers, after one
 * line naming why. The child is separate so the announcement (once per process) and the cached
 * container failure cannot leak into other tests.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/redis-server.js';

const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));

/** Starts a test Redis twice (the second must not try the container again), PINGs both. */
const SCRIPT = `
import { Redis } from 'ioredis';
import { startTestRedis } from './tests/support/redis-server.ts';
for (const round of [1, 2]) {
  const redis = await startTestRedis();
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  process.stdout.write(\`round \${round}: \${await client.ping()} \${redis.url}\\n\`);
  client.disconnect();
  await redis.stop();
}
`;

describe('test servers with a Docker engine that cannot be reached', () => {
  it('imports testcontainers, falls back to a local redis-server and says so once', async () => {
    const port = await freePort(); // free, so nothing listens there
    const child = spawn(process.execPath, [TSX, '--input-type=module', '-e', SCRIPT], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, REDIS_URL: '', DOCKER_HOST: `tcp://127.0.0.1:${port}`, TESTCONTAINERS_RYUK_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^round 1: PONG redis:\/\/127\.0\.0\.1:\d+\nround 2: PONG redis:\/\/127\.0\.0\.1:\d+\n$/);
    const lines = stderr.split('\n').filter((line) => line.startsWith('tests: '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^tests: Docker engine looked reachable but the Redis container did not start \(.+\); using local redis-server and s3rver$/);
  }, 60_000);
});
