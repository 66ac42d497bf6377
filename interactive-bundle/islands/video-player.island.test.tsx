import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandPropsError } from '../island-props.js';
import { parseVideoPlayerProps, VideoElement, VideoPlayer } from './video-player.island.js';

const STREAM = { url: 'https://media.example.com/a/master.m3u8', type: 'application/x-mpegURL' };

describe('VideoPlayer props', () => {
  it('accepts an empty title (a refused island would leave no player) and a null poster', () => {
    expect(parseVideoPlayerProps({ title: '', poster: null, streams: [STREAM] })).toEqual({ title: '', poster: null, streams: [STREAM] });
  });

  it('refuses no stream, an unsafe stream or poster address', () => {
    expect(() => parseVideoPlayerProps({ title: 'A', poster: null, streams: [] })).toThrow(IslandPropsError);
    expect(() => parseVideoPlayerProps({ title: 'A', poster: null, streams: [{ url: 'javascript:alert(1)', type: 'video/mp4' }] })).toThrow(IslandPropsError);
    expect(() => parseVideoPlayerProps({ title: 'A', poster: '//evil.example/p.jpg', streams: [STREAM] })).toThrow(IslandPropsError);
  });
});

describe('VideoPlayer on the server', () => {
  it('renders only the play button, hidden until the bundle shows it, named after the video', () => {
    const html = renderToStaticMarkup(<VideoPlayer title="Senate leaders" poster={null} streams={[STREAM]} />);
    expect(html).toMatch(/^<button type="button" class="video-play" hidden="" aria-label="Play video: Senate leaders">/);
    expect(html).not.toContain('<video');
    expect(renderToStaticMarkup(<VideoPlayer title="" poster={null} streams={[STREAM]} />)).toContain('aria-label="Play video"');
  });

  it('gives the native player (the noscript copy) its sources, poster and name, without preloading', () => {
    const html = renderToStaticMarkup(<VideoElement title="Senate leaders" poster="https://img.example.com/p.jpg" streams={[STREAM]} />);
    expect(html).toBe(
      '<video controls="" preload="none" playsInline="" aria-label="Senate leaders" poster="https://img.example.com/p.jpg"><source src="https://media.example.com/a/master.m3u8" type="application/x-mpegURL"/></video>',
    );
  });
});

describe('VideoPlayer on the Spanish edition', () => {
  it('names its button in Spanish', () => {
    expect(renderToStaticMarkup(<VideoPlayer title="Líderes del Senado" poster={null} streams={[STREAM]} site="es" />)).toContain('aria-label="Reproducir video: Líderes del Senado"');
  });
});
