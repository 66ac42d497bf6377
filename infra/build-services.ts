/**
 * Builds the render worker and the edge router each into one ES module (`npm run build:services`,
 * [ADR 0057](../docs/adr/0057-worker-and-edge-run-from-esbuild-builds.md)): their TypeScript and JSX
 * compiled and joined by esbuild, their packages left as imports of node_modules. The image,
 * `npm run worker` and `npm run edge` run them with plain `node`; everything else (tests,
 * `npm start`, ingest, the CLI) still runs the sources with tsx (ADR 0002).
 *
 * Why: tsx compiles on the fly in a module-hooks thread, a second V8 isolate the process keeps for
 * its whole life. An idle worker took 155-158 MiB of RSS with it and 110-114 MiB from its build,
 * and issue 17 bounds a worker's and an edge router's peak at 256 MiB.
 *
 * A source's `import.meta.url` is rewritten to the URL of that source file, relative to where the
 * bundle is written, so paths built from it (the brand images, the bundle's default manifest
 * directory) point where they did; the bundle must stay beside the sources it was built from, as
 * it does in the image.
 */
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, extname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, formatMessages, type Loader, type Plugin } from 'esbuild';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The services built, by output name: the entry point each is bundled from. */
export const SERVICE_ENTRIES = { 'render-worker': 'render-workers/main.ts', 'edge-router': 'edge-router/main.ts' } as const;
export type ServiceName = keyof typeof SERVICE_ENTRIES;

/** Where `npm run build:services` writes, and where the image, `npm run worker` and `npm run edge` run from. */
export const DEFAULT_SERVICES_DIR = resolve(REPO_ROOT, 'dist', 'services');

/** The file a service is built into. */
export function serviceBundlePath(name: ServiceName, outDir: string = DEFAULT_SERVICES_DIR): string {
  return builtFile(name, outDir);
}

/** The file an entry point named `name` is built into: `<outDir>/<name>.mjs`. */
function builtFile(name: string, outDir: string): string {
  return resolve(outDir, `${name}.mjs`);
}

export interface BuildServicesOptions {
  /** Default `dist/services` at the repository root. */
  outDir?: string;
}

const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.tsx': 'tsx' };

/** A relative URL from `fromDir` to `file`, with forward slashes. */
function relativeUrl(fromDir: string, file: string): string {
  const path = relative(fromDir, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** Rewrites `import.meta.url` in the project's own sources to that source's own URL (see the header). */
function sourceUrls(outDir: string): Plugin {
  return {
    name: 'source-import-meta-url',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.split(sep).includes('node_modules')) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const own = `new URL(${JSON.stringify(relativeUrl(outDir, args.path))}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', own), loader: LOADERS[extname(args.path)] ?? 'ts', resolveDir: dirname(args.path) };
      });
    },
  };
}

/** Builds every service in SERVICE_ENTRIES; returns the files written, by service. */
export async function buildServices(options: BuildServicesOptions = {}): Promise<Record<ServiceName, string>> {
  return await buildEntries(SERVICE_ENTRIES, options);
}

/**
 * Builds each entry point (a path, repository-relative or absolute, by output name) as
 * buildServices builds the services; returns the files written, by name.
 */
export async function buildEntries<Name extends string>(entries: Readonly<Record<Name, string>>, options: BuildServicesOptions = {}): Promise<Record<Name, string>> {
  const outDir = resolve(options.outDir ?? DEFAULT_SERVICES_DIR);
  const names = Object.keys(entries) as Name[];
  // Written beside outDir first, at the same depth (so the source map's relative paths hold), then
  // each file renamed into place: a process that loads a build while another build runs (two
  // `npm run worker` at once) reads a whole file, the old or the new, never a half-written one.
  await mkdir(dirname(outDir), { recursive: true });
  const staging = await mkdtemp(`${outDir}.build-`);
  try {
    await buildInto(staging, outDir, entries);
    await mkdir(outDir, { recursive: true });
    for (const file of await readdir(staging)) await rename(resolve(staging, file), resolve(outDir, file));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return Object.fromEntries(names.map((name) => [name, builtFile(name, outDir)])) as Record<Name, string>;
}

/** esbuild's part of buildEntries: the entries built into `dir`, for use from `outDir`. */
async function buildInto(dir: string, outDir: string, entries: Readonly<Record<string, string>>): Promise<void> {
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, resolve(REPO_ROOT, entry)])),
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages stay imports of node_modules: they load as they do under tsx (React reads NODE_ENV
    // when it loads), and the image keeps its production dependencies.
    packages: 'external',
    jsx: 'automatic',
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    // Not minified: a stack trace's function names and the bundle's per-file comments stay
    // readable. The source map is for `node --enable-source-maps` when a trace must name the
    // TypeScript lines (off by default: it makes every stack trace costlier).
    sourcemap: 'linked',
    // Errors reject with their messages; a warning (an import that names nothing, say) fails the
    // build too, so what ships never carries one.
    logLevel: 'silent',
    plugins: [sourceUrls(outDir)],
  });
  if (result.warnings.length > 0) {
    const messages = await formatMessages(result.warnings, { kind: 'warning' });
    throw new Error(`service build warned:\n${messages.join('\n')}`);
  }
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && resolve(script) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  buildServices().then(
    (files) => {
      for (const [name, file] of Object.entries(files)) process.stdout.write(`${name}: ${relative(process.cwd(), file)}\n`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
