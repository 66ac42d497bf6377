/**
 * Sample videos: the full Video record of spec 2 §3 (docs/upstream-contract.md §5.6), plus `tags`,
 * the tag paths the video service filters by (§5.5). They cover both sources (fnc, fbn), the
 * live_stream, full_episode and video_gate tags, show videos, a video whose air start is still in
 * the future (spec 2 §2: shown only once it has aired), and enough latest-news videos for the
 * 404 page's "Latest Videos" list. The single video page (render-workers/video/build-video-page.ts)
 * reads them one at a time by slug (§5.6). Sections without videos of their own (opinion, sports, ...)
 * exercise the latest-news fallback.
 */
import { deepFreeze } from './frozen.js';
import { sampleImage } from './images.js';

export interface VideoRecord {
  external_id: string;
  title: string;
  description: string;
  /** Seconds. */
  duration: number;
  pill?: string;
  time?: string;
  /** Absent for a video that needs no TV-provider sign-in (spec 2 §4: fnc and fbn do). */
  source?: 'fnc' | 'fbn';
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
  /** Default fnc; null for a video with no source (free to watch unless a full episode). */
  source?: 'fnc' | 'fbn' | null;
  mediaTags?: string[];
  latestNews?: boolean;
  fullEpisode?: boolean;
  show?: string;
  /** The show's tag path (its fnTags path), which the show's video page lists by. */
  showTag?: string;
  expires?: string;
}

function video(spec: VideoSpec): VideoRecord {
  const mediaTags = [...(spec.mediaTags ?? []), ...(spec.latestNews ? ['latest_news'] : [])];
  return {
    external_id: spec.id,
    title: spec.title,
    description: `${spec.title}. A sample video for the ${spec.section} section.`,
    duration: spec.duration,
    ...(spec.source === null ? {} : { source: spec.source ?? 'fnc' }),
    thumbnail: { url: sampleImage(`video-${spec.slug}`) },
    slug: spec.slug,
    ...(spec.show ? { showVideo: true, spark_shows: { title: spec.show } } : {}),
    streams: [{ url: `https://videos.sample.invalid/${spec.id}/master.m3u8`, mime_type: 'application/x-mpegURL' }],
    start_air_date: spec.aired,
    fullEpisode: spec.fullEpisode ?? false,
    last_published_date: spec.aired,
    ...(spec.expires ? { expiration_date: spec.expires } : {}),
    tags: [`fox-news/${spec.section}`, ...(spec.latestNews ? ['fox-news/latest-news'] : []), ...(spec.showTag ? [spec.showTag] : [])],
    brightcove: { duration: spec.duration, media_tags: mediaTags, start_air_date: spec.aired },
  };
}

/**
 * Videos that articles, front layouts and live events link to (no link in the sample leads nowhere): article
 * blocks and the world front's brightcove item name them by their numeric id (/video/{id}, a 301 to
 * the slug path), the rest by slug. Those of opinion, sports and world are tagged `clips`, so the
 * sections' own lists stay as they were (opinion and sports exercise the latest-news fallback).
 */
const LINKED_VIDEOS: VideoRecord[] = [
  video({ id: '6370000000001', title: 'How to build a raised garden bed in an afternoon', slug: 'raised-garden-bed-in-an-afternoon', section: 'lifestyle', aired: '2025-03-12T15:00:00Z', duration: 192, source: null }),
  video({ id: '6370000000002', title: 'Negotiators leave the statehouse after midnight', slug: 'negotiators-leave-statehouse', section: 'politics', aired: '2025-03-10T05:00:00Z', duration: 125, source: null }),
  video({ id: '6370000000003', title: 'The cast on filming in a real lighthouse', slug: 'cast-filming-in-a-lighthouse', section: 'entertainment', aired: '2025-03-11T18:00:00Z', duration: 280, source: null }),
  video({ id: '6370000000004', title: 'A night at the branch library', slug: 'a-night-at-the-branch-library', section: 'clips', aired: '2025-03-09T20:00:00Z', duration: 150, source: null }),
  video({ id: '6370000000005', title: 'First look inside the new ballpark', slug: 'first-look-inside-the-new-ballpark', section: 'clips', aired: '2025-03-13T16:00:00Z', duration: 115, source: null }),
  video({ id: '6370000000006', title: 'State capitals in 60 seconds', slug: 'state-capitals-in-60-seconds', section: 'clips', aired: '2025-03-08T14:00:00Z', duration: 60, source: null }),
  video({ id: '6370000000007', title: 'Highlights of the 2020 final', slug: 'highlights-of-the-2020-final', section: 'clips', aired: '2025-03-07T21:00:00Z', duration: 310, source: null }),
  video({ id: '6370000000008', title: 'Whiteout on the interstate', slug: 'whiteout-on-the-interstate', section: 'us', aired: '2025-03-14T12:00:00Z', duration: 48, source: null }),
  video({ id: '6370000000009', title: 'How to drive in a whiteout', slug: 'how-to-drive-in-a-whiteout', section: 'us', aired: '2025-03-14T12:30:00Z', duration: 134, source: null }),
  video({ id: '6301234567001', title: 'Senators react', slug: 'senators-react', section: 'clips', aired: '2025-03-15T17:00:00Z', duration: 90 }),
  video({ id: 'vid-6360101', title: 'Watch the hearing', slug: 'senate-hearing', section: 'clips', aired: '2025-03-15T15:00:00Z', duration: 760 }),
  // The live events' videos (data/live-events.ts): their ids are these slugs.
  video({ id: 'vid-6360102', title: 'Watch: Election Night live stream', slug: 'live-stream-election', section: 'politics', aired: '2025-03-01T23:00:00Z', duration: 0, mediaTags: ['live_stream'] }),
  video({ id: 'vid-6360103', title: 'Polls close on the East Coast', slug: 'polls-close-east', section: 'politics', aired: '2025-03-02T00:00:00Z', duration: 192 }),
  video({ id: 'vid-6360104', title: 'The Senate map, explained', slug: 'senate-map-explained', section: 'politics', aired: '2025-03-01T22:00:00Z', duration: 192 }),
  video({ id: 'vid-6360105', title: 'Turnout report from Ohio', slug: 'turnout-report', section: 'politics', aired: '2025-03-01T21:30:00Z', duration: 95 }),
  video({ id: 'vid-6360106', title: 'Launch pad camera', slug: 'launch-pad-cam', section: 'us', aired: '2025-03-05T10:00:00Z', duration: 0, mediaTags: ['live_stream'] }),
];

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
  // Single video page cases (spec 2 §4): live_stream, full_episode and video_gate from fbn too (the
  // fnc ones are above), an fbn show episode, and a clip with no source that needs no sign-in.
  video({ id: 'vid-6360015', title: 'Live: markets at the opening bell', slug: 'live-markets-opening-bell', section: 'us', aired: '2025-03-18T13:30:00Z', duration: 0, source: 'fbn', mediaTags: ['live_stream'] }),
  video({ id: 'vid-6360016', title: 'Mornings with Maria: full episode, March 18', slug: 'mornings-with-maria-full-episode-march-18', section: 'us', aired: '2025-03-18T12:00:00Z', duration: 7140, source: 'fbn', fullEpisode: true, mediaTags: ['full_episode'], show: 'Mornings with Maria' }),
  video({ id: 'vid-6360017', title: 'Inflation report in five charts', slug: 'inflation-report-five-charts', section: 'us', aired: '2025-03-18T12:45:00Z', duration: 215, source: 'fbn', mediaTags: ['video_gate'], expires: '2027-03-18T12:45:00Z' }),
  video({ id: 'vid-6360018', title: 'How a bill becomes law', slug: 'how-a-bill-becomes-law', section: 'politics', aired: '2025-03-16T15:00:00Z', duration: 184, source: null }),
  // Episodes and clips of the sample shows (infra/sample-upstream/data/shows.ts), tagged with the
  // show's fnTags path: their show's video page (/video/shows/{id}) lists them. Morning Desk has none.
  video({ id: 'vid-6360019', title: 'The Evening Report: the week in review', slug: 'evening-report-week-in-review', section: 'shows', aired: '2025-03-15T23:00:00Z', duration: 1560, show: 'The Evening Report', showTag: 'fox-news/shows/the-evening-report' }),
  video({ id: 'vid-6360020', title: 'The Evening Report: interview highlights', slug: 'evening-report-interview-highlights', section: 'shows', aired: '2025-03-14T23:30:00Z', duration: 342, show: 'The Evening Report', showTag: 'fox-news/shows/the-evening-report' }),
  video({ id: 'vid-6360021', title: 'Weekend Watch: what to stream this weekend', slug: 'weekend-watch-what-to-stream', section: 'shows', aired: '2025-03-15T14:00:00Z', duration: 415, source: null, show: 'Weekend Watch', showTag: 'fox-news/shows/weekend-watch' }),
  // Older U.S. clips, so the U.S. topic's list runs past its rail's 10 (17 aired): /video/topics/us
  // shows 3 more under the rail and loads 3, then the last 1, with Show More (spec 1 §9 "Video
  // load-more step 3", shown in the sample).
  video({ id: 'vid-6360022', title: 'Ice jam floods a river town', slug: 'ice-jam-floods-river-town', section: 'us', aired: '2025-03-04T16:00:00Z', duration: 142, source: null }),
  video({ id: 'vid-6360023', title: 'Volunteers sandbag the levee overnight', slug: 'volunteers-sandbag-levee', section: 'us', aired: '2025-03-04T09:30:00Z', duration: 167, source: null }),
  video({ id: 'vid-6360024', title: 'School buses return to rural routes', slug: 'school-buses-rural-routes', section: 'us', aired: '2025-03-03T13:00:00Z', duration: 98, source: null }),
  video({ id: 'vid-6360025', title: 'Power crews work through the weekend', slug: 'power-crews-weekend', section: 'us', aired: '2025-03-02T18:15:00Z', duration: 121, source: null }),
  video({ id: 'vid-6360026', title: 'A town hall on the new bridge', slug: 'town-hall-new-bridge', section: 'us', aired: '2025-03-01T20:00:00Z', duration: 305, source: null }),
  video({ id: 'vid-6360027', title: 'Farmers wait for the thaw', slug: 'farmers-wait-for-the-thaw', section: 'us', aired: '2025-02-28T15:45:00Z', duration: 133, source: null }),
  video({ id: 'vid-6360014', title: 'Town hall: the full broadcast', slug: 'town-hall-full-broadcast', section: 'politics', aired: '2099-01-01T00:00:00Z', duration: 3600, latestNews: true }),
  ...LINKED_VIDEOS,
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(VIDEOS);
