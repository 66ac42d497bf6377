/**
 * The sample's shows (spec 2 §3 "Show", docs/upstream-contract.md §5.3): five fictional shows with
 * hosts from data/people.ts, banner images and sub-navigation links. Each covers a rule:
 *   - the-evening-report, morning-desk: plain published shows (canonical path /shows/{id})
 *   - 1004: a show looked up by its numeric id whose canonical path is /shows/weekend-watch, so
 *     /shows/1004 is a 301 to it (spec 2 §2)
 *   - video-vault: its canonical path differs but the requested path contains "video", so it
 *     renders in place (spec 2 §2 "skipped when the path contains video")
 *   - late-night-draft: postStatus "draft", never a page (the §5.3 published rule)
 */
import { deepFreeze } from './frozen.js';
import type { ShowInput } from '../../../core/upstream/show-client.js';
import { sampleImage } from './images.js';

const ORIGIN = 'https://www.foxnews.com';

function banner(slug: string) {
  return { headshot: sampleImage(`shows/${slug}-headshot`), logo: sampleImage(`shows/${slug}-logo`), background: sampleImage(`shows/${slug}-background`) };
}

export const SHOWS: ShowInput[] = [
  {
    id: 'the-evening-report',
    title: 'The Evening Report',
    slug: 'the-evening-report',
    show_slug: 'the-evening-report',
    sortOrder: 1,
    airtime: '7PM ET',
    airtimeDays: 'Weekdays',
    canonicalUrl: `${ORIGIN}/shows/the-evening-report`,
    postStatus: 'publish',
    description: 'The day’s biggest stories, explained by the people who cover them.',
    hosts: [{ full_name: 'Sarah Whitfield', page_url: `${ORIGIN}/person/w/sarah-whitfield` }],
    fn__hosts: [{ person_id: 'sarah-whitfield' }],
    thumbnail: sampleImage('shows/the-evening-report-poster'),
    image: sampleImage('shows/the-evening-report'),
    banner: banner('the-evening-report'),
    subNav: [
      { label: 'Episodes', url: '/video/shows/the-evening-report' },
      { label: 'Schedule', url: '/schedule' },
    ],
    created_date: '2021-01-04T12:00:00Z',
    modified_date: '2026-02-20T12:00:00Z',
    social: { facebook: 'https://www.facebook.com/theeveningreport', twitter: 'eveningreport', email: 'evening@example.com' },
    fnTags: [{ path: 'fox-news/shows/the-evening-report' }],
  },
  {
    id: 'morning-desk',
    title: 'Morning Desk',
    slug: 'morning-desk',
    show_slug: 'morning-desk',
    sortOrder: 2,
    airtime: '6AM ET',
    airtimeDays: 'Weekdays',
    canonicalUrl: `${ORIGIN}/shows/morning-desk`,
    postStatus: 'publish',
    description: 'News, weather and markets before the day begins.',
    hosts: [
      { full_name: 'Marcus Delgado', page_url: `${ORIGIN}/person/d/marcus-delgado` },
      { full_name: 'Lena Okafor', page_url: `${ORIGIN}/person/o/lena-okafor` },
    ],
    fn__hosts: [{ person_id: 'marcus-delgado' }, { person_id: 'lena-okafor' }],
    thumbnail: sampleImage('shows/morning-desk-poster'),
    image: sampleImage('shows/morning-desk'),
    banner: banner('morning-desk'),
    subNav: [{ label: 'Episodes', url: '/video/shows/morning-desk' }],
    created_date: '2020-06-01T12:00:00Z',
    modified_date: '2026-02-18T12:00:00Z',
    social: { twitter: 'morningdesk', podcast: 'https://podcasts.example.com/morning-desk' },
    fnTags: [{ path: 'fox-news/shows/morning-desk' }],
  },
  {
    id: '1004',
    title: 'Weekend Watch',
    slug: 'weekend-watch',
    show_slug: 'weekend-watch',
    sortOrder: 3,
    airtime: '10AM ET',
    airtimeDays: 'Saturday and Sunday',
    canonicalUrl: `${ORIGIN}/shows/weekend-watch`,
    postStatus: 'publish',
    description: 'A look back at the week, with the hosts who were there.',
    hosts: [{ full_name: 'James Park', page_url: `${ORIGIN}/person/p/james-park` }],
    fn__hosts: [{ person_id: 'james-park' }],
    thumbnail: sampleImage('shows/weekend-watch-poster'),
    banner: banner('weekend-watch'),
    subNav: [{ label: 'About', url: '/shows/weekend-watch' }],
    fnTags: [{ path: 'fox-news/shows/weekend-watch' }],
  },
  {
    id: 'video-vault',
    title: 'Video Vault',
    slug: 'the-video-vault',
    show_slug: 'video-vault',
    sortOrder: 4,
    airtime: '9PM ET',
    airtimeDays: 'Fridays',
    canonicalUrl: `${ORIGIN}/shows/the-video-vault`,
    postStatus: 'publish',
    description: 'Archive footage, restored and retold.',
    hosts: [{ full_name: 'Ruth Ellis' }],
    thumbnail: sampleImage('shows/video-vault-poster'),
    subNav: [],
    fnTags: [{ path: 'fox-news/shows/video-vault' }],
  },
  {
    id: 'late-night-draft',
    title: 'Late Night (draft)',
    slug: 'late-night-draft',
    show_slug: 'late-night-draft',
    sortOrder: 5,
    canonicalUrl: `${ORIGIN}/shows/late-night-draft`,
    postStatus: 'draft',
    hosts: [],
  },
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(SHOWS);
