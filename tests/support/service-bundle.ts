/**
 * The services the image runs from a build (infra/build-services.ts, ADR 0057), built for one test
 * file or bench run into a directory of its own. The directory is inside the repository, under
 * `dist/`: a build imports its packages from node_modules, which Node finds by walking up from the
 * build's own location. It is readable by every user, for workers started unprivileged
 * (tests/reliability/support/main-worker.ts).
 */
import { rmSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServices, type ServiceName } from '../../infra/build-services.js';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface ServiceBundles {
  /** The directory the builds are in. */
  dir: string;
  /** Each service's built module, to run with `node`. */
  files: Record<ServiceName, string>;
  remove(): Promise<void>;
}

export async function buildServiceBundles(): Promise<ServiceBundles> {
  await mkdir(DIST, { recursive: true });
  const dir = await mkdtemp(join(DIST, 'test-services-'));
  await chmod(dir, 0o755);
  const files = await buildServices({ outDir: dir });
  return { dir, files, remove: () => rm(dir, { recursive: true, force: true }) };
}

let shared: Promise<ServiceBundles> | undefined;

/**
 * One build for the whole process (the benches start workers many times), removed when the
 * process exits.
 */
export function sharedServiceBundles(): Promise<ServiceBundles> {
  shared ??= buildServiceBundles().then((bundles) => {
    process.once('exit', () => rmSync(bundles.dir, { recursive: true, force: true }));
    return bundles;
  });
  return shared;
}
