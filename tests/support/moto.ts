/**
 * A second S3-protocol server for the conditional-write contract (ADR 0023): moto's standalone
 * server (`moto_server`, Python), which honours If-Match and If-None-Match on PutObject and
 * If-Match on DeleteObject, where s3rver ignores both. It is not installed by the project (the
 * Python registry is out of reach here); tests that need it say so and skip when `moto_server` is
 * not on the PATH. Started on 127.0.0.1 on a port the OS picks, in memory, stopped by the test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export interface TestMoto {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  region: string;
  /** Created by the driver (createBucket: true): moto starts empty. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

/** Why moto cannot be used here, or null when `moto_server` runs. */
export function motoUnavailableReason(): string | null {
  const probe = spawnSync('moto_server', ['--help'], { stdio: 'ignore', timeout: 20_000 });
  if (probe.error !== undefined || probe.status !== 0) return 'moto_server (pip package moto[server]) is not on the PATH';
  return null;
}

export async function startTestMoto(options: { bucket?: string } = {}): Promise<TestMoto> {
  const child: ChildProcess = spawn('moto_server', ['-H', '127.0.0.1', '-p', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  // A server that did not come up is stopped before the error is thrown: a caller that fails on
  // the error has no handle to stop it with, and it would hold its port and CPU until this process exits.
  const abandon = (error: Error): Error => {
    process.off('exit', orphanGuard);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    return error;
  };
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(abandon(new Error(`moto_server did not start in 20 s: ${seen.slice(-500)}`))), 20_000);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      // Werkzeug prints "Running on http://127.0.0.1:PORT" once it listens.
      const match = /Running on http:\/\/127\.0\.0\.1:(\d+)/.exec(seen);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(abandon(new Error(`moto_server exited (${String(code)}) before it listened: ${seen.slice(-500)}`)));
    });
    // Spawning itself failed (not on the PATH, not executable): an 'error' event, no 'exit'.
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(abandon(new Error(`moto_server could not be started: ${error.message}`)));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: options.bucket ?? 'test-bucket',
    accessKeyId: 'moto-test',
    secretAccessKey: 'moto-test-secret',
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', orphanGuard);
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
