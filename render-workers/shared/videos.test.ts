/**
 * Turning recommended videos into view items (render-workers/shared/videos.ts): plain-text titles,
 * safe links only, aired videos only, at most 10, durations as m:ss or h:mm:ss.
 */
import { describe, expect, it } from 'vitest';
import type { RecommendedVideo } from '../../core/upstream/video-client.js';
import { formatVideoDuration, toVideoItems, VIDEO_CAROUSEL_MAX } from './videos.js';

const now = new Date('2026-03-01T12:00:00Z');

function video(id: string, attributes: Partial<RecommendedVideo['attributes']> = {}): RecommendedVideo {
  return { id, type: 'video', attributes: { title: `Video ${id}`, url: `/video/${id}`, ...attributes } };
}

describe('toVideoItems', () => {
  it('keeps at most 10 videos (spec 2 §9 video carousel)', () => {
    const items = toVideoItems(Array.from({ length: 14 }, (_, i) => video(`v${i}`)), now);
    expect(items).toHaveLength(VIDEO_CAROUSEL_MAX);
    expect(VIDEO_CAROUSEL_MAX).toBe(10);
  });

  it('drops unsafe links, empty titles, duplicates and videos that have not aired', () => {
    const items = toVideoItems(
      [
        video('ok'),
        video('js', { url: 'javascript:alert(1)' }),
        video('blank', { title: '<b></b>' }),
        video('again', { url: '/video/ok' }),
        video('later', { start_air_date: '2026-03-01T13:00:00Z' }),
      ],
      now,
    );
    expect(items.map((i) => i.url)).toEqual(['/video/ok']);
  });

  it('strips markup from titles and sizes thumbnails through the image service', () => {
    const [item] = toVideoItems([video('t', { title: 'A <i>big</i> day<script>x</script>', thumbnail: { url: 'https://img.example/a/b.jpg' } })], now);
    expect(item?.name).toBe('A big day');
    expect(item?.image?.src).toBe('https://img.example/a/320/180/b.jpg?ve=1&tl=1');
    expect(item?.image?.srcSet).toContain('/200/113/b.jpg');
  });
});

describe('formatVideoDuration', () => {
  it('formats seconds as m:ss or h:mm:ss, and leaves out live streams and nonsense', () => {
    expect(formatVideoDuration(188)).toBe('3:08');
    expect(formatVideoDuration(2580)).toBe('43:00');
    expect(formatVideoDuration(3725)).toBe('1:02:05');
    expect(formatVideoDuration(0)).toBeUndefined();
    expect(formatVideoDuration(Number.NaN)).toBeUndefined();
    expect(formatVideoDuration('2:35')).toBe('2:35');
    expect(formatVideoDuration('soon')).toBeUndefined();
  });
});
