/** The edge bench's parsers and config writer (tests/bench/edge/): cheap checks of what the bench relies on. */
import { describe, expect, it } from 'vitest';
import { autocannonArgs, parseAutocannonJson } from './autocannon.js';
import { nginxConfig } from './nginx.js';
import { parseVmHwmMiB } from './processes.js';

describe('autocannon', () => {
  it('passes headers as "name:value" (it splits at the first ":" or "="), so "q=0.9" survives (q=0.9)', () => {
    const args = autocannonArgs({ url: 'http://127.0.0.1:1/a', connections: 10, durationSec: 5, headers: { accept: 'text/html;q=0.9' } });
    expect(args).toEqual(['--json', '--no-progress', '-c', '10', '-d', '5', '-H', 'accept:text/html;q=0.9', 'http://127.0.0.1:1/a']);
  });

  it('reads the figures from the last JSON line of its output', () => {
    const json = JSON.stringify({
      requests: { average: 2343.4, total: 11717 },
      latency: { p50: 2, p99: 33, average: 3.9 },
      throughput: { average: 5_000_000 },
      errors: 1,
      timeouts: 2,
      non2xx: 3,
    });
    expect(parseAutocannonJson(`Running 5s test\n${json}\n`)).toEqual({
      requestsPerSec: 2343.4,
      latencyP50Ms: 2,
      latencyP99Ms: 33,
      bytesPerSec: 5_000_000,
      errors: 3,
      non2xx: 3,
      total: 11717,
    });
    expect(() => parseAutocannonJson('no json here')).toThrow(/no JSON/);
  });
});

describe('nginx config', () => {
  const base = { prefix: '/tmp/p', root: '/tmp/root', port: 8123 };

  it('runs in the foreground with its pid, logs and temp paths under the prefix', () => {
    const conf = nginxConfig({ ...base, gzipStatic: false });
    expect(conf).toContain('daemon off;');
    expect(conf).toContain('pid /tmp/p/nginx.pid;');
    expect(conf).toContain('error_log /tmp/p/error.log warn;');
    expect(conf).toContain('client_body_temp_path /tmp/p/client_body;');
    expect(conf).toContain('listen 127.0.0.1:8123;');
    expect(conf).toContain('root /tmp/root;');
    expect(conf).toContain('default_type "text/html; charset=utf-8";');
    expect(conf).toContain('gzip_static off;');
  });

  it('serves precompressed files with gzip_static on', () => {
    expect(nginxConfig({ ...base, gzipStatic: true })).toMatch(/gzip_static on;\s+gzip_vary on;/);
  });
});

describe('peak RSS', () => {
  it('reads VmHWM from /proc/<pid>/status in MiB', () => {
    expect(parseVmHwmMiB('Name:\tnode\nVmPeak:\t 999 kB\nVmHWM:\t  204800 kB\nVmRSS:\t 1 kB\n')).toBe(200);
    expect(parseVmHwmMiB('Name:\tnode\n')).toBeUndefined();
  });
});
