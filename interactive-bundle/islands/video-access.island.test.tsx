/**
 * The VideoAccess island's rules and server render (spec 2 §2, §4; issue 7 "days >= 0, hours 0-24,
 * minutes 0-59"). The browser behaviour (storage, ticking) is covered by tests/e2e/video-page.test.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandPropsError } from '../island-props.js';
import { formatRemaining, parseVideoAccessProps, previewPassText, remainingTime, VideoAccess } from './video-access.island.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('preview-pass countdown', () => {
  it('splits the time left into days >= 0, hours 0-23 and minutes 0-59, minutes rounded up', () => {
    expect(remainingTime(3 * DAY + 23 * HOUR + 59 * MINUTE, 0)).toEqual({ days: 3, hours: 23, minutes: 59 });
    expect(remainingTime(DAY - 1, 0)).toEqual({ days: 1, hours: 0, minutes: 0 });
    expect(remainingTime(30_000, 0)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(remainingTime(1000, 1000)).toBeNull();
    expect(remainingTime(Number.NaN, 0)).toBeNull();
    for (let left = 1; left < 3 * DAY; left += 7 * MINUTE + 13_000) {
      const r = remainingTime(left, 0);
      expect(r?.days).toBeGreaterThanOrEqual(0);
      expect(r?.hours).toBeGreaterThanOrEqual(0);
      expect(r?.hours).toBeLessThanOrEqual(24);
      expect(r?.minutes).toBeGreaterThanOrEqual(0);
      expect(r?.minutes).toBeLessThanOrEqual(59);
    }
  });
  it("reads 'Your Preview Pass expires in 00:00' with nothing left, and HH:MM with days before", () => {
    expect(previewPassText(null)).toBe('Your Preview Pass expires in 00:00');
    expect(formatRemaining({ days: 0, hours: 5, minutes: 9 })).toBe('05:09');
    expect(formatRemaining({ days: 2, hours: 3, minutes: 15 })).toBe('2d 03:15');
  });
});

describe('server render (the anonymous stored page)', () => {
  it('shows Locked and the bar with the spec texts, the countdown hidden at 00:00', () => {
    const html = renderToStaticMarkup(<VideoAccess needsAuthentication showBar />);
    expect(html).toContain('<p class="video-locked" data-locked="true">Locked</p>');
    expect(html).toContain('<p class="preview-pass" hidden="">Your Preview Pass expires in 00:00</p>');
    expect(html).toContain('Sign In with TV Provider</button>');
    expect(html).toContain('Don&#x27;t have a TV subscription? <a href="/gowatch">Sign Up</a>');
  });
  it('shows neither for a video that needs no sign-in', () => {
    expect(renderToStaticMarkup(<VideoAccess needsAuthentication={false} showBar={false} />)).toBe('<div class="video-access"></div>');
  });
  it('rejects props that are not two booleans', () => {
    expect(() => parseVideoAccessProps({ needsAuthentication: 'yes', showBar: true })).toThrow(IslandPropsError);
    expect(parseVideoAccessProps({ needsAuthentication: true, showBar: false })).toEqual({ needsAuthentication: true, showBar: false });
  });
});
