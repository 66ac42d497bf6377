import { describe, expect, it } from 'vitest';
import { CACHE_POLICIES, cacheControlFor } from './cache-policy.js';
import { contentHash } from './write.js';

describe('contentHash', () => {
  it('is the sha256 hex of the bytes, the same for a string and its UTF-8 buffer', () => {
    expect(contentHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(contentHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(contentHash('café')).toBe(contentHash(Buffer.from('café', 'utf8')));
  });
});

describe('cache policies', () => {
  it('keep pages fresh briefly and serve stale copies while the origin is down', () => {
    expect(cacheControlFor('html')).toMatch(/max-age=60\b/);
    expect(cacheControlFor('html')).toMatch(/s-maxage=300\b/);
    expect(cacheControlFor('html')).toMatch(/stale-while-revalidate=\d+/);
    expect(cacheControlFor('html')).toMatch(/stale-if-error=\d+/);
  });

  it('cache hashed assets for a year, immutably', () => {
    expect(cacheControlFor('asset')).toBe('public, max-age=31536000, immutable');
  });

  it('are all public, header-safe and bounded', () => {
    for (const value of Object.values(CACHE_POLICIES)) {
      expect(value).toMatch(/^public, max-age=\d+/);
      expect(value).toMatch(/^[\x20-\x7E]+$/);
    }
  });
});
