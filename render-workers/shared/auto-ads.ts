/**
 * Ads inserted automatically between a front's main-column components (spec 1 §9: "Auto-inserted
 * ads: after every 2nd block on mobile and tablet, every 3rd on desktop, and after hero or article
 * lists"). Pure and deterministic: the same components give the same slots, so an unchanged front
 * stays byte-identical.
 *
 * One slot per gap, shown on the devices whose rule fires there (a slot's `ad-<device>` classes);
 * none where the layout already placed an ad, and none after the column's last component. At most
 * AUTO_ADS_MAX_PER_VIEW per device.
 */
import { DEFAULT_AD_SIZES } from './ads.js';
import type { Device } from '../blocks/types.js';
import type { FrontComponent } from './front-view-model.js';

export const AUTO_ADS_MAX_PER_VIEW = 20;

/** Every how many blocks each device gets an ad. */
const EVERY: Readonly<Record<Device, number>> = { mobile: 2, tablet: 2, desktop: 3 };
const DEVICES: readonly Device[] = ['desktop', 'tablet', 'mobile'];

/** A hero (spotlight) or an article list: an ad follows it on every device. */
function isHeroOrList(component: FrontComponent): boolean {
  return component.type === 'article-list' || component.type === 'spotlight';
}

export function insertAutoAds(components: readonly FrontComponent[]): FrontComponent[] {
  const out: FrontComponent[] = [];
  const placed: Record<Device, number> = { desktop: 0, tablet: 0, mobile: 0 };
  let position = 0;
  for (const [index, component] of components.entries()) {
    out.push(component);
    if (component.type === 'ad') continue;
    position += 1;
    const next = components[index + 1];
    if (next === undefined || next.type === 'ad') continue;
    const devices = DEVICES.filter((device) => placed[device] < AUTO_ADS_MAX_PER_VIEW && (isHeroOrList(component) || position % EVERY[device] === 0));
    if (devices.length === 0) continue;
    for (const device of devices) placed[device] += 1;
    out.push({ type: 'ad', slot: { id: `ad-front-auto-${position}`, sizes: [...DEFAULT_AD_SIZES], devices, placement: 'front-auto' } });
  }
  return out;
}
