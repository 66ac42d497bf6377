/**
 * Pure rules of the live-event page (spec 2 §2 live-event header, §3 live event fields, §5 adInfo,
 * §7 layout elementId): the layout element id, the adInfo rule, and the checked video items the
 * LiveEventVideo island receives.
 */
import type { LiveEventAdInfo, LiveEventVideo } from '../../core/upstream/live-event-client.js';
import { safeMedia, safeSrcset, type LiveEventVideoItem } from '../../interactive-bundle/islands/live-event-video.island.js';
import { toPlainText } from '../blocks/sanitize.js';
import { safeHref, safeImageSrc } from '../shared/links.js';

/** Layout subtype of live-event pages (spec 2 §7; docs/upstream-contract.md §4.3). */
export const LIVE_EVENT_LAYOUT_SUBTYPE = 'liveEvent';
/** Spec 2 §2 route name of /coverage/{page?}: "coverage-page: live event layout". */
export const LIVE_EVENT_ROUTE_NAME = 'coverage-page';
/** Spec 2 §5 "Live-event adInfo must include size, value and text". */
export const AD_INFO_FIELDS = ['size', 'value', 'text'] as const;
export const AD_INFO_INCOMPLETE_MESSAGE = 'Live-event adInfo must include size, value and text; ad left out';

/** Spec 2 §7: "live event uses the path without slashes" ("/coverage/election-night" -> "coverageelection-night"). */
export function liveEventElementId(path: string): string {
  return path.replace(/\//g, '');
}

export interface LiveEventAd {
  size: string;
  value: string;
  text: string;
}

/** The ad when adInfo has a non-empty size, value and text; otherwise the missing fields. */
export function checkAdInfo(adInfo: LiveEventAdInfo | undefined): { ad: LiveEventAd } | { missing: string[] } | null {
  if (adInfo === undefined) return null;
  const missing = AD_INFO_FIELDS.filter((field) => (adInfo[field] ?? '').trim() === '');
  if (missing.length > 0) return { missing };
  return { ad: { size: (adInfo.size ?? '').trim(), value: (adInfo.value ?? '').trim(), text: toPlainText(adInfo.text ?? '') } };
}

/** "m:ss" (or "h:mm:ss") for a number of seconds; text durations ("3:12", "LIVE") as given. */
export function durationLabel(duration: string | number | undefined): string | null {
  if (duration === undefined) return null;
  if (typeof duration === 'string') return duration.trim() === '' ? null : toPlainText(duration);
  if (!Number.isFinite(duration) || duration < 0) return null;
  const total = Math.round(duration);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A video as the island shows it, every URL checked; null when its link is unusable. */
export function videoItem(video: LiveEventVideo): LiveEventVideoItem | null {
  const url = safeHref(video.url);
  if (url === undefined) return null;
  const title = toPlainText(video.title);
  return {
    id: video.id,
    url,
    title,
    category: video.category === undefined || video.category.trim() === '' ? null : toPlainText(video.category),
    categoryUrl: safeHref(video.categoryUrl) ?? null,
    duration: durationLabel(video.duration),
    image: safeImageSrc(video.image),
    imageAlt: toPlainText(video.imageAlt ?? title),
    responsiveImages: video.responsiveImages.flatMap((source) => {
      const media = safeMedia(source.media);
      const srcset = safeSrcset(source.srcset);
      return media === null || srcset === null ? [] : [{ media, srcset }];
    }),
  };
}

/**
 * The main video and the playlist: the event's video, or else the playlist's first item (a
 * playlist without a lead video still plays). No video at all: no player.
 */
export function videoAndPlaylist(video: LiveEventVideo | undefined, playlist: readonly LiveEventVideo[]): { video: LiveEventVideoItem; playlist: LiveEventVideoItem[] } | null {
  const items = playlist.map(videoItem).filter((item): item is LiveEventVideoItem => item !== null);
  const lead = video === undefined ? null : videoItem(video);
  if (lead !== null) return { video: lead, playlist: items };
  const [first, ...rest] = items;
  return first === undefined ? null : { video: first, playlist: rest };
}
