import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderJob } from '../core/queue.js';
import { parseContentEvent } from './events.js';
import { planRenders, recordDeletions } from './planner.js';
import { startIngestTestKit, type IngestTestKit } from './test-helpers.js';

let kit: IngestTestKit;

beforeAll(async () => {
  kit = await startIngestTestKit();
});

afterAll(async () => {
  await kit?.close();
});

describe('planRenders', () => {
  it('plans the content page, then every dependant once and apart, as event jobs from the webhook', async () => {
    await kit.index.record({ site: 'news', path: '/politics' }, ['list:category:politics', 'list:latest']);
    await kit.index.record({ site: 'news', path: '/politics/story' }, ['article:5']);
    await kit.index.record({ site: 'news', path: '/unrelated' }, ['article:6']);
    const event = parseContentEvent({
      id: 'e',
      kind: 'article',
      action: 'deleted',
      site: 'news',
      contentId: '5',
      path: '/politics/story',
      sections: ['politics'],
      occurredAt: '2026-03-28T12:00:00Z',
    });
    const now = new Date('2026-03-28T12:00:05Z');
    expect(await planRenders(event, kit.index, { now })).toEqual({
      own: [{ site: 'news', path: '/politics/story', reason: 'event', requestedBy: 'webhook', requestedAt: now.toISOString() }],
      dependants: [{ site: 'news', path: '/politics', reason: 'event', requestedBy: 'webhook', requestedAt: now.toISOString() }],
    });
  });

  it('plans the own page on every site when the event names none, and dependants of every site', async () => {
    await kit.index.record({ site: 'es', path: '/es-front' }, ['article:77']);
    await kit.index.record({ site: 'news', path: '/news-front' }, ['article:77']);
    const event = parseContentEvent({ id: 'e2', kind: 'article', action: 'updated', contentId: '77', path: '/us/new-story', occurredAt: '2026-03-28T12:00:00Z' });
    const pages = (jobs: RenderJob[]): string[] => jobs.map((job) => `${job.site}:${job.path}`);
    const plan = await planRenders(event, kit.index);
    expect(pages(plan.own)).toEqual(['news:/us/new-story', 'es:/us/new-story']);
    expect(pages(plan.dependants)).toEqual(['es:/es-front', 'news:/news-front']);
    // Naming a site keeps the plan to it.
    const esOnly = parseContentEvent({ id: 'e3', kind: 'article', action: 'updated', site: 'es', contentId: '77', path: '/us/new-story', occurredAt: '2026-03-28T12:00:00Z' });
    const esPlan = await planRenders(esOnly, kit.index);
    expect([...pages(esPlan.own), ...pages(esPlan.dependants)]).toEqual(['es:/us/new-story', 'es:/es-front']);
  });

  it('plans a page once, as the own page, when it also reads what the event changed', async () => {
    await kit.index.record({ site: 'news', path: '/us/self-listing' }, ['article:88', 'list:latest']);
    await kit.index.record({ site: 'news', path: '/' }, ['article:88']);
    const event = parseContentEvent({ id: 'e4', kind: 'article', action: 'updated', site: 'news', contentId: '88', path: '/us/self-listing', occurredAt: '2026-03-28T12:00:00Z' });
    const plan = await planRenders(event, kit.index);
    expect(plan.own.map((job) => job.path)).toEqual(['/us/self-listing']);
    expect(plan.dependants.map((job) => job.path)).toEqual(['/']);
  });

  it('records a deletion, with its redirect, for the own page on each site of a delete event only', async () => {
    const now = new Date('2026-03-28T12:00:05Z');
    const update = parseContentEvent({ id: 'u', kind: 'article', action: 'updated', contentId: '9', path: '/us/gone', occurredAt: '2026-03-28T12:00:00Z' });
    expect(await recordDeletions(update, kit.index, { now })).toEqual([]);
    expect(await kit.index.deletion({ site: 'news', path: '/us/gone' })).toBeNull();

    const del = parseContentEvent({ id: 'd', kind: 'article', action: 'deleted', contentId: '9', path: '/us/gone', redirectTo: '/us', occurredAt: '2026-03-28T12:00:00Z' });
    expect(await recordDeletions(del, kit.index, { now })).toEqual([
      { site: 'news', path: '/us/gone' },
      { site: 'es', path: '/us/gone' },
    ]);
    for (const site of ['news', 'es'] as const) {
      expect(await kit.index.deletion({ site, path: '/us/gone' })).toEqual({ eventId: 'd', at: now.toISOString(), redirectTo: '/us' });
    }
    await kit.index.clearDeleted({ site: 'news', path: '/us/gone' });
    expect(await kit.index.deletion({ site: 'news', path: '/us/gone' })).toBeNull();
  });

  it('plans nothing for a change no page read and no own path', async () => {
    const event = parseContentEvent({ id: 'e', kind: 'show', action: 'updated', contentId: 'nobody-reads-this', occurredAt: '2026-03-28T12:00:00Z' });
    expect(await planRenders(event, kit.index)).toEqual({ own: [], dependants: [] });
  });
});
