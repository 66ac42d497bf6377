/**
 * Page layouts (spec 1 §7 "per page": home, section fronts by path, articles by
 * fox-news/{category slug}). Region components are `{ type, model }`; the sample uses
 * `article-list` (filled by article search), `newsletter-promo` and `ad`.
 */
import { CATEGORIES } from './categories.js';
import { NAV_LAYOUTS } from './nav.js';
import type { LayoutRecord } from './types.js';

type Component = { type: string; model: Record<string, unknown> };

function list(title: string | undefined, size: number, options: { category?: string; from?: number; style?: string; url?: string } = {}): Component {
  return { type: 'article-list', model: { title, size, ...options } };
}

function newsletter(slug: string, title: string): Component {
  return {
    type: 'newsletter-promo',
    model: {
      id: `newsletter-${slug}`,
      slid: `fn${slug}`,
      title,
      description: `The day's top ${title.replace(/ Newsletter$/, '').toLowerCase()} stories, in your inbox.`,
      arrives: 'Weekdays',
    },
  };
}

const ad = (sizes: string[]): Component => ({ type: 'ad', model: { sizes } });

const HOME: LayoutRecord = {
  id: 'layout-home',
  subtype: 'home',
  elementId: '/',
  preContent: [ad(['970x250', '970x66', '728x90'])],
  main: [
    list(undefined, 1, { style: 'spotlight' }),
    list('Latest News', 8, { from: 1 }),
    ...CATEGORIES.map((category) => list(category.title, 4, { category: category.slug, url: category.url })),
  ],
  rightRail: [newsletter('headlines', 'Headlines Newsletter'), list('Trending', 5, { style: 'rank' }), ad(['300x250'])],
  postContent: [],
  offset: 9,
};

const SECTIONS: LayoutRecord[] = CATEGORIES.map((category) => ({
  id: `layout-section-${category.slug}`,
  subtype: 'section',
  elementId: category.path,
  main: [list(undefined, 1, { category: category.slug, style: 'spotlight' }), list(undefined, 10, { category: category.slug, from: 1 })],
  rightRail: [newsletter(category.slug, `${category.title} Newsletter`), list('Latest News', 5, { style: 'rank' }), ad(['300x250'])],
  offset: 11,
}));

const ARTICLES: LayoutRecord[] = CATEGORIES.map((category) => ({
  id: `layout-article-${category.slug}`,
  subtype: 'article',
  elementId: `fox-news/${category.slug}`,
  rightRail: [list(`Trending in ${category.title}`, 5, { category: category.slug, style: 'rank' }), newsletter(category.slug, `${category.title} Newsletter`)],
  postContent: [list(`More from ${category.title}`, 4, { category: category.slug, url: category.url })],
}));

export const LAYOUTS: LayoutRecord[] = [...NAV_LAYOUTS, HOME, ...SECTIONS, ...ARTICLES];
