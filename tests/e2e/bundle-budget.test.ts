/**
 * The JavaScript budget of a standard article page (islands load on demand; the
 * JavaScript a standard article page downloads before it is interactive stays small), and no
 * island on AMP pages (AMP allows no custom script: docs/architecture.md "Islands").
 *
 * "Before it is interactive" is the entry script and every chunk it imports statically (the
 * manifest's preloads, and their own static imports): the browser must fetch all of them before
 * the entry runs. Island chunks are dynamic imports, fetched only for islands a page has, and are
 * left out. Sizes are gzip level 9, as a CDN would serve them.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundleWithSources, type BuiltBundle } from '../../interactive-bundle/build.js';
import { INITIAL_JS_BUDGET_BYTES, initialFiles, initialJsSize } from '../../interactive-bundle/initial-files.js';
import { assetsDir, type Manifest } from '../../interactive-bundle/manifest.js';
import { HARNESS_SCRIPT, startRendererHarness, type RendererHarness } from '../support/renderer.js';


describe('bundle budget', () => {
  let dir: string;
  let built: BuiltBundle;
  let manifest: Manifest;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bundle-budget-'));
    built = await buildBundleWithSources({ outDir: dir });
    manifest = built.manifest;
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(`keeps the entry and its static imports under ${INITIAL_JS_BUDGET_BYTES / 1024} KiB gzipped`, async () => {
    const { files, gzipTotal: total } = await initialJsSize(dir, manifest);
    // Printed so a growing bundle is visible before it fails.
    process.stdout.write(`initial JS: ${(total / 1024).toFixed(1)} KiB gzipped in ${files.length} files\n`);
    expect(total).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
    // The entry loads islands on demand: island chunks exist beyond what the page needs first.
    expect(manifest.files.length).toBeGreaterThan(files.length);
  });

  it('does not put island code in the initial files (islands load on demand)', async () => {
    const files = await initialFiles(dir, manifest);
    const text = [...files.values()].map((body) => body.toString('utf8')).join('\n');
    // Texts that exist only inside island modules.
    expect(text).not.toContain('Could not load more stories');
    expect(text).not.toContain('Type what you are looking for');
  });

  // Main thread at page load (ADR 0039).
  it('starts every file with the compile hint, so Chromium compiles it off the main thread', async () => {
    const without: string[] = [];
    for (const file of built.manifest.files) {
      if (!(await readFile(join(assetsDir(dir), file), 'utf8')).startsWith('//# allFunctionsCalledOnLoad\n')) without.push(file);
    }
    expect(without).toEqual([]);
  });

  it('ships no zod: upstream feeds are validated on the server (the schedule island\'s chunk was 460 KB with it)', () => {
    const withZod = [...built.sources].filter(([, sources]) => sources.some((source) => /\/node_modules\/zod\//.test(`/${source}`))).map(([file]) => file);
    expect(withZod).toEqual([]);
  });

  it('keeps date-fns out of every file but the TV schedule island\'s (time labels name the stored day)', async () => {
    const withDateFns = [...built.sources].filter(([, sources]) => sources.some((source) => /\/node_modules\/date-fns(-tz)?\//.test(`/${source}`)));
    expect(withDateFns.map(([file]) => file)).toHaveLength(1);
    const [file, sources] = withDateFns[0] ?? ['', []];
    expect(sources).toContain('interactive-bundle/islands/tv-schedule.island.tsx');
    expect([...(await initialFiles(dir, built.manifest)).keys()]).not.toContain(file);
  });
});

describe('no island on AMP pages', () => {
  let harness: RendererHarness;
  /** A sample article with an AMP variant (infra/sample-upstream/data/feature-articles.ts). */
  const ARTICLE = '/us/harbor-commission-approves-taller-seawall';

  beforeAll(async () => {
    harness = await startRendererHarness({ logLevel: 'silent' });
  }, 60_000);

  afterAll(async () => {
    await harness?.stop();
  });

  it('renders the standard article with islands and its AMP variant with none', async () => {
    await harness.render(ARTICLE);
    const standard = await harness.stored(ARTICLE, 'standard');
    expect(standard).toContain('data-island=');
    expect(standard).toContain(HARNESS_SCRIPT);
    const amp = await harness.stored(ARTICLE, 'amp');
    expect(amp).not.toContain('data-island');
    expect(amp).not.toContain('island-props');
    expect(amp).not.toContain(HARNESS_SCRIPT);
    expect(amp).not.toMatch(/<script[^>]+type="module"/);
  });
});
