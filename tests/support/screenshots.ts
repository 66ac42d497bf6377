/**
 * `npm run screenshots [-- --out DIR]`: publishes the sample (both editions)
 * on local servers (tests/support/stack.ts: a private redis-server, filesystem storage in a temp
 * directory, the sample upstream, every service on free ports), then writes a full-page PNG of
 * every page kind (tests/support/page-kinds.ts) at a phone and a desktop width, so a reviewer can
 * look at the site without running it by hand. Files: `<out>/<site>-<kind>-<width>.png`
 * (default out: `screenshots/`, gitignored).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from './browser.js';
import { jobSettled } from './eventually.js';
import { PAGE_KINDS, pageKindPathsToPublish } from './page-kinds.js';
import { startTestStack } from './stack.js';

/** Phone (a 390 px iPhone) and desktop (a 1366 px laptop), with their usual viewport heights. */
export const SCREENSHOT_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;

/** Full pages longer than this are cut: a screenshot of a 30,000 px page helps nobody. */
const MAX_HEIGHT = 8_000;

const { values } = parseArgs({ options: { out: { type: 'string', default: 'screenshots' }, help: { type: 'boolean', default: false } } });
if (values.help) {
  process.stdout.write('npm run screenshots [-- --out DIR]   PNGs of every page kind of both editions at 390 and 1366 px (default DIR: screenshots/)\n');
  process.exit(0);
}
const out = resolve(values.out);
await mkdir(out, { recursive: true });

process.stdout.write('publishing the sample (both editions)…\n');
const running = await startTestStack();
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
      for (const sample of PAGE_KINDS) {
        const file = `${sample.site}-${sample.kind}-${viewport.width}.png`;
        // A crashed browser fails one shot, not the rest.
        if (!browser.isConnected()) browser = await launchBrowser();
        const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
        try {
          const response = await page.goto(`${origins[sample.site]}${sample.path}`, { waitUntil: 'load', timeout: 30_000 });
          const expected = sample.notFound === true ? 404 : 200;
          if (response?.status() !== expected) throw new Error(`answered ${response?.status() ?? 'nothing'}, not ${expected}`);
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
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          // The clip is taken from the full page: without fullPage it would stop at the viewport.
          const png = await page.screenshot({ fullPage: true, ...(height > MAX_HEIGHT ? { clip: { x: 0, y: 0, width: viewport.width, height: MAX_HEIGHT } } : {}) });
          await writeFile(resolve(out, file), png);
          process.stdout.write(`  ${file}\n`);
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
process.exitCode = failures === 0 ? 0 : 1;
