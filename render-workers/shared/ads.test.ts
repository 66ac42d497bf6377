import { describe, expect, it } from 'vitest';
import type { Block } from './view-model.js';
import { insertArticleAds, placementFires, strikePositions } from './ads.js';

const paragraph = (n: number): Block => ({ kind: 'paragraph', html: `p${n}` });
const paragraphs = (count: number): Block[] => Array.from({ length: count }, (_, i) => paragraph(i + 1));
const ads = (blocks: Block[]) => blocks.flatMap((b) => (b.kind === 'ad' ? [b.slot] : []));
const after = (blocks: Block[], id: string): string | undefined => {
  const index = blocks.findIndex((b) => b.kind === 'ad' && b.slot.id === id);
  const before = blocks.slice(0, index).filter((b) => b.kind !== 'ad');
  const last = before.at(-1);
  return last && last.kind === 'paragraph' ? last.html : undefined;
};

describe('placement rule (spec 1 §9)', () => {
  it('fires when position mod repeat equals startPosition, capped at max', () => {
    const rule = { repeat: 4, startPosition: 1, max: 2 };
    expect([1, 2, 3, 4, 5].map((p) => placementFires(p, rule, 0))).toEqual([true, false, false, false, true]);
    expect(placementFires(9, rule, 2)).toBe(false);
  });
});

describe('strike pattern by paragraph count (spec 1 §9)', () => {
  it('desktop every 7 first after 3, tablet every 4 first after 1, mobile every 3 first after 1', () => {
    expect(strikePositions(24, 'desktop')).toEqual([3, 10, 17, 24]);
    expect(strikePositions(13, 'tablet')).toEqual([1, 5, 9, 13]);
    expect(strikePositions(10, 'mobile')).toEqual([1, 4, 7, 10]);
  });

  it('places at most 20 per view', () => {
    expect(strikePositions(200, 'mobile')).toHaveLength(20);
    expect(strikePositions(200, 'desktop')).toHaveLength(20);
    const placed = ads(insertArticleAds(paragraphs(200), { section: 'politics' })).filter((s) => s.placement === 'strike');
    expect(placed.filter((s) => s.devices.includes('mobile'))).toHaveLength(20);
  });
});

describe('article ad insertion (spec 1 §9)', () => {
  it('puts a tablet and a mobile 300x250 after the 2nd block, an in-read after the 3rd, a mobile 300x251 after the 6th', () => {
    const blocks = insertArticleAds(paragraphs(8), { section: 'politics' });
    const slots = ads(blocks);
    expect(slots.find((s) => s.id === 'ad-tablet-2')).toMatchObject({ sizes: ['300x250'], devices: ['tablet'] });
    expect(slots.find((s) => s.id === 'ad-mobile-2')).toMatchObject({ sizes: ['300x250'], devices: ['mobile'] });
    expect(after(blocks, 'ad-tablet-2')).toBe('p2');
    expect(after(blocks, 'ad-in-read-3')).toBe('p3');
    expect(slots.find((s) => s.id === 'ad-mobile-6')).toMatchObject({ sizes: ['300x251'], devices: ['mobile'] });
    expect(after(blocks, 'ad-mobile-6')).toBe('p6');
  });

  it('skips the 6th-block ad unless there are more than 6 blocks, and the in-read below 3 blocks', () => {
    expect(ads(insertArticleAds(paragraphs(6), { section: 'us' })).some((s) => s.id === 'ad-mobile-6')).toBe(false);
    expect(ads(insertArticleAds(paragraphs(2), { section: 'us' })).some((s) => s.placement === 'in-read')).toBe(false);
    expect(ads(insertArticleAds(paragraphs(5), { section: 'us', inReadExcluded: true })).some((s) => s.placement === 'in-read')).toBe(false);
  });

  it('gives health only tablet and mobile ads, no strike pattern, and an extra in-read slot', () => {
    const slots = ads(insertArticleAds(paragraphs(10), { section: 'health' }));
    expect(slots.every((s) => !s.devices.includes('desktop'))).toBe(true);
    expect(slots.some((s) => s.placement === 'strike')).toBe(false);
    expect(slots.filter((s) => s.placement === 'in-read').map((s) => s.id)).toEqual(['ad-in-read-3', 'ad-in-read-6']);
  });

  it('gives every slot a list of size strings and a unique id', () => {
    const slots = ads(insertArticleAds(paragraphs(30), { section: 'world' }));
    expect(new Set(slots.map((s) => s.id)).size).toBe(slots.length);
    expect(slots.every((s) => s.sizes.every((size) => /^\d+x\d+$/.test(size)))).toBe(true);
  });
});

describe('betting promo (spec 1 §9)', () => {
  it('goes after the 3rd paragraph of a fox_bet article, and nowhere else', () => {
    const blocks = insertArticleAds(paragraphs(6), { section: 'sports', bettingPromo: true });
    const index = blocks.findIndex((b) => b.kind === 'promo');
    const before = blocks.slice(0, index).filter((b) => b.kind === 'paragraph');
    expect(before).toHaveLength(3);
    expect(blocks.filter((b) => b.kind === 'promo')).toHaveLength(1);
    expect(insertArticleAds(paragraphs(6), { section: 'sports' }).some((b) => b.kind === 'promo')).toBe(false);
  });
});
