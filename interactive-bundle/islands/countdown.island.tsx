/**
 * The countdown block (spec 1 §5 "Countdown: days at least 0, hours 0-24, minutes 0-59"): days,
 * hours and minutes left until a moment, counting down in the reader's browser.
 *
 * A stored page is rendered long before it is read, so the server cannot know the time left: the
 * server render (and the first browser render, so hydration matches) shows the title and the moment
 * as a date ("Until January 01, 2026 12:00am EST"), with the timer hidden. Once hydrated, the
 * island shows the timer and recomputes it every second from the reader's clock; the numbers come
 * from core/isomorphic/countdown.ts, so they never leave the spec's ranges. When the moment has
 * come the timer reads 0 days 0 hours 0 minutes, and the end text, if any, shows.
 */
import { useEffect, useState } from 'react';
import { countdownParts, minutesLeft, parseCountdownEnd } from '../../core/isomorphic/countdown.js';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText, type UiText } from '../../core/isomorphic/ui-text.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';

/** How often the island recomputes the time left (the display changes once a minute). */
export const COUNTDOWN_TICK_MS = 1000;

export type CountdownProps = {
  /** The moment counted down to, an ISO 8601 date-time with a zone. */
  end: string;
  /** The moment as the edition writes a date (formatted by the server, in US Eastern). */
  endLabel: string;
  title?: string;
  /** Shown once the moment has come. */
  endText?: string;
  /** The edition, whose language the units are in. Default news. */
  site?: SiteId;
};

export function parseCountdownProps(props: JsonObject): CountdownProps {
  const { end, endLabel, title, endText, site } = props;
  if (typeof end !== 'string' || parseCountdownEnd(end) === null) throw new IslandPropsError('Countdown needs an ISO date-time end');
  if (typeof endLabel !== 'string') throw new IslandPropsError('Countdown needs an endLabel');
  if (title !== undefined && typeof title !== 'string') throw new IslandPropsError('Countdown title must be a string');
  if (endText !== undefined && typeof endText !== 'string') throw new IslandPropsError('Countdown endText must be a string');
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('Countdown site must be a site id');
  return {
    end,
    endLabel,
    ...(title === undefined ? {} : { title }),
    ...(endText === undefined ? {} : { endText }),
    ...(site === undefined ? {} : { site }),
  };
}

function unit(text: UiText, n: number, one: keyof UiText, many: keyof UiText): string {
  return n === 1 ? text[one] : text[many];
}

export function Countdown({ end, endLabel, title, endText, site = 'news' }: CountdownProps) {
  const text = uiText(site);
  const endMs = parseCountdownEnd(end) ?? 0;
  // null until hydrated: the server never writes a time left that would be stale when read.
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    const tick = () => setLeft(minutesLeft(endMs, Date.now()));
    tick();
    const timer = window.setInterval(tick, COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [endMs]);

  const parts = countdownParts(left ?? 0);
  const ended = left === 0;
  return (
    <section className="countdown">
      {title ? <h2 className="countdown-title">{title}</h2> : null}
      <p className="countdown-timer" role="timer" hidden={left === null}>
        <span className="countdown-part">
          <span className="countdown-value" data-part="days">{parts.days}</span> <span className="countdown-unit">{unit(text, parts.days, 'countdownDay', 'countdownDays')}</span>
        </span>{' '}
        <span className="countdown-part">
          <span className="countdown-value" data-part="hours">{parts.hours}</span> <span className="countdown-unit">{unit(text, parts.hours, 'countdownHour', 'countdownHours')}</span>
        </span>{' '}
        <span className="countdown-part">
          <span className="countdown-value" data-part="minutes">{parts.minutes}</span> <span className="countdown-unit">{unit(text, parts.minutes, 'countdownMinute', 'countdownMinutes')}</span>
        </span>
      </p>
      <p className="countdown-end">
        {text.countdownUntil.split('{date}')[0]}
        <time dateTime={end}>{endLabel}</time>
        {text.countdownUntil.split('{date}')[1]}
      </p>
      {endText ? (
        <p className="countdown-done" hidden={!ended}>
          {endText}
        </p>
      ) : null}
    </section>
  );
}
