import { describe, expect, it } from 'vitest';
import { uiText } from './ui-text.js';

describe('uiText', () => {
  it('gives the English edition the spec strings', () => {
    expect(uiText('news').notFoundHeading).toBe('Something has gone wrong…');
    expect(uiText('news').notFoundBody).toBe("It seems you've stumbled upon our 404 page.");
    expect(uiText('news').goToHome).toBe('Go to Home');
  });

  it('translates every key for the Spanish edition', () => {
    const en = uiText('news');
    const es = uiText('es');
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    const untranslated = Object.entries(es).filter(([key, text]) => text === en[key as keyof typeof en]);
    expect(untranslated).toEqual([]);
  });
});
