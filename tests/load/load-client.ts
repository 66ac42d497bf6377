/**
 * The load generator of the republish-under-load test (RELIABILITY.md, load), run as a SECOND
 * process so its work does not share the event loop of the edge router it measures:
 *
 *   node --import tsx tests/load/load-client.ts <base-url> <connections> <max-seconds> <path>...
 *
 * autocannon cycles every connection through the paths until SIGTERM (or max-seconds), then one
 * JSON line goes to stdout: requests per second, latency percentiles and every error count.
 */
import autocannon from 'autocannon';

const [base, connectionsArg, secondsArg, ...paths] = process.argv.slice(2);
if (base === undefined || paths.length === 0) {
  process.stderr.write('usage: load-client.ts <base-url> <connections> <max-seconds> <path>...\n');
  process.exit(2);
}

const instance = autocannon(
  {
    url: base,
    connections: Number(connectionsArg ?? 10),
    duration: Number(secondsArg ?? 30),
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  },
  (error, result) => {
    if (error) {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    }
    const summary = {
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      durationSeconds: result.duration,
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      status: { '1xx': result['1xx'], '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      resets: result.resets,
      mismatches: result.mismatches,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  },
);

process.once('SIGTERM', () => instance.stop());
process.stdout.write('started\n');
