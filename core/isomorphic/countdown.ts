/**
 * The countdown rule (spec 1 §5 "Countdown: days at least 0, hours 0-24, minutes 0-59"), shared
 * by the server (which validates the block) and the Countdown island (which counts in the browser).
 *
 * The time left is shown in whole minutes, rounded up: a countdown reads 0 days 0 hours 0 minutes
 * only once its moment has come (with one second to go it still says 1 minute). A moment already
 * past is 0 days, never a negative number.
 */

/** The spec's ranges for each part. */
export const COUNTDOWN_LIMITS = { days: { min: 0 }, hours: { min: 0, max: 24 }, minutes: { min: 0, max: 59 } } as const;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
}

const MINUTE_MS = 60_000;

/** Whole minutes left until `endMs` at `nowMs`, rounded up; 0 once the end has come. */
export function minutesLeft(endMs: number, nowMs: number): number {
  if (!Number.isFinite(endMs) || !Number.isFinite(nowMs) || endMs <= nowMs) return 0;
  return Math.ceil((endMs - nowMs) / MINUTE_MS);
}

/** Days, hours and minutes of a number of minutes left (negative or not finite counts as 0). */
export function countdownParts(minutes: number): CountdownParts {
  const total = Number.isFinite(minutes) ? Math.max(0, Math.floor(minutes)) : 0;
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

/** Whether parts are within the spec's ranges (whole numbers; days at least 0, hours 0-24, minutes 0-59). */
export function isValidCountdownParts(parts: CountdownParts): boolean {
  const whole = (n: number) => Number.isInteger(n);
  return (
    whole(parts.days) &&
    whole(parts.hours) &&
    whole(parts.minutes) &&
    parts.days >= COUNTDOWN_LIMITS.days.min &&
    parts.hours >= COUNTDOWN_LIMITS.hours.min &&
    parts.hours <= COUNTDOWN_LIMITS.hours.max &&
    parts.minutes >= COUNTDOWN_LIMITS.minutes.min &&
    parts.minutes <= COUNTDOWN_LIMITS.minutes.max
  );
}

/**
 * An ISO 8601 date-time with a zone ("2026-01-01T00:00:00-05:00", "...Z"), as milliseconds; null
 * for anything else (a bare date has no zone, so its moment would depend on the reader's clock).
 */
export function parseCountdownEnd(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
