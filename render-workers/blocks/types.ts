/**
 * The block view model: one entry per body block, already validated, sanitised and sized, so
 * each variant's components (standard, AMP, print) only lay it out. Owned by the blocks module
 * (render-workers/blocks/); the article layouts insert `ad` blocks and count `paragraph` blocks.
 */

/** Devices an ad slot shows on (spec 1 §9 breakpoints: mobile < 768, tablet 768-1023, desktop >= 1024). */
export type Device = 'desktop' | 'tablet' | 'mobile';

/** One ad placement, decided by the article's ad rules (render-workers/shared/ads.ts). */
export interface AdSlotModel {
  /** Stable id within the page, e.g. "ad-inline-3" (deterministic: unchanged pages stay byte-identical). */
  id: string;
  /** Ad slot sizes as "WxH" strings (spec 1 §5: a list of strings). */
  sizes: string[];
  devices: Device[];
  /** What placed it: the standard pattern, the in-read slot, the strike pattern, AMP, ... */
  placement: string;
}

export type { Block } from '../shared/view-model.js';
