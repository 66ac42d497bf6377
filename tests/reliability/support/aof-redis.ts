/**
 * A redis-server for the Redis-restart fault test: append-only file on, fsync on
 * every write (`--appendonly yes --appendfsync always`), so every command Redis acknowledged is on
 * disk before the client hears OK. `kill()` is SIGKILL (no shutdown save); `start()` starts it
 * again on the same port and directory, replaying the AOF.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onFreePort } from '../../../infra/local/free-port.js';
import { spawnRedisServer } from '../../../infra/local/redis-server.js';

export interface AofRedis {
  url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startAofRedis(): Promise<AofRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'aof-redis-'));
  const args = ['--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--maxmemory-policy', 'noeviction'];
  // The first start may meet a port taken since freePort() chose it (free-port.ts): another port.
  const first = await onFreePort(async (port) => ({ port, child: await spawnRedisServer(port, args) }));
  const { port } = first;
  let child: ChildProcess = first.child;

  const start = async () => {
    child = await spawnRedisServer(port, args);
  };
  const kill = async () => {
    const proc = child;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    kill,
    stop: async () => {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
