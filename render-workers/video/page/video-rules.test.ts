/**
 * The single video page's rules (spec 2 §2, §4, §7): type labels, gate, authentication and lock,
 * canonical paths, ISO durations and the embed URL.
 */
import { describe, expect, it } from 'vitest';
import {
  durationSeconds,
  encodeAmpProps,
  isGatedVideo,
  isLocked,
  isoDuration,
  needsAuthentication,
  videoDomainOf,
  videoEmbedUrl,
  videoPathOf,
  videoTypeOf,
} from './video-rules.js';

const tagged = (...media_tags: string[]) => ({ brightcove: { media_tags } });

describe('video type and gate (spec 2 §4)', () => {
  it('is LIVE if tagged live_stream, FULL EPISODE if tagged full_episode, otherwise CLIP', () => {
    expect(videoTypeOf(tagged('live_stream'))).toBe('LIVE');
    expect(videoTypeOf(tagged('live_stream', 'full_episode'))).toBe('LIVE');
    expect(videoTypeOf(tagged('full_episode'))).toBe('FULL EPISODE');
    expect(videoTypeOf(tagged('video_gate'))).toBe('CLIP');
    expect(videoTypeOf({})).toBe('CLIP');
  });
  it('is gated when tagged video_gate', () => {
    expect(isGatedVideo(tagged('video_gate'))).toBe(true);
    expect(isGatedVideo(tagged('live_stream'))).toBe(false);
  });
});

describe('authentication and lock (spec 2 §4)', () => {
  it('needs authentication for fnc or fbn sources or full episodes', () => {
    expect(needsAuthentication({ source: 'fnc', fullEpisode: false })).toBe(true);
    expect(needsAuthentication({ source: 'fbn', fullEpisode: false })).toBe(true);
    expect(needsAuthentication({ fullEpisode: true })).toBe(true);
    expect(needsAuthentication({ fullEpisode: false, ...tagged('full_episode') })).toBe(true);
    expect(needsAuthentication({ source: 'other', fullEpisode: false })).toBe(false);
    expect(needsAuthentication({ fullEpisode: false })).toBe(false);
  });
  it('is locked when authentication is needed and no provider id exists', () => {
    expect(isLocked(true, null)).toBe(true);
    expect(isLocked(true, '')).toBe(true);
    expect(isLocked(true, 'sample-cable')).toBe(false);
    expect(isLocked(false, null)).toBe(false);
  });
});

describe('paths, durations, embed URL (spec 2 §2, §7)', () => {
  it('puts show videos under /video/shows/', () => {
    expect(videoPathOf({ slug: 'a-clip' })).toBe('/video/a-clip');
    expect(videoPathOf({ slug: 'an-episode', spark_shows: { title: 'Hannity' } })).toBe('/video/shows/an-episode');
  });
  it('reads durations as seconds and writes ISO 8601', () => {
    expect(durationSeconds(312)).toBe(312);
    expect(durationSeconds('1:02:10')).toBe(3730);
    expect(durationSeconds(0)).toBeUndefined();
    expect(durationSeconds('soon')).toBeUndefined();
    expect(isoDuration(312)).toBe('PT5M12S');
    expect(isoDuration(7140)).toBe('PT1H59M');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(45)).toBe('PT45S');
  });
  it('builds the embed URL with video_id, embedver, pn, pageUrl and base64 ampProps on the video domain', () => {
    const properties = [{ name: 'title', value: 'Café – “quotes”' }];
    const url = new URL(videoEmbedUrl({ videoId: 'v1', domain: videoDomainOf({ source: 'fbn' }), pageName: '/video/x', pageUrl: 'https://www.example.test/video/x', properties }));
    expect(url.origin).toBe('https://video.foxbusiness.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({ video_id: 'v1', embedver: '2', pn: '/video/x', pageUrl: 'https://www.example.test/video/x', ampProps: encodeAmpProps(properties) });
    expect(JSON.parse(Buffer.from(url.searchParams.get('ampProps') ?? '', 'base64').toString('utf8'))).toEqual(properties);
    expect(videoDomainOf({ source: 'fnc' })).toBe('news');
  });
});
