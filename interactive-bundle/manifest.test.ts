import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlatformError } from '../core/errors.js';
import { parseManifest, readBundleAssets, readManifest, scriptTagsFor, type Manifest } from './manifest.js';

const MANIFEST: Manifest = {
  entry: 'client-AAAA1111.js',
  preload: ['chunk-BBBB2222.js'],
  files: ['chunk-BBBB2222.js', 'chunk-CCCC3333.js', 'client-AAAA1111.js'],
};

describe('parseManifest', () => {
  it('accepts a valid manifest and defaults preload', () => {
    expect(parseManifest(MANIFEST)).toEqual(MANIFEST);
    expect(parseManifest({ entry: 'client-A.js', files: ['client-A.js'] })).toEqual({
      entry: 'client-A.js',
      preload: [],
      files: ['client-A.js'],
    });
  });

  it.each([
    ['not an object', []],
    ['no entry', { files: [] }],
    ['a path, not a file name', { entry: '../etc/passwd.js', files: ['../etc/passwd.js'] }],
    ['a name needing escaping', { entry: 'a"b.js', files: ['a"b.js'] }],
    ['an entry missing from files', { entry: 'client-A.js', files: [] }],
  ])('rejects %s', (_label, data) => {
    expect(() => parseManifest(data)).toThrow(/npm run build:bundle/);
  });
});

describe('readManifest and readBundleAssets', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bundle-manifest-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('tells the user to build the bundle when the manifest is missing', async () => {
    const error: unknown = await readManifest(join(dir, 'nowhere')).catch((caught: unknown) => caught);
    expect(isPlatformError(error, 'CONFIG_INVALID')).toBe(true);
    expect(String(error)).toMatch(/not found .*run `npm run build:bundle`/);
  });

  it('lists every file with its absolute path and content type', async () => {
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(MANIFEST));
    const { manifest, assets } = await readBundleAssets(dir);
    expect(manifest).toEqual(MANIFEST);
    expect(assets).toContainEqual({
      file: 'client-AAAA1111.js',
      path: join(dir, 'assets', 'client-AAAA1111.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
    expect(assets).toHaveLength(3);
  });

  it('rejects a manifest that is not JSON', async () => {
    await writeFile(join(dir, 'manifest.json'), '{');
    await expect(readManifest(dir)).rejects.toThrow(/not JSON/);
  });
});

describe('scriptTagsFor', () => {
  it('preloads the static imports and loads the entry as a module from /assets/', () => {
    expect(scriptTagsFor(MANIFEST)).toBe(
      '<link rel="modulepreload" href="/assets/chunk-BBBB2222.js">' +
        '<script type="module" src="/assets/client-AAAA1111.js"></script>',
    );
  });
});
