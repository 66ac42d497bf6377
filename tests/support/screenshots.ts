/**
 * `npm run screenshots [-- --out DIR] [--kinds a,b] [--tile PX]`: publishes the sample (both
 * editions) on local servers (tests/support/stack.ts: a private redis-server, filesystem storage in
 * a temp directory, the sample upstream, every service on free ports), then writes a full-page PNG
 * of every page kind (tests/support/page-kinds.ts) at a phone and a desktop width, so a reviewer
 * can look at the site without running it by hand. Files: `<out>/<site>-<kind>-<width>.png`
 * (default out: `screenshots/`, gitignored).
 *
 * `--kinds` takes some page kinds only (both editions). `--tile PX` cuts each page into pictures
 * PX pixels tall, `<site>-<kind>-<width>-<n>.png` from the top, instead of one picture: a phone
 * page is often 8,000 px tall, and an image viewer shrinks that to a strip nobody can read.
 *
 * One browser stands in for every reader here, so the edge's per-client budget of /api/ requests
 * (120 a minute) is raised: otherwise the later pages would show the live widgets' rate-limited
 * state instead of their content.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from './browser.js';
import { jobSettled } from './eventually.js';
import { PAGE_KIND_NAMES, PAGE_KINDS, pageKindPathsToPublish, pageKinds, type PageKindName } from './page-kinds.js';
import { startTestStack } from './stack.js';

/** Phone (a 390 px iPhone) and desktop (a 1366 px laptop), with their usual viewport heights. */
export const SCREENSHOT_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;

/** Full pages longer than this are cut: a screenshot of a 30,000 px page helps nobody. */
const MAX_HEIGHT = 8_000;

const USAGE = `npm run screenshots [-- --out DIR] [--kinds KIND,...] [--tile PX]
  PNGs of every page kind of both editions at 390 and 1366 px (default DIR: screenshots/)
  --kinds  only these kinds: ${PAGE_KIND_NAMES.join(', ')}
  --tile   cut each page into pictures PX tall (200 to ${MAX_HEIGHT}), numbered from the top
`;
const { values } = parseArgs({
  options: { out: { type: 'string', default: 'screenshots' }, kinds: { type: 'string' }, tile: { type: 'string' }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const kinds = values.kinds?.split(',').map((kind) => kind.trim());
const unknownKinds = (kinds ?? []).filter((kind) => !(PAGE_KIND_NAMES as readonly string[]).includes(kind));
const tile = values.tile === undefined ? undefined : Number(values.tile);
if (unknownKinds.length > 0 || (tile !== undefined && !(Number.isInteger(tile) && tile >= 200 && tile <= MAX_HEIGHT))) {
  process.stderr.write(`${unknownKinds.length > 0 ? `unknown page kind: ${unknownKinds.join(', ')}` : `--tile must be a whole number of pixels from 200 to ${MAX_HEIGHT}`}\n${USAGE}`);
  process.exit(2);
}
const samples = kinds === undefined ? PAGE_KINDS : pageKinds({ kinds: kinds as PageKindName[] });
const out = resolve(values.out);
await mkdir(out, { recursive: true });

process.stdout.write('publishing the sample (both editions)…\n');
const running = await startTestStack({ rateLimit: { max: 1_000_000, windowMs: 60_000 } });
let failures = 0;
try {
  const summary = await running.stack.publishSite();
  process.stdout.write(`published ${summary.completed} of ${summary.total} pages (${summary.failed.length} failed)\n`);
  // Samples the site map does not list (a tag front) are rendered as an editor would ask.
  const requestedAt = new Date().toISOString();
  const extra = (['news', 'es'] as const).flatMap((site) => pageKindPathsToPublish(site).map((path) => ({ site, path, reason: 'republish' as const, requestedAt })));
  for (const job of await running.stack.producer.enqueueMany(extra)) if (job.jobId !== undefined) await jobSettled(running.stack.queue, job.jobId, 60_000);
  // The edge serves the news site on localhost and the Spanish edition on es.localhost
  // (infra/local/stack.ts); Chromium resolves every *.localhost name to the loopback address.
  const news = running.stack.siteUrl.replace('127.0.0.1', 'localhost');
  const origins = { news, es: news.replace('://', '://es.') };
  let browser = await launchBrowser();
  try {
    for (const viewport of SCREENSHOT_VIEWPORTS) {
      for (const sample of samples) {
        const file = `${sample.site}-${sample.kind}-${viewport.width}.png`;
        // A crashed browser fails one shot, not the rest.
        if (!browser.isConnected()) browser = await launchBrowser();
        const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
        try {
          const response = await page.goto(`${origins[sample.site]}${sample.path}`, { waitUntil: 'load', timeout: 30_000 });
          const expected = sample.notFound === true ? 404 : 200;
          if (response?.status() !== expected) throw new Error(`answered ${response?.status() ?? 'nothing'}, not ${expected}`);
          // An AMP page's boilerplate keeps its body hidden until the AMP runtime (cdn.ampproject.org)
          // shows it, or for 8 s when the runtime never comes, as here without the internet. Ending
          // the boilerplate's animation shows the page: otherwise every AMP shot is blank. Without the
          // runtime, its components keep their fallback look (the sidebar menu open at the top, the
          // consent banner at the bottom); the article itself is laid out as readers see it.
          await page.evaluate(() => {
            if (document.documentElement.hasAttribute('amp') || document.documentElement.hasAttribute('⚡')) for (const animation of document.body.getAnimations()) animation.finish();
          });
          // Scroll through the page as a reader would, so lazy images load and islands that hydrate
          // near the viewport do, then back to the top; a short settle keeps the shots stable.
          await page.evaluate(async () => {
            for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
              window.scrollTo(0, y);
              await new Promise((done) => setTimeout(done, 60));
            }
            window.scrollTo(0, 0);
          });
          await page.waitForTimeout(400);
          const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), MAX_HEIGHT);
          // Clips are taken from the full page: without fullPage they would stop at the viewport.
          const cuts = tile === undefined ? [{ file, y: 0, height }] : tiles(height, tile).map((cut, i) => ({ file: file.replace(/\.png$/, `-${i + 1}.png`), ...cut }));
          for (const cut of cuts) {
            await writeFile(resolve(out, cut.file), await page.screenshot({ fullPage: true, clip: { x: 0, y: cut.y, width: viewport.width, height: cut.height } }));
          }
          process.stdout.write(`  ${cuts.length === 1 ? (cuts[0]?.file ?? file) : `${file} in ${cuts.length} tiles`}\n`);
        } catch (error) {
          failures += 1;
          process.stdout.write(`  ${file}: FAILED ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
        } finally {
          await page.close().catch(() => undefined);
        }
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await running.stop();
}
process.stdout.write(`${failures === 0 ? 'wrote' : `wrote (with ${failures} failures)`} ${out}\n`);

/** The cuts of a page `height` px tall into pictures at most `size` px tall, from the top. */
function tiles(height: number, size: number): Array<{ y: number; height: number }> {
  const cuts: Array<{ y: number; height: number }> = [];
  for (let y = 0; y < height; y += size) cuts.push({ y, height: Math.min(size, height - y) });
  return cuts;
}
process.exitCode = failures === 0 ? 0 : 1;
