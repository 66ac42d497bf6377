/**
 * main.ts as a real process: a config error exits 1 naming the variable; a good config listens,
 * serves, and stops cleanly on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..');
const MAIN = join(import.meta.dirname, 'main.ts');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edge-main-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  // Only the variables given: the child sees exactly the configuration under test.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('edge-router main', () => {
  it('exits 1 with a message naming a bad variable', async () => {
    const run = start({ PORT: 'eighty', STORAGE_DIR: dir });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain('PORT');
    expect(run.output().stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('listens, answers /healthz, serves /metrics on the internal port only, and shuts down on SIGTERM', async () => {
    const run = start({ PORT: '0', HOST: '127.0.0.1', STORAGE_DIR: dir, SHUTDOWN_TIMEOUT_MS: '5000', EDGE_METRICS_PORT: '0' });
    const address = await new Promise<string>((resolve, reject) => {
      // A tsx child's cold start on a busy machine can take tens of seconds.
      const timer = setTimeout(() => reject(new Error(`no listen line: ${JSON.stringify(run.output())}`)), 60_000);
      run.child.stdout.on('data', () => {
        const match = /edge router listening on (http:\/\/[^"\s]+)/.exec(run.output().stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const res = await fetch(`${address}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    const metricsUrl = /"metrics":"(http:\/\/[^"]+)"/.exec(run.output().stdout)?.[1] ?? '';
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const scrape = await fetch(metricsUrl);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(/^newsroom_edge_requests_total\{route="health",status="200"\} [1-9]/m);
    expect(text).toContain('process_cpu_seconds_total');
    const publicMetrics = await fetch(`${address}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('newsroom_');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output().stdout).toContain('"message":"stopped"');
  }, 90_000);

  it('with write announcements on and no Redis to hear them, starts, serves from storage and stops as without them (ADR 0028)', async () => {
    // Nothing listens on port 1: the subscriber keeps reconnecting in the background.
    const run = start({
      PORT: '0',
      HOST: '127.0.0.1',
      STORAGE_DIR: dir,
      SHUTDOWN_TIMEOUT_MS: '5000',
      EDGE_METRICS_PORT: '0',
      EDGE_WRITE_ANNOUNCEMENTS: 'true',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    const address = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listen line: ${JSON.stringify(run.output())}`)), 60_000);
      run.child.stdout.on('data', () => {
        const match = /edge router listening on (http:\/\/[^"\s]+)/.exec(run.output().stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    expect(run.output().stdout).toContain('"writeAnnouncements":true');
    expect((await fetch(`${address}/healthz`)).status).toBe(200);
    const started = performance.now();
    // An empty store: the built-in 404, answered from storage alone.
    expect((await fetch(`${address}/politics/some-story`)).status).toBe(404);
    expect(performance.now() - started).toBeLessThan(2_000);
    const metricsUrl = /"metrics":"(http:\/\/[^"]+)"/.exec(run.output().stdout)?.[1] ?? '';
    expect(await (await fetch(metricsUrl)).text()).toMatch(/^newsroom_edge_write_announcements_listening 0$/m);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 90_000);
});
