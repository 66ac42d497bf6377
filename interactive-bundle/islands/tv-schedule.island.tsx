/**
 * The TV schedule widget (spec 2 §2 "dt chooses the schedule"; §3 schedule document and slots; §4
 * "Schedule entries are flagged mobile when they start before the current slot plus 90 minutes";
 * §8 "Schedule failure ... a single 'Live' entry showing '{code} - {message}' linking to the home
 * page"; §9 "Schedule window is 180 minutes, aligned to 30-minute slots ... Times are US Eastern").
 *
 * The window, the mobile flag and the failure entry are computed by the edge's GET /api/schedule
 * (edge-router/plugins/live-schedule.ts over core/isomorphic/schedule.ts); this island asks it for
 * the selected channel and shows what it answers:
 *   - a channel switch: tabs (role tablist/tab/tabpanel, aria-selected, arrow keys, Home/End);
 *   - each entry's start time in US Eastern, read from the endpoint's Eastern wall time (no clock
 *     or time-zone work in the browser), its title linked when the feed has a link;
 *   - entries not flagged mobile carry `tv-schedule__entry--desktop` and are hidden below 768px
 *     (styles.ts), so a phone shows only the mobile-flagged ones;
 *   - when the endpoint itself cannot be reached or answers an error, the island shows the same
 *     failure entry the endpoint would ('Live', '{code} - {message}', linking home).
 *
 * `dt` (YYYY-MM-DD) is passed on when the component model sets it: the sample layout pins the
 * sample feed's week (2022-03-28..2022-04-03); real layouts leave it out and get today.
 * With `dtFromQuery` (the single video page, spec 2 §2 "A video page reads the query parameter dt
 * to choose the schedule") the page's own `?dt=YYYY-MM-DD` wins over the prop; it is read in the
 * browser, so the stored page stays the same for every query string.
 *
 * The server render is the tabs and an empty panel marked busy (nothing clock-dependent, so stored
 * pages stay byte-identical); entries appear only in the browser.
 */
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  SCHEDULE_CHANNELS,
  SCHEDULE_FAILURE_LINK,
  isScheduleDate,
  scheduleFailureText,
  type ScheduleChannel,
} from '../../core/isomorphic/schedule.js';
import { parseLiveError } from '../../core/isomorphic/live/error-body.js';
import { EASTERN_WALL_TIME, parseScheduleResponse, SCHEDULE_PATH, scheduleUrl, type ScheduleEntryView } from '../../core/isomorphic/live/schedule.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';

/** The edge endpoint the island asks (its contract: core/isomorphic/live/schedule.ts). */
export const TV_SCHEDULE_ENDPOINT = SCHEDULE_PATH;
/** The news edition's texts (each edition's are in core/isomorphic/ui-text.ts). */
export const TV_SCHEDULE_LOADING_TEXT = uiText('news').scheduleLoading;
export const TV_SCHEDULE_EMPTY_TEXT = uiText('news').scheduleEmpty;
const CHANNEL_TEXT: Readonly<Record<ScheduleChannel, 'scheduleNews' | 'scheduleBusiness'>> = { news: 'scheduleNews', business: 'scheduleBusiness' };

export type TvScheduleProps = {
  title: string;
  /** The tab selected first. */
  channel: ScheduleChannel;
  /** YYYY-MM-DD; only the sample layout sets it (see the file header). */
  dt?: string;
  endpoint: typeof TV_SCHEDULE_ENDPOINT;
  /** Read dt from the page's query string in the browser (video pages). */
  dtFromQuery?: boolean;
  /** The edition, for the island's texts; the news edition when absent. */
  site?: SiteId;
};

function isChannel(value: unknown): value is ScheduleChannel {
  return typeof value === 'string' && (SCHEDULE_CHANNELS as readonly string[]).includes(value);
}

export function parseTvScheduleProps(props: JsonObject): TvScheduleProps {
  const { title, channel, dt, endpoint, dtFromQuery, site } = props;
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('TvSchedule site must be a site id');
  if (typeof title !== 'string' || title.trim() === '') throw new IslandPropsError('TvSchedule needs a non-empty title');
  if (!isChannel(channel)) throw new IslandPropsError(`TvSchedule channel must be one of ${SCHEDULE_CHANNELS.join(', ')}`);
  if (dt !== undefined && (typeof dt !== 'string' || !isScheduleDate(dt))) throw new IslandPropsError('TvSchedule dt must be YYYY-MM-DD');
  if (endpoint !== TV_SCHEDULE_ENDPOINT) throw new IslandPropsError(`TvSchedule endpoint must be ${TV_SCHEDULE_ENDPOINT}`);
  if (dtFromQuery !== undefined && typeof dtFromQuery !== 'boolean') throw new IslandPropsError('TvSchedule dtFromQuery must be a boolean');
  return { title, channel, ...(dt === undefined ? {} : { dt }), endpoint, ...(dtFromQuery === undefined ? {} : { dtFromQuery }), ...(site === undefined ? {} : { site }) };
}

/** A valid `dt` of a page query string ("?dt=2022-03-30"), else undefined. */
export function scheduleDateFromSearch(search: string): string | undefined {
  const value = new URLSearchParams(search).get('dt');
  return value !== null && isScheduleDate(value) ? value : undefined;
}

/** One entry as shown; read from the endpoint's answer, anything unusable dropped. */
export type TvScheduleEntry = ScheduleEntryView;

/** The endpoint's `{ entries }`, checked; null when the body is not one (the endpoint module's check). */
export const parseTvScheduleResponse = parseScheduleResponse;

/** "2022-03-30T14:00:00-04:00" -> "2:00 PM ET": the wall time as given, which is US Eastern. */
export function easternTimeLabel(start: string): string {
  const match = EASTERN_WALL_TIME.exec(start);
  if (match === null) return '';
  const hours = Number(match[1]);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${match[2] ?? '00'} ${hours < 12 ? 'AM' : 'PM'} ET`;
}

/**
 * The spec 2 §8 entry for a failure the island met itself (the endpoint unreachable, 4xx/5xx);
 * `title` is the edition's 'Live' (core/isomorphic/ui-text.ts `scheduleFailureTitle`).
 */
export function tvScheduleFailureEntry(title: string, code: string, message: string): TvScheduleEntry {
  return {
    title,
    link: SCHEDULE_FAILURE_LINK,
    description: scheduleFailureText({ code, name: 'ScheduleError', message }),
    start: '',
    mobile: true,
  };
}

export function tvScheduleRequestUrl(_endpoint: typeof TV_SCHEDULE_ENDPOINT, channel: ScheduleChannel, dt: string | undefined): string {
  // The props check pins the endpoint to SCHEDULE_PATH, so the endpoint module builds the URL.
  return scheduleUrl({ channel, ...(dt === undefined ? {} : { dt }) });
}

async function loadEntries(url: string, signal: AbortSignal, failureTitle: string): Promise<TvScheduleEntry[]> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return [tvScheduleFailureEntry(failureTitle, 'NETWORK_ERROR', 'The schedule could not be reached')];
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = parseLiveError(body);
    return [tvScheduleFailureEntry(failureTitle, error.code ?? `HTTP_${response.status}`, error.message ?? 'The schedule is unavailable')];
  }
  return parseTvScheduleResponse(body) ?? [tvScheduleFailureEntry(failureTitle, 'BAD_RESPONSE', 'The schedule answer was not understood')];
}

type Loaded = { channel: ScheduleChannel; entries: TvScheduleEntry[] };

export function TvSchedule({ title, channel: initial, dt, endpoint, dtFromQuery = false, site = 'news' }: TvScheduleProps) {
  const text = uiText(site);
  const [channel, setChannel] = useState<ScheduleChannel>(initial);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const tabRefs = useRef<Partial<Record<ScheduleChannel, HTMLButtonElement | null>>>({});
  const baseId = useId();
  const tabId = (c: ScheduleChannel) => `${baseId}-tab-${c}`;
  const panelId = `${baseId}-panel`;
  const headingId = `${baseId}-title`;

  useEffect(() => {
    const controller = new AbortController();
    const day = dtFromQuery ? (scheduleDateFromSearch(window.location.search) ?? dt) : dt;
    loadEntries(tvScheduleRequestUrl(endpoint, channel, day), controller.signal, text.scheduleFailureTitle).then(
      (entries) => setLoaded({ channel, entries }),
      () => undefined, // aborted: a newer channel is loading
    );
    return () => controller.abort();
  }, [endpoint, channel, dt, dtFromQuery, text.scheduleFailureTitle]);

  const select = (next: ScheduleChannel, focus: boolean) => {
    setChannel(next);
    if (focus) tabRefs.current[next]?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = SCHEDULE_CHANNELS.indexOf(channel);
    const last = SCHEDULE_CHANNELS.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    const next = target === null ? undefined : SCHEDULE_CHANNELS[target];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };

  const entries = loaded !== null && loaded.channel === channel ? loaded.entries : null;
  return (
    <section className="tv-schedule" aria-labelledby={headingId}>
      <h2 className="component-title" id={headingId}>
        {title}
      </h2>
      <div className="tv-schedule__tabs" role="tablist" aria-label={text.scheduleChannel}>
        {SCHEDULE_CHANNELS.map((c) => (
          <button
            key={c}
            ref={(element) => {
              tabRefs.current[c] = element;
            }}
            type="button"
            role="tab"
            id={tabId(c)}
            aria-selected={c === channel}
            aria-controls={panelId}
            tabIndex={c === channel ? 0 : -1}
            onClick={() => select(c, false)}
            onKeyDown={onTabKeyDown}
          >
            {text[CHANNEL_TEXT[c]]}
          </button>
        ))}
      </div>
      <div className="tv-schedule__panel" role="tabpanel" id={panelId} aria-labelledby={tabId(channel)} aria-busy={entries === null ? true : undefined}>
        {entries === null ? (
          <p className="tv-schedule__status">{text.scheduleLoading}</p>
        ) : entries.length === 0 ? (
          <p className="tv-schedule__status">{text.scheduleEmpty}</p>
        ) : (
          <ul className="tv-schedule__entries">
            {entries.map((entry, index) => (
              <li key={`${index}:${entry.start}:${entry.title}`} className={entry.mobile ? 'tv-schedule__entry' : 'tv-schedule__entry tv-schedule__entry--desktop'}>
                {entry.start === '' ? null : (
                  <time className="tv-schedule__time" dateTime={entry.start}>
                    {easternTimeLabel(entry.start)}
                  </time>
                )}{' '}
                {entry.link === undefined ? <span className="tv-schedule__title">{entry.title}</span> : <a className="tv-schedule__title" href={entry.link}>{entry.title}</a>}
                {entry.description === undefined ? null : <p className="tv-schedule__description">{entry.description}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
