/**
 * Whether tests can use containers (testcontainers for Redis and MinIO when
 * a Docker engine is present, saying plainly when tests fall back to local servers).
 *
 * docs/architecture.md "Tool constraints": testcontainers is imported only after this says an engine looks reachable (12.x
 * crashes on import on Node 20; we pin 11, which fails fast without Docker, but importing it for
 * nothing still costs time). Checking DOCKER_HOST or the default socket is a cheap guess, not a
 * proof: a container that then fails to start makes the caller fall back and say why.
 */
import { existsSync } from 'node:fs';

/** Why containers cannot be used here, or null when a Docker engine looks reachable. */
export function dockerUnavailableReason(): string | null {
  if (process.env.DOCKER_HOST) return null;
  if (existsSync('/var/run/docker.sock')) return null;
  return 'no Docker engine: neither DOCKER_HOST nor /var/run/docker.sock is present';
}

const ANNOUNCED = Symbol.for('newsroom.tests.backendAnnounced');

/**
 * Prints one plain line, once per test process, naming the servers tests run against
 * (for example "tests: no Docker engine (...); using local redis-server and s3rver").
 */
export function announceTestBackends(line: string): void {
  const state = globalThis as { [ANNOUNCED]?: boolean };
  if (state[ANNOUNCED] === true) return;
  state[ANNOUNCED] = true;
  // A line of its own on stderr: vitest shows it with the file that first started a server.
  process.stderr.write(`tests: ${line}\n`);
}
