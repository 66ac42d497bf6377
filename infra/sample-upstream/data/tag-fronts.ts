/**
 * The fronts that menus and articles link to beyond the main sections (no link in the sample leads nowhere):
 *
 *   - a tag front (`/category/{section}/{tag}`, spec 1 §2.1, §7: tag path `fox-news/` plus the path
 *     minus `/category/`) for every tag an article carries, every `/category/` item of the menus,
 *     and `/category/slideshow` (spec 1 §2.6 "See More Slideshows");
 *   - the menus' other sections (/media, /tech, /science, /travel, /weather, /food-drink,
 *     /real-estate) and the sections of data/rule-articles.ts (/deals, /forum), kept out of
 *     CATEGORIES so the home page and the article layouts stay as they are.
 *
 * Each front is a tag (or category) record, a category record so the site map lists it, and a
 * layout whose main region is a curated `summary` of the articles it is about. Curated, not an
 * article-list: an article edit then re-renders only the pages that list it by search, not every
 * tag front of its section on both sites (publishing and invalidation cost). Titles are
 * the tags' own (`fn__tags` title) or the section titles below: the text to translate is here.
 */
import { deepFreeze } from './frozen.js';
import type { TagInput } from '../../../core/upstream/tag-client.js';
import { ARTICLES, titleCase } from './articles.js';
import { COMMERCE_ARTICLES } from './commerce-articles.js';
import { FEATURE_ARTICLES } from './feature-articles.js';
import { HEADER_ITEMS, MORE_ITEMS } from './nav.js';
import { RULE_ARTICLES, RULE_SECTIONS } from './rule-articles.js';
import { SLIDESHOWS } from './slideshows.js';
import type { ArticleRecord, CategoryRecord, LayoutRecord } from './types.js';

const TAG_DOMAIN = 'fox-news/';
/** Most items a curated front lists. */
const FRONT_ITEMS = 12;

/** The sections that are not CATEGORIES, with the tags whose articles they show. */
const EXTRA_SECTIONS: ReadonlyArray<{ slug: string; title: string; description: string; tags: readonly string[] }> = [
  { slug: 'media', title: 'Media', description: 'The people and business behind the news.', tags: ['media', 'local-news', 'journalism'] },
  { slug: 'tech', title: 'Tech', description: 'Technology, gadgets and the internet.', tags: ['technology', 'artificial-intelligence'] },
  { slug: 'science', title: 'Science', description: 'Space, archaeology and discoveries.', tags: ['science', 'space', 'astronomy', 'nasa', 'eclipse'] },
  { slug: 'travel', title: 'Travel + Outdoors', description: 'Trips, gear and the great outdoors.', tags: ['travel', 'air-travel'] },
  { slug: 'weather', title: 'Weather', description: 'Forecasts, storms and the climate.', tags: ['weather', 'winter-storms', 'heat', 'flooding', 'wildfires'] },
  { slug: 'food-drink', title: 'Food + Drink', description: 'Recipes, kitchens and what to cook.', tags: ['cooking', 'kitchen', 'nutrition'] },
  { slug: 'real-estate', title: 'Real Estate', description: 'Homes, housing and property.', tags: ['housing', 'home', 'taxes'] },
  // Sections of data/rule-articles.ts: an article in the deals section, a forum article.
  { slug: 'deals', title: RULE_SECTIONS.deals.title, description: 'Products our testers recommend, and where to buy them.', tags: ['kitchen-tools'] },
  { slug: 'forum', title: RULE_SECTIONS.forum.title, description: 'Questions for readers, and the conversations they start.', tags: ['reader-forum'] },
];

const ALL_ARTICLES: readonly ArticleRecord[] = [...ARTICLES, ...FEATURE_ARTICLES, ...SLIDESHOWS, ...COMMERCE_ARTICLES, ...RULE_ARTICLES];

function pathOf(article: ArticleRecord): string {
  return new URL(article.canonical_url ?? '/', 'https://placeholder.invalid').pathname;
}

function firstImage(article: ArticleRecord): string | undefined {
  for (const block of article.components ?? []) {
    const props = block.props as Record<string, unknown>;
    if (block.kind === 'article-image' && typeof props.url === 'string') return props.url;
    if (typeof props.imageUrl === 'string') return props.imageUrl;
  }
  return undefined;
}

/** Newest first, as a `summary` component's `article` items. */
function summaryOf(title: string | undefined, articles: readonly ArticleRecord[]): { type: string; model: Record<string, unknown> } {
  const items = [...articles]
    .sort((a, b) => (b.publication_date ?? '').localeCompare(a.publication_date ?? ''))
    .slice(0, FRONT_ITEMS)
    .map((article) => {
      const imageUrl = firstImage(article);
      return {
        content_type: 'article',
        title: article.title,
        url: pathOf(article),
        description: article.description ?? article.dek,
        ...(imageUrl === undefined ? {} : { imageUrl }),
        ...(article.publication_date === undefined ? {} : { publicationDate: article.publication_date }),
      };
    });
  return { type: 'summary', model: { ...(title === undefined ? {} : { title }), items } };
}

/** The tag paths an article carries, with their titles. */
function tagsOf(article: ArticleRecord): Array<{ path: string; title: string }> {
  // fn__tags (related topics) and wp__tags (the article tags, spec 1 §9): both link to tag fronts.
  const named = [...(article.fn__tags ?? []), ...(article.wp__tags ?? [])].map((tag) => ({ path: tag.path, title: tag.title }));
  const plain = (article.tags ?? []).filter((path) => !named.some((tag) => tag.path === path)).map((path) => ({ path, title: titleCase(path.split('/').pop() ?? path) }));
  return [...named, ...plain].filter((tag) => tag.path.startsWith(TAG_DOMAIN));
}

const tagged = new Map<string, { title: string; articles: ArticleRecord[] }>();
for (const article of ALL_ARTICLES) {
  if (article.published !== true) continue;
  for (const tag of tagsOf(article)) {
    const entry = tagged.get(tag.path) ?? { title: tag.title, articles: [] };
    if (!entry.articles.includes(article)) entry.articles.push(article);
    tagged.set(tag.path, entry);
  }
}

/** Articles of a section (its path's first segment), for menu tags no article carries. */
function sectionArticles(section: string): ArticleRecord[] {
  return ALL_ARTICLES.filter((article) => article.published === true && pathOf(article).startsWith(`/${section}/`));
}

/** Menu items (header, More) that link to a tag front, with the name the menu gives them. */
const menuTags = [...HEADER_ITEMS, ...MORE_ITEMS]
  .flatMap((item) => [{ name: item.name, url: item.url }, ...item.subsections])
  .filter((link) => link.url.startsWith('/category/'));
for (const link of menuTags) {
  const path = `${TAG_DOMAIN}${link.url.slice('/category/'.length)}`;
  if (!tagged.has(path)) tagged.set(path, { title: link.name, articles: sectionArticles(path.split('/')[1] ?? '') });
}
// Spec 1 §2.6: the slideshow outro's "See More Slideshows" links to /category/slideshow.
tagged.set(`${TAG_DOMAIN}slideshow`, { title: 'Slideshows', articles: ALL_ARTICLES.filter((a) => a.published === true && a.fn__legacy_type === 'slideshow') });

/** Tag paths that data/categories.ts already defines with their own records and layouts. */
const HAND_MADE = new Set(['fox-news/politics/elections', 'fox-news/politics/elections/senate', 'fox-news/us/personal-freedoms/america-together', 'fox-news/lifestyle']);

const generated = [...tagged.entries()].filter(([path]) => !HAND_MADE.has(path)).sort(([a], [b]) => a.localeCompare(b));

export const TAG_FRONT_TAGS: TagInput[] = generated.map(([path, { title }]) => ({
  title,
  metaTitle: `${title} News`,
  slug: path.split('/').pop() ?? path,
  path,
  url: `/category/${path.slice(TAG_DOMAIN.length)}`,
}));

const tagCategories: CategoryRecord[] = TAG_FRONT_TAGS.map((tag) => ({ title: tag.title, slug: tag.slug, path: tag.url ?? '', label: tag.title, url: tag.url ?? '' }));

const sectionCategories: CategoryRecord[] = EXTRA_SECTIONS.map((section) => ({
  title: section.title,
  metaTitle: `${section.title} News`,
  description: section.description,
  slug: section.slug,
  path: `/${section.slug}`,
  label: section.title,
  url: `/${section.slug}`,
}));

/** Category records: they join the store's categories, so /api/category and the site map serve them. */
export const TAG_FRONT_CATEGORIES: CategoryRecord[] = [...tagCategories, ...sectionCategories];

export const TAG_FRONT_LAYOUTS: LayoutRecord[] = [
  ...generated.map(([path, { articles }]) => ({
    id: `layout-tag-${path.slice(TAG_DOMAIN.length).replace(/\//g, '-')}`,
    subtype: 'category',
    elementId: path,
    main: [summaryOf(undefined, articles)],
  })),
  ...EXTRA_SECTIONS.map((section) => ({
    id: `layout-section-${section.slug}`,
    subtype: 'section',
    elementId: `/${section.slug}`,
    main: [
      summaryOf(
        undefined,
        ALL_ARTICLES.filter((article) => article.published === true && tagsOf(article).some((tag) => section.tags.includes(tag.path.split('/').pop() ?? ''))),
      ),
    ],
  })),
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(TAG_FRONT_TAGS, TAG_FRONT_CATEGORIES, TAG_FRONT_LAYOUTS);
