/**
 * A redis-server for the Redis-restart fault test (issue 10, item 2): append-only file on, fsync on
 * every write (`--appendonly yes --appendfsync always`), so every command Redis acknowledged is on
 * disk before the client hears OK. `kill()` is SIGKILL (no shutdown save); `start()` starts it
 * again on the same port and directory, replaying the AOF.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForRedis } from '../../../infra/local/redis-server.js';

export interface AofRedis {
  url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startAofRedis(): Promise<AofRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'aof-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const orphanGuard = () => child?.kill('SIGKILL');
  process.once('exit', orphanGuard);

  const start = async () => {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--maxmemory-policy', 'noeviction'],
      { stdio: 'ignore' },
    );
    child = proc;
    await waitForRedis(url, 10_000);
  };
  const kill = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  };
  await start();
  return {
    url,
    start,
    kill,
    stop: async () => {
      await kill();
      process.off('exit', orphanGuard);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
