/**
 * The VideoAccess island's rules and server render (spec 2 §2, §4; the countdown's days at least 0,
 * hours 0-24, minutes 0-59). The browser behaviour (storage, ticking) is covered by tests/e2e/video-page.test.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandPropsError } from '../island-props.js';
import { formatRemaining, parseVideoAccessProps, previewPassText, remainingTime, VideoAccess } from './video-access.island.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('preview-pass countdown', () => {
  it('splits the time left into hours >= 0, minutes 0-59 and seconds 0-59, seconds rounded up', () => {
    expect(remainingTime(5 * MINUTE, 0)).toEqual({ hours: 0, minutes: 5, seconds: 0 });
    expect(remainingTime(2 * HOUR + 5 * MINUTE + 9_000, 0)).toEqual({ hours: 2, minutes: 5, seconds: 9 });
    expect(remainingTime(DAY - 1, 0)).toEqual({ hours: 24, minutes: 0, seconds: 0 });
    expect(remainingTime(1, 0)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
    expect(remainingTime(1000, 1000)).toBeNull();
    expect(remainingTime(Number.NaN, 0)).toBeNull();
    for (let left = 1; left < 3 * DAY; left += 7 * MINUTE + 13_017) {
      const r = remainingTime(left, 0);
      expect(r?.hours).toBeGreaterThanOrEqual(0);
      expect(r?.minutes).toBeGreaterThanOrEqual(0);
      expect(r?.minutes).toBeLessThanOrEqual(59);
      expect(r?.seconds).toBeGreaterThanOrEqual(0);
      expect(r?.seconds).toBeLessThanOrEqual(59);
    }
  });
  it("reads 'Your Preview Pass expires in 00:00' with nothing left, minutes:seconds, and hours before when there are any", () => {
    expect(previewPassText(null)).toBe('Your Preview Pass expires in 00:00');
    expect(previewPassText(remainingTime(5 * MINUTE, 0))).toBe('Your Preview Pass expires in 05:00');
    expect(formatRemaining({ hours: 0, minutes: 4, seconds: 59 })).toBe('04:59');
    expect(formatRemaining({ hours: 2, minutes: 5, seconds: 9 })).toBe('2:05:09');
  });
  it("reads the edition's words on the Spanish edition", () => {
    expect(previewPassText(null, 'es')).toBe('Tu pase de prueba vence en 00:00');
    expect(previewPassText(remainingTime(5 * MINUTE, 0), 'es')).toBe('Tu pase de prueba vence en 05:00');
  });
});

describe('server render (the anonymous stored page)', () => {
  it('shows Locked and the bar with the spec texts, the countdown hidden at 00:00', () => {
    for (const html of [renderToStaticMarkup(<VideoAccess needsAuthentication showBar />), renderToStaticMarkup(<VideoAccess needsAuthentication showBar site="news" />)]) {
      expect(html).toContain('<p class="video-locked" data-locked="true">Locked</p>');
      expect(html).toContain('<section class="subscription-bar" aria-label="TV provider sign-in">');
      expect(html).toContain('<p class="preview-pass" hidden="">Your Preview Pass expires in 00:00</p>');
      expect(html).toContain('Sign In with TV Provider</button>');
      expect(html).toContain('Don&#x27;t have a TV subscription? <a href="/gowatch">Sign Up</a>');
    }
  });
  it('shows them in Spanish on the Spanish edition, with no English left', () => {
    const html = renderToStaticMarkup(<VideoAccess needsAuthentication showBar site="es" />);
    expect(html).toContain('<p class="video-locked" data-locked="true">Bloqueado</p>');
    expect(html).toContain('<section class="subscription-bar" aria-label="Inicio de sesión con proveedor de TV">');
    expect(html).toContain('<p class="preview-pass" hidden="">Tu pase de prueba vence en 00:00</p>');
    expect(html).toContain('Inicia sesión con tu proveedor de TV</button>');
    expect(html).toContain('¿No tienes suscripción de TV? <a href="/gowatch">Suscríbete</a>');
    for (const english of ['Locked', 'TV provider sign-in', 'Preview Pass', 'Sign In with TV Provider', 'subscription?', 'Sign Up']) expect(html).not.toContain(english);
  });
  it('shows neither for a video that needs no sign-in', () => {
    expect(renderToStaticMarkup(<VideoAccess needsAuthentication={false} showBar={false} />)).toBe('<div class="video-access"></div>');
  });
  it('rejects props that are not two booleans', () => {
    expect(() => parseVideoAccessProps({ needsAuthentication: 'yes', showBar: true })).toThrow(IslandPropsError);
    expect(parseVideoAccessProps({ needsAuthentication: true, showBar: false })).toEqual({ needsAuthentication: true, showBar: false });
  });
  it('takes an optional site id, the news edition when absent', () => {
    expect(parseVideoAccessProps({ needsAuthentication: true, showBar: true, site: 'es' })).toEqual({ needsAuthentication: true, showBar: true, site: 'es' });
    expect(parseVideoAccessProps({ needsAuthentication: true, showBar: true, site: 'news' })).toEqual({ needsAuthentication: true, showBar: true, site: 'news' });
    expect(() => parseVideoAccessProps({ needsAuthentication: true, showBar: true, site: 'fr' })).toThrow(IslandPropsError);
    expect(() => parseVideoAccessProps({ needsAuthentication: true, showBar: true, site: null })).toThrow(IslandPropsError);
  });
});
