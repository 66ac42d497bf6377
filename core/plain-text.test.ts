import { describe, expect, it } from 'vitest';
import { hasMarkup, parsedPlainText, plainTextOf } from './plain-text.js';

/** Characters that text without markup can hold, weighted toward the ones the parse escapes or collapses. */
const ALPHABET = ['a', 'Z', '9', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u2003', '>', '"', "'", '=', '/', '-', '!', '?', ';', '#', 'é', 'ñ', '—', '“', '”', '😀', '\u0000', '\u200b', ']]', '--'];

/** A deterministic pseudo-random generator, so a failure names an input that can be run again. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('plainTextOf', () => {
  it('answers text without < or & as the parse does, for 5,000 generated texts', () => {
    const random = generator(20_261_127);
    for (let i = 0; i < 5_000; i += 1) {
      const length = Math.floor(random() * 40);
      let text = '';
      for (let c = 0; c < length; c += 1) text += ALPHABET[Math.floor(random() * ALPHABET.length)];
      expect(hasMarkup(text)).toBe(false);
      expect(plainTextOf(text), JSON.stringify(text)).toBe(parsedPlainText(text));
    }
  });

  it('collapses whitespace and trims plain text', () => {
    expect(plainTextOf('  Rates rise \n\t again  ')).toBe('Rates rise again');
    expect(plainTextOf('5 > 3 and "quoted"')).toBe('5 > 3 and "quoted"');
  });

  it('still parses text that holds a tag, a comment or an entity', () => {
    expect(hasMarkup('a <b>bold</b> move')).toBe(true);
    expect(plainTextOf('a <b>bold</b> move')).toBe('a bold move');
    expect(plainTextOf('before<!-- hidden -->after')).toBe('beforeafter');
    expect(plainTextOf('Fish &amp; chips &lt;3')).toBe('Fish & chips <3');
    expect(plainTextOf('<script>alert(1)</script>Safe')).toBe('Safe');
  });
});
