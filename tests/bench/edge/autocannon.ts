/**
 * The load generator of the edge-serving figures (from a load generator in a second
 * process): autocannon's CLI run as a child process with `--json`, so the server under test and
 * the generator never share an event loop. This parses its JSON into the figures the bench prints.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { startProcess } from './processes.js';

const require = createRequire(import.meta.url);

/** What a browser sends (Chromium's Accept-Encoding and a document Accept). */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
};

export interface LoadOptions {
  url: string;
  /** Concurrent connections (keep-alive). */
  connections: number;
  durationSec: number;
  headers?: Readonly<Record<string, string>>;
}

export interface LoadResult {
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Bytes per second read (bodies and headers). */
  bytesPerSec: number;
  /** Connection errors and timeouts, and answers that were not 2xx. */
  errors: number;
  non2xx: number;
  total: number;
}

export function autocannonArgs(options: LoadOptions): string[] {
  const args = ['--json', '--no-progress', '-c', String(options.connections), '-d', String(options.durationSec)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}:${value}`);
  args.push(options.url);
  return args;
}

const resultSchema = z.looseObject({
  requests: z.looseObject({ average: z.number(), total: z.number() }),
  latency: z.looseObject({ p50: z.number(), p99: z.number() }),
  throughput: z.looseObject({ average: z.number() }),
  errors: z.number(),
  timeouts: z.number().default(0),
  non2xx: z.number().default(0),
});

/** autocannon's `--json` output (the last JSON line of its stdout) as a LoadResult. */
export function parseAutocannonJson(stdout: string): LoadResult {
  const line = stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('{'))
    .pop();
  if (line === undefined) throw new Error(`autocannon printed no JSON: ${stdout.slice(0, 300)}`);
  const parsed = resultSchema.safeParse(JSON.parse(line));
  if (!parsed.success) throw new Error(`autocannon JSON not understood: ${parsed.error.message}`);
  const r = parsed.data;
  return {
    requestsPerSec: r.requests.average,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    bytesPerSec: r.throughput.average,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

/** Runs autocannon in its own process against one URL. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const cli = join(dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
  const proc = startProcess('autocannon', process.execPath, [cli, ...autocannonArgs(options)]);
  let stdout = '';
  proc.child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => proc.child.once('exit', (c) => resolve(c)));
  if (code !== 0) throw new Error(`autocannon exited with ${String(code)}:\n${proc.recentOutput()}`);
  return parseAutocannonJson(stdout);
}
