/**
 * Load: the edge router under sustained load from a second process on loopback
 * (tests/load/load-client.ts, autocannon) while the workers republish the whole news site with
 * reason 'bulk-republish'. Before the republish a nav label changes upstream, so every page is
 * really rewritten, not skipped as unchanged. Meanwhile a checker loop in this process fetches the
 * pages one after another and checks each answer is a 200 with complete HTML: the page's own
 * <title> and a body ending in </html>. Asserted: no non-2xx answers, no socket errors or
 * timeouts, no incomplete page, and most pages rewritten. Printed, never asserted: p99 latency and
 * requests per second.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseKey, pageKey } from '../../core/storage/keys.js';
import { NAV_LAYOUTS } from '../../infra/sample-upstream/data/nav.js';
import { startForkedStack } from '../support/forked-site.js';
import type { TestStack } from '../support/stack.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONNECTIONS = 8;
/** The load keeps running at least this long, even if the republish is quicker. */
const MIN_LOAD_MS = 3_000;
const MAX_PAGES = 40;

interface LoadSummary {
  requests: number;
  requestsPerSecond: number;
  durationSeconds: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  status: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
  resets: number;
  mismatches: number;
}

let t: TestStack;

beforeAll(async () => {
  // Every page already stored, as the run's one publish left them (copied for this file: the
  // republish below rewrites them), so the republish under load rewrites pages rather than
  // creating them.
  const forked = await startForkedStack();
  t = forked;
  expect(forked.published.failed).toEqual([]);
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

const titleOf = (html: string): string | undefined => /<title>[^<]*<\/title>/.exec(html)?.[0];

describe('the edge under load while the whole site republishes', () => {
  it('serves every request, never a half-written or empty page', { timeout: 240_000 }, async () => {
    const { stack } = t;
    // The pages under test: every stored standard page the edge serves with a 200, up to MAX_PAGES.
    const pages: Array<{ path: string; title: string; renderedAt: string }> = [];
    for await (const key of stack.store.list('news/pages/')) {
      const parsed = parseKey(key);
      if (parsed?.kind !== 'page' || parsed.variant !== 'standard' || pages.length >= MAX_PAGES) continue;
      const response = await fetch(`${stack.siteUrl}${parsed.path}`, { redirect: 'manual' });
      const html = await response.text();
      const title = titleOf(html);
      const meta = await stack.store.head(key);
      if (response.status === 200 && title !== undefined && meta) pages.push({ path: parsed.path, title, renderedAt: meta.renderedAt });
    }
    expect(pages.length).toBeGreaterThanOrEqual(15);

    // Every page shows the header menu: a renamed entry makes every page a real rewrite.
    const header = structuredClone(NAV_LAYOUTS.find((layout) => layout.elementId === 'HeaderLayout'));
    const changed = JSON.parse(JSON.stringify(header).replaceAll('"name":"Opinion"', '"name":"Opinion Pages"')) as unknown;
    const put = await fetch(`${stack.upstreamUrl}/__sample/layouts`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(changed) });
    expect(put.status).toBe(200);

    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/load/load-client.ts', stack.siteUrl, String(CONNECTIONS), '120', ...pages.map((p) => p.path)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const started = await lines.next();
      expect(started.value, stderr).toBe('started');
      const loadStarted = Date.now();

      let republishing = true;
      const problems: string[] = [];
      let checks = 0;
      const checker = (async () => {
        while (republishing) {
          for (const page of pages) {
            checks += 1;
            try {
              const response = await fetch(`${stack.siteUrl}${page.path}`, { redirect: 'manual' });
              const body = await response.text();
              if (response.status !== 200) problems.push(`${page.path}: status ${response.status}`);
              else if (!body.trimEnd().endsWith('</html>')) problems.push(`${page.path}: body does not end in </html> (${body.length} bytes)`);
              else if (!body.includes(page.title)) problems.push(`${page.path}: title ${page.title} missing`);
            } catch (error) {
              problems.push(`${page.path}: ${error instanceof Error ? error.message : String(error)}`);
            }
          }
        }
      })();

      const summary = await stack.publishSite({ reason: 'bulk-republish', sites: ['news'] });
      const remaining = MIN_LOAD_MS - (Date.now() - loadStarted);
      if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
      republishing = false;
      await checker;
      child.kill('SIGTERM');
      const line = await lines.next();
      const load = JSON.parse(String(line.value)) as LoadSummary;

      // The figures (never asserted: timings depend on the machine).
      process.stdout.write(
        `load: ${load.requests} requests in ${load.durationSeconds} s over ${CONNECTIONS} connections, ${load.requestsPerSecond.toFixed(0)} req/s, ` +
          `latency p50 ${load.latencyMs.p50} ms, p90 ${load.latencyMs.p90} ms, p99 ${load.latencyMs.p99} ms, max ${load.latencyMs.max} ms; ` +
          `republish of ${summary.total} pages in ${summary.durationMs} ms; ${checks} checked fetches\n`,
      );

      expect(summary.failed).toEqual([]);
      expect(problems.slice(0, 20)).toEqual([]);
      expect(checks).toBeGreaterThan(pages.length);
      expect(load.requests).toBeGreaterThan(0);
      expect({ non2xx: load.non2xx, errors: load.errors, timeouts: load.timeouts, resets: load.resets, '4xx': load.status['4xx'], '5xx': load.status['5xx'] }).toEqual({
        non2xx: 0,
        errors: 0,
        timeouts: 0,
        resets: 0,
        '4xx': 0,
        '5xx': 0,
      });

      // The republish really rewrote the pages under load.
      let rewritten = 0;
      for (const page of pages) {
        const meta = await stack.store.head(pageKey('news', page.path, 'standard'));
        if (meta && meta.renderedAt !== page.renderedAt) rewritten += 1;
      }
      expect(rewritten).toBeGreaterThanOrEqual(Math.ceil(pages.length * 0.8));
      const home = await (await fetch(`${stack.siteUrl}/`)).text();
      expect(home).toContain('>Opinion Pages</a>');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    }
  });
});
