import { describe, expect, it } from 'vitest';
import { COUNTDOWN_LIMITS, countdownParts, isValidCountdownParts, minutesLeft, parseCountdownEnd } from './countdown.js';

const END = Date.parse('2026-01-01T05:00:00Z');
const MINUTE = 60_000;

describe('countdown (spec 1 §5: days at least 0, hours 0-24, minutes 0-59)', () => {
  it('has the spec ranges', () => {
    expect(COUNTDOWN_LIMITS).toEqual({ days: { min: 0 }, hours: { min: 0, max: 24 }, minutes: { min: 0, max: 59 } });
  });

  it('splits the time left into days, hours and minutes, rounding up to the minute', () => {
    expect(countdownParts(minutesLeft(END, END - (2 * 1440 + 3 * 60 + 4) * MINUTE))).toEqual({ days: 2, hours: 3, minutes: 4 });
    expect(countdownParts(minutesLeft(END, END - 1000))).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(countdownParts(minutesLeft(END, END - 59 * MINUTE - 1))).toEqual({ days: 0, hours: 1, minutes: 0 });
    expect(countdownParts(minutesLeft(END, END - 1440 * MINUTE))).toEqual({ days: 1, hours: 0, minutes: 0 });
  });

  it('reads 0 days, never a negative number, once the moment has passed', () => {
    expect(minutesLeft(END, END)).toBe(0);
    expect(countdownParts(minutesLeft(END, END + 400 * 1440 * MINUTE))).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(countdownParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(countdownParts(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('keeps every part within its range over three years of minutes, either side of the end', () => {
    for (let offset = -3 * 525_600; offset <= 3 * 525_600; offset += 997) {
      const parts = countdownParts(minutesLeft(END, END - offset * MINUTE - 17_000));
      expect(isValidCountdownParts(parts), JSON.stringify(parts)).toBe(true);
    }
  });

  it('rejects parts outside the ranges', () => {
    expect(isValidCountdownParts({ days: -1, hours: 0, minutes: 0 })).toBe(false);
    expect(isValidCountdownParts({ days: 0, hours: 25, minutes: 0 })).toBe(false);
    expect(isValidCountdownParts({ days: 0, hours: 24, minutes: 0 })).toBe(true);
    expect(isValidCountdownParts({ days: 0, hours: 0, minutes: 60 })).toBe(false);
    expect(isValidCountdownParts({ days: 0, hours: 0, minutes: 1.5 })).toBe(false);
  });

  it('accepts only ISO date-times with a zone as the end', () => {
    expect(parseCountdownEnd('2026-01-01T00:00:00-05:00')).toBe(END);
    expect(parseCountdownEnd('2026-01-01T05:00:00Z')).toBe(END);
    expect(parseCountdownEnd('2026-01-01')).toBeNull();
    expect(parseCountdownEnd('2026-01-01T00:00:00')).toBeNull();
    expect(parseCountdownEnd('tomorrow')).toBeNull();
    expect(parseCountdownEnd('2026-13-45T00:00:00Z')).toBeNull();
  });
});
