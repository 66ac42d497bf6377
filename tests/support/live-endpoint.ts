/**
 * The fixture every live-endpoint test of the edge router shares (edge-router/plugins/live-*.test.ts):
 * the real sample upstream on a free port, a filesystem store in a temp directory, and the edge
 * apps a test builds. Registers the hooks: start before the file, clear the upstream's injected
 * faults and close the test's apps after each test, stop everything after the file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFsStore } from '../../core/storage/fs-driver.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';

export interface LiveEndpointFixture {
  upstream: RunningSampleUpstream;
  store: ObjectStore;
}

/**
 * Call at module level. `ready` receives the upstream and store once they run (assign them to the
 * file's own variables); push every app the test builds onto `apps` so it is closed after the test.
 */
export function useLiveEndpointFixture(name: string, ready: (fixture: LiveEndpointFixture) => void, apps: FastifyInstance[]): void {
  let fixture: (LiveEndpointFixture & { dir: string }) | undefined;
  beforeAll(async () => {
    const upstream = await startSampleUpstream({ port: 0 });
    const dir = await mkdtemp(join(tmpdir(), `${name}-`));
    fixture = { upstream, store: createFsStore({ root: dir }), dir };
    ready(fixture);
  });
  afterEach(async () => {
    await fixture?.upstream.app.inject({ method: 'DELETE', url: '/__sample/faults' });
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    if (!fixture) return;
    await fixture.upstream.close();
    await fixture.store.close();
    await rm(fixture.dir, { recursive: true, force: true });
  });
}
