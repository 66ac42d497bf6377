/**
 * Builds the browser bundle (`npm run build:bundle`): the client entry for browsers as ES modules,
 * split so each island is its own chunk loaded on demand, with content-hashed names, plus
 * `manifest.json` naming the entry, its static imports and every file (docs/architecture.md "Layout").
 *
 * Also enforces what may reach the browser: nothing from Node, and from core only core/isomorphic.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { assetsDir, DEFAULT_DIST_DIR, manifestPath, parseManifest, type Manifest } from './manifest.js';

export interface BuildBundleOptions {
  /** Where `assets/` and `manifest.json` go. Default `interactive-bundle/dist`. */
  outDir?: string;
}

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO_ROOT = resolve(HERE, '..');
const ENTRY = resolve(HERE, 'client', 'entry.tsx');

export async function buildBundle(options: BuildBundleOptions = {}): Promise<Manifest> {
  return (await buildBundleWithSources(options)).manifest;
}

/** The build, and for each file written (by name) the repository-relative source files in it. */
export interface BuiltBundle {
  manifest: Manifest;
  sources: ReadonlyMap<string, readonly string[]>;
}

export async function buildBundleWithSources(options: BuildBundleOptions = {}): Promise<BuiltBundle> {
  const outDir = resolve(options.outDir ?? DEFAULT_DIST_DIR);
  const outAssets = assetsDir(outDir);
  // Hashed names change with every content change: clear the old ones so stale files are neither
  // uploaded nor listed.
  await rm(outAssets, { recursive: true, force: true });
  await rm(manifestPath(outDir), { force: true });
  await mkdir(outAssets, { recursive: true });

  const result = await build({
    entryPoints: { client: ENTRY },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    target: 'es2020',
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    outdir: outAssets,
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    // V8's explicit compile hint (Chromium 136+; other engines read a comment): compile every
    // function of each file while the file streams in, off the main thread, instead of lazily on
    // the main thread when first called. Every file is loaded to run now (the entry at start, an
    // island's chunk when it hydrates), and React's CommonJS body is one large function that the
    // lazy path pre-parses and then parses again when it is called: on a throttled phone profile
    // the main-thread time of the entry's evaluation fell by more than half (ADR 0039).
    banner: { js: '//# allFunctionsCalledOnLoad' },
    metafile: true,
    logLevel: 'silent',
  });

  checkBundleInputs(Object.keys(result.metafile.inputs));
  const manifest = manifestFrom(result.metafile);
  await writeFile(manifestPath(outDir), `${JSON.stringify(manifest, null, 2)}\n`);
  const sources = new Map(
    Object.entries(result.metafile.outputs).map(([path, output]) => [
      basename(path),
      Object.keys(output.inputs).map((input) => relative(REPO_ROOT, resolve(input)).split(sep).join('/')),
    ]),
  );
  return { manifest, sources };
}

/**
 * The bundle is public: it may read core/isomorphic but nothing else in core (config, secrets,
 * Node-only clients), and nothing from the services. `inputs` are esbuild metafile input paths,
 * relative to the working directory. Throws naming every offending file.
 */
export function checkBundleInputs(inputs: readonly string[]): void {
  const offenders = inputs.filter((input) => {
    const path = relative(REPO_ROOT, resolve(input)).split(sep).join('/');
    if (path.split('/').includes('node_modules')) return false;
    return !(path.startsWith('interactive-bundle/') || path.startsWith('core/isomorphic/'));
  });
  if (offenders.length > 0) {
    throw new Error(`the browser bundle may import only interactive-bundle/** and core/isomorphic/**, not: ${offenders.join(', ')}`);
  }
}

function manifestFrom(metafile: Metafile): Manifest {
  const outputs = Object.entries(metafile.outputs);
  const entry = outputs.find(([, output]) => output.entryPoint !== undefined && resolve(output.entryPoint) === ENTRY);
  if (entry === undefined) throw new Error('esbuild produced no output for the client entry');
  const [entryPath, entryOutput] = entry;
  const preload = entryOutput.imports.filter((imported) => imported.kind === 'import-statement').map((imported) => basename(imported.path));
  const files = outputs.map(([path]) => basename(path)).sort();
  // Round-trip through the validator so a build never writes a manifest readers would reject.
  return parseManifest({ entry: basename(entryPath), preload, files });
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && resolve(script) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  buildBundle().then(
    (manifest) => {
      process.stdout.write(`interactive bundle: ${manifest.files.length} files, entry ${manifest.entry}\n`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
