/**
 * The live blog's updates as a live-event page shows them and as its
 * LiveBlogPosting JSON-LD lists them (structured-data.ts). One function builds both, so the page
 * and the structured data can not disagree about which updates exist, their order or their times:
 *   - an update without a parsable datePublished is dropped (it could be placed nowhere);
 *   - newest first (equal times keep the feed's order), at most LIVE_BLOG_UPDATES_MAX, the newest;
 *   - headline and body as plain text; the URL only when it passes the safe-URL rule (a site path made absolute);
 *   - each gets a stable anchor, numbered from the oldest, so an update keeps its id as others arrive.
 */
import { formatArticleDate } from '../../core/isomorphic/dates.js';
import type { LiveBlogUpdate } from '../../core/upstream/live-event-client.js';
import { toPlainText } from '../blocks/sanitize.js';
import { safeAbsoluteUrl } from '../shared/links.js';

/** Most updates carried by the page and its JSON-LD (ours: the spec gives none; keeps a runaway feed from bloating every page). */
export const LIVE_BLOG_UPDATES_MAX = 100;

export interface LiveUpdateEntry {
  /** Element id of the update on the page ("live-update-3": the third oldest). */
  anchor: string;
  headline: string;
  /** Plain text; absent when the feed gave none. */
  body?: string;
  /** ISO 8601 (UTC), the `<time datetime>` and the JSON-LD datePublished. */
  datePublished: string;
  /** The readable time in the edition's language, US Eastern ("March 01, 2026 6:00pm EST"). */
  timeLabel: string;
  url?: string;
}

/** An update's URL: the safe-URL rule, a site path made absolute on this origin, anything else dropped. */
function updateUrl(url: string | undefined, publicOrigin: string): string | undefined {
  return safeAbsoluteUrl(url, publicOrigin);
}

export function liveUpdateEntries(updates: readonly LiveBlogUpdate[], options: { publicOrigin: string; lang: string }): LiveUpdateEntry[] {
  const dated = updates.flatMap((update, order) => {
    const time = new Date(update.datePublished).getTime();
    return Number.isNaN(time) ? [] : [{ update, time, order }];
  });
  // Oldest first to number them, then reversed for the page.
  dated.sort((a, b) => a.time - b.time || b.order - a.order);
  const entries = dated.map(({ update, time }, index): LiveUpdateEntry => {
    const iso = new Date(time).toISOString();
    const body = update.articleBody === undefined ? '' : toPlainText(update.articleBody);
    const url = updateUrl(update.url, options.publicOrigin);
    return {
      anchor: `live-update-${index + 1}`,
      headline: toPlainText(update.headline),
      ...(body === '' ? {} : { body }),
      datePublished: iso,
      timeLabel: formatArticleDate(iso, options.lang),
      ...(url === undefined ? {} : { url }),
    };
  });
  return entries.reverse().slice(0, LIVE_BLOG_UPDATES_MAX);
}
