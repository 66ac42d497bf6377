import { describe, expect, it } from 'vitest';
import { SECTION_CODES, sectionCode } from './sections.js';

function recorder() {
  const errors: Array<{ obj: object; msg: string }> = [];
  return { errors, log: { error: (obj: object, msg: string) => errors.push({ obj, msg }) } };
}

describe('sectionCode (spec 1 §9, spec 2 §9)', () => {
  it('maps the abbreviated sections', () => {
    const { log, errors } = recorder();
    const expected = {
      entertainment: 'ent',
      politics: 'pol',
      opinion: 'opin',
      lifestyle: 'life',
      science: 'sci',
      health: 'heal',
      'faith-values': 'faith',
      'food-drink': 'food',
      'great-outdoors': 'outdoors',
      'real-estate': 'realest',
      travel: 'trav',
    };
    for (const [name, code] of Object.entries(expected)) expect(sectionCode(name, log)).toBe(code);
    expect(errors).toEqual([]);
  });

  it('keeps auto, family, media, sports, tech, transcript, us and world unchanged', () => {
    const { log, errors } = recorder();
    for (const name of ['auto', 'family', 'media', 'sports', 'tech', 'transcript', 'us', 'world']) expect(sectionCode(name, log)).toBe(name);
    expect(errors).toEqual([]);
    expect(Object.keys(SECTION_CODES)).toHaveLength(19);
  });

  it('logs "Unknown section: {section}" at error level and passes an unknown name through', () => {
    const { log, errors } = recorder();
    expect(sectionCode('weather', log)).toBe('weather');
    expect(errors).toEqual([{ obj: { section: 'weather' }, msg: 'Unknown section: weather' }]);
    expect(sectionCode('constructor', log)).toBe('constructor');
  });
});
