/** Section fronts of the sample site (spec 1 §2.4, §3 Category). Each also has a section layout. */
import type { CategoryRecord } from './types.js';

export const CATEGORIES: CategoryRecord[] = [
  {
    title: 'U.S.',
    metaTitle: 'U.S. News | Breaking Stories From Across the Country',
    description: 'Breaking news and reporting from communities across the United States.',
    slug: 'us',
    path: '/us',
    customHeadline: 'U.S. News',
    label: 'U.S.',
    url: '/us',
  },
  {
    title: 'Politics',
    metaTitle: 'Politics News | Congress, Campaigns and the States',
    description: 'Coverage of Congress, the White House, campaigns and statehouses.',
    slug: 'politics',
    path: '/politics',
    // Blank on purpose: the heading falls back to the title (spec 1 §2.4 "if non-blank").
    customHeadline: ' ',
    label: 'Politics',
    url: '/politics',
  },
  {
    title: 'World',
    metaTitle: 'World News | International Headlines',
    description: 'International news, diplomacy and stories from around the globe.',
    slug: 'world',
    path: '/world',
    label: 'World',
    url: '/world',
  },
  {
    title: 'Opinion',
    description: 'Commentary and analysis from our contributors.',
    slug: 'opinion',
    path: '/opinion',
    label: 'Opinion',
    url: '/opinion',
  },
  {
    title: 'Entertainment',
    metaTitle: 'Entertainment News | Film, Television and Music',
    description: 'Film festivals, television, music and the people who make them.',
    slug: 'entertainment',
    path: '/entertainment',
    label: 'Entertainment',
    url: '/entertainment',
  },
];
