/**
 * The live-event video island (spec 2 §2): server markup of the collapsed state, the controls and
 * the expand link, URL checks, the pieces=live-stream-playlist-expanded query rule, props parsing.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandPropsError } from '../island-props.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import {
  LIVE_EVENT_VIDEO_TEXTS,
  LIVE_EVENT_VIDEO_TEXTS_BY_SITE,
  LiveEventVideo,
  parseLiveEventVideoProps,
  safeSrcset,
  wantsExpandedPlaylist,
  type LiveEventVideoItem,
} from './live-event-video.island.js';

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

  it('keeps the news edition\'s texts, and is the news edition without a site', () => {
    expect(LIVE_EVENT_VIDEO_TEXTS_BY_SITE.news).toBe(LIVE_EVENT_VIDEO_TEXTS);
    expect(LIVE_EVENT_VIDEO_TEXTS).toEqual({
      showMore: 'Show More',
      showLess: 'Show Less',
      expand: 'Expand Video',
      collapse: 'Collapse Video',
      expandLink: 'Expand playlist',
      playlist: 'Video playlist',
    });
    const props = { video: item('a'), playlist: [item('b')] };
    expect(renderToString(<LiveEventVideo {...props} site="news" />)).toBe(renderToString(<LiveEventVideo {...props} />));
  });

  it('reads in Spanish on the es edition: the buttons, the expand link and the playlist name', () => {
    const es = LIVE_EVENT_VIDEO_TEXTS_BY_SITE.es;
    expect(es).toEqual({
      showMore: 'Mostrar más',
      showLess: 'Mostrar menos',
      expand: 'Ampliar video',
      collapse: 'Reducir video',
      expandLink: 'Ver lista de reproducción',
      playlist: 'Lista de reproducción',
    });
    expect(es.showMore).toBe(uiText('es').showMore);
    const html = renderToString(<LiveEventVideo video={item('a')} playlist={[item('b')]} site="es" />);
    const id = /<ol class="live-playlist" id="([^"]+)" aria-label="Lista de reproducción" hidden="">/.exec(html)?.[1] ?? '';
    expect(id).not.toBe('');
    expect(html).toContain(`<button type="button" class="live-video-show-more" hidden="" aria-expanded="false" aria-controls="${id}">Mostrar más</button>`);
    expect(html).toContain(`<button type="button" class="live-video-expand" hidden="" aria-expanded="false" aria-controls="${id}">Ampliar video</button>`);
    expect(html).toContain(`#${id}">Ver lista de reproducción</a>`);
    // No English control text is left on the es render.
    for (const text of Object.values(LIVE_EVENT_VIDEO_TEXTS)) expect(html).not.toContain(text);
  });

  it('takes the edition from a valid site prop and rejects any other', () => {
    const props = { video: item('a'), playlist: [item('b')] };
    expect(parseLiveEventVideoProps({ ...props, site: 'es' }).site).toBe('es');
    expect(parseLiveEventVideoProps({ ...props, site: 'news' }).site).toBe('news');
    expect(parseLiveEventVideoProps(props)).not.toHaveProperty('site');
    for (const site of ['fr', 'ES', '', 42, null, ['es']]) {
      expect(() => parseLiveEventVideoProps({ ...props, site })).toThrow(IslandPropsError);
    }
  });

  it('validates its props', () => {
    expect(parseLiveEventVideoProps({ video: item('a'), playlist: [item('b')] }).playlist).toHaveLength(1);
    expect(() => parseLiveEventVideoProps({ playlist: [] })).toThrow(IslandPropsError);
    expect(() => parseLiveEventVideoProps({ video: { ...item('a'), title: 3 }, playlist: [] })).toThrow(IslandPropsError);
    expect(() => parseLiveEventVideoProps({ video: item('a'), playlist: 'x' })).toThrow(IslandPropsError);
  });
});
