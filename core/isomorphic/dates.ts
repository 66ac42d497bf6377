/**
 * Date rules shared by the server and the browser (spec 1 §4, §9). Times are shown in US Eastern.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { SITE_TIME_ZONE } from './constants.js';

/** A publication date of all zeros means the article is a draft (spec 1 §4). */
export function isDraftDate(value: string | null | undefined): boolean {
  if (!value) return false;
  return /^0{4}-0{2}-0{2}/.test(value) || /^[0\-:TZ. +]+$/.test(value);
}

/** "MMMM DD, YYYY" (spec 1 §9) with the time, in US Eastern: "March 28, 2022 9:05am EDT". */
export function formatArticleDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatInTimeZone(date, SITE_TIME_ZONE, "MMMM dd, yyyy h:mmaaaaa'm' zzz");
}
