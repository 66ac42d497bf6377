import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { SITE_TIME_ZONE } from './constants.js';
import { absoluteDateLabel, easternDay, easternYear, relativeTimeLabel, weekdayDateLabel } from './relative-time.js';

const NOW = new Date('2026-03-01T17:00:00Z'); // noon US Eastern (EST)
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('relativeTimeLabel (spec 1 §4, §9)', () => {
  it('reads "just in" under 1 minute, and for a date in the future', () => {
    expect(relativeTimeLabel(minutesAgo(0), NOW)).toBe('just in');
    expect(relativeTimeLabel(new Date(NOW.getTime() - 59_999), NOW)).toBe('just in');
    expect(relativeTimeLabel(minutesAgo(-5), NOW)).toBe('just in');
  });

  it('counts minutes from 1 to 59 ("N min(s) ago")', () => {
    expect(relativeTimeLabel(minutesAgo(1), NOW)).toBe('1 min ago');
    expect(relativeTimeLabel(minutesAgo(2), NOW)).toBe('2 mins ago');
    expect(relativeTimeLabel(minutesAgo(59), NOW)).toBe('59 mins ago');
  });

  it('counts hours from 60 to 1439 minutes', () => {
    expect(relativeTimeLabel(minutesAgo(60), NOW)).toBe('1 hour ago');
    expect(relativeTimeLabel(minutesAgo(119), NOW)).toBe('1 hour ago');
    expect(relativeTimeLabel(minutesAgo(120), NOW)).toBe('2 hours ago');
    expect(relativeTimeLabel(minutesAgo(1439), NOW)).toBe('23 hours ago');
  });

  it('counts days from 1440 to 10079 minutes', () => {
    expect(relativeTimeLabel(minutesAgo(1440), NOW)).toBe('1 day ago');
    expect(relativeTimeLabel(minutesAgo(2880), NOW)).toBe('2 days ago');
    expect(relativeTimeLabel(minutesAgo(10079), NOW)).toBe('6 days ago');
  });

  it('shows "Month D" from 10080 minutes and "Month D, YYYY" from 525600, in US Eastern', () => {
    expect(relativeTimeLabel(minutesAgo(10080), NOW)).toBe('February 22');
    expect(relativeTimeLabel(minutesAgo(525599), NOW)).toBe('March 1');
    expect(relativeTimeLabel(minutesAgo(525600), NOW)).toBe('March 1, 2025');
    // 03:30 UTC on March 2 is still March 1 in New York.
    expect(relativeTimeLabel('2024-03-02T03:30:00Z', NOW)).toBe('March 1, 2024');
  });

  it('gives "" for an unparsable date', () => {
    expect(relativeTimeLabel('not a date', NOW)).toBe('');
    expect(absoluteDateLabel('not a date')).toBe('');
  });
});

describe('absoluteDateLabel', () => {
  it('is "Month D, YYYY" in US Eastern', () => {
    expect(absoluteDateLabel('2026-02-28T13:05:00Z')).toBe('February 28, 2026');
    expect(absoluteDateLabel('2026-03-01T04:00:00Z')).toBe('February 28, 2026');
  });
});

describe('weekdayDateLabel', () => {
  it('names the US Eastern day with its weekday, as date-fns and Intl write it, in both editions', () => {
    expect(weekdayDateLabel('2026-03-01T12:00:00Z')).toBe('Sunday, March 1, 2026');
    expect(weekdayDateLabel('2026-03-01T12:00:00Z', 'es')).toBe('domingo, 1 de marzo de 2026');
    // 03:30 UTC on November 28 is still Friday, November 27 in New York.
    expect(weekdayDateLabel('2026-11-28T03:30:00Z')).toBe('Friday, November 27, 2026');
    expect(weekdayDateLabel('2026-11-28T03:30:00Z', 'es')).toBe('viernes, 27 de noviembre de 2026');
    for (let day = 0; day < 14; day += 1) {
      const date = new Date(Date.UTC(2026, 0, 1 + day * 29, 15));
      expect(weekdayDateLabel(date)).toBe(formatInTimeZone(date, SITE_TIME_ZONE, 'EEEE, MMMM d, yyyy'));
      expect(weekdayDateLabel(date, 'es')).toBe(new Intl.DateTimeFormat('es', { timeZone: SITE_TIME_ZONE, dateStyle: 'full' }).format(date));
    }
    expect(weekdayDateLabel('not a date')).toBe('');
  });
});

describe('relativeTimeLabel in Spanish', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const before = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('labels the Spanish edition in Spanish at every threshold', () => {
    expect(relativeTimeLabel(before(0), now, 'es')).toBe('ahora mismo');
    expect(relativeTimeLabel(before(1), now, 'es')).toBe('hace 1 min');
    expect(relativeTimeLabel(before(5), now, 'es')).toBe('hace 5 min');
    expect(relativeTimeLabel(before(60), now, 'es')).toBe('hace 1 hora');
    expect(relativeTimeLabel(before(180), now, 'es')).toBe('hace 3 horas');
    expect(relativeTimeLabel(before(1440), now, 'es')).toBe('hace 1 día');
    expect(relativeTimeLabel(before(2880), now, 'es')).toBe('hace 2 días');
    expect(relativeTimeLabel('2026-01-12T15:00:00Z', now, 'es')).toBe('12 de enero');
    expect(relativeTimeLabel('2024-01-12T15:00:00Z', now, 'es')).toBe('12 de enero de 2024');
    expect(absoluteDateLabel('2024-01-12T15:00:00Z', 'es')).toBe('12 de enero de 2024');
  });

  it('keeps the English labels for any other language', () => {
    expect(relativeTimeLabel(before(5), now, 'en')).toBe('5 mins ago');
    expect(relativeTimeLabel(before(5), now, 'fr')).toBe('5 mins ago');
  });
});

describe('absoluteDateLabel outside the usual years', () => {
  it('writes the year with four digits at least, as before', () => {
    expect(absoluteDateLabel('0999-06-15T17:00:00Z')).toBe('June 15, 0999');
    expect(absoluteDateLabel('+012026-06-15T17:00:00Z')).toBe('June 15, 12026');
  });
});

describe('relativeTimeLabel with the stored US Eastern day (ADR 0039)', () => {
  it('names the day the page stored for a week or more, in both editions', () => {
    // 03:30 UTC on March 2 is March 1 in New York: the stored day says so.
    expect(easternDay('2024-03-02T03:30:00Z')).toBe('2024-03-01');
    expect(relativeTimeLabel('2024-03-02T03:30:00Z', NOW, 'en', '2024-03-01')).toBe('March 1, 2024');
    expect(relativeTimeLabel('2026-02-10T12:00:00Z', NOW, 'en', '2026-02-10')).toBe('February 10');
    expect(relativeTimeLabel('2026-02-10T12:00:00Z', NOW, 'es', '2026-02-10')).toBe('10 de febrero');
    // The stored day is what is named (it is the server's US Eastern day of the instant).
    expect(relativeTimeLabel('2026-02-10T12:00:00Z', NOW, 'en', '2026-02-11')).toBe('February 11');
  });

  it('works the day out itself from a missing or malformed stored day, and ignores it under a week', () => {
    expect(relativeTimeLabel('2026-02-10T12:00:00Z', NOW, 'en', 'yesterday')).toBe('February 10');
    expect(relativeTimeLabel('2026-02-10T12:00:00Z', NOW, 'en', '2026-13-40')).toBe('February 10');
    expect(relativeTimeLabel('2026-02-10T12:00:00Z', NOW, 'en', '2026-02-31')).toBe('February 10');
    expect(relativeTimeLabel(minutesAgo(5), NOW, 'en', '1999-01-01')).toBe('5 mins ago');
    expect(easternDay('not a date')).toBe('');
  });
});

describe('easternYear (the footer copyright year, spec 1 §9)', () => {
  it('turns at midnight in US Eastern, not UTC, to the millisecond', () => {
    expect(easternYear(new Date('2027-01-01T04:59:59.999Z'))).toBe(2026);
    expect(easternYear(new Date('2027-01-01T05:00:00.000Z'))).toBe(2027);
    expect(easternYear(new Date('2026-12-31T23:59:00.000Z'))).toBe(2026);
  });

  it('agrees with date-fns-tz at every minute around a new year', () => {
    const start = Date.parse('2027-01-01T04:00:00Z');
    for (let minute = 0; minute < 120; minute += 1) {
      const at = new Date(start + minute * 60_000 + 59_999);
      expect(easternYear(at), at.toISOString()).toBe(Number(formatInTimeZone(at, SITE_TIME_ZONE, 'yyyy')));
    }
  });
});
