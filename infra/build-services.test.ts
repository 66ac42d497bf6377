/**
 * infra/build-services.ts: what the built render worker reads by path resolves where the sources
 * do, and the build runs with plain node (no tsx). The worker's own run from its build, publishing
 * a site through storage and upstream outages, is tests/reliability/retry-until-recovered.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandImageFile, BRAND_IMAGES } from '../render-workers/brand/images.js';
import { DEFAULT_DIST_DIR } from '../interactive-bundle/manifest.js';
import { buildEntries } from './build-services.js';

const run = promisify(execFile);
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

let dir: string;

beforeAll(async () => {
  await mkdir(DIST, { recursive: true });
  dir = await mkdtemp(join(DIST, 'build-services-test-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('buildEntries', () => {
  it("rewrites each source's import.meta.url to that source, so the brand images and the bundle's manifest directory resolve where the sources put them", async () => {
    // An entry point of its own, written beside its build, two directories below the root.
    const entry = join(dir, 'probe.ts');
    await writeFile(
      entry,
      [
        "import { existsSync } from 'node:fs';",
        "import { brandImageFile, BRAND_IMAGES } from '../../render-workers/brand/images.js';",
        "import { DEFAULT_DIST_DIR } from '../../interactive-bundle/manifest.js';",
        'const logo = brandImageFile(BRAND_IMAGES.publisherLogo);',
        'console.log(JSON.stringify({ logo, exists: existsSync(logo), dist: DEFAULT_DIST_DIR }));',
      ].join('\n'),
    );
    const outDir = join(dir, 'out');
    const built = await buildEntries({ probe: join('dist', dir.slice(DIST.length), 'probe.ts') }, { outDir });
    expect(built.probe).toBe(join(outDir, 'probe.mjs'));
    expect(await readFile(built.probe, 'utf8')).not.toContain('tsx');

    const { stdout } = await run(process.execPath, [built.probe]);
    const printed = JSON.parse(stdout) as { logo: string; exists: boolean; dist: string };
    expect(printed).toEqual({ logo: brandImageFile(BRAND_IMAGES.publisherLogo), exists: true, dist: DEFAULT_DIST_DIR });
  });

  it("fails with the compiler's message on a source that does not compile, and on a warning", async () => {
    await writeFile(join(dir, 'broken.ts'), 'export const x: number = ;\n');
    await expect(buildEntries({ broken: join('dist', dir.slice(DIST.length), 'broken.ts') }, { outDir: join(dir, 'out') })).rejects.toThrow(/broken\.ts:1:25: ERROR: Unexpected ";"/);
    // Comparing with -0 compiles, with esbuild's warning.
    await writeFile(join(dir, 'warned.ts'), 'export const negative = (x: number): boolean => x === -0;\n');
    await expect(buildEntries({ warned: join('dist', dir.slice(DIST.length), 'warned.ts') }, { outDir: join(dir, 'out') })).rejects.toThrow(/service build warned:[\s\S]*-0/);
  });
});
