/** The shows rules with spec 2's own numbers (§9 poster sizes) and routing rule (§2 301, "video"). */
import { describe, expect, it } from 'vitest';
import { SHOW_POSTER_SIZES, SHOWS_PAGE_POSTER_SIZES, showIdFromPath, showRedirectTarget } from './show-rules.js';

describe('show poster sizes (spec 2 §9)', () => {
  it('show poster is 196x294 desktop, 150x225, 128x192', () => {
    expect(SHOW_POSTER_SIZES).toEqual({ desktop: { width: 196, height: 294 }, tablet: { width: 150, height: 225 }, mobile: { width: 128, height: 192 } });
  });
  it('shows page poster is 268x402 and steps down', () => {
    expect(SHOWS_PAGE_POSTER_SIZES.desktop).toEqual({ width: 268, height: 402 });
    expect(SHOWS_PAGE_POSTER_SIZES.tablet.width).toBeLessThan(268);
    expect(SHOWS_PAGE_POSTER_SIZES.mobile.width).toBeLessThan(SHOWS_PAGE_POSTER_SIZES.tablet.width);
  });
});

describe('show paths (spec 2 §5: the show page needs the param id)', () => {
  it('reads the id of /shows/{id} only', () => {
    expect(showIdFromPath('/shows/morning-desk')).toBe('morning-desk');
    expect(showIdFromPath('/shows')).toBeNull();
    expect(showIdFromPath('/shows/a/b')).toBeNull();
  });
});

describe('show canonical 301 (spec 2 §2)', () => {
  const show = { id: '1004', canonicalUrl: 'https://www.foxnews.com/shows/weekend-watch' };
  it('redirects when the requested path differs from the canonical path', () => {
    expect(showRedirectTarget(show, '/shows/1004')).toBe('/shows/weekend-watch');
  });
  it('renders in place at the canonical path', () => {
    expect(showRedirectTarget(show, '/shows/weekend-watch')).toBeNull();
  });
  it('skips the redirect when the path contains video', () => {
    expect(showRedirectTarget({ id: 'video-vault', canonicalUrl: 'https://www.foxnews.com/shows/the-video-vault' }, '/shows/video-vault')).toBeNull();
  });
});
