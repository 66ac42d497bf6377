/**
 * infra/build-services.ts: what a build reads by path resolves where the sources do, a build runs
 * with plain node (no tsx), and the edge router's build serves a stored page over HTTP. The
 * worker's own run from its build, publishing a site through storage and upstream outages, is
 * tests/reliability/retry-until-recovered.test.ts.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsStore } from '../core/storage/fs-driver.js';
import { pageKey } from '../core/storage/keys.js';
import { DEFAULT_DIST_DIR } from '../interactive-bundle/manifest.js';
import { brandImageFile, BRAND_IMAGES } from '../render-workers/brand/images.js';
import { eventually } from '../tests/support/eventually.js';
import { buildEntries, buildServices } from './build-services.js';
import { freePort } from './local/redis-server.js';

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
    const built = await buildEntries({ probe: entry }, { outDir });
    expect(built.probe).toBe(join(outDir, 'probe.mjs'));
    expect(await readFile(built.probe, 'utf8')).not.toContain('tsx');

    const { stdout } = await run(process.execPath, [built.probe]);
    const printed = JSON.parse(stdout) as { logo: string; exists: boolean; dist: string };
    expect(printed).toEqual({ logo: brandImageFile(BRAND_IMAGES.publisherLogo), exists: true, dist: DEFAULT_DIST_DIR });
  });

  it('two builds into one directory at once both succeed, and leave the built files, whole, and nothing else', async () => {
    const entry = join(dir, 'twice.ts');
    await writeFile(entry, "console.log(JSON.stringify({ ran: 'twice' }));\n");
    const outDir = join(dir, 'twice-out');
    const [first, second] = await Promise.all([buildEntries({ twice: entry }, { outDir }), buildEntries({ twice: entry }, { outDir })]);
    expect(first.twice).toBe(second.twice);
    const { stdout } = await run(process.execPath, [first.twice]);
    expect(JSON.parse(stdout)).toEqual({ ran: 'twice' });
    expect((await readdir(outDir)).sort()).toEqual(['twice.mjs', 'twice.mjs.map']);
    expect((await readdir(dir)).filter((file) => file.includes('.build-'))).toEqual([]);
  });

  it("fails with the compiler's message on a source that does not compile, and on a warning", async () => {
    await writeFile(join(dir, 'broken.ts'), 'export const x: number = ;\n');
    await expect(buildEntries({ broken: join(dir, 'broken.ts') }, { outDir: join(dir, 'out') })).rejects.toThrow(/broken\.ts:1:25: ERROR: Unexpected ";"/);
    // Comparing with -0 compiles, with esbuild's warning.
    await writeFile(join(dir, 'warned.ts'), 'export const negative = (x: number): boolean => x === -0;\n');
    await expect(buildEntries({ warned: join(dir, 'warned.ts') }, { outDir: join(dir, 'out') })).rejects.toThrow(/service build warned:[\s\S]*-0/);
  });
});

describe('buildServices', () => {
  it('builds the edge router into a module that plain node runs, and that serves a stored page', { timeout: 60_000 }, async () => {
    const files = await buildServices({ outDir: join(dir, 'services') });
    const storageDir = join(dir, 'storage');
    const store = createFsStore({ root: storageDir });
    const html = '<!doctype html><html lang="en"><head><title>Built</title></head><body><p>Served by the build</p></body></html>';
    const body = Buffer.from(html);
    await store.put(pageKey('news', '/built-probe', 'standard'), body, {
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'public, max-age=60',
      surrogateKeys: ['page:news:/built-probe'],
      contentHash: createHash('sha256').update(body).digest('hex'),
      renderedAt: new Date().toISOString(),
      reason: 'test',
    });
    await store.close();

    const port = await freePort();
    const edge = spawn(process.execPath, [files['edge-router']], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', STORAGE_DRIVER: 'fs', STORAGE_DIR: storageDir, EDGE_METRICS_PORT: 'off', LOG_LEVEL: 'warn', UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: 'http://127.0.0.1:9' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    edge.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<void>((resolve) => edge.once('exit', () => resolve()));
    try {
      const origin = `http://127.0.0.1:${port}`;
      await eventually(async () => ((await fetch(`${origin}/healthz`).catch(() => undefined))?.ok ? true : undefined), 'the built edge router to answer /healthz', 30_000, 100).catch((error: unknown) => {
        throw new Error(`${String(error)}; its stderr: ${stderr.slice(-2000)}`);
      });
      const page = await fetch(`${origin}/built-probe`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toContain('Served by the build');
      expect((await fetch(`${origin}/not-stored-here`)).status).toBe(404);
    } finally {
      edge.kill('SIGTERM');
      await exited;
    }
  });
});
