import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, mayReload } from './chunk-reload.js';
import { DEFAULT_CARD_IMAGE, fallbackFor } from './image-fallback.js';
import { JSONP_CACHE_BUSTER_PERIOD_MS, JSONP_TIMEOUT_MS, cacheBusterValue, callbackName, jsonpUrl } from './jsonp.js';
import { ITEM_NOT_FOUND_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE, createExpiringStorage, parseEntry } from './local-storage.js';
import { PREFETCH_IDLE_TIMEOUT_MS, prefetchAllowed, prefetchTarget } from './prefetch.js';

/** The Storage interface over a Map: the rules under test are ours, not the browser's. */
class MapStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

function storageAt(start: number) {
  const storage = new MapStorage();
  let now = start;
  const logger = { warn: vi.fn(), error: vi.fn() };
  const store = createExpiringStorage({ storage: () => storage, now: () => now, logger });
  return { storage, store, logger, advance: (ms: number) => (now += ms) };
}

describe('local storage with expiry (spec 2 §3, §4, §5, §8)', () => {
  it('stores value and optional expiry; an expired entry reads as missing and is removed on read', () => {
    const { storage, store, advance } = storageAt(1_000);
    expect(store.set('flag', 'off', 500)).toBe(true);
    expect(store.set('forever', { a: [1, true] })).toBe(true);
    expect(JSON.parse(storage.getItem('flag') ?? '')).toEqual({ value: 'off', expiry: 1_500 });
    expect(JSON.parse(storage.getItem('forever') ?? '')).toEqual({ value: { a: [1, true] } });
    advance(499);
    expect(store.get('flag')).toBe('off');
    advance(1);
    expect(store.get('flag')).toBeUndefined();
    expect(storage.getItem('flag')).toBeNull();
    advance(10 ** 9);
    expect(store.get('forever')).toEqual({ a: [1, true] });
  });

  it("updating a missing or expired entry logs 'LocalStorage Item Not Found' and returns false", () => {
    const { store, logger, advance } = storageAt(0);
    expect(store.update('nope', 1)).toBe(false);
    expect(logger.error).toHaveBeenCalledWith(ITEM_NOT_FOUND_MESSAGE);
    store.set('soon', 1, 10);
    expect(store.update('soon', 2)).toBe(true);
    expect(store.get('soon')).toBe(2);
    advance(10);
    expect(store.update('soon', 3)).toBe(false);
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('keeps the expiry on update', () => {
    const { storage, store } = storageAt(100);
    store.set('k', 'a', 50);
    store.update('k', 'b');
    expect(JSON.parse(storage.getItem('k') ?? '')).toEqual({ value: 'b', expiry: 150 });
  });

  it('tests availability by a write-and-delete probe; unavailable storage warns and returns false', () => {
    const { store, storage } = storageAt(0);
    expect(store.isAvailable()).toBe(true);
    expect(storage.length).toBe(0);
    const logger = { warn: vi.fn(), error: vi.fn() };
    const broken = new MapStorage();
    broken.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    const unavailable = createExpiringStorage({ storage: () => broken, logger });
    expect(unavailable.isAvailable()).toBe(false);
    expect(unavailable.set('k', 1)).toBe(false);
    expect(unavailable.update('k', 1)).toBe(false);
    expect(unavailable.get('k')).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith(STORAGE_UNAVAILABLE_MESSAGE);
    const throwing = createExpiringStorage({ storage: () => { throw new Error('SecurityError'); }, logger });
    expect(throwing.isAvailable()).toBe(false);
    expect(throwing.remove('k')).toBe(false);
  });

  it('reads foreign or malformed strings as missing', () => {
    expect(parseEntry('plain text')).toBeNull();
    expect(parseEntry('{"x":1}')).toBeNull();
    expect(parseEntry('{"value":1,"expiry":"tomorrow"}')).toBeNull();
    expect(parseEntry('{"value":null}')).toEqual({ value: null });
  });
});

describe('link prefetch rules (spec 2 §4)', () => {
  it('is skipped offline, on 2g and in data-saver mode', () => {
    expect(prefetchAllowed(true, undefined)).toBe(true);
    expect(prefetchAllowed(true, { effectiveType: '4g', saveData: false })).toBe(true);
    expect(prefetchAllowed(false, { effectiveType: '4g' })).toBe(false);
    expect(prefetchAllowed(true, { effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed(true, { effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed(true, { effectiveType: '3g', saveData: true })).toBe(false);
  });

  it('prefetches same-origin page links only, without their fragment', () => {
    const page = 'https://www.example.com/politics/story#top';
    expect(prefetchTarget('/us/other#comments', page)).toBe('https://www.example.com/us/other');
    expect(prefetchTarget('https://elsewhere.example/x', page)).toBeNull();
    expect(prefetchTarget('#section', page)).toBeNull();
    expect(prefetchTarget('mailto:a@b.c', page)).toBeNull();
    expect(prefetchTarget('javascript:alert(1)', page)).toBeNull();
    expect(prefetchTarget('/file.pdf', page, { download: true })).toBeNull();
    expect(prefetchTarget('/x', page, { target: '_blank' })).toBeNull();
  });

  it('uses the spec idle timeout of 2000 ms', () => {
    expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
  });
});

describe('chunk-load reload guard (spec 1 §2.2, §9: 60000 ms)', () => {
  it('allows one reload per 60 seconds', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    expect(mayReload(1_000_000, null)).toBe(true);
    expect(mayReload(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(mayReload(1_000_000, 1_000_000 - 60_000)).toBe(true);
    expect(mayReload(1_000_000, Number.NaN)).toBe(true);
  });

  it('recognises failed dynamic imports, not other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/chunk-A.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('island props are not valid JSON'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('image fallback (spec 1 §4)', () => {
  it('points a card image at its default once, and hides anything else', () => {
    expect(fallbackFor('/broken.jpg', DEFAULT_CARD_IMAGE)).toEqual({ src: DEFAULT_CARD_IMAGE });
    expect(fallbackFor(DEFAULT_CARD_IMAGE, DEFAULT_CARD_IMAGE)).toBe('hide');
    expect(fallbackFor('/broken.jpg', null)).toBe('hide');
  });
});

describe('JSONP helper (spec 2 §7, §8, §9)', () => {
  it('names the callback parameter "callback" by default, or as given, with an optional prefix', () => {
    expect(jsonpUrl('https://feed.example/data?x=1', 'jsonp_1')).toBe('https://feed.example/data?x=1&callback=jsonp_1');
    expect(jsonpUrl('https://feed.example/data', 'cb_1', { param: 'jsoncallback' })).toBe('https://feed.example/data?jsoncallback=cb_1');
    expect(callbackName('feed')).toMatch(/^feed_[a-z0-9]+_\d+$/);
    expect(callbackName()).toMatch(/^jsonp_/);
    expect(callbackName('a')).not.toBe(callbackName('a'));
  });

  it('orders the query as given, or by name when asked', () => {
    const query = { zeta: 1, alpha: 'b c', mid: true };
    expect(jsonpUrl('https://f.example/d', 'n', { query })).toBe('https://f.example/d?zeta=1&alpha=b+c&mid=true&callback=n');
    expect(jsonpUrl('https://f.example/d', 'n', { query, sortQuery: true })).toBe('https://f.example/d?alpha=b+c&mid=true&zeta=1&callback=n');
  });

  it('adds a cache-buster cb that changes every 20 minutes, and times out after 60000 ms by default', () => {
    expect(JSONP_CACHE_BUSTER_PERIOD_MS).toBe(1_200_000);
    expect(JSONP_TIMEOUT_MS).toBe(60_000);
    const start = Date.UTC(2026, 0, 1, 10, 0, 0);
    expect(cacheBusterValue(start)).toBe(cacheBusterValue(start + 19 * 60_000 + 59_999));
    expect(cacheBusterValue(start)).not.toBe(cacheBusterValue(start + 20 * 60_000));
    const url = new URL(jsonpUrl('https://f.example/d', 'n', { cacheBuster: true, now: () => start }));
    expect(url.searchParams.get('cb')).toBe(cacheBusterValue(start));
    expect([...url.searchParams.keys()]).toEqual(['cb', 'callback']);
  });
});
