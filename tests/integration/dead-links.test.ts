/**
 * No dead ends: after publishing both editions, every stored page is read
 * through the edge router over real HTTP, every internal link and image it names (a href, img
 * src and srcset, picture sources, AMP images, preloaded images) is requested the same way, and
 * none may answer 404. Redirects are followed; a target that ends on the 404 page counts too.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_IDS, type SiteId } from '../../core/isomorphic/sites.js';
import { parseKey, variantUrlPath } from '../../core/storage/keys.js';
import { internalTargets } from '../support/link-targets.js';
import { openSharedSite, type SharedSite } from '../support/shared-stack.js';

let stack: SharedSite;

beforeAll(async () => {
  stack = await openSharedSite();
});

afterAll(async () => {
  await stack?.close();
});

interface Answer {
  status: number;
  location?: string;
  body: string;
}

/** The host a site is served on locally (infra/local/stack.ts: es.localhost for the Spanish edition). */
function hostFor(site: SiteId, port: string): string {
  return site === 'es' ? `es.localhost:${port}` : `localhost:${port}`;
}

/** One GET through the edge router, naming the site by its Host header as a browser would. */
function get(site: SiteId, path: string, withBody: boolean): Promise<Answer> {
  const edge = new URL(stack.siteUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: edge.hostname, port: edge.port, path, method: withBody ? 'GET' : 'HEAD', headers: { host: hostFor(site, edge.port) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const location = res.headers.location;
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ...(location ? { location } : {}) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The final status of `path` on `site`, following up to 5 redirects that stay on the site. */
async function finalStatus(site: SiteId, path: string): Promise<{ status: number; chain: string[] }> {
  const chain = [path];
  let current = path;
  for (let hop = 0; hop < 5; hop += 1) {
    const answer = await get(site, current, false);
    if (answer.status < 300 || answer.status >= 400 || answer.location === undefined) return { status: answer.status, chain };
    const next = new URL(answer.location, `http://${hostFor(site, new URL(stack.siteUrl).port)}`);
    if (!['localhost', 'es.localhost'].includes(next.hostname)) return { status: answer.status, chain };
    current = `${next.pathname}${next.search}`;
    chain.push(current);
  }
  return { status: 310, chain };
}

/** Every stored page of `site` as the URL path readers ask for (standard, print and AMP variants). */
async function storedPagePaths(site: SiteId): Promise<string[]> {
  const paths: string[] = [];
  for await (const key of stack.store.list(`${site}/pages/`)) {
    const parsed = parseKey(key);
    if (parsed?.kind !== 'page' || parsed.variant === 'redirect') continue;
    paths.push(variantUrlPath(parsed.path, parsed.variant));
  }
  return paths;
}

describe('a crawl of every stored page of both editions', () => {
  it('finds no internal link or image that answers 404', async () => {
    // Both editions, published once for the run (tests/support/global-setup.ts).
    expect(stack.published.failed).toEqual([]);

    const port = new URL(stack.siteUrl).port;
    const offenders = new Map<string, Set<string>>();
    let pagesCrawled = 0;
    let targetsChecked = 0;
    for (const site of SITE_IDS) {
      const pages = await storedPagePaths(site);
      expect(pages.length).toBeGreaterThan(50);
      const checked = new Map<string, number>();
      for (const page of pages) {
        const answer = await get(site, page, true);
        expect(answer.status, `${site}:${page}`).toBe(200);
        pagesCrawled += 1;
        for (const target of internalTargets(answer.body, `http://${hostFor(site, port)}${page}`)) {
          let status = checked.get(target.path);
          if (status === undefined) {
            status = (await finalStatus(site, target.path)).status;
            checked.set(target.path, status);
            targetsChecked += 1;
          }
          if (status !== 404) continue;
          const key = `${site}:${target.path} (${target.via})`;
          const from = offenders.get(key) ?? new Set<string>();
          from.add(page);
          offenders.set(key, from);
        }
      }
    }
    const report = [...offenders.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([target, from]) => `${target} <- ${[...from].slice(0, 3).join(', ')}${from.size > 3 ? ` and ${from.size - 3} more` : ''}`);
    if (report.length > 0) console.error(`${report.length} internal targets answer 404:\n${report.join('\n')}`);
    // A crawl that found nothing to check would pass without proving anything.
    expect(pagesCrawled).toBeGreaterThan(300);
    expect(targetsChecked).toBeGreaterThan(300);
    expect(report).toEqual([]);
  }, 300_000);
});
