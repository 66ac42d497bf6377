/**
 * The reuse cache's rules (ADR 0029) on their own: the freshness bound, sharing a GET in flight,
 * what is kept and what is not, and the bounds. The renders that use it, on a real upstream and
 * a real Redis: tests/integration/read-reuse.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze, parseShared, ReadReuseCache, type FetchedAnswer, type ReuseResult } from './read-reuse.js';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, set: (value: number) => (now = value) };
}

function body(value: string, bytes = 10): FetchedAnswer {
  return { answer: { found: true, body: { value }, url: `u:${value}` }, bytes };
}

function valueOf(answer: { found: boolean; body?: unknown }): unknown {
  return answer.found ? (answer.body as { value: string }).value : 'not found';
}

describe('the freshness bound', () => {
  it('reuses an answer whose GET started after the bound, and fetches again for a later bound', async () => {
    const time = clock(1_000);
    const cache = new ReadReuseCache({ maxEntries: 10, maxBytes: 1_000, now: time.now });
    let gets = 0;
    const fetch = (value: string) => () => {
      gets += 1;
      return Promise.resolve(body(value));
    };
    expect(valueOf(await cache.read('k', 999, fetch('first')))).toBe('first');
    // Started at 1,000: good for requests made before 1,000.
    expect(valueOf(await cache.read('k', 999, fetch('unused')))).toBe('first');
    expect(valueOf(await cache.read('k', 500, fetch('unused')))).toBe('first');
    expect(gets).toBe(1);
    // A request made in the GET's own millisecond may have come after the GET started: fetch again.
    time.set(1_001);
    expect(valueOf(await cache.read('k', 1_000, fetch('second')))).toBe('second');
    expect(gets).toBe(2);
    // A request made after the GET started may carry a change the answer lacks: fetch again.
    time.set(2_000);
    expect(valueOf(await cache.read('k', 1_500, fetch('third')))).toBe('third');
    expect(gets).toBe(3);
    // The newer answer replaced the older ones, for every bound it satisfies.
    expect(valueOf(await cache.read('k', 500, fetch('unused')))).toBe('third');
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 3, misses: 3, shared: 0 });
  });

  it('adds the clock margin to every bound', async () => {
    const time = clock(1_000);
    const cache = new ReadReuseCache({ maxEntries: 10, maxBytes: 1_000, clockMarginMs: 100, now: time.now });
    await cache.read('k', 800, () => Promise.resolve(body('first')));
    expect(valueOf(await cache.read('k', 899, () => Promise.resolve(body('again'))))).toBe('first');
    // 900 + 100 is not before 1,000: the answer may have started before the request, by the other clock.
    time.set(1_500);
    expect(valueOf(await cache.read('k', 900, () => Promise.resolve(body('fresh'))))).toBe('fresh');
  });

  it('shares a GET in flight whose start satisfies the bound, and starts its own otherwise', async () => {
    const time = clock(1_000);
    const seen: ReuseResult[] = [];
    const cache = new ReadReuseCache({ maxEntries: 10, maxBytes: 1_000, now: time.now, observer: { lookedUp: (r) => seen.push(r), evicted: () => {} } });
    let release: (answer: FetchedAnswer) => void = () => {};
    const slow = new Promise<FetchedAnswer>((resolve) => (release = resolve));
    let gets = 0;
    const first = cache.read('k', 999, () => {
      gets += 1;
      return slow;
    });
    const joined = cache.read('k', 900, () => {
      gets += 1;
      return Promise.resolve(body('own'));
    });
    time.set(1_200);
    const later = cache.read('k', 1_100, () => {
      gets += 1;
      return Promise.resolve(body('later'));
    });
    release(body('slow'));
    expect([valueOf(await first), valueOf(await joined), valueOf(await later)]).toEqual(['slow', 'slow', 'later']);
    expect(gets).toBe(2);
    expect(seen).toEqual(['miss', 'shared', 'miss']);
    // The GET that started last is kept, though it finished first.
    expect(valueOf(await cache.read('k', 1_150, () => Promise.resolve(body('unused'))))).toBe('later');
  });
});

describe('what is kept', () => {
  it('keeps a not-found answer, and never a failure', async () => {
    const cache = new ReadReuseCache({ maxEntries: 10, maxBytes: 1_000 });
    const bound = Date.now() - 1;
    await cache.read('missing', bound, () => Promise.resolve({ answer: { found: false, url: 'u' }, bytes: 1 }));
    expect(await cache.read('missing', bound, () => Promise.reject(new Error('not asked')))).toEqual({ found: false, url: 'u' });

    await expect(cache.read('down', bound, () => Promise.reject(new Error('503')))).rejects.toThrow('503');
    expect(valueOf(await cache.read('down', bound, () => Promise.resolve(body('back'))))).toBe('back');
    expect(cache.stats()).toMatchObject({ entries: 2, hits: 1, misses: 3 });
  });

  it('freezes what it keeps, so no render can change another render’s data', async () => {
    const cache = new ReadReuseCache({ maxEntries: 10, maxBytes: 1_000 });
    const answer = await cache.read('k', Date.now() - 1, () => Promise.resolve({ answer: { found: true, body: { list: [{ title: 'a' }] }, url: 'u' }, bytes: 5 }));
    const list = (answer as { body: { list: Array<{ title: string }> } }).body.list;
    expect(() => list.push({ title: 'b' })).toThrow(TypeError);
    expect(() => {
      (list[0] as { title: string }).title = 'changed';
    }).toThrow(TypeError);
  });

  it('keeps nothing when sized to nothing', async () => {
    const cache = new ReadReuseCache({ maxEntries: 0, maxBytes: 1_000 });
    expect(cache.enabled).toBe(false);
    await cache.read('k', 0, () => Promise.resolve(body('a')));
    expect(cache.stats().entries).toBe(0);
  });
});

describe('the bounds', () => {
  it('drops the least recently used answers beyond the entry and byte bounds, and counts them', async () => {
    let evictions = 0;
    const cache = new ReadReuseCache({ maxEntries: 3, maxBytes: 100, observer: { lookedUp: () => {}, evicted: (n) => (evictions += n) } });
    const bound = Date.now() - 1;
    for (const key of ['a', 'b', 'c']) await cache.read(key, bound, () => Promise.resolve(body(key, 20)));
    // 'a' used again: 'b' is now the least recently used.
    await cache.read('a', bound, () => Promise.reject(new Error('kept')));
    await cache.read('d', bound, () => Promise.resolve(body('d', 20)));
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 60, evictions: 1 });
    let refetched = '';
    await cache.read('b', bound, () => {
      refetched = 'b';
      return Promise.resolve(body('b', 20));
    });
    expect(refetched).toBe('b');
    // Bytes: a 70-byte answer pushes out the oldest until the rest fit in 100.
    await cache.read('big', bound, () => Promise.resolve(body('big', 70)));
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(100);
    expect(stats.entries).toBeLessThanOrEqual(3);
    expect(evictions).toBe(stats.evictions);
    // An answer larger than the whole bound is answered and not kept.
    await cache.read('huge', bound, () => Promise.resolve(body('huge', 500)));
    expect(cache.stats().bytes).toBeLessThanOrEqual(100);
    let asked = false;
    await cache.read('huge', bound, () => {
      asked = true;
      return Promise.resolve(body('huge', 500));
    });
    expect(asked).toBe(true);
  });
});

describe('parseShared', () => {
  const schema = z.object({ title: z.string() });

  it('validates a kept (frozen) answer once per schema, and gives every caller the same frozen value', () => {
    const source = deepFreeze({ title: 'a', extra: 1 });
    let runs = 0;
    const counting = { safeParse: (value: unknown) => ((runs += 1), schema.safeParse(value)) };
    const first = parseShared(source, counting);
    const second = parseShared(source, counting);
    expect(runs).toBe(1);
    expect(second).toBe(first);
    expect(first.success && first.data).toEqual({ title: 'a' });
    expect(first.success && Object.isFrozen(first.data)).toBe(true);
  });

  it('parses every time a value that is not kept, and never remembers a failure', () => {
    let runs = 0;
    const counting = { safeParse: (value: unknown) => ((runs += 1), schema.safeParse(value)) };
    parseShared({ title: 'a' }, counting);
    parseShared({ title: 'a' }, counting);
    const bad = deepFreeze({ title: 3 });
    expect(parseShared(bad, counting).success).toBe(false);
    expect(parseShared(bad, counting).success).toBe(false);
    expect(runs).toBe(4);
  });
});
