/**
 * A real Varnish for tests (installed from Debian, varnish and varnish-modules): varnishd in the foreground (-F) on a free
 * port, with its own working directory (-n) in a temp dir, killed by `stop()`.
 *
 * It runs the production VCL, infra/varnish/default.vcl, with one change: the backend block's
 * host and port, which name the compose service `edge-router:3000`, are pointed at the test's edge
 * router. Everything else (the purge ACL, xkey indexing, X-Cache) is that file's logic, so a test
 * through this Varnish tests what compose runs.
 *
 * A port taken between freePort() and varnishd's bind (infra/local/free-port.ts) costs a start on
 * another port, not the test file.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onFreePort, PortInUseError, saysAddressInUse } from '../../infra/local/free-port.js';

export const PRODUCTION_VCL = fileURLToPath(new URL('../../infra/varnish/default.vcl', import.meta.url));

export const VARNISH_INSTALL_HINT = 'No varnishd on this machine. Install it (Debian/Ubuntu: sudo apt-get install -y varnish varnish-modules).';

/** varnishd from the PATH, else Debian's /usr/sbin (not on a non-root user's PATH). */
function varnishdCommand(): string | undefined {
  for (const command of ['varnishd', '/usr/sbin/varnishd']) {
    const probe = spawnSync(command, ['-V'], { stdio: 'ignore' });
    if (probe.error === undefined && probe.status === 0) return command;
  }
  return undefined;
}

export function hasVarnishd(): boolean {
  return varnishdCommand() !== undefined;
}

/**
 * The VCL with the `edge` backend's `.host` and `.port` replaced. Throws when the file no longer
 * has exactly one such backend, so a change to the VCL cannot silently test something else.
 */
export function vclWithBackend(vcl: string, backend: { host: string; port: number }): string {
  const block = /backend edge \{([^}]*)\}/g;
  const blocks = [...vcl.matchAll(block)];
  if (blocks.length !== 1) throw new Error(`default.vcl: expected one "backend edge { ... }" block, found ${blocks.length}`);
  return vcl.replace(block, (_match, body: string) => {
    const host = body.replace(/\.host\s*=\s*"[^"]*";/, `.host = "${backend.host}";`);
    const both = host.replace(/\.port\s*=\s*"[^"]*";/, `.port = "${backend.port}";`);
    if (host === body || both === host) throw new Error('default.vcl: the edge backend must set .host and .port as quoted strings');
    return `backend edge {${both}}`;
  });
}

export interface TestVarnish {
  /** http://127.0.0.1:PORT: readers' requests and PURGE go here. */
  url: string;
  stop(): Promise<void>;
}

export interface TestVarnishOptions {
  /** Where the edge router listens: http://127.0.0.1:PORT. */
  backendUrl: string;
  /** @internal For tests: where ports come from (free-port.ts's freePort). */
  ports?: () => Promise<number>;
}

export async function startTestVarnish(options: TestVarnishOptions): Promise<TestVarnish> {
  const command = varnishdCommand();
  if (command === undefined) throw new Error(VARNISH_INSTALL_HINT);
  const backend = new URL(options.backendUrl);
  const vcl = vclWithBackend(await readFile(PRODUCTION_VCL, 'utf8'), { host: backend.hostname, port: Number(backend.port) });
  return await onFreePort((port) => startVarnishd(command, vcl, port), { ports: options.ports });
}

/** One varnishd on `port`, in a temp dir of its own; PortInUseError when the port was taken. */
async function startVarnishd(command: string, vcl: string, port: number): Promise<TestVarnish> {
  const dir = await mkdtemp(join(tmpdir(), 'test-varnish-'));
  const vclPath = join(dir, 'default.vcl');
  await writeFile(vclPath, vcl);
  const url = `http://127.0.0.1:${port}`;

  const proc = spawn(
    command,
    [
      '-F',
      // No privilege separation: as root varnishd would switch to its own user, which cannot
      // write this temp dir; tests need no jail.
      '-j', 'none',
      '-a', `127.0.0.1:${port}`,
      '-n', join(dir, 'work'),
      '-f', vclPath,
      '-s', 'malloc,64m',
      '-T', 'none',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  proc.stdout.on('data', collect);
  proc.stderr.on('data', collect);
  const orphanGuard = () => proc.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  // 'close' comes after 'exit', once its last output has been read.
  const closed = new Promise<void>((resolve) => proc.once('close', () => resolve()));
  void exited.then(() => process.off('exit', orphanGuard));

  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const killer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  // Ready when Varnish itself answers: a PURGE without xkey is refused by the VCL with 400, and
  // never reaches the backend.
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      // Bounded: a cache process it forked could still hold the pipe.
      await Promise.race([closed, new Promise((r) => setTimeout(r, 1_000))]);
      await stop();
      const message = `varnishd on port ${port} exited during start-up:\n${output}`;
      throw saysAddressInUse(output) ? new PortInUseError(message) : new Error(message);
    }
    try {
      const probe = await fetch(url, { method: 'PURGE', signal: AbortSignal.timeout(1_000) });
      await probe.body?.cancel();
      if (probe.status === 400) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not answer on ${url} within 20 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop };
}
