import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataKeys } from '../core/upstream/data-keys.js';
import { listFrontPathsFromIndex } from './fronts.js';
import { startIngestTestKit, type IngestTestKit } from './test-helpers.js';

let kit: IngestTestKit;

beforeAll(async () => {
  kit = await startIngestTestKit();
});

afterAll(async () => {
  await kit?.close();
});

describe('listFrontPathsFromIndex', () => {
  it('lists the pages that rendered as fronts, and nothing that only read its own category', async () => {
    // The spelling the render worker records for a front; pinned here as well as built.
    expect(dataKeys.front('/politics')).toBe('front:/politics');
    await kit.index.record({ site: 'news', path: '/politics' }, ['front:/politics', 'category:/politics', 'menu']);
    await kit.index.record({ site: 'es', path: '/politica' }, [dataKeys.front('/politica'), 'category:/politica']);
    const longPath = `/section/${'x'.repeat(200)}`;
    await kit.index.record({ site: 'news', path: longPath }, [dataKeys.front(longPath)]);
    // A deleted article at a two-segment path renders as not-found and reads its own path as a
    // category: not a front.
    await kit.index.record({ site: 'news', path: '/politics/gone' }, ['category:/politics/gone', 'article-path:/politics/gone']);
    // An article reading its category is not a front.
    await kit.index.record({ site: 'news', path: '/politics/story' }, ['category:/politics', 'article:1']);
    await kit.index.record({ site: 'news', path: '/' }, ['menu']);
    expect(await listFrontPathsFromIndex(kit.redis, kit.prefix)).toEqual([
      { site: 'es', path: '/politica' },
      { site: 'news', path: '/politics' },
      { site: 'news', path: longPath },
    ]);
  });
});
