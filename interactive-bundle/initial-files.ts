/**
 * What a standard page downloads before it is interactive: the entry script and every chunk it
 * imports statically (the manifest's preloads, and their own static imports). Island chunks are
 * dynamic imports, fetched only for islands a page has, and are left out. Sizes are gzip level 9,
 * as a CDN would serve them. Used by the budget test (tests/e2e/bundle-budget.test.ts) and the
 * benchmark (tests/bench).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { assetsDir, type Manifest } from './manifest.js';

/**
 * Budget for the entry and its static imports, gzipped (README "Bundle budget"; tests/e2e/bundle-budget.test.ts). Measured at
 * 70.5 KiB when set (React and React DOM are about 66 KiB of it); the budget leaves about 20%
 * headroom for the entry's own growth, not for a second framework.
 */
export const INITIAL_JS_BUDGET_BYTES = 85 * 1024;

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']\.\/([\w.-]+\.js)["']/g;

/** The entry and every chunk reachable from it through static imports. */
export async function initialFiles(dir: string, manifest: Manifest): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const queue = [manifest.entry, ...manifest.preload];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (files.has(file)) continue;
    const body = await readFile(join(assetsDir(dir), file));
    files.set(file, body);
    for (const match of body.toString('utf8').matchAll(STATIC_IMPORT)) {
      if (match[1] !== undefined) queue.push(match[1]);
    }
  }
  return files;
}

/** Each initial file's raw and gzipped size, and the gzipped total. */
export async function initialJsSize(dir: string, manifest: Manifest): Promise<{ files: Array<{ file: string; raw: number; gzip: number }>; gzipTotal: number }> {
  const files = [...(await initialFiles(dir, manifest))].map(([file, body]) => ({ file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }));
  return { files, gzipTotal: files.reduce((sum, { gzip }) => sum + gzip, 0) };
}
