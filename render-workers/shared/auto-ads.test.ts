import { describe, expect, it } from 'vitest';
import { AUTO_ADS_MAX_PER_VIEW, insertAutoAds } from './auto-ads.js';
import type { FrontComponent } from './front-view-model.js';

const block = (title: string): FrontComponent => ({ type: 'timeline', title, items: [] });
const list = (title: string): FrontComponent => ({ type: 'article-list', style: 'list', title, items: [] });
const listedAd: FrontComponent = { type: 'ad', slot: { id: 'listed', sizes: ['300x250'], devices: ['desktop', 'tablet', 'mobile'], placement: 'front-main' } };

/** Each component as a short label; auto ads as "ad:<devices>". */
function shape(components: readonly FrontComponent[]): string[] {
  return components.map((component) => {
    if (component.type === 'ad') return component.slot.placement === 'front-auto' ? `ad:${component.slot.devices.join('+')}` : 'listed-ad';
    return 'title' in component && component.title !== undefined ? component.title : component.type;
  });
}

describe('insertAutoAds (spec 1 §9)', () => {
  it('puts an ad after every 2nd block on mobile and tablet and every 3rd on desktop, never after the last', () => {
    const out = insertAutoAds(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(block));
    expect(shape(out)).toEqual(['a', 'b', 'ad:tablet+mobile', 'c', 'ad:desktop', 'd', 'ad:tablet+mobile', 'e', 'f', 'ad:desktop+tablet+mobile', 'g']);
  });

  it('puts an ad on every device after a hero or an article list', () => {
    const hero: FrontComponent = { type: 'spotlight', title: 'hero', items: [] };
    expect(shape(insertAutoAds([hero, list('list'), block('c'), block('d')]))).toEqual([
      'hero',
      'ad:desktop+tablet+mobile',
      'list',
      'ad:desktop+tablet+mobile',
      'c',
      'ad:desktop',
      'd',
    ]);
  });

  it('adds none where the layout already placed an ad, and counts only blocks', () => {
    expect(shape(insertAutoAds([block('a'), block('b'), listedAd, block('c'), block('d')]))).toEqual(['a', 'b', 'listed-ad', 'c', 'ad:desktop', 'd']);
  });

  it('gives each slot a stable id, the default sizes, and stops at the per-view cap', () => {
    const many = insertAutoAds(Array.from({ length: 200 }, (_, i) => list(`l${i}`)));
    const ads = many.flatMap((component) => (component.type === 'ad' ? [component.slot] : []));
    expect(ads).toHaveLength(AUTO_ADS_MAX_PER_VIEW);
    expect(ads[0]).toEqual({ id: 'ad-front-auto-1', sizes: ['320x50', '300x250'], devices: ['desktop', 'tablet', 'mobile'], placement: 'front-auto' });
    expect(insertAutoAds(['a', 'b', 'c'].map(block))).toEqual(insertAutoAds(['a', 'b', 'c'].map(block)));
  });

  it('leaves an empty or one-block column alone', () => {
    expect(insertAutoAds([])).toEqual([]);
    expect(shape(insertAutoAds([list('only')]))).toEqual(['only']);
  });
});
