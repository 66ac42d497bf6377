import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../core/upstream/read-reuse.js';
import { heapHeldBy, ropeOf } from '../../tests/support/heap-held.js';
import { capturingLogger } from '../../tests/support/log-capture.js';
import { deriveShared, deriveSharedAll, derivedStats } from './derived.js';
import { safeHref } from './links.js';
import { withSkipLog } from './skip-log.js';

describe('deriveShared', () => {
  it('derives once per kept (frozen) answer and key, and hands every caller the same frozen value', () => {
    const answer = deepFreeze({ title: 'Rates rise', url: '/business/rates' });
    let runs = 0;
    const card = () => deriveShared(answer, 'card', () => ({ heading: answer.title.toUpperCase(), runs: (runs += 1) }));
    const first = card();
    const second = card();
    expect(second).toBe(first);
    expect(runs).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
    // Another derivation of the same answer is its own.
    expect(deriveShared(answer, 'other', () => 'other')).toBe('other');
  });

  it('derives once per tuple of kept answers, by identity and in order, and every time when one is not kept', () => {
    const header = deepFreeze([{ name: 'Politics', url: '/politics' }]);
    const topics = deepFreeze([{ name: 'Rural Broadband', url: '/politics/rural-broadband' }]);
    let runs = 0;
    const menus = (a: unknown, b: unknown) => deriveSharedAll([a, b], 'menus', () => ({ runs: (runs += 1) }));
    const first = menus(header, topics);
    expect(menus(header, topics)).toBe(first);
    expect(runs).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
    // The same answers in another order, or a new answer in one place, are another tuple.
    expect(menus(topics, header)).not.toBe(first);
    const newTopics = deepFreeze([{ name: 'River Recovery', url: '/us/river-recovery' }]);
    expect(menus(header, newTopics)).not.toBe(first);
    expect(runs).toBe(3);
    // A part that is not kept (a failed menu's fresh empty list): derived every time.
    menus(header, []);
    menus(header, []);
    expect(runs).toBe(5);
  });

  it('derives every time from an answer that is not kept (not frozen)', () => {
    const answer = { title: 'Fresh' };
    let runs = 0;
    deriveShared(answer, 'card', () => (runs += 1));
    deriveShared(answer, 'card', () => (runs += 1));
    expect(runs).toBe(2);
    expect(Object.isFrozen(answer)).toBe(false);
  });

  it('logs what a reused derivation dropped on every render that shows it', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = capturingLogger('derived-test', lines);
    const answer = deepFreeze({ url: 'javascript:alert(1)' });
    const renderOnce = async (): Promise<unknown[]> => {
      const before = lines.length;
      const link = await withSkipLog(log, () => Promise.resolve(deriveShared(answer, 'link', () => safeHref(answer.url) ?? null)));
      expect(link).toBeNull();
      await new Promise((resolve) => setImmediate(resolve));
      return lines.slice(before).map((line) => line.skip);
    };
    const { reused } = derivedStats;
    const first = await renderOnce();
    expect(first).toHaveLength(1);
    const second = await renderOnce();
    expect(derivedStats.reused).toBe(reused + 1);
    expect(second).toEqual(first);
  });
});

describe('flattenString in deriveShared', () => {
  it('keeps a string a derivation returns (the site header HTML) flat', () => {
    const sources = Array.from({ length: 200 }, (_, i) => deepFreeze({ i }));
    const { held, kept } = heapHeldBy(() => sources.map((source, seed) => deriveShared(source, 'html', () => ropeOf(seed))));
    expect(held).toBeLessThan(kept.reduce((sum, text) => sum + text.length, 0) * 1.5 + 200 * 1024);
  });
});
