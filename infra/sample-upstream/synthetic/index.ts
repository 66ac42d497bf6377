/**
 * The synthetic site for `npm run bench` (README "Benchmarks"): generated inside the
 * sample upstream, its size a flag, up to a million pages.
 *
 * Every synthetic article is a pure function of its index and the seed (`syntheticArticle`), so a
 * site of any size is deterministic and is produced lazily: the sample upstream's `synthetic`
 * option (server.ts, `npm run upstream -- --synthetic N`) serves the sample's own dataset (its
 * categories, layouts, navigation and people, so the home page, the section fronts and the shell
 * render as they do for the sample) plus that many articles generated on demand, up to a million,
 * never held (store.ts). `createSyntheticDataset` holds them all as records instead: the same
 * answers, for small sites and tests that want the records.
 *
 * Articles are spread round-robin across the sample's news sections, carry tags from a
 * per-section pool (so tag fronts have many stories), one of the sample's authors, a featured or
 * inline video on some, and AMP on every other article. Publication dates fall one minute apart,
 * newest first by index, so "latest" lists are cheap to answer at any size.
 */
import { createDataset, type ArticleRecord, type Dataset } from '../data/index.js';
import { article } from '../data/articles.js';
import { heading, image, inlineVideo, list, paragraph, pullQuote, type BlockRecord } from '../data/blocks.js';
import { PEOPLE } from '../data/people.js';

export interface SyntheticOptions {
  /** How many synthetic articles (default 10,000). */
  articles: number;
  /** Varies titles, tags and block mix; the same seed and size give the same site. Default 1. */
  seed?: number;
}

export const DEFAULT_SYNTHETIC_ARTICLES = 10_000;
/** The generator's ceiling: a million pages, the largest site the benchmarks need. */
export const MAX_SYNTHETIC_ARTICLES = 1_000_000;

/** Sections the synthetic articles are spread across (each a category of the sample dataset). */
export const SYNTHETIC_SECTIONS = ['us', 'politics', 'world', 'opinion', 'entertainment', 'sports', 'lifestyle', 'health'] as const;

const TAG_POOL = ['economy', 'courts', 'weather', 'education', 'technology', 'transport', 'housing', 'energy', 'science', 'crime', 'health-care', 'travel'] as const;
const SUBJECTS = ['City council', 'State regulators', 'A school board', 'Researchers', 'Local farmers', 'Transit officials', 'A county judge', 'Volunteers', 'Hospital leaders', 'Small-business owners'] as const;
const VERBS = ['approve', 'weigh', 'reject', 'expand', 'delay', 'fund', 'review', 'debate'] as const;
const OBJECTS = ['a new bridge plan', 'longer library hours', 'a water rate increase', 'a flood study', 'a downtown bike lane', 'a tax rebate', 'a housing project', 'a solar farm'] as const;

/** The newest synthetic article's publication time; article i is i minutes older. */
const NEWEST = Date.parse('2025-03-20T12:00:00Z');

/** A small deterministic PRNG (mulberry32) seeded from the seed and the article index. */
function random(seed: number, index: number): () => number {
  let state = (Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** The page path of synthetic article `index`: derivable without generating the record. */
export function syntheticArticlePath(index: number): string {
  const section = SYNTHETIC_SECTIONS[index % SYNTHETIC_SECTIONS.length] ?? 'us';
  return `/${section}/synthetic-story-${index}`;
}

/** The index of a synthetic article path, or null when the path is not one. */
export function syntheticIndexOf(path: string): number | null {
  const match = /^\/([a-z]+)\/synthetic-story-(\d{1,7})$/.exec(path);
  if (!match) return null;
  const index = Number(match[2]);
  return syntheticArticlePath(index) === path ? index : null;
}

/** The id of synthetic article `index` of the site made with `seed`. */
export function syntheticId(index: number, seed = 1): string {
  return `syn-${seed}-${index}`;
}

/** The index named by a synthetic id of the site made with `seed`, or null when the id is not one. */
export function syntheticIndexOfId(id: string, seed = 1): number | null {
  const match = /^syn-.+-(\d{1,7})$/.exec(id);
  if (!match) return null;
  const index = Number(match[1]);
  return syntheticId(index, seed) === id ? index : null;
}

/** The publication (and last publication) time of synthetic article `index`: `index` minutes before the newest. */
export function syntheticPublished(index: number): string {
  return new Date(NEWEST - index * 60_000).toISOString();
}

/** The content type (fn__legacy_type) of every synthetic article. */
export const SYNTHETIC_ARTICLE_TYPE = 'article';

/**
 * What lists and search read of synthetic article `index` (the same values as the full record's
 * title, description and section), without building its body: a site search or a site map over a
 * million articles computes these, never the records.
 */
export interface SyntheticHeadline {
  id: string;
  section: (typeof SYNTHETIC_SECTIONS)[number];
  path: string;
  title: string;
  /** The record's dek and description. */
  dek: string;
  published: string;
}

/** The first draws of an article's PRNG: its headline; the rest of the record draws on from `next`. */
function draw(index: number, seed: number): { headline: SyntheticHeadline; object: string; subject: string; next: () => number } {
  const next = random(seed, index);
  const section = SYNTHETIC_SECTIONS[index % SYNTHETIC_SECTIONS.length] ?? 'us';
  const subject = pick(SUBJECTS, next);
  const verb = pick(VERBS, next);
  const object = pick(OBJECTS, next);
  const headline: SyntheticHeadline = {
    id: syntheticId(index, seed),
    section,
    path: syntheticArticlePath(index),
    title: `${subject} ${verb} ${object} (story ${index})`,
    dek: `${subject} met on ${object}; residents will learn more at the next public meeting.`,
    published: syntheticPublished(index),
  };
  return { headline, object, subject, next };
}

/** The headline of synthetic article `index` of the site made with `seed` (see SyntheticHeadline). */
export function syntheticHeadline(index: number, seed = 1): SyntheticHeadline {
  return draw(index, seed).headline;
}

/** Synthetic article `index` (0-based) of the site made with `seed`: a pure function of both. */
export function syntheticArticle(index: number, seed = 1): ArticleRecord {
  const { headline, subject, object, next } = draw(index, seed);
  const { section, title, dek, published } = headline;
  const author = PEOPLE[index % PEOPLE.length] ?? PEOPLE[0];
  if (author === undefined) throw new Error('sample dataset has no people');
  const tags = [...new Set([pick(TAG_POOL, next), pick(TAG_POOL, next)])];
  const blocks: BlockRecord[] = [];
  if (index % 3 === 0) blocks.push(image(`${section}/synthetic-${index % 50}`, `Photo for story ${index}`, `A scene from story ${index}.`, 'Sample Photo Service', true));
  const paragraphs = 5 + Math.floor(next() * 6);
  for (let p = 0; p < paragraphs; p += 1) {
    if (p === 2) blocks.push(heading('What happens next'));
    if (p === 3 && index % 4 === 0) blocks.push(list(['A public hearing next month', 'A vote before the summer', 'A report to the state']));
    if (p === 4 && index % 5 === 0) blocks.push(pullQuote(`We have waited a long time for ${object}.`, 'A resident'));
    if (p === 3 && index % 7 === 0) {
      blocks.push(
        inlineVideo({
          videoId: `6379${String(index % 200).padStart(9, '0')}`,
          title: `Video: ${subject} on ${object}`,
          imageName: `video/synthetic-${index % 200}`,
          duration: '01:30',
        }),
      );
    }
    blocks.push(paragraph(`Paragraph ${p + 1} of story ${index}: ${subject.toLowerCase()} said the decision on ${object} would affect thousands of residents, and that the details would be published before the next session.`));
  }
  return article({
    id: headline.id,
    section,
    slug: `synthetic-story-${index}`,
    title,
    dek,
    author,
    published,
    tags,
    blocks,
    extra: { isAMP: index % 2 === 0 },
  });
}

/** Every synthetic article in index order, computed one at a time (for sites too big to hold). */
export function* syntheticArticles(options: SyntheticOptions): Generator<ArticleRecord> {
  const count = checkedCount(options.articles);
  for (let index = 0; index < count; index += 1) yield syntheticArticle(index, options.seed ?? 1);
}

/** The size, checked: an integer from 0 to MAX_SYNTHETIC_ARTICLES, else a RangeError. */
export function checkedCount(articles: number): number {
  if (!Number.isInteger(articles) || articles < 0 || articles > MAX_SYNTHETIC_ARTICLES) {
    throw new RangeError(`synthetic site: articles must be an integer from 0 to ${MAX_SYNTHETIC_ARTICLES}, got ${articles}`);
  }
  return articles;
}

/** The sample dataset plus `articles` synthetic articles (default 10,000). */
export function createSyntheticDataset(options: SyntheticOptions = { articles: DEFAULT_SYNTHETIC_ARTICLES }): Dataset {
  const base = createDataset();
  return { ...base, articles: [...base.articles, ...syntheticArticles(options)] };
}
