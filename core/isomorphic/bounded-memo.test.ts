import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.js';

describe('boundedMemo', () => {
  it('computes each key once while it is held, and returns what the function returns', () => {
    const calls: string[] = [];
    const upper = boundedMemo(10, (key) => {
      calls.push(key);
      return key.toUpperCase();
    });
    expect([upper('a'), upper('b'), upper('a'), upper('a')]).toEqual(['A', 'B', 'A', 'A']);
    expect(calls).toEqual(['a', 'b']);
  });

  it('remembers an undefined result too', () => {
    let calls = 0;
    const nothing = boundedMemo(10, () => {
      calls += 1;
      return undefined;
    });
    nothing('x');
    nothing('x');
    expect(calls).toBe(1);
  });

  it('never holds more than its limit: it starts over when full', () => {
    const calls: string[] = [];
    const same = boundedMemo(2, (key) => {
      calls.push(key);
      return key;
    });
    same('a');
    same('b');
    same('c'); // full: starts over with c alone
    same('a'); // recomputed
    same('c'); // still held
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => boundedMemo(0, (k) => k)).toThrow(RangeError);
    expect(() => boundedMemo(1.5, (k) => k)).toThrow(/positive integer/);
  });
});
