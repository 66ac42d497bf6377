/**
 * Bundle: the gzipped JavaScript a standard article downloads before it is interactive (the
 * entry and its static imports; islands load on demand), from a fresh build. The budget test
 * (tests/e2e/bundle-budget.test.ts) fails above its budget; this prints the figure.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBundle } from '../../interactive-bundle/build.js';
import { INITIAL_JS_BUDGET_BYTES, initialJsSize } from '../../interactive-bundle/initial-files.js';
import type { BenchContext } from './context.js';
import { figure, type BenchSection } from './report.js';

export async function measureBundle(ctx: BenchContext): Promise<BenchSection> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-bundle-'));
  try {
    ctx.log('bundle: building');
    const manifest = await buildBundle({ outDir: dir });
    const { files, gzipTotal } = await initialJsSize(dir, manifest);
    // The build is deterministic: one run is the figure (runs 1).
    return {
      name: 'bundle',
      figures: [figure('initial JS of a standard article, gzipped', 'KiB', [gzipTotal / 1024], `budget ${INITIAL_JS_BUDGET_BYTES / 1024} KiB`)],
      notes: [`${files.length} files before interactive; islands load on demand`],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
