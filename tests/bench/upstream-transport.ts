/**
 * Upstream transport CPU: what one upstream JSON call costs the render worker,
 * through the transport's built-in node:http client beside the global `fetch` it replaced.
 *
 *   npx tsx tests/bench/upstream-transport.ts                         2,000 calls a run, 5 runs
 *   npx tsx tests/bench/upstream-transport.ts --calls 5000 --runs 7 --concurrency 4
 *   npx tsx tests/bench/upstream-transport.ts --upstream-url http://cms   another upstream
 *
 * The sample upstream serves a synthetic site from a process of its own, so the CPU counted
 * (process.cpuUsage, user + system) is the client's alone. Each call is one `transport.call` as a
 * render makes it: build the URL, GET, read the body, parse the JSON; the calls cycle through four
 * of a render's reads (an article, a category, a layout, an article search: 0.3 to 5 KB of JSON),
 * `--concurrency` in flight at a time as a render's Promise.all has them. The two paths take
 * turns run by run, so a busy neighbour on the machine hits both alike.
 *
 * The old path is the same transport with the global fetch handed in as `fetchImpl`, which sends
 * exactly the request it sent by default before the switch (fetch, AbortSignal.timeout, text()).
 */
import { parseArgs } from 'node:util';
import { parseUpstreamConfig, resolveUpstreamBases } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { createTransport, type CallSpec, type Transport } from '../../core/upstream/transport.js';
import { startSyntheticUpstream } from './publish/upstream-process.js';
import { positiveInt } from './report.js';

const ARTICLES = 500;

/** Four reads a render makes, on paths the synthetic site has (seeded, so they always exist). */
const CALLS: readonly CallSpec[] = [
  { name: 'article', service: 'article', path: '/api/article', query: { path: '/us/synthetic-story-0' } },
  { name: 'category', service: 'category', path: '/api/category', query: { path: '/us' } },
  { name: 'layout', service: 'layout', path: '/layouts', query: { type: 'layout', size: 1, subtype: 'nav', elementId: 'HeaderLayout' } },
  { name: 'article search', service: 'articleSearch', path: '/api/article-search', query: { size: 10 } },
];

/** CPU microseconds per call for `calls` calls, `concurrency` at a time. */
async function measure(transport: Transport, calls: number, concurrency: number): Promise<number> {
  let next = 0;
  const lane = async () => {
    while (next < calls) {
      const spec = CALLS[next % CALLS.length];
      next += 1;
      if (spec === undefined) continue;
      const result = await transport.call(spec);
      if (!result.found) throw new Error(`${spec.name} was not found at ${result.url}`);
    }
  };
  const before = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrency }, lane));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      calls: { type: 'string' },
      runs: { type: 'string' },
      concurrency: { type: 'string' },
      'upstream-url': { type: 'string' },
    },
  });
  const calls = positiveInt(values.calls, 'calls', 2000);
  const runs = positiveInt(values.runs, 'runs', 5);
  const concurrency = positiveInt(values.concurrency, 'concurrency', 4);

  console.log(`upstream-transport: starting the sample upstream with ${ARTICLES} synthetic articles`);
  const upstream = await startSyntheticUpstream({ articles: ARTICLES, ...(values['upstream-url'] ? { external: values['upstream-url'] } : {}) });
  try {
    const config = parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: upstream.url });
    // Silent, as the worker's debug-level "upstream call" line is off in production.
    const logger = createLogger({ component: 'upstream-transport-bench', level: 'silent' });
    const bases = resolveUpstreamBases(config);
    const paths = {
      'global fetch (before)': createTransport({ config, logger, bases, fetchImpl: fetch }),
      'node:http agent (after)': createTransport({ config, logger, bases }),
    };
    const samples: Record<string, number[]> = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));

    // Warm-up, not counted: JIT, the connection pools, the upstream's caches.
    for (const transport of Object.values(paths)) await measure(transport, Math.min(calls, 500), concurrency);
    console.log(`upstream-transport: ${runs} runs of ${calls} calls per path, ${concurrency} in flight`);
    for (let run = 0; run < runs; run += 1) {
      // Alternate which path goes first, so neither always follows the other's garbage.
      const order = run % 2 === 0 ? Object.entries(paths) : Object.entries(paths).reverse();
      for (const [name, transport] of order) samples[name]?.push(await measure(transport, calls, concurrency));
    }

    console.log('');
    console.log(`${'path'.padEnd(26)}  ${'CPU µs per call: median'.padStart(24)}  ${'min'.padStart(7)}  ${'max'.padStart(7)}  runs`);
    for (const [name, values] of Object.entries(samples)) {
      console.log(
        `${name.padEnd(26)}  ${median(values).toFixed(1).padStart(24)}  ${Math.min(...values).toFixed(1).padStart(7)}  ${Math.max(...values).toFixed(1).padStart(7)}  ${values.length}`,
      );
    }
    const [before, after] = Object.values(samples).map(median);
    if (before !== undefined && after !== undefined && before > 0) {
      console.log(`\nafter / before: ${(after / before).toFixed(2)} (${(before - after).toFixed(1)} µs less CPU per call)`);
    }
    console.log(`note: each call is transport.call (URL, GET, body, JSON.parse) on one of ${CALLS.map((c) => c.name).join(', ')} in turn; a warm-up run is not counted.`);
  } finally {
    await upstream.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
