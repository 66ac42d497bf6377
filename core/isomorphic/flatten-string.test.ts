import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { flattenString } from './flatten-string.js';

describe('flattenString', () => {
  it('lets the pieces of a concatenated string be collected while the string is kept', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // 200 strings of 600 appended pieces each, about 13 kB of text apiece, as renderToString builds them.
    const build = (seed: number) => {
      let text = `<nav data-seed="${seed}">`;
      for (let i = 0; i < 600; i += 1) text += `<a href="/s${i}">S${i}</a>`;
      return text;
    };
    const heldBy = (keep: (text: string) => string) => {
      gc();
      const before = process.memoryUsage().heapUsed;
      const kept = Array.from({ length: 200 }, (_, seed) => keep(build(seed)));
      gc();
      const held = process.memoryUsage().heapUsed - before;
      const chars = kept.reduce((sum, text) => sum + text.length, 0);
      return { held, chars, kept };
    };
    const ropes = heldBy((text) => text);
    const flat = heldBy(flattenString);
    expect(flat.kept[7]).toBe(build(7));
    // Flat: about a byte per character. As ropes: a 32-byte node per piece on top.
    expect(flat.held).toBeLessThan(flat.chars * 1.5);
    expect(ropes.held).toBeGreaterThan(ropes.chars * 3);
  });
});
