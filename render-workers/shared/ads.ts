/**
 * Ad placement rules for article bodies (spec 1 §9). Pure: they take the body blocks and return
 * them with `ad` blocks inserted, so every variant and test sees the same placements.
 *
 * Two patterns, by section:
 * - every section except health: the fixed insertion ("Article ad insertion (standard)") plus
 *   the strike pattern by paragraph count (desktop every 7 first after 3, tablet every 4 first
 *   after 1, mobile every 3 first after 1, at most 20 per view);
 * - health ("a different ad pattern and an extra in-read ad slot", spec 1 §2.6; "Health section:
 *   only tablet and mobile ads", §9): the fixed insertion without desktop slots, no strike
 *   pattern, and a second in-read slot after the 6th block when there are more than 6 blocks.
 *   The spec does not place the extra slot; after the 6th block mirrors the mobile 300x251 rule.
 */
import type { AdSlotModel, Device } from '../blocks/types.js';
import type { Block } from './view-model.js';

/** Default ad sizes (spec 1 §9): 320x50 and 300x250. */
export const DEFAULT_AD_SIZES = ['320x50', '300x250'] as const;
/** Desktop header sizes (spec 1 §9). */
export const DESKTOP_HEADER_AD_SIZES = ['970x250', '970x66', '728x90'] as const;
/** The section whose articles get only tablet and mobile ads (spec 1 §9), the desktop header slot included. */
export const HEALTH_SECTION = 'health';
/** The label every ad slot shows (spec 1 §9). */
export const AD_LABEL = 'Advertisement';
/** At most this many strike ads per view (device) (spec 1 §9). */
export const STRIKE_MAX_PER_VIEW = 20;

/** "Placement rule: fires when position mod repeat equals startPosition, index capped at max." */
export interface PlacementRule {
  repeat: number;
  startPosition: number;
  max: number;
}

export function placementFires(position: number, rule: PlacementRule, placedSoFar: number): boolean {
  return placedSoFar < rule.max && position % rule.repeat === rule.startPosition % rule.repeat;
}

/** Strike pattern by paragraph count (spec 1 §9). Positions are 1-based paragraph counts. */
export const STRIKE_PATTERN: Record<Device, PlacementRule> = {
  desktop: { repeat: 7, startPosition: 3, max: STRIKE_MAX_PER_VIEW },
  tablet: { repeat: 4, startPosition: 1, max: STRIKE_MAX_PER_VIEW },
  mobile: { repeat: 3, startPosition: 1, max: STRIKE_MAX_PER_VIEW },
};

/** Paragraph counts after which each device gets a strike ad. */
export function strikePositions(paragraphCount: number, device: Device): number[] {
  const rule = STRIKE_PATTERN[device];
  const positions: number[] = [];
  for (let p = 1; p <= paragraphCount; p += 1) {
    if (placementFires(p, rule, positions.length)) positions.push(p);
  }
  return positions;
}

export interface ArticleAdOptions {
  /** The article's section slug (first path segment). */
  section: string;
  /** The in-read slot is skipped for one excluded organisation (spec 1 §9). */
  inReadExcluded?: boolean;
  /** fox_bet articles get a betting promo after the 3rd paragraph (spec 1 §9). */
  bettingPromo?: boolean;
}

/** "A betting promo goes after the 3rd paragraph" (spec 1 §9). */
export const BETTING_PROMO_AFTER_PARAGRAPH = 3;

/** The organisation whose articles get no in-read ad (spec 1 §9 names none; none by default). */
export const IN_READ_EXCLUDED_ORGANISATIONS: readonly string[] = [];

export function insertArticleAds(blocks: readonly Block[], options: ArticleAdOptions): Block[] {
  const health = options.section === HEALTH_SECTION;
  const total = blocks.length;
  const out: Block[] = [];
  let paragraphs = 0;
  const strikeCounts: Record<Device, number> = { desktop: 0, tablet: 0, mobile: 0 };
  const ad = (id: string, sizes: readonly string[], devices: Device[], placement: string): Block => ({
    kind: 'ad',
    slot: { id, sizes: [...sizes], devices, placement } satisfies AdSlotModel,
  });

  blocks.forEach((block, index) => {
    out.push(block);
    const position = index + 1;
    if (block.kind === 'paragraph') {
      paragraphs += 1;
      if (options.bettingPromo && paragraphs === BETTING_PROMO_AFTER_PARAGRAPH) out.push({ kind: 'promo', promo: 'betting' });
      if (!health) {
        const devices = (['desktop', 'tablet', 'mobile'] as const).filter((device) => {
          const fires = placementFires(paragraphs, STRIKE_PATTERN[device], strikeCounts[device]);
          if (fires) strikeCounts[device] += 1;
          return fires;
        });
        if (devices.length > 0) out.push(ad(`ad-strike-${paragraphs}`, DEFAULT_AD_SIZES, devices, 'strike'));
      }
    }
    // Fixed insertion (spec 1 §9 "Article ad insertion (standard)").
    if (position === 2) {
      out.push(ad('ad-tablet-2', ['300x250'], ['tablet'], 'standard'));
      out.push(ad('ad-mobile-2', ['300x250'], ['mobile'], 'standard'));
    }
    if (position === 3 && total >= 3 && !options.inReadExcluded) {
      out.push(ad('ad-in-read-3', ['1x1'], health ? ['tablet', 'mobile'] : ['desktop', 'tablet', 'mobile'], 'in-read'));
    }
    if (position === 6 && total > 6) {
      out.push(ad('ad-mobile-6', ['300x251'], ['mobile'], 'standard'));
      if (health && !options.inReadExcluded) out.push(ad('ad-in-read-6', ['1x1'], ['tablet', 'mobile'], 'in-read'));
    }
  });
  return out;
}
