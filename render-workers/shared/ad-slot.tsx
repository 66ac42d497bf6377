/**
 * An ad slot as stored pages carry it (spec 1 §9): an empty, labelled placeholder that the ad
 * script fills in the browser, shown only on the devices it names (the `.ad-{device}` rules in
 * shell/styles.ts), with its sizes as data. One component for article bodies, fronts, game pages
 * and the site header, so every slot reads the same to a screen reader and to the ad script.
 */
import type { AdSlotModel } from '../blocks/types.js';
import { useUiText } from '../shell/ui-text-context.js';
import { DESKTOP_HEADER_AD_SIZES } from './ads.js';

export function AdSlot({ slot, className }: { slot: AdSlotModel; className?: string }) {
  const label = useUiText().advertisement;
  const classes = ['ad', ...slot.devices.map((device) => `ad-${device}`), ...(className === undefined ? [] : [className])];
  return (
    <aside className={classes.join(' ')} id={slot.id} data-sizes={slot.sizes.join(',')} data-devices={slot.devices.join(',')} aria-label={label}>
      <span className="ad-label">{label}</span>
    </aside>
  );
}

/**
 * The desktop header slot (spec 1 §9: "desktop header 970x250, 970x66, 728x90"), under the site
 * header of every standard page that shows the header. Desktop only: none of its sizes fits a
 * phone or a tablet.
 */
export const DESKTOP_HEADER_AD: Readonly<AdSlotModel> = Object.freeze<AdSlotModel>({
  id: 'ad-header',
  sizes: [...DESKTOP_HEADER_AD_SIZES],
  devices: ['desktop'],
  placement: 'desktop header',
});
