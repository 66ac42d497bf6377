/**
 * `npm start` as an on-call engineer and an editor meet it: the embedded default runs as
 * its own process (infra/local/start.ts) and, once the sample is published, prints every address
 * they need: the admin URL with the republish command, and the /metrics of ingest, the render
 * worker and the edge router, each of which answers with its series (the edge's answer times by
 * route, the queue's oldest waiting job per priority, failure counters before any failure). The
 * sample upstream logs to its own file. A taken port stops start-up with the variable to change.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, freePortBelowEphemeral } from '../../infra/local/free-port.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';

const require = createRequire(import.meta.url);
const ADMIN_TOKEN = 'npm-start-admin-token-0123456789';

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', require.resolve('tsx'), 'infra/local/start.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes(text)) {
    if (started.child.exitCode !== null) throw new Error(`npm start exited (${started.child.exitCode}):\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`npm start did not print "${text}" within ${timeoutMs} ms:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let redis: TestRedis;
let dir: string;
let running: Started;
let ports: Record<'PORT' | 'ADMIN_PORT' | 'SAMPLE_UPSTREAM_PORT' | 'WORKER_METRICS_PORT' | 'EDGE_METRICS_PORT', number>;

beforeAll(async () => {
  redis = await startTestRedis();
  dir = await mkdtemp(join(tmpdir(), 'npm-start-'));
  ports = { PORT: 0, ADMIN_PORT: 0, SAMPLE_UPSTREAM_PORT: 0, WORKER_METRICS_PORT: 0, EDGE_METRICS_PORT: 0 };
  // Bound up to a minute later, after the bundle build and the publish: from below the ephemeral
  // range, where no outgoing connection of the machine's other processes can take one meanwhile
  // (a loaded CI run once lost EDGE_METRICS_PORT that way).
  const taken = new Set<number>();
  for (const name of Object.keys(ports) as Array<keyof typeof ports>) {
    const port = await freePortBelowEphemeral(taken);
    taken.add(port);
    ports[name] = port;
  }
  running = start({
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
    REDIS_URL: redis.url,
    QUEUE_PREFIX: redis.prefix,
    DATA_DIR: join(dir, 'data'),
    BUNDLE_DIR: join(dir, 'bundle'),
    ADMIN_TOKEN,
    SCHEDULES_ENABLED: 'false',
  });
  await waitFor(running, 'Press Ctrl-C to stop.', 280_000);
}, 300_000);

afterAll(async () => {
  if (running?.child.exitCode === null) {
    running.child.kill('SIGINT');
    await running.exited;
  }
  await redis?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('npm start', () => {
  it('prints the admin URL with the republish command, and every metrics address', () => {
    const out = running.output();
    expect(out).toContain(`ADMIN_URL=http://localhost:${ports.ADMIN_PORT} ADMIN_TOKEN=${ADMIN_TOKEN} npm run republish -- /politics`);
    expect(out).toContain(`ingest http://localhost:${ports.ADMIN_PORT}/metrics (Bearer token)`);
    expect(out).toContain(`render worker http://127.0.0.1:${ports.WORKER_METRICS_PORT}/metrics`);
    expect(out).toContain(`edge router http://127.0.0.1:${ports.EDGE_METRICS_PORT}/metrics`);
  });

  it('serves each metrics address with its series', async () => {
    const worker = await (await fetch(`http://127.0.0.1:${ports.WORKER_METRICS_PORT}/metrics`)).text();
    expect(worker).toMatch(/^newsroom_render_pages_total\{result="written"\} [1-9]\d*$/m);
    expect(worker).toContain('newsroom_render_failures_total{code="UPSTREAM_UNAVAILABLE"}');
    expect(worker).toContain('process_resident_memory_bytes');

    await fetch(`http://127.0.0.1:${ports.PORT}/politics`);
    const edge = await (await fetch(`http://127.0.0.1:${ports.EDGE_METRICS_PORT}/metrics`)).text();
    expect(edge).toMatch(/^newsroom_edge_request_duration_seconds_count\{route="page"\} [1-9]\d*$/m);
    expect(edge).toContain('newsroom_edge_requests_total{route="page",status="200"}');

    const ingest = await fetch(`http://127.0.0.1:${ports.ADMIN_PORT}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(ingest.status).toBe(200);
    const text = await ingest.text();
    expect(text).toContain('newsroom_render_queue_oldest_waiting_seconds{priority="6"}');
    expect(text).toContain('newsroom_render_queue_jobs{state="waiting"}');
  });

  it('keeps the sample upstream in its own, quiet log', async () => {
    const stackLog = await readFile(join(dir, 'data', 'logs', 'stack.log'), 'utf8');
    expect(stackLog).not.toContain('"component":"sample-upstream"');
    expect(existsSync(join(dir, 'data', 'logs', 'sample-upstream.log'))).toBe(true);
    const sampleLog = await readFile(join(dir, 'data', 'logs', 'sample-upstream.log'), 'utf8');
    // Warnings and errors only by default: no line per answered request.
    for (const line of sampleLog.split('\n').filter(Boolean)) expect(['warn', 'error', 'fatal']).toContain((JSON.parse(line) as { level: string }).level);
  });

  it('stops with the variable to change when a port is taken', async () => {
    const blocker: Server = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const second = start({
        PORT: String(await freePortBelowEphemeral()),
        ADMIN_PORT: String(await freePortBelowEphemeral()),
        SAMPLE_UPSTREAM_PORT: String(port),
        WORKER_METRICS_PORT: 'off',
        EDGE_METRICS_PORT: 'off',
        REDIS_URL: redis.url,
        QUEUE_PREFIX: `${redis.prefix.slice(0, -1)}-second}`,
        DATA_DIR: join(dir, 'second'),
        BUNDLE_DIR: join(dir, 'bundle-second'),
        SCHEDULES_ENABLED: 'false',
      });
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toContain(`Port ${port} on 127.0.0.1 is already in use: stop what is listening there, or set SAMPLE_UPSTREAM_PORT to a free port.`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 120_000);
});
