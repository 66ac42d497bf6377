/**
 * Two ingest processes fire each schedule once. Two real processes run the schedule
 * runner against one real redis-server: node-cron fires in both every second, and the per-tick
 * Redis lock lets exactly one of them enqueue each tick.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickKey } from '../../ingest/schedules.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';

interface Line {
  pid: number;
  started?: boolean;
  stopped?: boolean;
  schedule?: string;
  firedAt?: number;
  fired?: boolean;
}

let redis: TestRedis;

beforeAll(async () => {
  redis = await startTestRedis();
});

afterAll(async () => {
  await redis?.stop();
});

function runProcess(env: Record<string, string>): Promise<Line[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/schedule-process.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`schedule process exited ${code}: ${err}`));
      else resolve(out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Line));
    });
  });
}

describe('schedules in two ingest processes', () => {
  it('fire each tick once between them', async () => {
    // Both race the same tick at the same instant, a little after they have started.
    const raceAt = String(Date.now() + 2_500);
    const env = { REDIS_URL: redis.url, QUEUE_PREFIX: redis.prefix, RUN_MS: '4500', RACE_AT: raceAt };
    const [a, b] = await Promise.all([runProcess(env), runProcess(env)]);
    const lines = [...(a ?? []), ...(b ?? [])];
    expect(lines.filter((l) => l.started)).toHaveLength(2);
    expect(lines.filter((l) => l.stopped)).toHaveLength(2);

    // The exact race: one winner.
    const raced = lines.filter((l) => l.schedule === 'raced');
    expect(raced).toHaveLength(2);
    expect(raced.filter((l) => l.fired)).toHaveLength(1);

    // node-cron ticked every second in both for four seconds; each minute tick fired once.
    const fired = lines.filter((l) => l.schedule === 'probe' && l.firedAt !== undefined);
    const ticks = fired.map((l) => tickKey('probe', new Date(l.firedAt ?? 0)));
    expect(fired.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ticks).size).toBe(fired.length);
  }, 60_000);
});
