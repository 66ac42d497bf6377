/**
 * A sample that stays current, so a fresh `npm start` has today's news and TV guide. The dataset is written with fixed dates
 * (its newest story is from March 2025, the schedule covers the week of 2022-03-28), which keeps
 * tests deterministic. Started with `now` (npm start passes the start time), the sample upstream
 * moves every date it answers with by whole days instead, so on a fresh start the newest story is
 * from the last day (the news sitemap's 48 hours and the relative time labels have content) and
 * the schedule week is the current one (today's TV guide has shows).
 *
 *   - content (articles, lists, search, layouts, videos, people, shows, playlists): by the whole
 *     days from the newest article to `now`, so that article lands within the day before `now`;
 *   - schedule feeds: by whole weeks, so the sample week becomes the week holding `now` (US Eastern)
 *     and every day keeps its day of the week; bare YYYY-MM-DD values (`day.value`) move too;
 *   - a layout's TV guide day (`dt` of a `tv-schedule` component): today (US Eastern), so the home
 *     page's guide shows today's shows from the moved schedule week;
 *   - a countdown block's end (`endDate`, spec 1 §5): by whole years, to its first occurrence
 *     after `now`, so the New Year countdown on /newyears counts down to the coming New Year;
 *   - live events and live-blog feeds: unchanged (their dates are already the recent ones they
 *     describe, and moving them with the articles would put them in the future).
 *
 * Only the date part of ISO date-times moves, so times and offsets stay exactly as written.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { SITE_TIME_ZONE } from '../../core/isomorphic/constants.js';

const DAY_MS = 86_400_000;
/** An ISO date-time's date part (the time must follow, so ids and slugs with digits never match). */
const DATE_TIME = /\b(\d{4}-\d{2}-\d{2})(?=T\d{2}:\d{2})/g;
/** A whole JSON string that is a bare date. */
const BARE_DATE = /"(\d{4}-\d{2}-\d{2})"/g;
/** A content date-time that is not a countdown's end (those move by years, below). */
const CONTENT_DATE_TIME = /(?<!"endDate"\s*:\s*")\b(\d{4}-\d{2}-\d{2})(?=T\d{2}:\d{2})/g;
/** A countdown block's end (`endDate`): its year, and the rest of the date-time. */
const COUNTDOWN_END = /("endDate"\s*:\s*")(\d{4})(-\d{2}-\d{2}T[^"]*)"/g;
/** A layout's TV guide day (`tv-schedule` model `dt`). */
const GUIDE_DAY = /("dt"\s*:\s*)"\d{4}-\d{2}-\d{2}"/g;

/** The first of `year + n` (n whole) whose date-time `${year}${rest}` comes after `now`; unchanged if it does not parse. */
function nextOccurrence(year: string, rest: string, now: number): string {
  let candidate = Number(year);
  if (Number.isNaN(Date.parse(`${year}${rest}`))) return `${year}${rest}`;
  const nowYear = new Date(now).getUTCFullYear();
  if (candidate < nowYear - 1) candidate = nowYear - 1;
  for (let step = 0; step < 8; step += 1) {
    const at = Date.parse(`${String(candidate).padStart(4, '0')}${rest}`);
    if (!Number.isNaN(at) && at > now) return `${String(candidate).padStart(4, '0')}${rest}`;
    candidate += 1;
  }
  return `${year}${rest}`;
}

function shiftDate(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  return new Date(time + days * DAY_MS).toISOString().slice(0, 10);
}

export interface SampleClock {
  /** Days content dates move forward. */
  readonly contentDays: number;
  /** Days schedule dates move forward (a multiple of 7). */
  readonly scheduleDays: number;
  /** The answer body with its dates moved for a request to `path`. */
  shift(path: string, body: string): string;
}

/**
 * The clock of a sample started at `now`. `newestArticle` is the dataset's newest publication
 * date and `scheduleWeekStart` the first day (YYYY-MM-DD) of the sample schedule week.
 */
export function sampleClock(now: Date, newestArticle: string, scheduleWeekStart: string): SampleClock {
  const contentDays = Math.max(0, Math.floor((now.getTime() - Date.parse(newestArticle)) / DAY_MS));
  const todayDate = formatInTimeZone(now, SITE_TIME_ZONE, 'yyyy-MM-dd');
  const today = Date.parse(`${todayDate}T00:00:00Z`);
  const weeks = Math.floor((today - Date.parse(`${scheduleWeekStart}T00:00:00Z`)) / (7 * DAY_MS));
  const scheduleDays = Math.max(0, weeks) * 7;
  return {
    contentDays,
    scheduleDays,
    shift(path, body) {
      if (path.startsWith('/api/live-event') || path.startsWith('/live-blog/')) return body;
      if (path.startsWith('/schedule/')) {
        return body.replace(DATE_TIME, (date: string) => shiftDate(date, scheduleDays)).replace(BARE_DATE, (_match, date: string) => `"${shiftDate(date, scheduleDays)}"`);
      }
      return body
        .replace(CONTENT_DATE_TIME, (date: string) => shiftDate(date, contentDays))
        .replace(GUIDE_DAY, (_match, key: string) => `${key}"${todayDate}"`)
        .replace(COUNTDOWN_END, (_match, key: string, year: string, rest: string) => `${key}${nextOccurrence(year, rest, now.getTime())}"`);
    },
  };
}
