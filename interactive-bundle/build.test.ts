import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, checkBundleInputs } from './build.js';
import { assetsDir, readManifest } from './manifest.js';

describe('buildBundle', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'bundle-build-'));
  });
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('writes hashed ES modules and a manifest that lists exactly them, removing stale files', async () => {
    await mkdir(assetsDir(outDir), { recursive: true });
    await writeFile(join(assetsDir(outDir), 'client-STALE.js'), '');

    const manifest = await buildBundle({ outDir });
    expect(manifest.entry).toMatch(/^client-[A-Z0-9]+\.js$/);
    expect(manifest.files.some((file) => /^chunk-[A-Z0-9]+\.js$/.test(file))).toBe(true);
    expect((await readdir(assetsDir(outDir))).sort()).toEqual(manifest.files);
    expect(await readManifest(outDir)).toEqual(manifest);

    const entry = await readFile(join(assetsDir(outDir), manifest.entry), 'utf8');
    // Production React, and island code split out behind a dynamic import.
    expect(entry).not.toContain('process.env.NODE_ENV');
    expect(entry).toMatch(/import\(["']\.\/chunk-/);
  });

  it('is deterministic: an unchanged source gives the same names', async () => {
    const first = await buildBundle({ outDir });
    const second = await buildBundle({ outDir });
    expect(second).toEqual(first);
  });
});

describe('checkBundleInputs', () => {
  const root = join(import.meta.dirname, '..');
  const at = (path: string) => join(root, path);

  it('allows the bundle, core/isomorphic and packages', () => {
    expect(() =>
      checkBundleInputs([at('interactive-bundle/client/entry.tsx'), at('core/isomorphic/constants.ts'), at('node_modules/react/index.js')]),
    ).not.toThrow();
  });

  it('refuses the rest of core and the services', () => {
    expect(() => checkBundleInputs([at('core/config/env.ts'), at('render-workers/main.ts')])).toThrow(
      /core\/config\/env\.ts.*render-workers\/main\.ts/,
    );
  });
});
