/**
 * Sample live playlist feeds and Moxie playlists (docs/upstream-contract.md §5.10; spec 2
 * §3 "Live item: category, dc-date, guid", §7 "Live playlist feed (channel.item list) for live and
 * radio items", "moxie playlist"). Feeds:
 *   - news: two live streams on the news channel (the video home's "Live Now")
 *   - radio: one radio stream, sent as a single `item` object, not a list (RSS-to-JSON does that)
 * Moxie playlists:
 *   - fox-nation-picks: three videos
 *   - unreadable: answered with a truncated JSON body (spec 2 §8 "Moxie JSON unreadable")
 * Any other feed or playlist is a 404.
 */
import { deepFreeze } from './frozen.js';
import type { LiveItem, MoxieVideo } from '../../../core/upstream/video-feeds.js';
import { sampleImage } from './images.js';

export const LIVE_PLAYLIST_FEEDS: Record<string, { channel: { title: string; item: LiveItem[] | LiveItem } }> = {
  news: {
    channel: {
      title: 'Live Now',
      item: [
        {
          category: 'Fox News Channel',
          'dc-date': '2025-03-18T14:00:00Z',
          guid: 'vid-6360004',
          title: 'Live: the briefing room',
          link: '/video/live-briefing-room',
          image: sampleImage('live/briefing-room'),
        },
        {
          category: 'Fox Business',
          'dc-date': '2025-03-18T13:30:00Z',
          guid: 'live-fbn-markets',
          title: 'Live: markets at the open',
          link: '/video/markets-open-higher',
          image: sampleImage('live/markets'),
        },
      ],
    },
  },
  radio: {
    channel: {
      title: 'Fox News Radio',
      item: {
        category: 'Fox News Radio',
        'dc-date': '2025-03-18T12:00:00Z',
        guid: 'radio-fnr-live',
        title: 'Fox News Radio live',
        link: '/video/topics/latest-news',
        image: sampleImage('live/radio'),
      },
    },
  },
};

export const MOXIE_PLAYLISTS: Record<string, { id: string; title: string; videos: MoxieVideo[] }> = {
  'fox-nation-picks': {
    id: 'fox-nation-picks',
    title: 'Fox Nation Picks',
    videos: [
      { id: 'moxie-101', title: 'Lighthouse keepers of the Great Lakes', url: '/video/summit-joint-statement', thumbnail: sampleImage('moxie/lighthouses'), duration: 622, start_air_date: '2025-03-15T12:00:00Z' },
      { id: 'moxie-102', title: 'Small towns, big rivers', url: '/video/rescue-crews-hikers', thumbnail: sampleImage('moxie/rivers'), duration: 845, start_air_date: '2025-03-14T12:00:00Z' },
      { id: 'moxie-103', title: 'The storm chasers', url: '/video/storm-damage-midwest', thumbnail: sampleImage('moxie/storm-chasers'), duration: 1310, start_air_date: '2025-03-13T12:00:00Z' },
    ],
  },
};

/** The Moxie playlist id whose answer is unreadable JSON. */
export const UNREADABLE_MOXIE_PLAYLIST = 'unreadable';

// Served as copies, never changed in place (frozen.ts).
deepFreeze(LIVE_PLAYLIST_FEEDS, MOXIE_PLAYLISTS);
