/**
 * nginx beside the edge router (the edge is measured beside nginx serving the
 * same bytes, plain and precompressed): the limit a static file server reaches on this machine. It runs as
 * a child with a generated config in a temp directory (`-p` prefix, `daemon off;`, its own
 * error log and pid file), one worker process, access log off, on a free port.
 *
 *   plain          the page's bytes as a file, no compression (gzip off)
 *   precompressed  the same file plus `<file>.gz` beside it, served by gzip_static to a client
 *                  that accepts gzip (what a CDN origin with pre-built .gz files does)
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startProcess, type RunningProcess } from './processes.js';

export const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'] as const;
export const NGINX_INSTALL_HINT = 'nginx not found: install it with `apt-get install -y nginx-light` (Debian/Ubuntu) to get the nginx rows';

/** The nginx binary, or undefined when none is installed. */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.NGINX_BIN, ...NGINX_PATHS].filter((p): p is string => p !== undefined && p !== '');
  return candidates.find((p) => existsSync(p));
}

export interface NginxConfigOptions {
  /** Prefix directory (`-p`): logs, pid and temp paths live here. */
  prefix: string;
  /** Document root. */
  root: string;
  port: number;
  /** Serve `<file>.gz` to clients that accept gzip. */
  gzipStatic: boolean;
  /** Content-Type of files without a known extension (stored pages have none). */
  defaultType?: string;
}

/** The whole nginx.conf of one benchmark server. */
export function nginxConfig(options: NginxConfigOptions): string {
  const p = (name: string) => join(options.prefix, name);
  return [
    'daemon off;',
    'master_process on;',
    // One worker, as the edge router is one Node process: the ratio compares one core with one core.
    'worker_processes 1;',
    `pid ${p('nginx.pid')};`,
    `error_log ${p('error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${p('client_body')};`,
    `  proxy_temp_path ${p('proxy')};`,
    `  fastcgi_temp_path ${p('fastcgi')};`,
    `  uwsgi_temp_path ${p('uwsgi')};`,
    `  scgi_temp_path ${p('scgi')};`,
    '  types { }',
    `  default_type "${options.defaultType ?? 'text/html; charset=utf-8'}";`,
    '  sendfile on;',
    '  tcp_nopush on;',
    '  keepalive_requests 1000000;',
    '  gzip off;',
    `  gzip_static ${options.gzipStatic ? 'on' : 'off'};`,
    `  gzip_vary ${options.gzipStatic ? 'on' : 'off'};`,
    '  server {',
    `    listen 127.0.0.1:${options.port};`,
    `    root ${options.root};`,
    '    etag on;',
    '  }',
    '}',
    '',
  ].join('\n');
}

export interface RunningNginx {
  url: string;
  process: RunningProcess;
  stop(): Promise<void>;
}

/** Writes the config under `options.prefix` and starts nginx in the foreground. */
export async function startNginx(binary: string, options: NginxConfigOptions): Promise<RunningNginx> {
  await mkdir(options.prefix, { recursive: true });
  const conf = join(options.prefix, 'nginx.conf');
  await writeFile(conf, nginxConfig(options));
  const proc = startProcess('nginx', binary, ['-p', options.prefix, '-c', conf, '-e', join(options.prefix, 'error.log')]);
  return { url: `http://127.0.0.1:${options.port}`, process: proc, stop: () => proc.stop() };
}
