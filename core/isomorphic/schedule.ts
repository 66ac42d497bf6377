/**
 * TV schedule rules shared by the edge router's /api/schedule and the browser's schedule island
 * (spec 2 §2 "A video page reads the query parameter dt to choose the schedule"; §3 "Schedule
 * document", "Schedule slots"; §4 "Schedule entries are flagged mobile when they start before the
 * current slot plus 90 minutes"; §8 "Schedule failure with code, name and message: a single 'Live'
 * entry showing '{code} - {message}' linking to the home page"; §9 "Schedule window is 180
 * minutes, aligned to 30-minute slots, with a 90-minute mobile cutoff. Times are US Eastern").
 * Pure and isomorphic: no Node APIs; the clock is always passed in.
 *
 * The feed itself is read on the server only (core/upstream/schedule-feed.ts): its zod schemas
 * would put zod in the browser's schedule chunk.
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { SITE_TIME_ZONE } from './constants.js';

/** Spec 2 §9: the window shown is 180 minutes... */
export const SCHEDULE_WINDOW_MINUTES = 180;
/** ...aligned to 30-minute slots... */
export const SCHEDULE_SLOT_MINUTES = 30;
/** ...with a 90-minute mobile cutoff (spec 2 §4). */
export const SCHEDULE_MOBILE_CUTOFF_MINUTES = 90;
/** Spec 2 §9: times are US Eastern. */
export const SCHEDULE_TIME_ZONE = SITE_TIME_ZONE;

/** Spec 2 §1, §7: the news channel and the business channel, and the feed each reads (§5.9). */
export const SCHEDULE_CHANNEL_FEEDS = { news: 'fnc', business: 'fbn' } as const;
export type ScheduleChannel = keyof typeof SCHEDULE_CHANNEL_FEEDS;
export const SCHEDULE_CHANNELS = Object.keys(SCHEDULE_CHANNEL_FEEDS) as ScheduleChannel[];

/** Spec 2 §8: the failure entry's title and where it links (the home page). */
export const SCHEDULE_FAILURE_LINK = '/';

const MINUTE_MS = 60_000;

/** One show of the feed, quirks removed: an empty value is absent, hosts is a plain list. */
export interface ScheduleShow {
  title: string;
  /** The show's page; absent when the feed has `{}`. */
  link?: string;
  description?: string;
  longDescription?: string;
  shortDescription?: string;
  /** Start and end instants, ISO UTC with a trailing Z (the feed's start-utc, end-utc). */
  startUtc: string;
  endUtc: string;
  /** The feed's slug: shared by repeats, weekday and weekend variants, and 'paid-program'. */
  machineTitle?: string;
  /** English day name, "Monday". */
  dayOfWeek?: string;
  image?: string;
  featureImage?: string;
  /** Label of the feature link, such as "Show Page". */
  featureLink?: string;
  featureUrl?: string;
  featureDescription?: string;
  /** The feed's is-show "True". */
  isShow: boolean;
  /** Host names; [] when none is known. */
  hosts: string[];
}

export interface ScheduleDay {
  /** YYYY-MM-DD, US Eastern. */
  date: string;
  /** 0 = Sunday .. 6 = Saturday. */
  dayOfWeek: number;
  shows: ScheduleShow[];
}

/** A show in the window as the browser gets it: Eastern start and end, and the mobile flag. */
export interface ScheduleEntry extends Omit<ScheduleShow, 'startUtc' | 'endUtc'> {
  /** US Eastern local time with its offset, "2022-03-30T14:00:00-04:00". */
  start: string;
  end: string;
  startUtc: string;
  endUtc: string;
  /** Starts before the current slot plus 90 minutes (spec 2 §4). */
  mobile: boolean;
}

export interface ScheduleWindow {
  /** The Eastern day shown (dt, or today). */
  date: string;
  /** Start of the current 30-minute slot: the window's start. */
  start: Date;
  /** start + 180 minutes (exclusive). */
  end: Date;
  /** start + 90 minutes: entries starting before it are flagged mobile. */
  mobileCutoff: Date;
}

/** The failure a schedule load ended with (spec 2 §8: code, name and message). */
export interface ScheduleFailure {
  code: string;
  name: string;
  message: string;
}

// --- The window ------------------------------------------------------------------------------

/** True for a real calendar day written YYYY-MM-DD (the `dt` parameter). */
export function isScheduleDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The US Eastern day of an instant, YYYY-MM-DD. */
export function easternDate(instant: Date): string {
  return formatInTimeZone(instant, SCHEDULE_TIME_ZONE, 'yyyy-MM-dd');
}

/** An instant written in US Eastern with its offset, "2022-03-30T14:00:00-04:00". */
export function easternTime(instant: Date): string {
  return formatInTimeZone(instant, SCHEDULE_TIME_ZONE, "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/**
 * The 180-minute window for `now`, starting at the current 30-minute slot in US Eastern (the
 * wall-clock time floored to :00 or :30). With `dt` (YYYY-MM-DD) the window is on that day at
 * the same Eastern time of day as `now`: the day the reader picked, at the hour it is now.
 */
export function scheduleWindow(now: Date, dt?: string): ScheduleWindow {
  const date = dt ?? easternDate(now);
  const hours = formatInTimeZone(now, SCHEDULE_TIME_ZONE, 'HH');
  const minutes = Number(formatInTimeZone(now, SCHEDULE_TIME_ZONE, 'mm'));
  const slotMinutes = minutes - (minutes % SCHEDULE_SLOT_MINUTES);
  const start = fromZonedTime(`${date}T${hours}:${String(slotMinutes).padStart(2, '0')}:00`, SCHEDULE_TIME_ZONE);
  return {
    date,
    start,
    end: new Date(start.getTime() + SCHEDULE_WINDOW_MINUTES * MINUTE_MS),
    mobileCutoff: new Date(start.getTime() + SCHEDULE_MOBILE_CUTOFF_MINUTES * MINUTE_MS),
  };
}

/**
 * The shows that overlap the window (any day of the feed: a late-evening window runs past
 * midnight into the next day's shows), in start order, each flagged mobile when it starts before
 * the current slot plus 90 minutes (spec 2 §4). A show already running at the slot start is in.
 */
export function scheduleEntries(days: readonly ScheduleDay[], window: ScheduleWindow): ScheduleEntry[] {
  const from = window.start.getTime();
  const to = window.end.getTime();
  const cutoff = window.mobileCutoff.getTime();
  const seen = new Set<string>();
  return days
    .flatMap((day) => day.shows)
    .filter((show) => Date.parse(show.startUtc) < to && Date.parse(show.endUtc) > from)
    .sort((a, b) => Date.parse(a.startUtc) - Date.parse(b.startUtc))
    .filter((show) => {
      // A feed that lists a show under two days (a slot across midnight) shows it once.
      const key = `${show.startUtc}|${show.title}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((show) => ({
      ...show,
      start: easternTime(new Date(show.startUtc)),
      end: easternTime(new Date(show.endUtc)),
      mobile: Date.parse(show.startUtc) < cutoff,
    }));
}

/** Spec 2 §8: the text of the failure entry, '{code} - {message}'. */
export function scheduleFailureText(failure: ScheduleFailure): string {
  return `${failure.code} - ${failure.message}`;
}

/**
 * Spec 2 §8: when the schedule cannot be loaded, a single 'Live' entry showing '{code} - {message}'
 * and linking to the home page, spanning the whole window (and shown on mobile). `title` is 'Live'
 * in the edition's words (core/isomorphic/ui-text.ts `scheduleFailureTitle`).
 */
export function scheduleFailureEntry(failure: ScheduleFailure, window: ScheduleWindow, title: string): ScheduleEntry {
  return {
    title,
    description: scheduleFailureText(failure),
    link: SCHEDULE_FAILURE_LINK,
    start: easternTime(window.start),
    end: easternTime(window.end),
    startUtc: window.start.toISOString(),
    endUtc: window.end.toISOString(),
    isShow: false,
    hosts: [],
    mobile: true,
  };
}

/** Milliseconds from `now` until the next 30-minute slot starts (when the window moves on). */
export function msUntilNextSlot(now: Date): number {
  const slotStart = scheduleWindow(now).start.getTime();
  return slotStart + SCHEDULE_SLOT_MINUTES * MINUTE_MS - now.getTime();
}
