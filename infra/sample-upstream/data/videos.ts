/**
 * Sample videos: the full Video record of spec 2 §3 (docs/upstream-contract.md §5.6), plus `tags`,
 * the tag paths the video service filters by (§5.5). They cover both sources (fnc, fbn), the
 * live_stream, full_episode and video_gate tags, show videos, a video whose air start is still in
 * the future (spec 2 §2: shown only once it has aired), and enough latest-news videos for the
 * 404 page's "Latest Videos" list. Sections without videos of their own (opinion, sports, ...)
 * exercise the latest-news fallback.
 */
import { sampleImage } from './images.js';

export interface VideoRecord {
  external_id: string;
  title: string;
  description: string;
  /** Seconds. */
  duration: number;
  pill?: string;
  time?: string;
  source: 'fnc' | 'fbn';
  thumbnail: { url: string };
  slug: string;
  /** Show videos live under /video/shows/{slug} (spec 2 §2). */
  showVideo?: boolean;
  streams: { url: string; mime_type: string }[];
  start_air_date: string;
  fullEpisode: boolean;
  last_published_date: string;
  expiration_date?: string;
  spark_shows?: { title: string };
  /** Tag paths the recommended call filters by, e.g. "fox-news/politics". */
  tags: string[];
  brightcove: { duration: number; media_tags: string[]; start_air_date: string };
}

interface VideoSpec {
  id: string;
  title: string;
  slug: string;
  section: string;
  aired: string;
  duration: number;
  source?: 'fnc' | 'fbn';
  mediaTags?: string[];
  latestNews?: boolean;
  fullEpisode?: boolean;
  show?: string;
}

function video(spec: VideoSpec): VideoRecord {
  const mediaTags = [...(spec.mediaTags ?? []), ...(spec.latestNews ? ['latest_news'] : [])];
  return {
    external_id: spec.id,
    title: spec.title,
    description: `${spec.title}. A sample video for the ${spec.section} section.`,
    duration: spec.duration,
    source: spec.source ?? 'fnc',
    thumbnail: { url: sampleImage(`video-${spec.slug}`) },
    slug: spec.slug,
    ...(spec.show ? { showVideo: true, spark_shows: { title: spec.show } } : {}),
    streams: [{ url: `https://videos.sample.invalid/${spec.id}/master.m3u8`, mime_type: 'application/x-mpegURL' }],
    start_air_date: spec.aired,
    fullEpisode: spec.fullEpisode ?? false,
    last_published_date: spec.aired,
    tags: [`fox-news/${spec.section}`, ...(spec.latestNews ? ['fox-news/latest-news'] : [])],
    brightcove: { duration: spec.duration, media_tags: mediaTags, start_air_date: spec.aired },
  };
}

export const VIDEOS: VideoRecord[] = [
  video({ id: 'vid-6360001', title: 'Senate leaders outline the week ahead', slug: 'senate-leaders-week-ahead', section: 'politics', aired: '2025-03-18T13:00:00Z', duration: 312, latestNews: true }),
  video({ id: 'vid-6360002', title: 'Governors meet on border funding', slug: 'governors-border-funding', section: 'politics', aired: '2025-03-18T11:30:00Z', duration: 245 }),
  video({ id: 'vid-6360003', title: 'Election night explained in two minutes', slug: 'election-night-explained', section: 'politics', aired: '2025-03-17T22:00:00Z', duration: 128, mediaTags: ['video_gate'] }),
  video({ id: 'vid-6360004', title: 'Live: the briefing room', slug: 'live-briefing-room', section: 'politics', aired: '2025-03-18T14:00:00Z', duration: 0, mediaTags: ['live_stream'], latestNews: true }),
  video({ id: 'vid-6360005', title: 'Storm damage across the Midwest', slug: 'storm-damage-midwest', section: 'us', aired: '2025-03-18T09:15:00Z', duration: 201, latestNews: true }),
  video({ id: 'vid-6360006', title: 'Rescue crews reach stranded hikers', slug: 'rescue-crews-hikers', section: 'us', aired: '2025-03-17T19:45:00Z', duration: 174 }),
  video({ id: 'vid-6360007', title: 'Markets open higher on jobs data', slug: 'markets-open-higher', section: 'us', aired: '2025-03-18T13:35:00Z', duration: 188, source: 'fbn', latestNews: true }),
  video({ id: 'vid-6360008', title: 'Summit ends with a joint statement', slug: 'summit-joint-statement', section: 'world', aired: '2025-03-18T07:00:00Z', duration: 267, latestNews: true }),
  video({ id: 'vid-6360009', title: 'Ceasefire talks resume', slug: 'ceasefire-talks-resume', section: 'world', aired: '2025-03-17T16:20:00Z', duration: 233 }),
  video({ id: 'vid-6360010', title: 'Red carpet highlights', slug: 'red-carpet-highlights', section: 'entertainment', aired: '2025-03-17T03:00:00Z', duration: 156 }),
  video({ id: 'vid-6360011', title: 'Hannity: full episode, March 17', slug: 'hannity-full-episode-march-17', section: 'entertainment', aired: '2025-03-18T02:00:00Z', duration: 2580, fullEpisode: true, mediaTags: ['full_episode'], show: 'Hannity' }),
  video({ id: 'vid-6360012', title: 'Morning headlines', slug: 'morning-headlines', section: 'us', aired: '2025-03-18T10:00:00Z', duration: 95, latestNews: true }),
  video({ id: 'vid-6360013', title: 'Weekend forecast', slug: 'weekend-forecast', section: 'us', aired: '2025-03-18T08:00:00Z', duration: 110, latestNews: true }),
  // Scheduled far ahead: listed by the video service, but not shown until it airs (spec 2 §2).
  video({ id: 'vid-6360014', title: 'Town hall: the full broadcast', slug: 'town-hall-full-broadcast', section: 'politics', aired: '2099-01-01T00:00:00Z', duration: 3600, latestNews: true }),
];
