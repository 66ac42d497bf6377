/**
 * Sample live events and live-blog SEO feeds (docs/upstream-contract.md §5.4, §5.16; spec 2 §2
 * live-event header, §3, §5 adInfo rule, §8). Each event covers a rule:
 *   - /coverage/election-night: breaking, background image, video with a playlist, a complete
 *     adInfo, a live blog whose feed has updates;
 *   - /coverage/winter-storm: no video, an adInfo missing its text (left out and logged), a live
 *     blog whose feed answers 500 (empty structured data);
 *   - /coverage/space-launch: a video without a playlist, no adInfo, a live blog with no feed (404);
 *   - /coverage: the bare route (spec 1 §2.1 "/coverage/{page?}", the page parameter optional): an
 *     event with no live blog, video or ad, only its header.
 */
import { deepFreeze } from './frozen.js';
import type { LiveBlogUpdate, LiveEventInput, LiveEventVideo } from '../../../core/upstream/live-event-client.js';
import { sampleImage } from './images.js';

/** Event codes whose live-blog feed answers 500 (spec 2 §8 "Live-blog SEO fetch failure"). */
export const FAILING_LIVE_BLOG_CODES: ReadonlySet<string> = new Set(['winter-storm-2026']);

const PROVIDER = 'sample-live';

function video(id: string, title: string, extra: Partial<LiveEventVideo> = {}): LiveEventVideo {
  return {
    id,
    url: `/video/${id}`,
    title,
    category: 'Politics',
    categoryUrl: '/politics',
    duration: '3:12',
    image: sampleImage(`live/${id}`),
    imageAlt: title,
    responsiveImages: [
      { media: '(min-width: 768px)', srcset: `${sampleImage(`live/${id}-large`)} 1x` },
      { media: '(max-width: 767px)', srcset: `${sampleImage(`live/${id}-small`)} 1x` },
    ],
    ...extra,
  };
}

export const LIVE_EVENTS: Readonly<Record<string, LiveEventInput>> = {
  '/coverage': {
    id: 'live-coverage-hub',
    title: 'Live Coverage',
    description: 'Every story we are following live right now.',
    eyebrow: 'Live Coverage',
    date: '2026-03-01T12:00:00Z',
    dek: 'Election night results, the winter storm and the crewed launch, as they happen.',
  },
  '/coverage/election-night': {
    id: 'live-election-night',
    title: 'Election Night 2026: Live Results',
    description: 'Live results, maps and analysis as polls close across the country.',
    eyebrow: 'Live Coverage',
    date: '2026-03-01T23:00:00Z',
    dek: 'Follow every race as the votes are counted.',
    isBreaking: true,
    backgroundImage: sampleImage('live/election-night-background'),
    video: video('live-stream-election', 'Watch: Election Night live stream', { duration: 'LIVE' }),
    playlist: [
      video('polls-close-east', 'Polls close on the East Coast'),
      video('senate-map-explained', 'The Senate map, explained', { category: 'Video', categoryUrl: '/video' }),
      video('turnout-report', 'Turnout report from Ohio', { duration: 95 }),
    ],
    adInfo: { size: '300x250', value: '/sample/live/election-night', text: 'Advertisement' },
    liveBlog: { providerId: PROVIDER, eventCode: 'election-night-2026' },
  },
  '/coverage/winter-storm': {
    id: 'live-winter-storm',
    title: 'Winter Storm Live Updates',
    description: 'Snow totals, closures and forecasts as the storm moves east.',
    eyebrow: 'Weather',
    date: '2026-02-27T14:30:00Z',
    dek: 'Up to 18 inches expected from the Plains to New England.',
    // Missing text: spec 2 §5 "adInfo must include size, value and text", so no ad renders.
    adInfo: { size: '300x250', value: '/sample/live/winter-storm' },
    liveBlog: { providerId: PROVIDER, eventCode: 'winter-storm-2026' },
  },
  '/coverage/space-launch': {
    id: 'live-space-launch',
    title: 'Crewed Launch to the Space Station',
    description: 'Countdown and launch coverage from Cape Canaveral.',
    eyebrow: 'Science',
    date: '2026-02-28T16:00:00Z',
    dek: 'Four astronauts head to the International Space Station.',
    video: video('launch-pad-cam', 'Launch pad camera', { category: 'Science', categoryUrl: '/science', duration: 'LIVE' }),
    // No feed is published for this code: the feed answers 404.
    liveBlog: { providerId: PROVIDER, eventCode: 'space-launch-2026' },
  },
};

/** Live-blog SEO feeds by event code (§5.16). */
export const LIVE_BLOG_FEEDS: Readonly<Record<string, { liveBlogUpdate: LiveBlogUpdate[] }>> = {
  'election-night-2026': {
    liveBlogUpdate: [
      {
        headline: 'Polls close in six eastern states',
        articleBody: 'Polls have closed in Georgia, Indiana, Kentucky, South Carolina, Vermont and Virginia.',
        datePublished: '2026-03-01T23:00:00Z',
        url: 'https://www.foxnews.com/coverage/election-night#update-1',
      },
      {
        headline: 'First results from Virginia',
        articleBody: 'Early returns show a close race in the state’s 2nd district.',
        datePublished: '2026-03-01T23:20:00Z',
        url: 'https://www.foxnews.com/coverage/election-night#update-2',
      },
      {
        headline: 'Turnout above 2022 levels',
        datePublished: '2026-03-01T23:45:00Z',
      },
    ],
  },
};

// Served as copies, never changed in place (frozen.ts).
deepFreeze(LIVE_EVENTS, LIVE_BLOG_FEEDS);
