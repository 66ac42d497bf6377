/** Section fronts of the sample site (spec 1 §2.4, §3 Category). Each also has a section layout. */
import { deepFreeze } from './frozen.js';
import type { TagInput } from '../../../core/upstream/tag-client.js';
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
  {
    title: 'Sports',
    metaTitle: 'Sports News | Scores, Teams and Athletes',
    description: 'Games, athletes and the business of sports.',
    slug: 'sports',
    path: '/sports',
    label: 'Sports',
    url: '/sports',
  },
  {
    title: 'Lifestyle',
    metaTitle: 'Lifestyle News | Food, Travel, Home and Family',
    description: 'Food, travel, home, family and the things people buy.',
    slug: 'lifestyle',
    path: '/lifestyle',
    customHeadline: 'Lifestyle',
    label: 'Lifestyle',
    url: '/lifestyle',
  },
  {
    // The health section has its own ad pattern and an extra in-read slot (spec 1 §2.6).
    title: 'Health',
    metaTitle: 'Health News | Medicine, Fitness and Wellness',
    description: 'Medical research, fitness and everyday health.',
    slug: 'health',
    path: '/health',
    label: 'Health',
    url: '/health',
  },
];

/**
 * Category routes (spec 1 §2.1 `/category/{slug?}`, `/category/politics/elections/{slug?}`): a
 * category record at the page path. Not section fronts, so kept out of CATEGORIES (the home
 * layout, the article layouts and the articles' sections iterate that list).
 */
export const CATEGORY_FRONTS: CategoryRecord[] = [
  {
    title: 'Elections',
    metaTitle: 'Elections News | Races, Polls and Results',
    description: 'Races, polls and results from every state.',
    slug: 'elections',
    path: '/category/politics/elections',
    customHeadline: 'Election Headquarters',
    label: 'Elections',
    url: '/category/politics/elections',
  },
  {
    // The topper link's target on every section front (spec 1 §2.4).
    title: 'America Together',
    description: 'Stories of Americans working together in their communities.',
    slug: 'america-together',
    path: '/category/us/personal-freedoms/america-together',
    label: 'America Together',
    url: '/category/us/personal-freedoms/america-together',
  },
];

/** Sample sponsor image per breakpoint (spec 2 §2: mobile, tablet, desktop, large). */
function sponsorImages(name: string): { mobile: string; tablet: string; desktop: string; large: string } {
  return {
    mobile: `/images/sponsor-${name}-mobile.svg`,
    tablet: `/images/sponsor-${name}-tablet.svg`,
    desktop: `/images/sponsor-${name}-desktop.svg`,
    large: `/images/sponsor-${name}-large.svg`,
  };
}

/**
 * Tags (docs/upstream-contract.md §5.1), keyed by tag path: `fox-news/` plus the page path minus a
 * leading `/category/` (spec 1 §7). One per sponsored heading level (spec 1 §2.4), one without a
 * sponsor and without a category record (the page renders from the tag alone), and one section
 * front's tag. A category route without a tag is a 404 (spec 2 §8).
 */
export const TAGS: TagInput[] = [
  {
    title: 'Elections',
    metaTitle: 'Elections News | Races, Polls and Results',
    slug: 'elections',
    path: 'fox-news/politics/elections',
    url: '/category/politics/elections',
    sponsor: { level: 'takeover', name: 'Civic Data Co.', url: 'https://sponsor.example/civic', logo: sponsorImages('civic-logo'), background: sponsorImages('civic-background') },
  },
  {
    title: 'Senate Races',
    metaTitle: 'Senate Races | Elections',
    description: 'Every Senate race on the ballot this year.',
    slug: 'senate',
    path: 'fox-news/politics/elections/senate',
    customHeadline: ' ',
    url: '/category/politics/elections/senate',
  },
  {
    title: 'America Together',
    slug: 'america-together',
    path: 'fox-news/us/personal-freedoms/america-together',
    url: '/category/us/personal-freedoms/america-together',
    sponsor: { level: 'normal', name: 'Main Street Fund', logo: sponsorImages('main-street'), wingColor: '#003366' },
  },
  {
    // A section front's tag: a logo-level sponsor without a wing colour (the default red applies).
    title: 'Lifestyle',
    slug: 'lifestyle',
    path: 'fox-news/lifestyle',
    url: '/lifestyle',
    sponsor: { level: 'logo', name: 'Harvest Table', url: 'https://sponsor.example/harvest', logo: sponsorImages('harvest') },
  },
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(CATEGORIES, CATEGORY_FRONTS, TAGS);
