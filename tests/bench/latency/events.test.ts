/** The latency bench's headline matcher (tests/bench/latency/events.ts). */
import { describe, expect, it } from 'vitest';
import { benchHeadline, pollDelayMs, POLL_INTERVAL_MS, servedHeadlineNumber } from './events.js';

describe('bench headlines', () => {
  it('finds the newest edit of the run in a page, and nothing of another run', () => {
    const html = `<title>${benchHeadline('r0idle', 12)} | Fox News</title><h1>${benchHeadline('r0idle', 12)}</h1>`;
    expect(servedHeadlineNumber(html, 'r0idle')).toBe(12);
    expect(servedHeadlineNumber(html, 'r1idle')).toBe(-1);
    // "number 1" is not "number 12".
    expect(servedHeadlineNumber(`<h1>${benchHeadline('t', 1)}</h1>`, 't')).toBe(1);
  });

  it('keeps tags to letters and digits, so they are safe in a pattern', () => {
    expect(benchHeadline('r0:idle.event', 3)).toBe('Bench headline r0idleevent number 3');
    expect(servedHeadlineNumber(benchHeadline('r0:idle.event', 3), 'r0:idle.event')).toBe(3);
  });
});

describe('polling', () => {
  it('polls fast while a publish could still be fast, then backs off', () => {
    expect(pollDelayMs(0)).toBe(POLL_INTERVAL_MS);
    expect(pollDelayMs(499)).toBe(5);
    expect(pollDelayMs(500)).toBe(20);
    expect(pollDelayMs(1_999)).toBe(20);
    expect(pollDelayMs(2_000)).toBe(50);
    expect(pollDelayMs(5_000)).toBe(200);
  });
});
