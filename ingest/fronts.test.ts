import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('lists the pages that read their own category', async () => {
    await kit.index.record({ site: 'news', path: '/politics' }, ['category:/politics', 'menu']);
    await kit.index.record({ site: 'es', path: '/politica' }, ['category:/politica']);
    // An article reading its category is not a front.
    await kit.index.record({ site: 'news', path: '/politics/story' }, ['category:/politics', 'article:1']);
    await kit.index.record({ site: 'news', path: '/' }, ['menu']);
    expect(await listFrontPathsFromIndex(kit.redis, kit.prefix)).toEqual([
      { site: 'es', path: '/politica' },
      { site: 'news', path: '/politics' },
    ]);
  });
});
