import { describe, expect, it } from 'vitest';
import { heapHeldBy, ropeOf } from '../../tests/support/heap-held.js';
import { flattenString } from './flatten-string.js';

describe('flattenString', () => {
  it('lets the pieces of a concatenated string be collected while the string is kept', () => {
    // 200 strings of 600 appended pieces each, as renderToString builds them.
    const keep200 = (keep: (text: string) => string) => heapHeldBy(() => Array.from({ length: 200 }, (_, seed) => keep(ropeOf(seed))));
    const charsOf = (kept: string[]) => kept.reduce((sum, text) => sum + text.length, 0);
    const ropes = keep200((text) => text);
    const flat = keep200(flattenString);
    expect(flat.kept[7]).toBe(ropeOf(7));
    // Flat: about a byte per character. As ropes: a 32-byte node per piece on top.
    expect(flat.held).toBeLessThan(charsOf(flat.kept) * 1.5);
    expect(ropes.held).toBeGreaterThan(charsOf(ropes.kept) * 3);
  });
});
