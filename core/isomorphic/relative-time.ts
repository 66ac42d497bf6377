/**
 * Time labels of article lists (spec 1 §4 "Time label", §9 "Relative time"). Pure and isomorphic:
 * the server stores the absolute date (pages must be deterministic) and the browser island
 * applies `relativeTimeLabel` with its own clock.
 */
import { boundedMemo } from './bounded-memo.js';
import { easternParts } from './dates.js';
import { fillText, siteForLang, uiText, type UiText } from './ui-text.js';

/** Minute thresholds of spec 1 §9: 1 min, 60 min, 1440 min (a day), 10080 (a week), 525600 (a year). */
export const RELATIVE_TIME_LIMITS = { justIn: 1, minutes: 60, hours: 1440, days: 10080, sameYear: 525600 } as const;

const MINUTE_MS = 60_000;

function toDate(value: Date | string): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function ago(count: number, one: string, many: string): string {
  return fillText(count === 1 ? one : many, { n: count });
}

/**
 * "just in" under 1 minute; "N min(s) ago" under 60; "N hour(s) ago" under 1440; "N day(s) ago"
 * under 10080; "Month D" under 525600; otherwise "Month D, YYYY" (US Eastern). A date in the
 * future (clock skew) reads "just in"; an unparsable one gives "". `lang` "es" gives the Spanish
 * edition's labels ("hace 5 min", "1 de marzo", "1 de marzo de 2025").
 *
 * `day` is the instant's calendar day in US Eastern as the stored page wrote it (`easternDay`,
 * "YYYY-MM-DD"). With it the browser names the day from the month tables below and never creates
 * an `Intl.DateTimeFormat`: the first one a page creates loads the ICU data, 25-35 ms of main
 * thread on this machine and several times that on a phone (docs/adr/0039-main-thread-at-page-load.md).
 */
export function relativeTimeLabel(value: Date | string, now: Date, lang = 'en', day?: string): string {
  const date = toDate(value);
  if (date === null) return '';
  const site = siteForLang(lang);
  const text: UiText = uiText(site);
  const minutes = Math.floor((now.getTime() - date.getTime()) / MINUTE_MS);
  if (minutes < RELATIVE_TIME_LIMITS.justIn) return text.justIn;
  if (minutes < RELATIVE_TIME_LIMITS.minutes) return ago(minutes, text.minuteAgo, text.minutesAgo);
  if (minutes < RELATIVE_TIME_LIMITS.hours) return ago(Math.floor(minutes / 60), text.hourAgo, text.hoursAgo);
  if (minutes < RELATIVE_TIME_LIMITS.days) return ago(Math.floor(minutes / 1440), text.dayAgo, text.daysAgo);
  const calendar = (day === undefined ? null : parseDay(day)) ?? easternCalendarDay(date);
  return dayLabel(calendar, site === 'es' ? 'es' : 'en', minutes >= RELATIVE_TIME_LIMITS.sameYear);
}

/** A calendar day; month 1-12. */
interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** Month names as Intl's long month writes them for en-US and es (and date-fns for English). */
const MONTH_NAMES = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
} as const;

/** Weekday names as Intl's long weekday writes them for en-US and es (and date-fns 'EEEE' for English), Sunday first as getUTCDay counts. */
const WEEKDAY_NAMES = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  es: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
} as const;

/** "March 1" / "March 1, 2025"; "1 de marzo" / "1 de marzo de 2025". English years have four digits at least, as 'yyyy' wrote them. */
function dayLabel({ year, month, day }: CalendarDay, lang: 'en' | 'es', withYear: boolean): string {
  const name = MONTH_NAMES[lang][month - 1] ?? '';
  if (lang === 'es') return withYear ? `${day} de ${name} de ${year}` : `${day} de ${name}`;
  return withYear ? `${name} ${day}, ${String(year).padStart(4, '0')}` : `${name} ${day}`;
}

const DAY_PATTERN = /^(\d{4,6})-(\d{2})-(\d{2})$/;

function parseDay(text: string): CalendarDay | null {
  const match = DAY_PATTERN.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // A real calendar day only: "2026-02-31" is refused, not named "February 31".
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : null;
}

/**
 * One formatter, made once: date-fns-tz's formatInTimeZone re-derives the zone offset and
 * re-parses the pattern on every call (~20 µs), and a front labels every item it lists (a CPU
 * profile of the publish benchmark).
 */
const easternDayParts = easternParts('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' });

function easternCalendarDay(date: Date): CalendarDay {
  const parts = easternDayParts(date);
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** The calendar day of an instant in US Eastern, "YYYY-MM-DD": what the stored page gives `relativeTimeLabel` as `day`. */
export function easternDay(value: Date | string): string {
  const date = toDate(value);
  if (date === null) return '';
  const { year, month, day } = EASTERN_DAYS(String(date.getTime()));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** By instant: every front that lists an item labels it again, and formatToParts costs microseconds (ADR 0031). */
const EASTERN_DAYS = boundedMemo(20_000, (epochMs) => Object.freeze(easternCalendarDay(new Date(Number(epochMs)))));

/**
 * The year in US Eastern at an instant: the footer's copyright year, asked with every render's
 * own clock. By the minute, so renders share it: every time zone's day starts on a whole minute.
 */
export function easternYear(value: Date): number {
  return EASTERN_DAYS(String(Math.floor(value.getTime() / 60_000) * 60_000)).year;
}

/** "Month D, YYYY" in US Eastern: what stored HTML shows before the island relabels it ("D de mes de YYYY" for es). */
export function absoluteDateLabel(value: Date | string, lang = 'en'): string {
  const date = toDate(value);
  if (date === null) return '';
  return dayLabel(EASTERN_DAYS(String(date.getTime())), siteForLang(lang) === 'es' ? 'es' : 'en', true);
}

/**
 * "Sunday, March 1, 2026" in US Eastern (as date-fns wrote 'EEEE, MMMM d, yyyy'); "domingo, 1 de
 * marzo de 2026" for es: a date title bar's day. Case is left to the page's CSS.
 */
export function weekdayDateLabel(value: Date | string, lang = 'en'): string {
  const date = toDate(value);
  if (date === null) return '';
  const calendar = EASTERN_DAYS(String(date.getTime()));
  const language = siteForLang(lang) === 'es' ? 'es' : 'en';
  // The calendar day's weekday, counted in UTC so no zone moves it (setUTCFullYear keeps years below 100).
  const day = new Date(0);
  day.setUTCFullYear(calendar.year, calendar.month - 1, calendar.day);
  return `${WEEKDAY_NAMES[language][day.getUTCDay()] ?? ''}, ${dayLabel(calendar, language, true)}`;
}
