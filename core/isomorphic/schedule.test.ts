import { describe, expect, it } from 'vitest';
import {
  SCHEDULE_MOBILE_CUTOFF_MINUTES,
  SCHEDULE_SLOT_MINUTES,
  SCHEDULE_WINDOW_MINUTES,
  easternTime,
  isScheduleDate,
  msUntilNextSlot,
  scheduleEntries,
  scheduleFailureEntry,
  scheduleFailureText,
  scheduleWindow,
  type ScheduleDay,
} from './schedule.js';
import { normaliseHosts, parseScheduleDocument } from '../upstream/schedule-feed.js';

/** A feed show on `date` starting at Eastern "HH:MM" (-04:00, the sample week) for `minutes`. */
function feedShow(date: string, hhmm: string, minutes: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const start = new Date(`${date}T${hhmm}:00-04:00`);
  const end = new Date(start.getTime() + minutes * 60_000);
  const utc = (d: Date): string => `${d.toISOString().slice(0, 19)}Z`;
  return {
    title: `Show at ${hhmm}`,
    link: {},
    description: 'About the show',
    'long-description': {},
    'short-description': {},
    start: `${date}T${hhmm}:00-04:00`,
    end: easternTime(end),
    'start-utc': utc(start),
    'end-utc': utc(end),
    'machine-title': `show-${hhmm.replace(':', '')}`,
    'day-of-week': 'Wednesday',
    image: {},
    'feature-image': {},
    'feature-link': {},
    'feature-url': {},
    'feature-description': {},
    'is-show': 'True',
    hosts: { '0': '' },
    ...extra,
  };
}

/** A day filled back to back from 00:00 with the given [HH:MM, minutes] slots. */
function feedDay(date: string, dayOfWeek: string, slots: [string, number][]): Record<string, unknown> {
  return { attributes: { value: date, 'day-of-week': dayOfWeek }, show: slots.map(([hhmm, minutes]) => feedShow(date, hhmm, minutes)) };
}

function days(document: unknown): ScheduleDay[] {
  const parsed = parseScheduleDocument(document);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.days;
}

/** Wednesday of the sample week, hourly from 00:00 with a 3-hour morning block and two 30-minute slots. */
const WEDNESDAY = feedDay('2022-03-30', '3', [
  ['00:00', 360],
  ['06:00', 180],
  ...Array.from({ length: 5 }, (_, i): [string, number] => [`${String(9 + i).padStart(2, '0')}:00`, 60]),
  ['14:00', 30],
  ['14:30', 30],
  ...Array.from({ length: 9 }, (_, i): [string, number] => [`${String(15 + i).padStart(2, '0')}:00`, 60]),
]);
const THURSDAY = feedDay('2022-03-31', '4', [
  ['00:00', 60],
  ['01:00', 60],
  ['02:00', 1320],
]);

const at = (iso: string): Date => new Date(iso);

describe('the schedule window (spec 2 §9)', () => {
  it('is 180 minutes aligned to 30-minute slots with a 90-minute mobile cutoff', () => {
    expect(SCHEDULE_WINDOW_MINUTES).toBe(180);
    expect(SCHEDULE_SLOT_MINUTES).toBe(30);
    expect(SCHEDULE_MOBILE_CUTOFF_MINUTES).toBe(90);
  });

  it.each([
    ['2022-03-30T14:00:00-04:00', '2022-03-30T14:00:00-04:00'],
    ['2022-03-30T14:00:01-04:00', '2022-03-30T14:00:00-04:00'],
    ['2022-03-30T14:29:59-04:00', '2022-03-30T14:00:00-04:00'],
    ['2022-03-30T14:30:00-04:00', '2022-03-30T14:30:00-04:00'],
    ['2022-03-30T14:59:59.999-04:00', '2022-03-30T14:30:00-04:00'],
    ['2022-03-30T00:10:00-04:00', '2022-03-30T00:00:00-04:00'],
    ['2022-03-30T23:45:00-04:00', '2022-03-30T23:30:00-04:00'],
  ])('at %s starts at the slot %s', (now, start) => {
    const window = scheduleWindow(at(now));
    expect(easternTime(window.start)).toBe(start);
    expect(window.end.getTime() - window.start.getTime()).toBe(180 * 60_000);
    expect(window.mobileCutoff.getTime() - window.start.getTime()).toBe(90 * 60_000);
  });

  it('takes the day in US Eastern, not UTC', () => {
    // 02:10 UTC on the 31st is 22:10 Eastern on the 30th.
    const window = scheduleWindow(at('2022-03-31T02:10:00Z'));
    expect(window.date).toBe('2022-03-30');
    expect(easternTime(window.start)).toBe('2022-03-30T22:00:00-04:00');
    expect(easternTime(window.end)).toBe('2022-03-31T01:00:00-04:00');
  });

  it('uses the zone, not a fixed -04:00: standard time and the DST change day', () => {
    expect(easternTime(scheduleWindow(at('2022-01-12T15:40:00Z')).start)).toBe('2022-01-12T10:30:00-05:00');
    // 2022-03-13: clocks go from 02:00 EST to 03:00 EDT; the window spans the change.
    const window = scheduleWindow(at('2022-03-13T06:45:00Z'));
    expect(easternTime(window.start)).toBe('2022-03-13T01:30:00-05:00');
    expect(easternTime(window.end)).toBe('2022-03-13T05:30:00-04:00');
  });

  it('with dt shows that day at the current Eastern time of day (spec 2 §2)', () => {
    const window = scheduleWindow(at('2025-06-10T14:10:00-04:00'), '2022-03-30');
    expect(window.date).toBe('2022-03-30');
    expect(easternTime(window.start)).toBe('2022-03-30T14:00:00-04:00');
    expect(easternTime(window.end)).toBe('2022-03-30T17:00:00-04:00');
    // The same hour in winter keeps its wall-clock time on a summer day.
    expect(easternTime(scheduleWindow(at('2025-01-10T19:35:00Z'), '2022-03-30').start)).toBe('2022-03-30T14:30:00-04:00');
  });

  it('counts the time until the next slot', () => {
    expect(msUntilNextSlot(at('2022-03-30T14:29:30-04:00'))).toBe(30_000);
    expect(msUntilNextSlot(at('2022-03-30T14:30:00-04:00'))).toBe(30 * 60_000);
  });

  it.each([
    ['2022-03-30', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2022-13-01', false],
    ['2022-3-30', false],
    ['20220330', false],
    ['1999-12-31', false],
    ['', false],
  ])('dt %j is a schedule day: %s', (value, ok) => {
    expect(isScheduleDate(value)).toBe(ok);
  });
});

describe('the entries of a window (spec 2 §4)', () => {
  const week = days({ day: [WEDNESDAY, THURSDAY] });

  it('lists the shows overlapping the window, a running show included, flagged mobile before slot + 90 minutes', () => {
    const window = scheduleWindow(at('2022-03-30T12:40:00-04:00'));
    const entries = scheduleEntries(week, window);
    // 12:30 to 15:30, cutoff 14:00: the 12:00 show is running; 15:00 starts before the end;
    // 15:30 is not in.
    expect(entries.map((entry) => [entry.start, entry.mobile])).toEqual([
      ['2022-03-30T12:00:00-04:00', true],
      ['2022-03-30T13:00:00-04:00', true],
      ['2022-03-30T14:00:00-04:00', false],
      ['2022-03-30T14:30:00-04:00', false],
      ['2022-03-30T15:00:00-04:00', false],
    ]);
  });

  it('puts the cutoff exactly at slot + 90: a show starting then is not mobile', () => {
    // Slot 13:00, cutoff 14:30: the 30-minute 14:00 slot is in, the 14:30 one is not.
    const window = scheduleWindow(at('2022-03-30T13:00:00-04:00'));
    const entries = scheduleEntries(week, window);
    expect(entries.map((entry) => [entry.start.slice(11, 16), entry.mobile])).toEqual([
      ['13:00', true],
      ['14:00', true],
      ['14:30', false],
      ['15:00', false],
    ]);
  });

  it('includes a long morning block that started before the slot', () => {
    const entries = scheduleEntries(week, scheduleWindow(at('2022-03-30T07:05:00-04:00')));
    expect(entries.map((entry) => [entry.start.slice(11, 16), entry.end.slice(11, 16), entry.mobile])).toEqual([
      ['06:00', '09:00', true],
      ['09:00', '10:00', false],
    ]);
  });

  it('runs past midnight into the next day', () => {
    const entries = scheduleEntries(week, scheduleWindow(at('2022-03-30T22:30:00-04:00')));
    expect(entries.map((entry) => entry.start)).toEqual([
      '2022-03-30T22:00:00-04:00',
      '2022-03-30T23:00:00-04:00',
      '2022-03-31T00:00:00-04:00',
      '2022-03-31T01:00:00-04:00',
    ]);
    // Slot 22:30 + 90 minutes = midnight: the 00:00 show is not before the cutoff.
    expect(entries.map((entry) => entry.mobile)).toEqual([true, true, false, false]);
  });

  it('has no entries on a day the feed does not cover', () => {
    expect(scheduleEntries(week, scheduleWindow(at('2025-06-10T14:10:00-04:00')))).toEqual([]);
  });

  it('chooses the day with dt', () => {
    const entries = scheduleEntries(week, scheduleWindow(at('2025-06-10T01:10:00-04:00'), '2022-03-31'));
    expect(entries.map((entry) => entry.start)).toEqual(['2022-03-31T01:00:00-04:00', '2022-03-31T02:00:00-04:00']);
  });
});

describe('the feed quirks (spec 2 §3)', () => {
  it.each([
    [{ name: 'Alan Price' }, ['Alan Price']],
    [{ name: ['Jenna Cole', 'Marcus Hill'] }, ['Jenna Cole', 'Marcus Hill']],
    [{ '0': '' }, []],
    [{}, []],
    [{ name: {} }, []],
    [{ name: ['', ' Kim Tran '] }, ['Kim Tran']],
    [undefined, []],
  ])('hosts %j -> %j', (hosts, names) => {
    expect(normaliseHosts(hosts)).toEqual(names);
    const [day] = days({ day: [{ attributes: { value: '2022-03-30', 'day-of-week': '3' }, show: [feedShow('2022-03-30', '10:00', 60, { hosts })] }] });
    expect(day?.shows[0]?.hosts).toEqual(names);
  });

  it('turns {} into an absent value and keeps strings, link as a URL or {}', () => {
    const [day] = days({
      day: [
        {
          attributes: { value: '2022-03-30', 'day-of-week': '3' },
          show: [
            feedShow('2022-03-30', '10:00', 60, {
              link: 'https://www.foxnews.com/shows/the-story',
              'feature-link': 'Show Page',
              'feature-url': 'https://www.foxnews.com/shows/the-story',
              'feature-description': 'Short feature',
              'machine-title': 'the-story',
              hosts: { name: 'Helen Vance' },
            }),
            feedShow('2022-03-30', '11:00', 60, { title: 'Paid Programming', 'machine-title': 'paid-program', description: {} }),
          ],
        },
      ],
    });
    expect(day?.dayOfWeek).toBe(3);
    expect(day?.shows[0]).toEqual({
      title: 'Show at 10:00',
      link: 'https://www.foxnews.com/shows/the-story',
      description: 'About the show',
      startUtc: '2022-03-30T14:00:00.000Z',
      endUtc: '2022-03-30T15:00:00.000Z',
      machineTitle: 'the-story',
      dayOfWeek: 'Wednesday',
      featureLink: 'Show Page',
      featureUrl: 'https://www.foxnews.com/shows/the-story',
      featureDescription: 'Short feature',
      isShow: true,
      hosts: ['Helen Vance'],
    });
    expect(day?.shows[1]).toEqual({
      title: 'Paid Programming',
      startUtc: '2022-03-30T15:00:00.000Z',
      endUtc: '2022-03-30T16:00:00.000Z',
      machineTitle: 'paid-program',
      dayOfWeek: 'Wednesday',
      isShow: true,
      hosts: [],
    });
    expect(Object.values(day?.shows[1] ?? {})).not.toContain(null);
  });

  it('skips a show off the contract and keeps the rest', () => {
    const parsed = parseScheduleDocument({
      day: [
        {
          attributes: { value: '2022-03-30', 'day-of-week': 3 },
          show: [
            feedShow('2022-03-30', '10:00', 60),
            feedShow('2022-03-30', '11:00', 60, { 'start-utc': null }),
            feedShow('2022-03-30', '12:00', 60, { link: { href: 'x' } }),
            feedShow('2022-03-30', '13:00', 60, { 'end-utc': '2022-03-30T16:00:00Z' }),
          ],
        },
      ],
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.days[0]?.shows.map((show) => show.title)).toEqual(['Show at 10:00']);
    expect(parsed.skipped.map((skip) => skip.path)).toEqual(['day.0.show.1', 'day.0.show.2', 'day.0.show.3']);
  });

  it('reads a lone show given as an object, and an empty day', () => {
    const parsed = days({
      day: [
        { attributes: { value: '2022-03-30', 'day-of-week': '3' }, show: feedShow('2022-03-30', '10:00', 60) },
        { attributes: { value: '2022-03-31', 'day-of-week': '4' }, show: {} },
      ],
    });
    expect(parsed.map((day) => day.shows.length)).toEqual([1, 0]);
  });

  it.each([
    [null, '(root)'],
    [{}, 'day'],
    [{ day: {} }, 'day'],
    [{ day: [{ attributes: { value: '30/03/2022', 'day-of-week': '3' }, show: [] }] }, 'day.0.attributes.value'],
    [{ day: [{ attributes: { value: '2022-03-30', 'day-of-week': '7' }, show: [] }] }, 'day.0.attributes.day-of-week'],
  ])('refuses a body that is not a schedule document: %j', (body, where) => {
    const parsed = parseScheduleDocument(body);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(where);
  });
});

describe('the failure entry (spec 2 §8)', () => {
  const failure = { code: 'UPSTREAM_UNAVAILABLE', name: 'PlatformError', message: 'The schedule is unavailable right now' };

  it("shows '{code} - {message}'", () => {
    expect(scheduleFailureText(failure)).toBe('UPSTREAM_UNAVAILABLE - The schedule is unavailable right now');
    expect(scheduleFailureText({ code: 'ERR_BAD_RESPONSE', name: 'AxiosError', message: 'Request failed with status code 500' })).toBe(
      'ERR_BAD_RESPONSE - Request failed with status code 500',
    );
  });

  it("is a single 'Live' entry linking to the home page over the whole window", () => {
    const window = scheduleWindow(at('2022-03-30T14:10:00-04:00'));
    expect(scheduleFailureEntry(failure, window, 'Live')).toEqual({
      title: 'Live',
      description: 'UPSTREAM_UNAVAILABLE - The schedule is unavailable right now',
      link: '/',
      start: '2022-03-30T14:00:00-04:00',
      end: '2022-03-30T17:00:00-04:00',
      startUtc: '2022-03-30T18:00:00.000Z',
      endUtc: '2022-03-30T21:00:00.000Z',
      isShow: false,
      hosts: [],
      mobile: true,
    });
  });
});
