import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlatformError } from './errors.js';
import { listVersions, restoreVersion, snapshotPage, versionIdFor } from './page-versions.js';
import { CACHE_POLICIES } from './storage/cache-policy.js';
import { createFsStore } from './storage/fs-driver.js';
import { pageKey, type PageVariant } from './storage/keys.js';
import type { ObjectStore } from './storage/types.js';
import { contentHash } from './storage/write.js';

let root: string;
let store: ObjectStore;
let counter = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'page-versions-test-'));
  store = createFsStore({ root, durable: false });
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

function freshPage() {
  counter += 1;
  return { site: 'news', path: `/us/page-${counter}` } as const;
}

let clock = Date.parse('2025-03-01T10:00:00.000Z');
async function putLive(page: { site: 'news'; path: string }, variants: Partial<Record<PageVariant, string>>, extra: { fence?: number } = {}) {
  clock += 60_000;
  for (const [variant, body] of Object.entries(variants) as Array<[PageVariant, string]>) {
    await store.put(pageKey(page.site, page.path, variant), Buffer.from(body), {
      contentType: 'text/html; charset=utf-8',
      cacheControl: CACHE_POLICIES.html,
      surrogateKeys: [`page:news:${page.path}`, `article:${body.length}`],
      contentHash: contentHash(body),
      renderedAt: new Date(clock).toISOString(),
      reason: 'event',
      ...extra,
    });
  }
}

async function live(page: { site: 'news'; path: string }): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const variant of ['standard', 'amp', 'print', 'redirect'] as const) {
    const object = await store.get(pageKey(page.site, page.path, variant));
    if (object) out[variant] = object.body.toString();
  }
  return out;
}

describe('version ids', () => {
  it('sort by the time the version went live and name the same state the same way', () => {
    const a = versionIdFor([{ variant: 'standard', meta: { renderedAt: '2025-03-01T10:00:00.000Z', contentHash: 'a'.repeat(64) } }]);
    const b = versionIdFor([{ variant: 'standard', meta: { renderedAt: '2025-03-01T10:00:00.001Z', contentHash: 'a'.repeat(64) } }]);
    expect(a).toMatch(/^20250301T100000000Z-[0-9a-f]{8}$/);
    expect(a < b).toBe(true);
    expect(versionIdFor([{ variant: 'standard', meta: { renderedAt: '2025-03-01T10:00:00.000Z', contentHash: 'a'.repeat(64) } }])).toBe(a);
  });
});

describe('restoreVersion', () => {
  it('rolls back to the previous version by default, byte for byte, in every variant', async () => {
    const page = freshPage();
    await putLive(page, { standard: 'std v1', amp: 'amp v1' });
    await snapshotPage(store, page);
    // v2 has a print variant and no AMP variant.
    await store.delete(pageKey('news', page.path, 'amp'));
    await putLive(page, { standard: 'std v2', print: 'print v2' });

    const result = await restoreVersion(store, page, { fence: 7, jobId: 'rollback-editor', now: () => new Date('2025-04-01T00:00:00Z') });
    expect(await live(page)).toEqual({ standard: 'std v1', amp: 'amp v1' });
    expect(result.removed).toEqual([pageKey('news', page.path, 'print')]);
    expect(result.restored.map((r) => [r.variant, r.bytes])).toEqual([
      ['standard', 6],
      ['amp', 6],
    ]);
    const meta = await store.head(pageKey('news', page.path, 'standard'));
    expect(meta).toMatchObject({ reason: 'rollback', jobId: 'rollback-editor', fence: 7, renderedAt: '2025-04-01T00:00:00.000Z' });
    expect(result.surrogateKeys).toContain(`page:news:${page.path}`);

    // The page as it was before the rollback is kept, so the rollback can be undone the same way.
    expect(result.previous).not.toBeNull();
    await restoreVersion(store, page);
    expect(await live(page)).toEqual({ standard: 'std v2', print: 'print v2' });
  });

  it('restores a named version, and refuses one that is not kept', async () => {
    const page = freshPage();
    await putLive(page, { standard: 'one' });
    const one = await snapshotPage(store, page);
    await putLive(page, { standard: 'two' });
    await snapshotPage(store, page);
    await putLive(page, { standard: 'three' });
    expect((await listVersions(store, page)).length).toBe(2);
    await restoreVersion(store, page, { version: one ?? '' });
    expect(await live(page)).toEqual({ standard: 'one' });

    const error = await restoreVersion(store, page, { version: '20000101T000000000Z-00000000' }).catch((e: unknown) => e);
    expect(isPlatformError(error, 'VERSION_NOT_FOUND')).toBe(true);
    const none = await restoreVersion(store, freshPage()).catch((e: unknown) => e);
    expect(isPlatformError(none, 'VERSION_NOT_FOUND')).toBe(true);
  });

  it('leaves alone a variant that a render started after the rollback already wrote', async () => {
    const page = freshPage();
    await putLive(page, { standard: 'old' }, { fence: 1 });
    await snapshotPage(store, page);
    await putLive(page, { standard: 'newest render' }, { fence: 10 });
    const result = await restoreVersion(store, page, { fence: 5 });
    expect(result.stale).toEqual([pageKey('news', page.path, 'standard')]);
    expect(await live(page)).toEqual({ standard: 'newest render' });
  });

  it('puts back no variant that a render started after the rollback removed, when its guard says that render was admitted', async () => {
    const page = freshPage();
    await putLive(page, { standard: 'old', amp: 'old amp' }, { fence: 1 });
    await snapshotPage(store, page);
    // The newest render (token 10) made the page standard-only: nothing stored carries its token
    // for the AMP variant it removed, so only the fence's admission (the guard) can refuse it.
    await putLive(page, { standard: 'newest render' }, { fence: 10 });
    await store.delete(pageKey(page.site, page.path, 'amp'));
    let asked = 0;
    const result = await restoreVersion(store, page, {
      fence: 5,
      guard: () => {
        asked += 1;
        return Promise.resolve(false);
      },
    });
    expect(asked).toBeGreaterThan(0);
    expect(result.restored).toEqual([]);
    expect(result.stale.sort()).toEqual([pageKey('news', page.path, 'amp'), pageKey('news', page.path, 'standard')].sort());
    expect(await live(page)).toEqual({ standard: 'newest render' });
  });
});
