/**
 * Sample layouts of the video area (spec 2 §2; docs/upstream-contract.md §4.3, "Video carousel
 * component"): subtype 'video', element id the page path.
 *   - '/video': the video home's carousels, one per source: live now (news feed) and radio (a
 *     feed with a single item), tags with a 'see all' url, a section's recommended videos, a
 *     managed list with one video (no right button), a managed list of a video and an article
 *     without a url (no 'see all'), and a Moxie playlist.
 *   - '/video/topics': the topic list (`video-topics`), the topics /video/topics/{topic} knows.
 *   - '/video/topics/politics': a topic with its own carousels (the others get one carousel of
 *     their tag's videos).
 */
import { deepFreeze } from './frozen.js';
import type { LayoutRecord } from './types.js';

type CarouselModel = Record<string, unknown> & { title: string; source: string };

const carousel = (model: CarouselModel) => ({ type: 'video-carousel', model });

const VIDEO_HOME: LayoutRecord = {
  id: 'layout-video-home',
  subtype: 'video',
  elementId: '/video',
  main: [
    carousel({ title: 'Live Now', source: 'live', feed: 'news', style: 'live' }),
    carousel({ title: 'Latest News', source: 'tags', tags: ['fox-news/latest-news'], url: '/video/topics/latest-news' }),
    carousel({ title: "Editor's Pick", source: 'managed', items: [{ video: 'vid-6360011' }] }),
    carousel({ title: 'Politics', source: 'section', section: 'politics', url: '/video/topics/politics' }),
    carousel({ title: 'U.S.', source: 'tags', tags: ['fox-news/us'], url: '/video/topics/us' }),
    carousel({ title: 'In Case You Missed It', source: 'managed', items: [{ video: 'vid-6360008' }, { article: '/politics/senate-panel-advances-rural-broadband-bill' }] }),
    carousel({ title: 'Fox Nation Picks', source: 'moxie', playlist: 'fox-nation-picks' }),
    carousel({ title: 'Fox News Radio', source: 'live', feed: 'radio', style: 'live' }),
  ],
};

const VIDEO_TOPICS: LayoutRecord = {
  id: 'layout-video-topics',
  subtype: 'video',
  elementId: '/video/topics',
  main: [
    {
      type: 'video-topics',
      model: {
        items: [
          { topic: 'latest-news', label: 'Latest News' },
          { topic: 'politics', label: 'Politics' },
          { topic: 'us', label: 'U.S.' },
          { topic: 'world', label: 'World' },
          { topic: 'entertainment', label: 'Entertainment' },
        ],
      },
    },
  ],
};

const VIDEO_TOPIC_POLITICS: LayoutRecord = {
  id: 'layout-video-topic-politics',
  subtype: 'video',
  elementId: '/video/topics/politics',
  main: [
    carousel({ title: 'Latest Politics Videos', source: 'tags', tags: ['fox-news/politics'] }),
    carousel({ title: 'Politics Live', source: 'live', feed: 'news', style: 'live' }),
  ],
};

export const VIDEO_LAYOUTS: LayoutRecord[] = [VIDEO_HOME, VIDEO_TOPICS, VIDEO_TOPIC_POLITICS];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(VIDEO_LAYOUTS);
