/**
 * Time labels of article lists (spec 1 §4 "Time label", §9 "Relative time"). Pure and isomorphic:
 * the server stores the absolute date (pages must be deterministic) and the browser island
 * applies `relativeTimeLabel` with its own clock.
 */
import { boundedMemo } from './bounded-memo.js';
import { SITE_TIME_ZONE } from './constants.js';
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
 */
export function relativeTimeLabel(value: Date | string, now: Date, lang = 'en'): string {
  const date = toDate(value);
  if (date === null) return '';
  const text: UiText = uiText(siteForLang(lang));
  const minutes = Math.floor((now.getTime() - date.getTime()) / MINUTE_MS);
  if (minutes < RELATIVE_TIME_LIMITS.justIn) return text.justIn;
  if (minutes < RELATIVE_TIME_LIMITS.minutes) return ago(minutes, text.minuteAgo, text.minutesAgo);
  if (minutes < RELATIVE_TIME_LIMITS.hours) return ago(Math.floor(minutes / 60), text.hourAgo, text.hoursAgo);
  if (minutes < RELATIVE_TIME_LIMITS.days) return ago(Math.floor(minutes / 1440), text.dayAgo, text.daysAgo);
  if (siteForLang(lang) === 'es') return spanishDateLabel(date, minutes < RELATIVE_TIME_LIMITS.sameYear);
  if (minutes < RELATIVE_TIME_LIMITS.sameYear) {
    const { month, day } = englishDateParts(date);
    return `${month} ${day}`;
  }
  return absoluteDateLabel(date);
}

let spanishFormat: Intl.DateTimeFormat | undefined;

/** "1 de marzo" (within a year) or "1 de marzo de 2025", US Eastern. */
function spanishDateLabel(date: Date, withinYear: boolean): string {
  spanishFormat ??= new Intl.DateTimeFormat('es', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: 'long', day: 'numeric' });
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of spanishFormat.formatToParts(date)) part[type] = value;
  const dayMonth = `${part.day ?? ''} de ${part.month ?? ''}`;
  return withinYear ? dayMonth : `${dayMonth} de ${part.year ?? ''}`;
}

/**
 * One formatter for the English labels, made once: date-fns-tz's formatInTimeZone re-derives the
 * zone offset and re-parses the pattern on every call (~20 µs), and a front labels every item it
 * lists (a CPU profile of the publish benchmark). Intl alone also keeps date-fns out of the
 * browser chunks that label times: evaluating it cost a phone tens of milliseconds of main thread
 * on every front (docs/adr/0039-main-thread-at-page-load.md). English month names, as date-fns writes them.
 */
let absoluteFormat: Intl.DateTimeFormat | undefined;

/**
 * Labels by edition and instant: every front that lists an item labels it again, and
 * formatToParts costs microseconds (ADR 0031).
 */
const ABSOLUTE_LABELS = {
  en: boundedMemo(20_000, (epochMs) => englishDateLabel(new Date(Number(epochMs)))),
  es: boundedMemo(20_000, (epochMs) => spanishDateLabel(new Date(Number(epochMs)), false)),
};

/** "Month D, YYYY" in US Eastern: what stored HTML shows before the island relabels it ("D de mes de YYYY" for es). */
export function absoluteDateLabel(value: Date | string, lang = 'en'): string {
  const date = toDate(value);
  if (date === null) return '';
  return ABSOLUTE_LABELS[siteForLang(lang) === 'es' ? 'es' : 'en'](String(date.getTime()));
}

function englishDateParts(date: Date): { month: string; day: string; year: string } {
  absoluteFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: 'long', day: 'numeric' });
  let month = '';
  let day = '';
  let year = '';
  for (const part of absoluteFormat.formatToParts(date)) {
    if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
    else if (part.type === 'year') year = part.value;
  }
  // Four digits at least, as the pattern 'yyyy' writes a year.
  return { month, day, year: year.padStart(4, '0') };
}

function englishDateLabel(date: Date): string {
  const { month, day, year } = englishDateParts(date);
  return `${month} ${day}, ${year}`;
}
