import { describe, expect, it } from 'vitest';
import { CACHE_POLICIES, splitCacheControl } from './cache-policy.js';

describe('splitCacheControl (ADR 0011)', () => {
  it('gives browsers the short lifetime and the CDN s-maxage, both with stale-while-revalidate and stale-if-error', () => {
    expect(splitCacheControl(CACHE_POLICIES.html)).toEqual({
      browser: 'public, max-age=60, stale-while-revalidate=60, stale-if-error=86400',
      cdn: 'max-age=300, stale-while-revalidate=60, stale-if-error=86400',
    });
    expect(splitCacheControl(CACHE_POLICIES.notFound)).toEqual({
      browser: 'public, max-age=30, stale-if-error=3600',
      cdn: 'max-age=60, stale-if-error=3600',
    });
    expect(splitCacheControl(CACHE_POLICIES.feed).cdn).toBe('max-age=300, stale-while-revalidate=60, stale-if-error=86400');
  });

  it('leaves policies without s-maxage, private or no-store ones, and unparsable ones alone', () => {
    for (const value of [CACHE_POLICIES.asset, 'no-store', 'private, max-age=10, s-maxage=20', 'public, s-maxage=abc', 'public,, ,max-age=1', '"']) {
      expect(splitCacheControl(value)).toEqual({ browser: value, cdn: null });
    }
  });

  it('keeps quoted values and drops proxy-revalidate from the browser header', () => {
    expect(splitCacheControl('public, max-age=5, s-maxage=50, proxy-revalidate, no-cache="set-cookie, x"')).toEqual({
      browser: 'public, max-age=5, no-cache="set-cookie, x"',
      cdn: 'max-age=50',
    });
  });

  it('splits every named policy into header-safe values', () => {
    for (const value of Object.values(CACHE_POLICIES)) {
      const { browser, cdn } = splitCacheControl(value);
      expect(browser).toMatch(/^public, max-age=\d+/);
      expect(browser).not.toContain('s-maxage');
      if (cdn !== null) expect(cdn).toMatch(/^max-age=\d+(, [a-z-]+=\d+)*$/);
    }
  });
});
