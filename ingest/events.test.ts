import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../core/errors.js';
import { dataKeysFor, parseContentEvent, type ContentEvent } from './events.js';

const base = { id: 'e1', action: 'updated', occurredAt: '2026-03-28T12:00:00Z' } as const;

function keys(event: Record<string, unknown>): string[] {
  return dataKeysFor(parseContentEvent({ ...base, ...event }));
}

describe('dataKeysFor', () => {
  // The spellings the upstream client records (docs/architecture.md, "Dependency index"); a change here
  // must be made on both sides.
  it.each<[Record<string, unknown>, string[]]>([
    [
      { kind: 'article', action: 'created', contentId: '42', path: '/politics/story', sections: ['politics', 'politics/elections'] },
      ['article:42', 'article-path:/politics/story', 'list:category:politics', 'list:category:politics/elections', 'list:latest'],
    ],
    [{ kind: 'article', action: 'deleted', contentId: '42' }, ['article:42', 'list:latest']],
    // A plain edit re-renders only the pages that display the article (they recorded article:42).
    [{ kind: 'article', contentId: '42', path: '/politics/story', sections: ['politics'] }, ['article:42', 'article-path:/politics/story']],
    // An edit that moves the article in lists says so.
    [{ kind: 'article', contentId: '42', sections: ['politics'], listsChanged: true }, ['article:42', 'list:category:politics', 'list:latest']],
    [{ kind: 'category', path: '/category/politics' }, ['category:/category/politics']],
    [{ kind: 'tag', contentId: 'fox-news/politics/elections' }, ['tag:fox-news/politics/elections']],
    [{ kind: 'layout', layout: { subtype: 'section', elementId: 'fox-news-politics' } }, ['layout:section:fox-news-politics']],
    // Nav and legal-links layouts are recorded as `menu` / `legal-links` by the upstream client.
    [{ kind: 'layout', layout: { subtype: 'nav', elementId: 'HeaderLayout' } }, ['layout:nav:HeaderLayout', 'menu']],
    [
      { kind: 'layout', layout: { subtype: 'navLegalLinksLayout', elementId: 'navLegalLinksLayout' } },
      ['layout:navLegalLinksLayout:navLegalLinksLayout', 'legal-links'],
    ],
    [{ kind: 'menu' }, ['menu']],
    [{ kind: 'legal-links' }, ['legal-links']],
    [{ kind: 'person', contentId: 'sean-hannity' }, ['person:sean-hannity', 'list:person']],
    [{ kind: 'show', contentId: 'hannity' }, ['show:hannity', 'list:shows']],
    [{ kind: 'video', contentId: '6300', tags: ['full_episode', 'fox-news/politics'] }, ['video:6300', 'videos:tag:full_episode', 'videos:tag:fox-news/politics']],
    [{ kind: 'schedule', contentId: 'fnc' }, ['schedule:fnc']],
    [{ kind: 'static-page', path: '/privacy-policy' }, ['static-page:/privacy-policy']],
    [{ kind: 'live-event', path: '/live-news/election' }, ['live-event:/live-news/election']],
  ])('%j -> %j', (event, expected) => {
    expect(keys(event)).toEqual(expected);
  });

  it('deduplicates repeated sections', () => {
    expect(keys({ kind: 'article', action: 'created', contentId: '1', sections: ['us', 'us'] })).toEqual(['article:1', 'list:category:us', 'list:latest']);
  });
});

describe('parseContentEvent', () => {
  it('leaves the site out when the event concerns every site, and keeps the fields', () => {
    const event: ContentEvent = parseContentEvent({ ...base, kind: 'menu' });
    expect(event).toEqual({ ...base, kind: 'menu' });
    expect(parseContentEvent({ ...base, kind: 'menu', site: 'es' }).site).toBe('es');
  });

  it('accepts a delete that names the redirect for its page, and a game event', () => {
    const deleted = parseContentEvent({ ...base, kind: 'article', action: 'deleted', contentId: '7', path: '/us/old', redirectTo: '/us' });
    expect(deleted).toMatchObject({ action: 'deleted', path: '/us/old', redirectTo: '/us' });
    expect(dataKeysFor(parseContentEvent({ ...base, kind: 'game', contentId: 'word-search' }))).toEqual(['game:word-search', 'layout:games:games']);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ kind: 'article' }, 'contentId'],
    [{ kind: 'category' }, 'path'],
    [{ kind: 'layout' }, 'layout'],
    [{ kind: 'layout', layout: { subtype: 'x' } }, 'layout.elementId'],
    [{ kind: 'menu', id: '' }, 'id'],
    [{ kind: 'menu', id: 'has space' }, 'id'],
    [{ kind: 'menu', action: 'archived' }, 'action'],
    [{ kind: 'article', contentId: '1', sections: ['../x'] }, 'sections.0'],
    [{ kind: 'category', path: '/a//b' }, 'path'],
    [{ kind: 'menu', occurredAt: '2026-03-28' }, 'occurredAt'],
    [{ kind: 'menu', unexpected: 1 }, 'unexpected'],
    [{ kind: 'game' }, 'contentId'],
    [{ kind: 'article', contentId: '1', path: '/us/a', redirectTo: '/us' }, 'redirectTo'],
    [{ kind: 'article', action: 'deleted', contentId: '1', redirectTo: '/us' }, 'redirectTo'],
    [{ kind: 'article', action: 'deleted', contentId: '1', path: '/us/a', redirectTo: '/us/a' }, 'redirectTo'],
    [{ kind: 'article', action: 'deleted', contentId: '1', path: '/us/a', redirectTo: 'https://evil.example/' }, 'redirectTo'],
    [{ kind: 'menu', site: 'fr' }, 'site'],
  ])('%j is refused naming %s', (event, field) => {
    try {
      parseContentEvent({ ...base, ...event });
      expect.unreachable();
    } catch (error) {
      expect(isPlatformError(error, 'INVALID_EVENT')).toBe(true);
      expect(error instanceof Error ? error.message : '').toContain(field);
    }
  });

  it('refuses non-objects', () => {
    for (const value of [null, 'x', 42, []]) expect(() => parseContentEvent(value)).toThrow(/Invalid content event/);
  });
});
