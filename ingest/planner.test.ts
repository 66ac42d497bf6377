import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContentEvent } from './events.js';
import { planRenders } from './planner.js';
import { startIngestTestKit, type IngestTestKit } from './test-helpers.js';

let kit: IngestTestKit;

beforeAll(async () => {
  kit = await startIngestTestKit();
});

afterAll(async () => {
  await kit?.close();
});

describe('planRenders', () => {
  it('plans the content page first, then every dependant once, as event jobs from the webhook', async () => {
    await kit.index.record({ site: 'news', path: '/politics' }, ['list:category:politics', 'list:latest']);
    await kit.index.record({ site: 'news', path: '/politics/story' }, ['article:5']);
    await kit.index.record({ site: 'news', path: '/unrelated' }, ['article:6']);
    const event = parseContentEvent({
      id: 'e',
      kind: 'article',
      action: 'deleted',
      contentId: '5',
      path: '/politics/story',
      sections: ['politics'],
      occurredAt: '2026-03-28T12:00:00Z',
    });
    const now = new Date('2026-03-28T12:00:05Z');
    expect(await planRenders(event, kit.index, { now })).toEqual([
      { site: 'news', path: '/politics/story', reason: 'event', requestedBy: 'webhook', requestedAt: now.toISOString() },
      { site: 'news', path: '/politics', reason: 'event', requestedBy: 'webhook', requestedAt: now.toISOString() },
    ]);
  });

  it('plans nothing for a change no page read and no own path', async () => {
    const event = parseContentEvent({ id: 'e', kind: 'show', action: 'updated', contentId: 'nobody-reads-this', occurredAt: '2026-03-28T12:00:00Z' });
    expect(await planRenders(event, kit.index)).toEqual([]);
  });
});
