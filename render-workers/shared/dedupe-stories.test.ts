import { describe, expect, it } from 'vitest';
import { dedupeStories } from './load-components.js';

describe('dedupeStories (no story twice on one front)', () => {
  it('leaves out stories already shown and repeats within the list, keeping order', () => {
    const items = [{ url: '/a' }, { url: '/b' }, { url: '/a' }, { url: '/c' }, { url: '/d' }];
    expect(dedupeStories(items, new Set(['/c']))).toEqual([{ url: '/a' }, { url: '/b' }, { url: '/d' }]);
  });

  it('does not change the shown set', () => {
    const shown = new Set(['/x']);
    dedupeStories([{ url: '/y' }], shown);
    expect([...shown]).toEqual(['/x']);
  });
});
