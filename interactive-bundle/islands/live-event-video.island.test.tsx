/**
 * The live-event video island (spec 2 §2): server markup of the collapsed state, the controls and
 * the expand link, URL checks, the pieces=live-stream-playlist-expanded query rule, props parsing.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandPropsError } from '../island-props.js';
import { LIVE_EVENT_VIDEO_TEXTS, LiveEventVideo, parseLiveEventVideoProps, safeSrcset, wantsExpandedPlaylist, type LiveEventVideoItem } from './live-event-video.island.js';

const item = (id: string): LiveEventVideoItem => ({ id, url: `/video/${id}`, title: `Video ${id}`, category: 'Politics', categoryUrl: '/politics', duration: '3:12', image: `https://img.example.com/${id}.jpg`, imageAlt: `Still of ${id}`, responsiveImages: [] });

describe('live-event video island', () => {
  it('uses the spec 2 §2 control names', () => {
    expect(LIVE_EVENT_VIDEO_TEXTS.showMore).toBe('Show More');
    expect(LIVE_EVENT_VIDEO_TEXTS.expand).toBe('Expand Video');
  });

  it('server-renders the collapsed playlist, the controls waiting for hydration, and the expand link', () => {
    const html = renderToString(<LiveEventVideo video={item('a')} playlist={[item('b'), item('c')]} />);
    const id = /<ol class="live-playlist" id="([^"]+)" aria-label="Video playlist" hidden="">/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<button type="button" class="live-video-show-more" hidden="" aria-expanded="false" aria-controls="${id ?? ''}">Show More</button>`);
    expect(html).toContain(`<button type="button" class="live-video-expand" hidden="" aria-expanded="false" aria-controls="${id ?? ''}">Expand Video</button>`);
    expect(html).toContain(`href="?pieces=live-stream-playlist-expanded#${id ?? ''}"`);
    expect(html).toContain('alt="Still of a" width="480" height="270"');
    expect(html).toContain('alt="Still of b" width="240" height="135"');
  });

  it('has no controls without a playlist', () => {
    const html = renderToString(<LiveEventVideo video={item('a')} playlist={[]} />);
    expect(html).not.toContain('Show More');
    expect(html).not.toContain('pieces=');
  });

  it('never renders an unsafe address from its props', () => {
    const html = renderToString(<LiveEventVideo video={{ ...item('a'), url: 'javascript:alert(1)', categoryUrl: '//evil.example', image: 'javascript:x' }} playlist={[]} />);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('evil.example');
  });

  it('reads the expanded state from the query string', () => {
    expect(wantsExpandedPlaylist('?pieces=live-stream-playlist-expanded')).toBe(true);
    expect(wantsExpandedPlaylist('?a=1&pieces=other,live-stream-playlist-expanded')).toBe(true);
    expect(wantsExpandedPlaylist('?pieces=other')).toBe(false);
    expect(wantsExpandedPlaylist('')).toBe(false);
  });

  it('checks srcset candidates', () => {
    expect(safeSrcset('https://a.example/x.jpg 480w, /y.jpg 960w')).toBe('https://a.example/x.jpg 480w, /y.jpg 960w');
    expect(safeSrcset('https://a.example/x.jpg 480w, javascript:1 2x')).toBeNull();
    expect(safeSrcset('https://a.example/x.jpg huge')).toBeNull();
  });

  it('validates its props', () => {
    expect(parseLiveEventVideoProps({ video: item('a'), playlist: [item('b')] }).playlist).toHaveLength(1);
    expect(() => parseLiveEventVideoProps({ playlist: [] })).toThrow(IslandPropsError);
    expect(() => parseLiveEventVideoProps({ video: { ...item('a'), title: 3 }, playlist: [] })).toThrow(IslandPropsError);
    expect(() => parseLiveEventVideoProps({ video: item('a'), playlist: 'x' })).toThrow(IslandPropsError);
  });
});
