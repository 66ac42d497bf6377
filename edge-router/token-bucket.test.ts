import { describe, expect, it } from 'vitest';
import { KeyedTokenBuckets, TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('allows a burst, then refills at the rate per minute', () => {
    const bucket = new TokenBucket({ capacity: 3, perMinute: 6 }, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([true, true, true, false]);
    // Six a minute: one token every 10 s.
    expect(bucket.take(9_999)).toBe(false);
    expect(bucket.take(10_000)).toBe(true);
    expect(bucket.take(10_001)).toBe(false);
    // Never more than the burst, however long it rested.
    const rested = [0, 1, 2, 3].map(() => bucket.take(3_600_000));
    expect(rested).toEqual([true, true, true, false]);
  });
});

describe('KeyedTokenBuckets', () => {
  it('keeps one budget per client', () => {
    const buckets = new KeyedTokenBuckets({ capacity: 2, perMinute: 1 }, 100);
    expect([buckets.take('a', 0), buckets.take('a', 0), buckets.take('a', 0)]).toEqual([true, true, false]);
    expect(buckets.take('b', 0)).toBe(true);
  });

  it('forgets the least recently seen client beyond maxKeys', () => {
    const buckets = new KeyedTokenBuckets({ capacity: 1, perMinute: 1 }, 2);
    expect(buckets.take('a', 0)).toBe(true);
    expect(buckets.take('b', 0)).toBe(true);
    expect(buckets.take('a', 0)).toBe(false); // a is now the most recently seen
    expect(buckets.take('c', 0)).toBe(true); // b is dropped
    expect(buckets.size).toBe(2);
    expect(buckets.take('a', 0)).toBe(false);
    expect(buckets.take('b', 0)).toBe(true); // b starts again with a full bucket
  });
});
