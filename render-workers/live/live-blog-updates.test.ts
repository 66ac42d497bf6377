import { describe, expect, it } from 'vitest';
import { LIVE_BLOG_UPDATES_MAX, liveUpdateEntries } from './live-blog-updates.js';

const origin = 'https://www.example.test';

describe('liveUpdateEntries', () => {
  it('orders updates newest first, numbering anchors from the oldest, with a readable US Eastern time', () => {
    const entries = liveUpdateEntries(
      [
        { headline: 'First', datePublished: '2026-03-01T23:00:00Z' },
        { headline: 'Third', datePublished: '2026-03-01T23:45:00Z', articleBody: '<p>Body <script>x</script></p>' },
        { headline: 'Second', datePublished: '2026-03-01T23:20:00Z', url: '/coverage/e#2' },
      ],
      { publicOrigin: origin, lang: 'en' },
    );
    expect(entries.map((entry) => [entry.anchor, entry.headline, entry.timeLabel])).toEqual([
      ['live-update-3', 'Third', 'March 01, 2026 6:45pm EST'],
      ['live-update-2', 'Second', 'March 01, 2026 6:20pm EST'],
      ['live-update-1', 'First', 'March 01, 2026 6:00pm EST'],
    ]);
    expect(entries[0]?.body).toBe('Body');
    expect(entries[1]?.url).toBe('https://www.example.test/coverage/e#2');
    expect(entries[2]?.datePublished).toBe('2026-03-01T23:00:00.000Z');
  });

  it('writes the time in Spanish for the Spanish edition', () => {
    const [entry] = liveUpdateEntries([{ headline: 'Uno', datePublished: '2026-03-01T23:00:00Z' }], { publicOrigin: origin, lang: 'es' });
    expect(entry?.timeLabel).toBe('1 de marzo de 2026, 18:00 EST');
  });

  it('keeps the feed order for equal times and drops undated updates', () => {
    const entries = liveUpdateEntries(
      [
        { headline: 'A', datePublished: '2026-03-01T23:00:00Z' },
        { headline: 'B', datePublished: '2026-03-01T23:00:00Z' },
        { headline: 'Undated', datePublished: 'soon' },
      ],
      { publicOrigin: origin, lang: 'en' },
    );
    expect(entries.map((entry) => entry.headline)).toEqual(['A', 'B']);
  });

  it('keeps the newest updates when the feed runs past the limit', () => {
    const updates = Array.from({ length: LIVE_BLOG_UPDATES_MAX + 5 }, (_, i) => ({ headline: `U${i}`, datePublished: new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString() }));
    const entries = liveUpdateEntries(updates, { publicOrigin: origin, lang: 'en' });
    expect(entries).toHaveLength(LIVE_BLOG_UPDATES_MAX);
    expect(entries[0]?.headline).toBe(`U${LIVE_BLOG_UPDATES_MAX + 4}`);
    expect(entries.at(-1)?.headline).toBe('U5');
  });
});
