/**
 * Fast, honest refusals while Redis is unreachable, on real processes: the ingest
 * service (`ingest/main.ts`, as `npm run ingest` starts it) against a real redis-server, which the
 * test SIGKILLs and later starts again on the same port. While it is down every admin and webhook
 * request must answer 503 REDIS_UNAVAILABLE with Retry-After in under a second (not a generic 500
 * after ioredis gives up), `/healthz` must say which connection is down and why, the republish
 * CLI must print the reason, and once Redis is back the same requests must work again without a
 * restart of ingest.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortBelowEphemeral, onFreePort, PortInUseError, saysAddressInUse } from '../../infra/local/free-port.js';
import { startRedisServer, type RunningRedisServer } from '../../infra/local/redis-server.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { webhookHeaders } from '../../ingest/webhook.js';
import { eventually } from '../support/eventually.js';

const ADMIN_TOKEN = 'outage-admin-token-0123456789';
const WEBHOOK_SECRET = 'outage-webhook-secret-0123456789';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** The promise under test. */
const REFUSAL_LIMIT_MS = 1_000;

let dir: string;
let redis: RunningRedisServer;
let upstream: RunningSampleUpstream;
let ingest: ChildProcess | undefined;
let admin: string;
let ingestOutput = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'admin-redis-outage-'));
  // Below the ephemeral range, as startTestRedis({ outage: true }) chooses it: the test kills it.
  redis = await startRedisServer({ port: 0, dir: join(dir, 'redis'), appendOnly: false, ports: () => freePortBelowEphemeral() });
  upstream = await startSampleUpstream({ port: 0 });
  // Its admin port may be taken before it listens (infra/local/free-port.ts): then it starts again.
  admin = await onFreePort(async (adminPort) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'ingest/main.ts'], {
      env: {
        ...process.env,
        REDIS_URL: redis.url,
        REDIS_CLUSTER_NODES: '',
        QUEUE_PREFIX: '{outage}',
        ADMIN_TOKEN,
        WEBHOOK_SECRET,
        ADMIN_PORT: String(adminPort),
        SCHEDULES_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        STORAGE_DRIVER: 'fs',
        STORAGE_DIR: join(dir, 'storage'),
        UPSTREAM_BASE_URL: upstream.url,
        CDN_PURGE: 'none',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    ingest = child;
    let closed = false;
    const collect = (chunk: Buffer) => (ingestOutput = (ingestOutput + chunk.toString('utf8')).slice(-20_000));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    // 'close' rather than 'exit': by then its last words have been read.
    child.once('close', () => (closed = true));
    const url = `http://127.0.0.1:${adminPort}`;
    await eventually(
      async () => {
        if (closed) {
          const message = `ingest exited ${String(child.exitCode)}: ${ingestOutput}`;
          throw saysAddressInUse(ingestOutput) ? new PortInUseError(message) : new Error(message);
        }
        const response = await fetch(`${url}/healthz`).catch(() => undefined);
        await response?.body?.cancel();
        return response?.ok === true ? true : undefined;
      },
      'the ingest process to answer its health check',
      60_000,
      100,
    );
    return url;
  });
}, 90_000);

afterAll(async () => {
  if (ingest && ingest.exitCode === null) {
    const exited = new Promise((resolve) => ingest?.once('close', resolve));
    ingest.kill('SIGTERM');
    await exited;
  }
  await redis?.stop();
  await upstream?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: unknown;
}

async function call(method: 'GET' | 'POST', path: string, options: { body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${admin}${path}`, { method, headers: options.headers ?? {}, ...(options.body === undefined ? {} : { body: options.body }) });
  const text = await response.text();
  const ms = performance.now() - started;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  return { status: response.status, ms, retryAfter: response.headers.get('retry-after'), body };
}

const json = { ...auth, 'content-type': 'application/json' };
let eventCount = 0;

/** Every kind of request an editor, a script or the CMS sends, fresh each time (a new event id). */
function requests(): Array<{ name: string; send: () => Promise<Answer> }> {
  eventCount += 1;
  const event = JSON.stringify({
    id: `outage-${eventCount}-${Date.now()}`,
    kind: 'article',
    action: 'updated',
    contentId: '7',
    path: '/politics/a-story',
    sections: ['politics'],
    occurredAt: new Date().toISOString(),
  });
  return [
    { name: 'republish a page', send: () => call('POST', '/admin/republish', { headers: json, body: JSON.stringify({ path: '/politics' }) }) },
    { name: 'republish the whole site', send: () => call('POST', '/admin/republish', { headers: json, body: JSON.stringify({ scope: 'site' }) }) },
    { name: 'republish a section', send: () => call('POST', '/admin/republish', { headers: json, body: JSON.stringify({ scope: 'section', section: 'politics' }) }) },
    { name: 'job status', send: () => call('GET', '/admin/jobs/r-123', { headers: auth }) },
    { name: 'scope progress', send: () => call('GET', '/admin/republish/scopes/s-123', { headers: auth }) },
    { name: 'page status', send: () => call('GET', '/admin/pages/status?site=news&path=/politics', { headers: auth }) },
    { name: 'rollback', send: () => call('POST', '/admin/pages/rollback', { headers: json, body: JSON.stringify({ path: '/politics' }) }) },
    { name: 'admin page form', send: () => call('POST', '/admin/republish-form', { headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: 'path=%2Fpolitics' }) },
    { name: 'dashboard API', send: () => call('GET', '/admin/queues/api/queues', { headers: auth }) },
    { name: 'webhook', send: () => call('POST', '/webhooks/content', { headers: webhookHeaders(WEBHOOK_SECRET, event), body: event }) },
  ];
}

function runCli(args: string[]): Promise<{ code: number | null; output: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'ingest/cli.ts', ...args], {
      env: { ...process.env, ADMIN_URL: admin, ADMIN_TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output, ms: performance.now() - started }));
  });
}

describe('the admin server while Redis is down', () => {
  it('answers 503 with Retry-After within a second, says why on /healthz, and recovers when Redis is back', async () => {
    // Up: the same requests are served (a page republish is accepted).
    const before = await call('POST', '/admin/republish', { headers: json, body: JSON.stringify({ path: '/politics' }) });
    expect(before.status, JSON.stringify(before.body)).toBe(202);

    await redis.kill();
    // The connections see the socket close as soon as the process is gone.
    await eventually(async () => ((await call('GET', '/healthz')).status === 503 ? true : undefined), 'ingest to notice Redis is down', 5_000, 20);

    // Twice over, so a refusal is fast every time, not only before the connections give up.
    for (let round = 0; round < 2; round += 1) {
      for (const { name, send } of requests()) {
        const answer = await send();
        expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(503);
        expect(answer.ms, name).toBeLessThan(REFUSAL_LIMIT_MS);
        expect(answer.retryAfter, name).toBe('5');
        expect(answer.body, name).toMatchObject({ error: { code: 'REDIS_UNAVAILABLE', message: expect.stringMatching(/^Redis is unreachable: connection .*; nothing was done or enqueued\. Retry in 5 s\.$/) as unknown } });
      }
    }

    // The health check names both connections, their state and the error, at once. The error is
    // known from the first reconnect attempt on (the kill itself only closes the socket, and the
    // first attempt comes 200 ms after it), so wait for that.
    const health = await eventually(
      async () => {
        const answer = await call('GET', '/healthz');
        const connections = (answer.body as { connections?: Array<{ error: string | null }> }).connections ?? [];
        return connections.length === 2 && connections.every((c) => c.error !== null) ? answer : undefined;
      },
      'the health check to name the connection error',
      5_000,
      50,
    );
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(REFUSAL_LIMIT_MS);
    expect(health.retryAfter).toBe('5');
    expect(health.body).toMatchObject({
      status: 'unavailable',
      redis: 'unreachable',
      reason: expect.stringContaining('Redis is unreachable: connection ingest is') as unknown,
      connections: [
        { name: 'ingest', status: expect.stringMatching(/^(connecting|reconnecting)$/) as unknown, error: 'ECONNREFUSED' },
        { name: 'ingest-producer', status: expect.stringMatching(/^(connecting|reconnecting)$/) as unknown, error: 'ECONNREFUSED' },
      ],
    });

    // A request without the token is still refused for that first, as fast.
    const anonymous = await call('POST', '/admin/republish', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/politics' }) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.ms).toBeLessThan(REFUSAL_LIMIT_MS);

    // The republish CLI says why and exits non-zero.
    const cli = await runCli(['/politics']);
    expect(cli.code, cli.output).toBe(1);
    expect(cli.output).toContain('Republish refused: REDIS_UNAVAILABLE: Redis is unreachable');

    // Back: the same requests work again, with no restart of ingest.
    await redis.restart();
    await eventually(async () => ((await call('GET', '/healthz')).status === 200 ? true : undefined), 'ingest to reconnect to Redis', 20_000, 100);
    for (const { name, send } of requests()) {
      const answer = await send();
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).not.toBe(503);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
    }
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok', redis: 'ok' });
  }, 120_000);
});
