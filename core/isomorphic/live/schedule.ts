/**
 * GET /api/schedule, the TV guide's current window (spec 2 §2-§4, §8, §9). The one owner of the
 * endpoint's contract: its path, its query, its answer and the browser's check of the answer.
 * The edge serves it (edge-router/plugins/live-schedule.ts); the TvSchedule island asks it.
 * Isomorphic: no Node APIs, nothing secret.
 */
import { isRecord } from '../guards.js';
import { hasSafeUrlStart } from '../safe-url.js';
import type { ScheduleChannel, ScheduleEntry } from '../schedule.js';

export const SCHEDULE_PATH = '/api/schedule';

export interface ScheduleQuery {
  channel: ScheduleChannel;
  /** YYYY-MM-DD. */
  dt?: string;
}

/** The 200 answer; a failure upstream is still a 200, with the spec 2 §8 entry as its only entry. */
export interface ScheduleAnswer {
  channel: ScheduleChannel;
  date: string;
  window: { start: string; end: string; mobileCutoff: string };
  entries: ScheduleEntry[];
}

/** `/api/schedule?channel=<c>[&dt=<YYYY-MM-DD>]`: the browser's request. */
export function scheduleUrl({ channel, dt }: ScheduleQuery): string {
  const query = new URLSearchParams({ channel });
  if (dt !== undefined) query.set('dt', dt);
  return `${SCHEDULE_PATH}?${query.toString()}`;
}

/** One entry as the browser shows it; type alias, not interface, so island registries see JSON. */
export type ScheduleEntryView = { title: string; link?: string; description?: string; start: string; mobile: boolean };

/** An Eastern wall time as the answer writes it: "2022-03-30T14:00". */
export const EASTERN_WALL_TIME = /^\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2})/;

/** The browser's check of one entry: null when it has no title or no start. */
export function parseScheduleEntry(value: unknown): ScheduleEntryView | null {
  if (!isRecord(value)) return null;
  const { title, link, description, start, mobile } = value;
  if (typeof title !== 'string' || title === '' || typeof start !== 'string' || !EASTERN_WALL_TIME.test(start)) return null;
  return {
    title,
    ...(typeof link === 'string' && hasSafeUrlStart(link) ? { link } : {}),
    ...(typeof description === 'string' && description !== '' ? { description } : {}),
    start,
    mobile: mobile === true,
  };
}

/** The browser's check of the answer `{ entries }`; null when the body is not one. */
export function parseScheduleResponse(body: unknown): ScheduleEntryView[] | null {
  if (!isRecord(body) || !Array.isArray(body.entries)) return null;
  return body.entries.map(parseScheduleEntry).filter((entry): entry is ScheduleEntryView => entry !== null);
}
