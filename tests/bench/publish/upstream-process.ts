/**
 * The sample upstream serving the synthetic site, in a process of its own (the synthetic
 * site is generated inside the sample upstream): `npm run upstream -- --synthetic N`. A separate process
 * keeps the upstream's CPU out of what the bench process measures (render cost is the render
 * worker's CPU, not the CMS's). With `--upstream-url` the bench uses that upstream instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../infra/local/redis-server.js';

export interface UpstreamProcess {
  url: string;
  /** Articles the upstream holds (its health answer), null for an external upstream. */
  articles: number | null;
  /** The process's pid (the tsx CLI, whose child serves), null for an external upstream. */
  pid: number | null;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('../../../infra/sample-upstream/main.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

/** Starts `npm run upstream -- --synthetic articles` on a free port and waits until it answers. */
export async function startSyntheticUpstream(options: { articles: number; seed?: number; external?: string }): Promise<UpstreamProcess> {
  if (options.external !== undefined) return { url: options.external.replace(/\/$/, ''), articles: null, pid: null, stop: () => Promise.resolve() };
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [TSX, MAIN, '--synthetic', String(options.articles), '--seed', String(options.seed ?? 1)], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  // The synthetic articles are generated on demand (infra/sample-upstream/store.ts), so the start
  // takes seconds at any size; the margin is for a loaded machine.
  const deadline = Date.now() + 60_000 + options.articles * 2;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sample upstream exited with code ${child.exitCode}`);
    try {
      const health = (await (await fetch(`${url}/__sample/health`)).json()) as { articles?: number };
      // Warm the store's derived lists and the route's code before anything is timed.
      await fetch(`${url}/api/article-search?size=1`);
      return { url, articles: typeof health.articles === 'number' ? health.articles : null, pid: child.pid ?? null, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`sample upstream did not answer at ${url}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
