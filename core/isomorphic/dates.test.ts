import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { easternDay } from './relative-time.js';
import { SITE_TIME_ZONE } from './constants.js';
import { formatArticleDate, formatEasternDate, isDraftDate } from './dates.js';

/** What the article page wrote before (date-fns-tz), and still the spec's pattern (spec 1 §9). */
function dateFnsArticleDate(date: Date): string {
  return formatInTimeZone(date, SITE_TIME_ZONE, "MMMM dd, yyyy h:mmaaaaa'm' zzz");
}

/** Every third hour from 2018 to 2027 at a moving minute (both DST changes of every year), and 3,000 instants from year 1900 to 9999. */
function instants(): Date[] {
  const all: Date[] = [];
  const start = Date.UTC(2018, 0, 1);
  const end = Date.UTC(2028, 0, 1);
  for (let i = 0, t = start; t < end; i += 1, t = start + i * 3 * 3_600_000) all.push(new Date(t + (i % 60) * 60_000));
  const first = Date.UTC(1900, 0, 1);
  const last = Date.UTC(9999, 11, 31);
  for (let i = 0; i < 3000; i += 1) all.push(new Date(first + Math.floor(((last - first) * i) / 3000) + i * 61_000));
  return all;
}

describe('formatArticleDate', () => {
  it('writes "March 28, 2022 9:05am EDT" in US Eastern', () => {
    expect(formatArticleDate('2022-03-28T13:05:00Z')).toBe('March 28, 2022 9:05am EDT');
    expect(formatArticleDate('2025-01-01T05:00:00Z')).toBe('January 01, 2025 12:00am EST');
    expect(formatArticleDate('2025-07-04T16:30:00Z')).toBe('July 04, 2025 12:30pm EDT');
    expect(formatArticleDate('2026-03-01T23:00:00Z', 'es')).toBe('1 de marzo de 2026, 18:00 EST');
    expect(formatArticleDate('not a date')).toBe('');
  });

  it('gives the text date-fns-tz gave for every instant tried, across every DST change', () => {
    const differing: string[] = [];
    for (const date of instants()) {
      const iso = date.toISOString();
      if (formatArticleDate(iso) !== dateFnsArticleDate(date)) differing.push(`${iso}: ${formatArticleDate(iso)} vs ${dateFnsArticleDate(date)}`);
    }
    expect(differing.slice(0, 5)).toEqual([]);
  });
});

describe('formatEasternDate', () => {
  it('writes "March 07, 2025" in US Eastern, where 03:30 UTC is still the day before', () => {
    expect(formatEasternDate(new Date('2025-03-08T03:30:00Z'))).toBe('March 07, 2025');
    expect(formatEasternDate(new Date('2025-03-08T05:00:00Z'))).toBe('March 08, 2025');
  });

  it('gives the text date-fns-tz gave as MMMM dd, yyyy for every instant tried', () => {
    const differing = instants()
      .map((date) => [date.toISOString(), formatEasternDate(date), formatInTimeZone(date, SITE_TIME_ZONE, 'MMMM dd, yyyy')] as const)
      .filter(([, mine, theirs]) => mine !== theirs);
    expect(differing.slice(0, 5)).toEqual([]);
  });
});

describe('the print page date value', () => {
  it('is the US Eastern day date-fns-tz gave as yyyy-MM-dd, for every instant tried', () => {
    const differing = instants()
      .map((date) => [date.toISOString(), easternDay(date.toISOString()), formatInTimeZone(date, SITE_TIME_ZONE, 'yyyy-MM-dd')] as const)
      .filter(([, mine, theirs]) => mine !== theirs);
    expect(differing.slice(0, 5)).toEqual([]);
  });
});

describe('isDraftDate', () => {
  it('knows an all-zero date', () => {
    expect(isDraftDate('0000-00-00T00:00:00Z')).toBe(true);
    expect(isDraftDate('2025-03-08T03:30:00Z')).toBe(false);
    expect(isDraftDate(undefined)).toBe(false);
  });
});
