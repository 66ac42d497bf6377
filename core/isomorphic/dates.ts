/**
 * Date rules shared by the server and the browser (spec 1 §4, §9). Times are shown in US Eastern.
 */
import { boundedMemo } from './bounded-memo.js';
import { SITE_TIME_ZONE } from './constants.js';

/** An instant's date parts, by type, as one formatter writes them in US Eastern. */
export type EasternParts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

/**
 * The parts of an instant in US Eastern from one `Intl.DateTimeFormat`, made on first use and kept:
 * making one costs tens of microseconds, and date-fns-tz made one (or re-derived the zone's
 * offset) on every call. A part that comes twice keeps its last value.
 */
export function easternParts(locale: string | undefined, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): (date: Date) => EasternParts {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: SITE_TIME_ZONE });
    const parts: EasternParts = {};
    for (const { type, value } of format.formatToParts(date)) parts[type] = value;
    return parts;
  };
}

/** A publication date of all zeros means the article is a draft (spec 1 §4). */
export function isDraftDate(value: string | null | undefined): boolean {
  if (!value) return false;
  return /^0{4}-0{2}-0{2}/.test(value) || /^[0\-:TZ. +]+$/.test(value);
}

/**
 * The zone's short name ("EDT", "EST"), as date-fns-tz's `zzz` token writes it (the default
 * locale, timeZoneName 'short'). That token builds a new Intl.DateTimeFormat on every call, which
 * made formatArticleDate ~0.35 ms a call, the costliest step of an article's view model after
 * React itself (a CPU profile of the publish benchmark); one formatter, made once, gives the same name.
 */
const zoneNameParts = easternParts(undefined, { timeZoneName: 'short' });
function shortZoneName(date: Date): string {
  return zoneNameParts(date).timeZoneName ?? '';
}

const spanishParts = easternParts('es', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "1 de marzo de 2026, 18:00 EST": the Spanish edition's date and time, in US Eastern. */
function spanishDateTime(date: Date): string {
  const part = spanishParts(date);
  return `${part.day ?? ''} de ${part.month ?? ''} de ${part.year ?? ''}, ${part.hour ?? ''}:${part.minute ?? ''} ${shortZoneName(date)}`;
}

/**
 * "March 28, 2022 9:05am EDT": the parts of one formatter, made once, zone name included. date-fns-tz's
 * formatInTimeZone, which wrote it before (pattern "MMMM dd, yyyy h:mmaaaaa'm'"), re-derived the
 * zone's offset and re-read its pattern on every call: about 20 µs, 1.8% of a worker's CPU in a
 * full publish (issue 17). dates.test.ts checks the two agree on every hour from 2018 to 2027 and
 * on instants from 1900 to 9999.
 */
const englishParts = easternParts('en-US', { year: 'numeric', month: 'long', day: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' });

function englishDateTime(date: Date): string {
  const part = englishParts(date);
  const period = part.dayPeriod?.toLowerCase() === 'pm' ? 'pm' : 'am';
  return `${part.month ?? ''} ${part.day ?? ''}, ${(part.year ?? '').padStart(4, '0')} ${part.hour ?? ''}:${part.minute ?? ''}${period} ${part.timeZoneName ?? ''}`;
}

/**
 * Article dates by instant (epoch ms), one memo per language. An article's page and its AMP page
 * each show its two dates, and a live blog's updates repeat on every render of it: formatToParts
 * costs a few microseconds, a lookup a tenth of one.
 */
const ENGLISH_DATES = boundedMemo(5_000, (time) => englishDateTime(new Date(Number(time))));
const SPANISH_DATES = boundedMemo(5_000, (time) => spanishDateTime(new Date(Number(time))));

/**
 * "MMMM DD, YYYY" (spec 1 §9) with the time, in US Eastern: "March 28, 2022 9:05am EDT". The
 * Spanish edition (`lang` "es") writes it in Spanish: "28 de marzo de 2022, 09:05 EDT".
 */
export function formatArticleDate(iso: string, lang = 'en'): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  return (lang === 'es' ? SPANISH_DATES : ENGLISH_DATES)(String(time));
}

/**
 * "MMMM DD, YYYY" (spec 1 §9) in US Eastern, without the time: "March 07, 2025" (the print page's
 * date), from the article date's own formatter. date-fns-tz's formatInTimeZone wrote it before,
 * at about 13 µs a call (issue 17); dates.test.ts checks the two agree.
 */
export function formatEasternDate(date: Date): string {
  const part = englishParts(date);
  return `${part.month ?? ''} ${part.day ?? ''}, ${(part.year ?? '').padStart(4, '0')}`;
}
