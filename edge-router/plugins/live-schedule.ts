/**
 * GET /api/schedule: the TV guide's current window for the video pages' schedule island (spec 2
 * §2 "A video page reads the query parameter dt to choose the schedule"; §3 schedule document and
 * slots; §4 mobile flag; §8 failure entry; §9 "Schedule window is 180 minutes, aligned to 30-minute
 * slots, with a 90-minute mobile cutoff. Times are US Eastern"; docs/architecture.md "Live endpoints").
 *
 *   ?channel=news&dt=2022-03-30
 *     channel   required: news | business (the fnc and fbn feeds)
 *     dt        optional YYYY-MM-DD, a real day: the day shown, at the current Eastern time of
 *               day; default today in US Eastern
 *   The time is the server's clock, never a parameter. Any other parameter is ignored. A bad
 *   value, or a parameter given twice, answers 400 { error: { code: 'INVALID_QUERY', message } }.
 *
 *   Upstream: GET {schedule}/schedule/{fnc|fbn}.json (docs/upstream-contract.md §5.9), the whole
 *   week; its quirks are ironed out by core/upstream/schedule-feed.ts.
 *
 *   200 { channel, date, window: { start, end, mobileCutoff }, entries: [{ title, link?,
 *       description?, longDescription?, shortDescription?, start, end, startUtc, endUtc,
 *       machineTitle?, dayOfWeek?, image?, featureImage?, featureLink?, featureUrl?,
 *       featureDescription?, isShow, hosts: string[], mobile }] }
 *       Times with the US Eastern offset ("2022-03-30T14:00:00-04:00") and in UTC (startUtc).
 *       Cache-Control: public, max-age=30 (less when the next slot starts sooner). An unsafe
 *       link or image URL is left out.
 *   The same from the last good feed (at most 60 minutes old) when upstream fails, marked
 *       `x-stale: 1` and `Warning: 110 - "Response is Stale"`, Cache-Control no-store.
 *   Upstream failed with nothing cached (spec 2 §8): still 200, with a single entry titled 'Live'
 *       whose description is '{code} - {message}' and whose link is the home page ("/"),
 *       Cache-Control no-store; the failure is logged with its details. The message is a public
 *       one per code: upstream URLs and bodies stay in the log.
 *
 * The contract (path, query, answer, the browser's check) is core/isomorphic/live/schedule.ts.
 * The feed is cached per channel in process (one upstream call per channel per 30 s, shared by
 * concurrent requests, live-endpoint.ts); the window is computed per request from the clock.
 */
import { isPlatformError, PlatformError, type ErrorCode } from '../../core/errors.js';
import {
  SCHEDULE_CHANNEL_FEEDS,
  SCHEDULE_CHANNELS,
  easternTime,
  isScheduleDate,
  msUntilNextSlot,
  scheduleEntries,
  scheduleFailureEntry,
  scheduleWindow,
  type ScheduleChannel,
  type ScheduleDay,
  type ScheduleEntry,
  type ScheduleFailure,
  type ScheduleWindow,
} from '../../core/isomorphic/schedule.js';
import { parseScheduleDocument } from '../../core/upstream/schedule-feed.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import type { CallSpec } from '../../core/upstream/transport.js';
import type { LiveCacheSettings } from '../live-cache.js';
import { splitRequestTarget } from '../request-target.js';
import { routePlugin } from './define-plugin.js';
import { JSON_TYPE, liveCache, liveTransport, markStale, NO_STORE, replyInvalidQuery, safeLiveUrl, type LiveQueryResult, type LiveUpstreamOptions } from '../live-endpoint.js';
import { SCHEDULE_PATH, type ScheduleAnswer, type ScheduleQuery } from '../../core/isomorphic/live/schedule.js';

/** The guide changes rarely: an hour-old feed still shows the right programmes. */
export const SCHEDULE_CACHE: LiveCacheSettings = { freshMs: 30_000, staleMs: 60 * 60_000, maxEntries: 10 };
export const SCHEDULE_MAX_AGE_SECONDS = 30;

/**
 * What the failure entry says for each code (spec 2 §8 '{code} - {message}'): a message fit for
 * readers. The real cause (upstream URL, status, body) is only logged.
 */
export const SCHEDULE_FAILURE_MESSAGES: Partial<Record<ErrorCode, string>> & { default: string } = {
  UPSTREAM_UNAVAILABLE: 'The schedule is unavailable right now',
  UPSTREAM_BAD_RESPONSE: 'The schedule could not be read',
  UPSTREAM_NOT_FOUND: 'The schedule was not found',
  default: 'The schedule could not be loaded',
};

export interface LiveScheduleOptions extends LiveUpstreamOptions {
  /** The clock the window is computed from (ms); `cache.now`, else Date.now, when omitted. */
  now?: () => number;
}

type QueryResult = LiveQueryResult<ScheduleQuery>;

function isChannel(value: string): value is ScheduleChannel {
  return (SCHEDULE_CHANNELS as readonly string[]).includes(value);
}

/** The whitelisted query from a raw query string ("?a=b" or ""); everything else is dropped. */
export function parseScheduleQuery(search: string): QueryResult {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { ok: false, message: 'the query string cannot be read' };
  }
  const channels = params.getAll('channel');
  const dts = params.getAll('dt');
  if (channels.length > 1) return { ok: false, message: 'channel may be given once' };
  if (dts.length > 1) return { ok: false, message: 'dt may be given once' };
  const [channel] = channels;
  if (channel === undefined || !isChannel(channel)) return { ok: false, message: `channel is required: one of ${SCHEDULE_CHANNELS.join(', ')}` };
  const [dt] = dts;
  if (dt === undefined || dt === '') return { ok: true, query: { channel } };
  if (!isScheduleDate(dt)) return { ok: false, message: 'dt must be a day written YYYY-MM-DD' };
  return { ok: true, query: { channel, dt } };
}

/** Only site-relative or http(s) URLs reach the browser; an entry keeps its other fields. */
export function withSafeUrls(entry: ScheduleEntry): ScheduleEntry {
  const out: ScheduleEntry = { ...entry };
  for (const key of ['link', 'image', 'featureImage', 'featureUrl'] as const) {
    const safe = safeLiveUrl(entry[key]);
    if (safe === undefined) delete out[key];
    else out[key] = safe;
  }
  return out;
}

/** The public failure (code, name, message) of a load error; spec 2 §8. */
export function publicFailure(error: unknown): ScheduleFailure {
  const code: ErrorCode = isPlatformError(error) ? error.code : 'INTERNAL_ERROR';
  return {
    code,
    name: isPlatformError(error) ? error.name : 'Error',
    message: SCHEDULE_FAILURE_MESSAGES[code] ?? SCHEDULE_FAILURE_MESSAGES.default,
  };
}

function answer(channel: ScheduleChannel, window: ScheduleWindow, entries: ScheduleEntry[]): ScheduleAnswer {
  return {
    channel,
    date: window.date,
    window: { start: easternTime(window.start), end: easternTime(window.end), mobileCutoff: easternTime(window.mobileCutoff) },
    entries,
  };
}

export const liveSchedulePlugin = routePlugin<LiveScheduleOptions>('edge-live-schedule', (app, options) => {
  const { logger } = options;
  const clock = options.now ?? options.cache?.now ?? Date.now;
  const transport = liveTransport(options);
  const cache = liveCache<ScheduleDay[]>(SCHEDULE_CACHE, options);

  async function load(channel: ScheduleChannel): Promise<ScheduleDay[]> {
    const spec: CallSpec = { name: 'schedule', service: 'schedule', path: `/schedule/${SCHEDULE_CHANNEL_FEEDS[channel]}.json` };
    const result = await transport.call(spec);
    if (!result.found) {
      throw new PlatformError('UPSTREAM_NOT_FOUND', `Upstream schedule has no feed (GET ${result.url})`, { details: { api: spec.name, url: result.url } });
    }
    const parsed = parseScheduleDocument(result.body);
    if (!parsed.ok) {
      const message = `Upstream schedule sent an unexpected response (GET ${result.url}): ${parsed.message}`;
      logger.warn({ api: { name: spec.name, url: result.url }, error: { message } }, 'upstream response off contract');
      throw new PlatformError('UPSTREAM_BAD_RESPONSE', message, { details: { api: spec.name, url: result.url } });
    }
    if (parsed.skipped.length > 0) {
      logger.warn({ api: { name: spec.name, url: result.url }, skipped: parsed.skipped.slice(0, 5), count: parsed.skipped.length }, 'schedule shows off contract; skipped');
    }
    return parsed.days;
  }

  app.get(SCHEDULE_PATH, async (request, reply) => {
    const parsed = parseScheduleQuery(splitRequestTarget(request.url).search);
    if (!parsed.ok) return replyInvalidQuery(reply, parsed.message);
    const { channel, dt } = parsed.query;
    const now = new Date(clock());
    const window = scheduleWindow(now, dt);
    reply.type(JSON_TYPE);

    let result;
    try {
      result = await cache.get(channel, () => load(channel));
    } catch (error) {
      // Spec 2 §8: a failure is one 'Live' entry, not an error page; logged with the real cause.
      const failure = publicFailure(error);
      request.log[isPlatformError(error) ? 'warn' : 'error']({ error, channel, failure }, 'schedule failed upstream with nothing cached; answering the Live entry');
      return reply.code(200).header('cache-control', NO_STORE).send(answer(channel, window, [scheduleFailureEntry(failure, window, uiText(request.site).scheduleFailureTitle)]));
    }
    if (result.stale) {
      request.log.warn({ error: result.error, channel, ageMs: result.ageMs }, 'schedule failed upstream; serving the last good feed');
      markStale(reply);
    } else {
      // The window moves at the next slot: a cached answer must not outlive it.
      const maxAge = Math.min(SCHEDULE_MAX_AGE_SECONDS, Math.floor(msUntilNextSlot(now) / 1000));
      reply.header('cache-control', `public, max-age=${maxAge}`);
    }
    const entries = scheduleEntries(result.value, window).map(withSafeUrls);
    return reply.code(200).send(answer(channel, window, entries));
  });
  return Promise.resolve();
});
