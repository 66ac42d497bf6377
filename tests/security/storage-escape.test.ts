/**
 * Upstream ids and paths that try to escape the storage prefix (RELIABILITY.md, hostile
 * input: they are rejected). Every value of
 * hostile-storage-paths.json goes into the sample upstream as an article canonical URL and old
 * URL, a video slug, a live-event path, a show id and canonical URL, and a person slug and
 * canonical URL; the whole news site is then published through the real queue and workers, and an
 * editor asks to republish each value too. Afterwards every stored key must be one
 * core/storage/keys.ts makes under a site prefix (or assets/), nothing may sit beside the store on
 * disk, and every invalid path the upstream site map listed must have been skipped with a logged
 * reason.
 */
import { readdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseKey, parseVersionKey, isValidPagePath, PATH_LIMITS } from '../../core/storage/keys.js';
import { ARTICLES } from '../../infra/sample-upstream/data/articles.js';
import { createDataset } from '../../infra/sample-upstream/data/index.js';
import { startCapturedStack, type CapturedStack } from './captured-stack.js';

const ADMIN_TOKEN = 'storage-escape-admin-token-0123456789';

const corpus = z
  .object({ values: z.array(z.object({ name: z.string(), value: z.string() })) })
  .parse(JSON.parse(readFileSync(new URL('./hostile-storage-paths.json', import.meta.url), 'utf8')))
  .values.map(({ name, value }) => ({ name, value: value.replace('@LONG@', 'a'.repeat(PATH_LIMITS.maxSegmentLength + 50)) }));

const ORIGIN = 'https://www.foxnews.com';

// Shows and people have no mutation API: the hostile ones join this stack's own copy of the
// sample's starter dataset.
const dataset = createDataset();
for (const [i, { value }] of corpus.entries()) {
  const show = structuredClone(dataset.shows[0]);
  if (show) dataset.shows.push({ ...show, id: value, slug: value, show_slug: value, canonicalUrl: `${ORIGIN}/shows/${value}`, sortOrder: 100 + i });
  const person = structuredClone(dataset.people[0]);
  if (person) dataset.people.push({ ...person, personSlug: value, canonicalUrl: `${ORIGIN}/person/x/${value}` });
}

let h: CapturedStack;

beforeAll(async () => {
  h = await startCapturedStack({ adminToken: ADMIN_TOKEN, webhookSecret: 'storage-escape-webhook-secret-0123', sampleDataset: dataset });
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

async function sample(method: string, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${h.stack.upstreamUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

describe('upstream ids and paths that try to leave the storage prefix', () => {
  it('stores nothing outside a site prefix and logs why each invalid path was skipped', { timeout: 180_000 }, async () => {
    const base = structuredClone(ARTICLES[0]);
    expect(base).toBeDefined();
    for (const [i, { value }] of corpus.entries()) {
      const id = `escape-${i}`;
      const canonical = i % 2 === 0 ? `${ORIGIN}/us/${value}` : value;
      expect(await sample('PUT', `/__sample/articles/${id}`, { ...base, id, canonical_url: canonical, urls: [canonical, `${ORIGIN}/old/${value}`], article_slug: value })).toBe(200);
      expect(await sample('PUT', `/__sample/videos/${id}`, { title: `Escape ${i}`, slug: value, tags: ['escape'] })).toBe(200);
      // The sample only takes paths starting with "/" here; a refusal just means that class cannot reach us this way.
      await sample('PUT', `/__sample/live-events?${new URLSearchParams({ path: `/${value}` }).toString()}`, { title: `Escape ${i}` });
    }

    const summary = await h.stack.publishSite({ reason: 'bulk-republish', sites: ['news'] });
    expect(summary.total).toBeGreaterThan(10);

    // An editor asking for the same values: refused, or normalised to a path inside the site.
    const editorProblems: string[] = [];
    for (const { name, value } of corpus) {
      for (const path of [value, `/${value}`, `/us/${value}`]) {
        const response = await fetch(`${h.stack.adminUrl}/admin/republish`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ path }),
        });
        const body = (await response.json()) as { path?: string; error?: { code: string } };
        if (response.status === 202 && body.path !== undefined && isValidPagePath(body.path)) continue;
        if (response.status === 400 && body.error?.code === 'INVALID_PATH') continue;
        editorProblems.push(`${name} (${JSON.stringify(path).slice(0, 60)}): ${response.status} ${JSON.stringify(body).slice(0, 120)}`);
      }
    }
    expect(editorProblems).toEqual([]);

    // Every stored object is at a key the key module made, under a site prefix or assets/.
    const badKeys: string[] = [];
    let keys = 0;
    for await (const key of h.stack.store.list('')) {
      keys += 1;
      const known = parseKey(key) !== null || parseVersionKey(key) !== null;
      const underPrefix = /^(news|es)\//.test(key) || key.startsWith('assets/');
      const odd = ['..', '\\', '%', '\u0000', '\uff0e', '\u2024'].some((part) => key.includes(part));
      if (!known || !underPrefix || odd) badKeys.push(key);
    }
    expect(badKeys).toEqual([]);
    expect(keys).toBeGreaterThan(10);

    // On disk: nothing beside the store, and nothing inside it outside a site or assets directory.
    // (The bundle sits there too when the stack built its own; the run's one build lives elsewhere.)
    expect((await readdir(h.dir)).filter((name) => join(h.dir, name) !== h.bundleDir).sort()).toEqual(['storage']);
    const storageRoot = join(h.dir, 'storage');
    // The processes' lock owner files (ADR 0047) are the driver's own, named pid~host~nonce.
    const ownerFile = /^\.lock-owners\/[0-9]+~[^/~]+~[0-9a-f]{16}$/;
    const strays = (await walk(storageRoot))
      .map((file) => relative(storageRoot, file).split(sep).join('/'))
      .filter((file) => !ownerFile.test(file) && !/^(news|es|assets)\//.test(file.replace(/^\.[^/]*\//, '')));
    expect(strays).toEqual([]);

    // What the upstream site map listed that is not a valid page path was skipped, with a logged reason.
    const siteMap = (await (await fetch(`${h.stack.upstreamUrl}/api/sitemap?from=0&size=1000`)).json()) as { data: { results: Array<{ path: string }> } };
    const invalid = [...new Set(siteMap.data.results.map((entry) => entry.path).filter((path) => !isValidPagePath(path)))];
    expect(invalid.length).toBeGreaterThan(5);
    const skipped = new Set(
      h.logLines
        .map((line) => JSON.parse(line) as { message?: string; path?: string })
        .filter((line) => line.message === 'upstream site map lists an invalid page path; skipped')
        .map((line) => line.path),
    );
    expect(invalid.filter((path) => !skipped.has(path.slice(0, 200)))).toEqual([]);
  });
});
