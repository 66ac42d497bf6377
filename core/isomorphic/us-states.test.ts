import { describe, expect, it } from 'vitest';
import { US_STATES } from './us-states.js';

describe('US_STATES (spec 1 §9)', () => {
  it('has 59 entries with distinct two-letter abbreviations', () => {
    expect(US_STATES).toHaveLength(59);
    expect(new Set(US_STATES.map((s) => s.abbreviation)).size).toBe(59);
    expect(US_STATES.every((s) => /^[A-Z]{2}$/.test(s.abbreviation))).toBe(true);
    expect(US_STATES).toContainEqual({ name: 'Puerto Rico', abbreviation: 'PR' });
    expect(US_STATES).toContainEqual({ name: 'District Of Columbia', abbreviation: 'DC' });
  });
});
