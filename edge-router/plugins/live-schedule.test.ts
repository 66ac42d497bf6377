/**
 * GET /api/schedule end to end: the edge app through `app.inject()`, a real fs store, and the real
 * sample upstream on a free port serving the bundled sample week (with its fault switch for
 * upstream failures). The clock is the live cache's clock, set per test.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { parseScheduleDocument } from '../../core/upstream/schedule-feed.js';
import { createLogger } from '../../core/logger.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { useLiveEndpointFixture } from '../../tests/support/live-endpoint.js';
import { buildEdgeApp } from '../app.js';
import { parseScheduleQuery, withSafeUrls } from './live-schedule.js';

const entrySchema = z.strictObject({
  title: z.string(),
  link: z.string().optional(),
  description: z.string().optional(),
  longDescription: z.string().optional(),
  shortDescription: z.string().optional(),
  start: z.string(),
  end: z.string(),
  startUtc: z.string(),
  endUtc: z.string(),
  machineTitle: z.string().optional(),
  dayOfWeek: z.string().optional(),
  image: z.string().optional(),
  featureImage: z.string().optional(),
  featureLink: z.string().optional(),
  featureUrl: z.string().optional(),
  featureDescription: z.string().optional(),
  isShow: z.boolean(),
  hosts: z.array(z.string()),
  mobile: z.boolean(),
});
const bodySchema = z.strictObject({
  channel: z.enum(['news', 'business']),
  date: z.string(),
  window: z.strictObject({ start: z.string(), end: z.string(), mobileCutoff: z.string() }),
  entries: z.array(entrySchema),
});
const errorSchema = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) });

let upstream: RunningSampleUpstream;
let store: ObjectStore;
const apps: FastifyInstance[] = [];

useLiveEndpointFixture(
  'edge-live-schedule',
  (fixture) => {
    ({ upstream, store } = fixture);
  },
  apps,
);

interface Harness {
  app: FastifyInstance;
  /** Upstream schedule feed URLs the app fetched. */
  calls: URL[];
  advance: (ms: number) => void;
}

/** An edge app whose clock starts at `start` (ISO with offset). */
async function harness(start: string): Promise<Harness> {
  const calls: URL[] = [];
  let now = Date.parse(start);
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith('/schedule/')) calls.push(url);
    return fetch(input, init);
  };
  const app = await buildEdgeApp({
    store,
    logger: createLogger({ component: 'edge-router-test', level: 'silent' }),
    defaultSite: 'news',
    liveUpstream: {
      config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }),
      fetchImpl: countingFetch,
      cache: { now: () => now },
    },
  });
  apps.push(app);
  return { app, calls, advance: (ms) => (now += ms) };
}

async function schedule(app: FastifyInstance, query: string): Promise<{ status: number; headers: Record<string, unknown>; body: z.infer<typeof bodySchema> }> {
  const response = await app.inject({ method: 'GET', url: `/api/schedule?${query}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return { status: response.statusCode, headers: response.headers, body: bodySchema.parse(response.json()) };
}

const summary = (entries: z.infer<typeof entrySchema>[]): [string, string, string, boolean][] =>
  entries.map((entry) => [entry.start.slice(11, 16), entry.end.slice(11, 16), entry.title, entry.mobile]);

async function addFault(spec: Record<string, unknown>): Promise<void> {
  const response = await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: spec });
  expect(response.statusCode).toBe(201);
}

describe('GET /api/schedule', () => {
  it('answers the 180-minute window of the day dt names, at the current Eastern time, flagged mobile before slot + 90', async () => {
    // 14:10 Eastern today; dt picks Wednesday of the sample week.
    const { app, calls } = await harness('2025-06-10T14:10:00-04:00');
    const { headers, body } = await schedule(app, 'channel=news&dt=2022-03-30');
    expect(headers['cache-control']).toBe('public, max-age=30');
    expect(body.channel).toBe('news');
    expect(body.date).toBe('2022-03-30');
    expect(body.window).toEqual({ start: '2022-03-30T14:00:00-04:00', end: '2022-03-30T17:00:00-04:00', mobileCutoff: '2022-03-30T15:30:00-04:00' });
    expect(summary(body.entries)).toEqual([
      ['14:00', '14:30', 'Capitol Report', true],
      ['14:30', '15:00', 'Health Matters', true],
      ['15:00', '16:00', 'The Panel', true],
      ['16:00', '17:00', 'Evening Edition', false],
    ]);
    const panel = body.entries[2];
    expect(panel).toMatchObject({
      start: '2022-03-30T15:00:00-04:00',
      startUtc: '2022-03-30T19:00:00.000Z',
      machineTitle: 'the-panel',
      dayOfWeek: 'Wednesday',
      featureLink: 'Show Page',
      link: 'https://www.foxnews.com/shows/the-panel',
      isShow: true,
      hosts: ['Rita Moreno-Hale', 'James Okoro', 'Pat Sullivan', 'Kim Tran'],
    });
    expect(calls.map((url) => url.pathname)).toEqual(['/schedule/fnc.json']);
    expect(calls[0]?.search).toBe('');
  });

  it('defaults dt to today in US Eastern and aligns to the slot (:29 is still the :00 slot)', async () => {
    const { app, advance } = await harness('2022-03-28T07:29:59-04:00');
    const first = await schedule(app, 'channel=news');
    expect(first.body.date).toBe('2022-03-28');
    expect(first.body.window.start).toBe('2022-03-28T07:00:00-04:00');
    // One second before the next slot: nobody may cache this answer past it.
    expect(first.headers['cache-control']).toBe('public, max-age=1');
    expect(summary(first.body.entries)).toEqual([
      ['06:00', '09:00', 'Morning Table', true],
      ['09:00', '11:00', "America's Morning Desk", false],
    ]);
    expect(first.body.entries[0]?.hosts).toEqual(['Jenna Cole', 'Marcus Hill', 'Priya Shah']);

    advance(1_000);
    const next = await schedule(app, 'channel=news');
    expect(next.body.window.start).toBe('2022-03-28T07:30:00-04:00');
    // Cutoff 09:00: the 09:00 show is still not mobile.
    expect(summary(next.body.entries).map(([start, , , mobile]) => [start, mobile])).toEqual([
      ['06:00', true],
      ['09:00', false],
    ]);
  });

  it('reads the business feed; weekend variants share the weekday slug', async () => {
    const { app, calls } = await harness('2022-04-02T07:40:00-04:00');
    const { body } = await schedule(app, 'channel=business');
    expect(calls.map((url) => url.pathname)).toEqual(['/schedule/fbn.json']);
    expect(summary(body.entries)).toEqual([
      ['06:00', '10:00', 'Morning Markets Weekend', true],
      ['10:00', '11:00', 'Weekend Business Hour', false],
    ]);
    expect(body.entries[0]?.machineTitle).toBe('morning-markets');
    // The generic slug of the hour shows, and no host known: { "0": "" } became [].
    expect(body.entries[1]).toMatchObject({ machineTitle: 'business-hour', hosts: [] });
    expect(body.entries[1]?.link).toBeUndefined();
  });

  it('irons out the feed quirks: paid programming with {} values and an entry keyed 0', async () => {
    const { app } = await harness('2022-03-29T02:10:00-04:00');
    const { body } = await schedule(app, 'channel=news');
    expect(summary(body.entries)).toEqual([
      ['02:00', '02:30', 'Paid Programming', true],
      ['02:30', '03:00', 'Paid Programming', true],
      ['03:00', '04:00', 'Overnight Report', true],
      ['04:00', '06:00', 'First Light News', false],
    ]);
    const paid = body.entries[0];
    expect(paid?.machineTitle).toBe('paid-program');
    expect(paid?.hosts).toEqual([]);
    for (const key of ['link', 'featureImage', 'featureLink', 'featureUrl', 'featureDescription'] as const) expect(paid?.[key]).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/null|\{\}/);
    expect(body.entries[2]?.hosts).toEqual(['Tom Hale', 'Nina Ortiz']);
    expect(body.entries[3]?.featureDescription).toBe('Overnight headlines, weather and the first interviews of the day.');
  });

  it('runs past midnight into the next day, and is empty on a day the feed does not cover', async () => {
    const { app } = await harness('2022-03-30T22:40:00-04:00');
    const { body } = await schedule(app, 'channel=news');
    expect(body.entries.map((entry) => [entry.start, entry.title, entry.mobile])).toEqual([
      ['2022-03-30T22:00:00-04:00', 'Primetime Tonight', true],
      ['2022-03-30T23:00:00-04:00', 'Nightside', true],
      ['2022-03-31T00:00:00-04:00', 'Late Night Edition', false],
      ['2022-03-31T01:00:00-04:00', 'Overnight Report', false],
    ]);
    const outside = await schedule(app, 'channel=news&dt=2022-04-04');
    expect(outside.body.entries).toEqual([]);
  });

  it.each([
    ['', 'channel is required: one of news, business'],
    ['channel=fox', 'channel is required: one of news, business'],
    ['channel=News', 'channel is required: one of news, business'],
    ['channel=news&channel=business', 'channel may be given once'],
    ['channel=news&dt=2022-3-30', 'dt must be a day written YYYY-MM-DD'],
    ['channel=news&dt=20220330', 'dt must be a day written YYYY-MM-DD'],
    ['channel=news&dt=2023-02-29', 'dt must be a day written YYYY-MM-DD'],
    ['channel=news&dt=2022-03-30T10:00', 'dt must be a day written YYYY-MM-DD'],
    ['channel=news&dt=2022-03-30&dt=2022-03-31', 'dt may be given once'],
  ])('answers 400 INVALID_QUERY for %j', async (query, message) => {
    const { app, calls } = await harness('2022-03-30T14:10:00-04:00');
    const response = await app.inject({ method: 'GET', url: `/api/schedule?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(errorSchema.parse(response.json())).toEqual({ error: { code: 'INVALID_QUERY', message } });
    expect(calls).toHaveLength(0);
  });

  it('ignores a now parameter and anything else: the time is the server clock', async () => {
    const { app, calls } = await harness('2022-03-30T14:10:00-04:00');
    const { body } = await schedule(app, 'channel=news&now=2022-03-30T03:00:00Z&time=0300&feed=../etc');
    expect(body.window.start).toBe('2022-03-30T14:00:00-04:00');
    expect(calls.map((url) => `${url.pathname}${url.search}`)).toEqual(['/schedule/fnc.json']);
  });

  it('makes one upstream call per channel for concurrent requests, whatever the day', async () => {
    const { app, calls } = await harness('2022-03-30T14:10:00-04:00');
    await addFault({ path: '/schedule/fnc.json', mode: 'delay', delayMs: 200, times: 1 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => app.inject({ method: 'GET', url: `/api/schedule?channel=news${i % 2 === 0 ? '' : '&dt=2022-03-31'}` })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(responses.map((response) => response.body)).size).toBe(2);
    expect(calls).toHaveLength(1);
  });

  it.each([
    [{ mode: 'status', status: 500 }, 'UPSTREAM_UNAVAILABLE - The schedule is unavailable right now'],
    [{ mode: 'status', status: 404 }, 'UPSTREAM_NOT_FOUND - The schedule was not found'],
    [{ mode: 'status', status: 400 }, 'UPSTREAM_BAD_RESPONSE - The schedule could not be read'],
    [{ mode: 'malformed' }, 'UPSTREAM_BAD_RESPONSE - The schedule could not be read'],
  ])("answers the single 'Live' entry linking home when upstream fails with nothing cached (%j)", async (fault, text) => {
    const { app } = await harness('2022-03-30T14:10:00-04:00');
    await addFault({ path: '/schedule/fnc.json', ...fault });
    const response = await app.inject({ method: 'GET', url: '/api/schedule?channel=news' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = bodySchema.parse(response.json());
    expect(body.entries).toEqual([
      {
        title: 'Live',
        description: text,
        link: '/',
        start: '2022-03-30T14:00:00-04:00',
        end: '2022-03-30T17:00:00-04:00',
        startUtc: '2022-03-30T18:00:00.000Z',
        endUtc: '2022-03-30T21:00:00.000Z',
        isShow: false,
        hosts: [],
        mobile: true,
      },
    ]);
    // The reader sees a code and a plain message, never where upstream lives.
    expect(response.body).not.toContain(upstream.url);
    expect(response.body).not.toContain('schedule/fnc.json');
  });

  it('serves the last good feed, marked stale, when upstream fails; the Live entry once it is over 60 minutes old', async () => {
    const { app, calls, advance } = await harness('2022-03-30T14:10:00-04:00');
    const good = await schedule(app, 'channel=news');
    expect(good.body.entries).toHaveLength(4);

    await addFault({ path: '/schedule/fnc.json', mode: 'status', status: 503 });
    advance(29_000);
    expect((await schedule(app, 'channel=news')).headers['x-stale']).toBeUndefined();
    expect(calls).toHaveLength(1);

    // 14:40:30: a new slot, computed from the last good feed.
    advance(30 * 60_000 + 1_000);
    const stale = await schedule(app, 'channel=news');
    expect(calls).toHaveLength(2);
    expect(stale.headers['x-stale']).toBe('1');
    expect(stale.headers['warning']).toBe('110 - "Response is Stale"');
    expect(stale.headers['cache-control']).toBe('no-store');
    expect(stale.body.window.start).toBe('2022-03-30T14:30:00-04:00');
    expect(stale.body.entries.map((entry) => entry.title)).toEqual(['Health Matters', 'The Panel', 'Evening Edition', 'The Record']);

    advance(30 * 60_000);
    const gone = await schedule(app, 'channel=news');
    expect(gone.body.entries.map((entry) => [entry.title, entry.description])).toEqual([
      ['Live', 'UPSTREAM_UNAVAILABLE - The schedule is unavailable right now'],
    ]);

    await upstream.app.inject({ method: 'DELETE', url: '/__sample/faults' });
    const back = await schedule(app, 'channel=news');
    expect(back.headers['x-stale']).toBeUndefined();
    expect(back.body.window.start).toBe('2022-03-30T15:00:00-04:00');
    expect(back.body.entries.map((entry) => entry.title)).toEqual(['The Panel', 'Evening Edition', 'The Record']);
  });
});

describe('the sample feeds follow spec 2 §3 and §7', () => {
  const week = ['2022-03-28', '2022-03-29', '2022-03-30', '2022-03-31', '2022-04-01', '2022-04-02', '2022-04-03'];
  const showSchema = z.looseObject({
    title: z.string(),
    link: z.union([z.string().url(), z.strictObject({})]),
    description: z.string(),
    'short-description': z.string(),
    start: z.string(),
    end: z.string(),
    'start-utc': z.string(),
    'end-utc': z.string(),
    'machine-title': z.string(),
    'day-of-week': z.string(),
    'feature-link': z.union([z.literal('Show Page'), z.strictObject({})]),
    'feature-description': z.union([z.string(), z.strictObject({})]),
    'is-show': z.literal('True'),
    hosts: z.union([z.strictObject({ name: z.union([z.string(), z.array(z.string())]) }), z.strictObject({ '0': z.literal('') })]),
  });
  const documentSchema = z.strictObject({
    day: z.array(z.strictObject({ attributes: z.strictObject({ value: z.string(), 'day-of-week': z.string() }), show: z.array(showSchema) })),
  });

  function hasNull(value: unknown): boolean {
    if (value === null) return true;
    if (typeof value === 'object') return Object.values(value).some(hasNull);
    return false;
  }

  it.each(['fnc', 'fbn'])('%s: 7 days Monday to Sunday, filled from 00:00 back to back, with the feed quirks', async (feed) => {
    const response = await fetch(`${upstream.url}/schedule/${feed}.json`);
    expect(response.status).toBe(200);
    const raw: unknown = await response.json();
    expect(hasNull(raw)).toBe(false);
    expect(parseScheduleDocument(raw)).toMatchObject({ ok: true, skipped: [] });
    const document = documentSchema.parse(raw);

    expect(document.day.map((day) => day.attributes.value)).toEqual(week);
    expect(document.day.map((day) => day.attributes['day-of-week'])).toEqual(['1', '2', '3', '4', '5', '6', '0']);

    const durations: { minutes: number; weekend: boolean; hour: number }[] = [];
    const titlesBySlug = new Map<string, Set<string>>();
    for (const day of document.day) {
      const weekend = ['0', '6'].includes(day.attributes['day-of-week']);
      expect(day.show[0]?.start).toBe(`${day.attributes.value}T00:00:00-04:00`);
      day.show.forEach((show, index) => {
        expect(show.start).toMatch(/-04:00$/);
        expect(show.end).toMatch(/-04:00$/);
        expect(show['start-utc']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        expect(Date.parse(show['start-utc'])).toBe(Date.parse(show.start));
        expect(Date.parse(show['end-utc'])).toBe(Date.parse(show.end));
        const next = day.show[index + 1];
        if (next !== undefined) expect(next.start).toBe(show.end);
        expect(show.description.length).toBeLessThanOrEqual(163);
        expect(show['short-description'].length).toBeLessThanOrEqual(163);
        if (typeof show['feature-description'] === 'string') expect(show['feature-description'].length).toBeLessThanOrEqual(83);
        if (show.title === 'Paid Programming') expect(show['machine-title']).toBe('paid-program');
        const minutes = (Date.parse(show.end) - Date.parse(show.start)) / 60_000;
        durations.push({ minutes, weekend, hour: Number(show.start.slice(11, 13)) });
        const titles = titlesBySlug.get(show['machine-title']) ?? new Set();
        titles.add(show.title);
        titlesBySlug.set(show['machine-title'], titles);
      });
      expect(day.show.at(-1)?.end).toBe(new Date(Date.parse(`${day.attributes.value}T00:00:00-04:00`) + 86_400_000).toISOString().slice(0, 10) + 'T00:00:00-04:00');
    }

    const weekday = durations.filter((d) => !d.weekend);
    expect(weekday.filter((d) => d.minutes === 60).length / weekday.length).toBeGreaterThan(0.5);
    expect(weekday.some((d) => d.minutes === 120 && d.hour < 12)).toBe(true);
    expect(weekday.some((d) => d.minutes === 180 && d.hour < 12)).toBe(true);
    expect(durations.some((d) => d.weekend && d.minutes === 240 && d.hour < 12)).toBe(true);
    expect(durations.some((d) => d.minutes === 30)).toBe(true);
    // Slugs reused by different titles (weekday/weekend variants, generic shared slugs).
    expect([...titlesBySlug.values()].filter((titles) => titles.size > 1).length).toBeGreaterThanOrEqual(2);

    const shows = document.day.flatMap((day) => day.show);
    expect(shows.some((show) => typeof show.link === 'string')).toBe(true);
    expect(shows.some((show) => typeof show.link !== 'string')).toBe(true);
    expect(shows.some((show) => 'name' in show.hosts && typeof show.hosts.name === 'string')).toBe(true);
    expect(shows.some((show) => 'name' in show.hosts && Array.isArray(show.hosts.name))).toBe(true);
    expect(shows.some((show) => '0' in show.hosts)).toBe(true);
  });

  it('has no other feeds', async () => {
    expect((await fetch(`${upstream.url}/schedule/cnn.json`)).status).toBe(404);
  });
});

describe('what reaches the browser', () => {
  it('drops unsafe link and image URLs and keeps the rest', () => {
    const entry = {
      title: 'Show',
      link: 'javascript:alert(1)',
      image: '//evil.example/a.png',
      featureImage: 'https://www.example.com/f.png',
      featureUrl: '/shows/show',
      start: '2022-03-30T14:00:00-04:00',
      end: '2022-03-30T15:00:00-04:00',
      startUtc: '2022-03-30T18:00:00.000Z',
      endUtc: '2022-03-30T19:00:00.000Z',
      isShow: true,
      hosts: [],
      mobile: true,
    };
    const safe = withSafeUrls(entry);
    expect(safe).toEqual({ ...entry, link: undefined, image: undefined });
    expect('link' in safe).toBe(false);
  });

  it('normalises the query', () => {
    expect(parseScheduleQuery('?channel=business&dt=2022-04-02&x=1')).toEqual({ ok: true, query: { channel: 'business', dt: '2022-04-02' } });
    expect(parseScheduleQuery('?channel=news&dt=')).toEqual({ ok: true, query: { channel: 'news' } });
  });
});
