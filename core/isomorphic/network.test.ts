import { describe, expect, it } from 'vitest';
import { NETWORK_BAR_SIZE, NETWORK_SITES } from './network.js';

describe('network bar sister sites (spec 1 §2.3)', () => {
  it('lists exactly 8 sister sites', () => {
    expect(NETWORK_BAR_SIZE).toBe(8);
    expect(NETWORK_SITES).toHaveLength(8);
  });

  it('names each once, in display order', () => {
    expect(NETWORK_SITES.map((site) => site.name)).toEqual([
      'Fox News',
      'Fox Business',
      'Fox Nation',
      'Fox News Audio',
      'Fox Weather',
      'Fox Sports',
      'Tubi',
      'Outkick',
    ]);
  });

  it('links each to an https home page, no two alike', () => {
    for (const site of NETWORK_SITES) {
      const url = new URL(site.url);
      expect(url.protocol).toBe('https:');
      expect(url.pathname).toBe('/');
    }
    expect(new Set(NETWORK_SITES.map((site) => site.url)).size).toBe(8);
  });
});
