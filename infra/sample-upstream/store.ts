/**
 * The sample upstream's in-memory content: the dataset plus whatever the test scaffolding
 * (/__sample/*) changed. Records are kept as plain JSON objects, not parsed types, because the
 * mutation API may store a record that is off the contract on purpose (to test how the site
 * copes); everything derived from them (lists, site map) parses first and skips what fails.
 */
import { fullArticleSchema, SITE_PATH_TYPES, type articleSummarySchema, type FullArticle } from '../../core/upstream/schemas.js';
import { isValidPagePath } from '../../core/storage/keys.js';
import type { z } from 'zod';
import { createDataset, type Dataset } from './data/index.js';
import { STATIC_PAGES } from './data/static-pages.js';

export type JsonRecord = Record<string, unknown>;
type SummaryWire = z.input<typeof articleSummarySchema>;
type SitePathType = (typeof SITE_PATH_TYPES)[number];

export interface SiteMapEntry {
  path: string;
  type: SitePathType;
  lastModified?: string;
}

function str(record: JsonRecord, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

/** The page path of an article: the pathname of its canonical URL (docs/upstream-contract.md). */
export function articlePathOf(record: JsonRecord): string | undefined {
  const canonical = str(record, 'canonical_url');
  if (canonical === undefined) return undefined;
  try {
    return new URL(canonical, 'https://placeholder.invalid').pathname;
  } catch {
    return undefined;
  }
}

/** Paths of the article's `urls` other than its canonical path: where it used to live. */
export function oldPathsOf(record: JsonRecord): string[] {
  const canonical = articlePathOf(record);
  const urls = record.urls;
  if (!Array.isArray(urls)) return [];
  const paths = new Set<string>();
  for (const url of urls) {
    if (typeof url !== 'string') continue;
    try {
      const path = new URL(url, 'https://placeholder.invalid').pathname;
      if (path !== canonical) paths.add(path);
    } catch {
      // An unparsable URL names no path.
    }
  }
  return [...paths];
}

function toRecords(items: readonly object[]): JsonRecord[] {
  // The dataset is plain JSON already; a structured clone turns typed records into JSON records.
  return items.map((item) => ({ ...structuredClone(item) }));
}

export class SampleStore {
  articles = new Map<string, JsonRecord>();
  categories = new Map<string, JsonRecord>();
  layouts = new Map<string, JsonRecord>();
  people = new Map<string, JsonRecord>();

  constructor(private readonly initial: () => Dataset = createDataset) {
    this.reset();
  }

  reset(dataset: Dataset = this.initial()): void {
    this.articles = new Map(toRecords(dataset.articles).map((a) => [String(a.id), a]));
    this.categories = new Map(toRecords(dataset.categories).map((c) => [String(c.path), c]));
    this.layouts = new Map(toRecords(dataset.layouts).map((l) => [SampleStore.layoutKey(String(l.subtype), String(l.elementId)), l]));
    this.people = new Map(toRecords(dataset.people).map((p) => [String(p.personSlug), p]));
  }

  static layoutKey(subtype: string, elementId: string): string {
    return `${subtype}\u0000${elementId}`;
  }

  /**
   * The article at `path`: the one whose canonical path it is, else one that lists it among its old
   * `urls` (a moved article; the site renders a 301 to the canonical path, spec 1 §2.2).
   */
  articleByPath(path: string): JsonRecord | undefined {
    for (const article of this.articles.values()) if (articlePathOf(article) === path) return article;
    for (const article of this.articles.values()) if (oldPathsOf(article).includes(path)) return article;
    return undefined;
  }

  /** Published, on-contract articles, newest first (ties by id, so pages are stable). */
  publishedArticles(): { record: JsonRecord; article: FullArticle; path: string }[] {
    const out: { record: JsonRecord; article: FullArticle; path: string }[] = [];
    for (const record of this.articles.values()) {
      const parsed = fullArticleSchema.safeParse(record);
      const path = articlePathOf(record);
      if (!parsed.success || path === undefined || !parsed.data.published) continue;
      out.push({ record, article: parsed.data, path });
    }
    return out.sort((a, b) =>
      a.article.publication_date === b.article.publication_date
        ? a.article.id.localeCompare(b.article.id)
        : b.article.publication_date.localeCompare(a.article.publication_date),
    );
  }

  siteMap(): SiteMapEntry[] {
    const entries: SiteMapEntry[] = [{ path: '/', type: 'home' }];
    for (const category of this.categories.values()) {
      const path = str(category, 'path');
      if (path !== undefined && isValidPagePath(path)) entries.push({ path, type: 'section' });
    }
    for (const { record, article, path } of this.publishedArticles()) {
      entries.push({ path, type: 'article', lastModified: article.last_published_date ?? article.publication_date });
      // Old paths are listed so a whole-site publish stores their redirect records.
      for (const old of oldPathsOf(record)) if (isValidPagePath(old)) entries.push({ path: old, type: 'redirect' });
    }
    // Static pages (spec 1 §2.5) are listed as type 'static' once the client's site-map schema
    // accepts that type (core/upstream/schemas.ts SITE_PATH_TYPES); until then listing them would
    // make the client refuse the whole site map.
    const staticType = SITE_PATH_TYPES.find((type: string) => type === 'static');
    if (staticType !== undefined) for (const { path } of STATIC_PAGES) entries.push({ path, type: staticType });
    // Person pages and the persons list variant (spec 2 §2); /personalities is listed as a static page.
    entries.push({ path: '/person/personalities', type: 'person' });
    for (const person of this.people.values()) {
      const url = str(person, 'canonicalUrl');
      if (url === undefined || !['Author', 'Personality'].includes(str(person, 'role') ?? '')) continue;
      const path = new URL(url).pathname;
      if (isValidPagePath(path)) entries.push({ path, type: 'person' });
    }
    return entries;
  }
}

/** The article-search list item of an article (spec 1 §3 "Article list item"). */
export function summarise(article: FullArticle, path: string): SummaryWire {
  const image = article.components.find((block) => block.kind === 'article-image');
  const imageUrl = typeof image?.props.url === 'string' ? image.props.url : undefined;
  const story = article.fn__story_type;
  return {
    id: article.id,
    title: article.title,
    url: path,
    imageUrl,
    description: article.description ?? article.dek,
    category: article.header.headerCategory,
    publicationDate: article.publication_date,
    lastPublishedDate: article.last_published_date,
    isBreaking: story === 'breaking',
    isDeveloping: story === 'developing',
    isLive: story === 'live',
    authors: article.header.authors.map((author) => ({ name: author.name })),
  };
}
