/**
 * Live-event rules (spec 2 §5 adInfo, §7 layout elementId, §3 video fields) and the LiveBlogPosting
 * JSON-LD (spec 2 §8 "Live-blog SEO fetch failure: empty data").
 */
import { describe, expect, it } from 'vitest';
import { liveEventSchema } from '../../core/upstream/live-event-client.js';
import { checkAdInfo, durationLabel, liveEventElementId, videoAndPlaylist, videoItem } from './live-event-rules.js';
import { liveUpdateEntries } from './live-blog-updates.js';
import { liveBlogPostingJsonLd } from './structured-data.js';

const video = { id: 'v1', url: '/video/v1', title: 'Live <b>stream</b>', responsiveImages: [] };

describe('live-event rules', () => {
  it('uses the path without slashes as the layout elementId', () => {
    expect(liveEventElementId('/coverage/election-night')).toBe('coverageelection-night');
    expect(liveEventElementId('/coverage')).toBe('coverage');
  });

  it('renders an ad only when adInfo has size, value and text', () => {
    expect(checkAdInfo(undefined)).toBeNull();
    expect(checkAdInfo({ size: '300x250', value: '/unit', text: 'Advertisement' })).toEqual({ ad: { size: '300x250', value: '/unit', text: 'Advertisement' } });
    expect(checkAdInfo({ size: '300x250', value: '/unit' })).toEqual({ missing: ['text'] });
    expect(checkAdInfo({ size: ' ', text: 'Ad' })).toEqual({ missing: ['size', 'value'] });
  });

  it('labels durations', () => {
    expect(durationLabel(95)).toBe('1:35');
    expect(durationLabel(3725)).toBe('1:02:05');
    expect(durationLabel('LIVE')).toBe('LIVE');
    expect(durationLabel(undefined)).toBeNull();
    expect(durationLabel(-1)).toBeNull();
  });

  it('checks every URL of a video and drops unsafe ones', () => {
    expect(videoItem({ ...video, url: 'javascript:alert(1)' })).toBeNull();
    const item = videoItem({
      ...video,
      categoryUrl: 'javascript:alert(1)',
      image: 'data:image/png;base64,AAAA',
      responsiveImages: [
        { media: '(min-width: 768px)', srcset: 'https://img.example.com/a.jpg 1x, https://img.example.com/b.jpg 2x' },
        { media: '"><script>', srcset: 'https://img.example.com/c.jpg' },
        { media: '(max-width: 767px)', srcset: 'javascript:alert(1) 1x' },
      ],
    });
    expect(item).toEqual({
      id: 'v1',
      url: '/video/v1',
      title: 'Live stream',
      category: null,
      categoryUrl: null,
      duration: null,
      image: null,
      imageAlt: 'Live stream',
      responsiveImages: [{ media: '(min-width: 768px)', srcset: 'https://img.example.com/a.jpg 1x, https://img.example.com/b.jpg 2x' }],
    });
  });

  it('uses the first playlist item as the video when the event has none', () => {
    const second = { ...video, id: 'v2', url: '/video/v2' };
    expect(videoAndPlaylist(undefined, [video, second])?.video.id).toBe('v1');
    expect(videoAndPlaylist(undefined, [video, second])?.playlist.map((item) => item.id)).toEqual(['v2']);
    expect(videoAndPlaylist(undefined, [])).toBeNull();
  });
});

describe('LiveBlogPosting JSON-LD', () => {
  const event = liveEventSchema.parse({ id: 'e', title: 'Election night', description: 'Results.', date: '2026-03-01T23:00:00Z' });
  const origin = { publicOrigin: 'https://www.example.test', lang: 'en' };
  const options = { canonicalUrl: 'https://www.example.test/coverage/e' };

  it('carries the entries the page shows as BlogPosting entries, newest first', () => {
    const entries = liveUpdateEntries(
      [
        { headline: 'Polls close', articleBody: '<p>Polls <b>closed</b>.</p>', datePublished: '2026-03-01T23:00:00Z', url: '/coverage/e#1' },
        { headline: 'Bad date', datePublished: 'soon' },
        { headline: 'Hostile url', datePublished: '2026-03-01T23:10:00Z', url: 'javascript:alert(1)' },
      ],
      origin,
    );
    const data = liveBlogPostingJsonLd(event, entries, options);
    expect(data).toMatchObject({ '@type': 'LiveBlogPosting', headline: 'Election night', description: 'Results.', coverageStartTime: '2026-03-01T23:00:00.000Z' });
    expect(data.liveBlogUpdate).toEqual([
      { '@type': 'BlogPosting', headline: 'Hostile url', datePublished: '2026-03-01T23:10:00.000Z' },
      { '@type': 'BlogPosting', headline: 'Polls close', articleBody: 'Polls closed.', datePublished: '2026-03-01T23:00:00.000Z', url: 'https://www.example.test/coverage/e#1' },
    ]);
    expect(data.liveBlogUpdate.map((update) => update.headline)).toEqual(entries.map((entry) => entry.headline));
  });

  it('has an empty liveBlogUpdate when the feed gave nothing', () => {
    expect(liveBlogPostingJsonLd(event, [], options).liveBlogUpdate).toEqual([]);
  });
});
