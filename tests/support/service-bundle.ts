/**
 * The render worker as the image runs it (infra/build-services.ts, ADR 0057), built for one test
 * file or bench run into a directory of its own. The directory is inside the repository, under
 * `dist/`: the bundle imports its packages from node_modules, which Node finds by walking up from
 * the bundle's own location. It is readable by every user, for workers started unprivileged
 * (tests/reliability/support/main-worker.ts).
 */
import { rmSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServices } from '../../infra/build-services.js';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface WorkerBundle {
  /** The built `render-worker.mjs`, to run with `node`. */
  path: string;
  remove(): Promise<void>;
}

export async function buildWorkerBundle(): Promise<WorkerBundle> {
  await mkdir(DIST, { recursive: true });
  const dir = await mkdtemp(join(DIST, 'test-services-'));
  await chmod(dir, 0o755);
  const files = await buildServices({ outDir: dir });
  return { path: files['render-worker'], remove: () => rm(dir, { recursive: true, force: true }) };
}

let shared: Promise<WorkerBundle> | undefined;

/**
 * One build for the whole process (the benches start workers many times), removed when the
 * process exits.
 */
export function sharedWorkerBundle(): Promise<WorkerBundle> {
  shared ??= buildWorkerBundle().then((bundle) => {
    process.once('exit', () => rmSync(dirname(bundle.path), { recursive: true, force: true }));
    return bundle;
  });
  return shared;
}
