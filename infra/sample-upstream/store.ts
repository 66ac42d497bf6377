/**
 * The sample upstream's in-memory content: the dataset plus whatever the test scaffolding
 * (/__sample/*) changed. Records are kept as plain JSON objects, not parsed types, because the
 * mutation API may store a record that is off the contract on purpose (to test how the site
 * copes); everything derived from them (lists, site map) parses first and skips what fails.
 *
 * A synthetic site (synthetic/index.ts) is not held: its articles are generated from their index when read,
 * and edits to them are kept as records that replace them (see SampleStore). Lists and the site
 * map are merges computed per page (newest-first.ts), so a million articles cost a few megabytes.
 */
import { isPublishedShow, type ShowInput } from '../../core/upstream/show-client.js';
import { GAME_PAGE_PATHS } from './data/games.js';
import { fullArticleSchema, SITE_PATH_TYPES, type articleSummarySchema, type FullArticle } from '../../core/upstream/schemas.js';
import { isValidPagePath } from '../../core/storage/keys.js';
import { z } from 'zod';
import { createDataset, type Dataset } from './data/index.js';
import { CANONICAL_ORIGIN } from './data/articles.js';
import {
  checkedCount,
  SYNTHETIC_ARTICLE_TYPE,
  SYNTHETIC_SECTIONS,
  syntheticArticle,
  syntheticArticlePath,
  syntheticHeadline,
  syntheticId,
  syntheticIndexOf,
  syntheticIndexOfId,
  syntheticPublished,
  type SyntheticHeadline,
  type SyntheticOptions,
} from './synthetic/index.js';
import {
  compareNewestFirst,
  EMPTY_RUN,
  IndexRun,
  NewestFirstList,
  ProgressionRun,
  type JsonRecord,
  type ListedArticle,
  type Published,
  type SyntheticRun,
} from './newest-first.js';
import { STATIC_PAGES } from './data/static-pages.js';
import { sampleImage } from './data/images.js';

export type { JsonRecord, ListedArticle, Published } from './newest-first.js';

/** The list cache's key for the unfiltered list (categories are cached as `category:<slug>`). */
const ALL_ARTICLES = 'all';
type SummaryWire = z.input<typeof articleSummarySchema>;
type SitePathType = (typeof SITE_PATH_TYPES)[number];

const videoTopicsComponent = z.looseObject({
  type: z.literal('video-topics'),
  model: z.looseObject({ items: z.array(z.looseObject({ topic: z.string() })) }),
});

const isPlainSegment = (value: string): boolean => /^[a-z0-9-]{1,80}$/.test(value);

export interface SiteMapEntry {
  path: string;
  type: SitePathType;
  lastModified?: string;
  /** Articles: id and publication date (docs/upstream-contract.md §4.7). */
  id?: string;
  publicationDate?: string;
  /** The CMS's robots_noindex, when set (articles and static pages). */
  noindex?: true;
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

/** A plain JSON copy of a dataset record (a structured clone turns typed records into JSON records). */
function toRecord(item: object): JsonRecord {
  return { ...structuredClone(item) };
}

/**
 * A Map that counts its changes, so what the store derives from the articles (the published list,
 * the path lookup) is computed once per change instead of once per request: with the synthetic
 * site's 10,000+ articles a scan per request made the upstream the publish bottleneck.
 */
export class VersionedMap<K, V> extends Map<K, V> {
  version = 0;
  override set(key: K, value: V): this {
    this.version += 1;
    return super.set(key, value);
  }
  override delete(key: K): boolean {
    this.version += 1;
    return super.delete(key);
  }
  override clear(): void {
    this.version += 1;
    super.clear();
  }
}

/** What narrows a newest-first list (article search, docs/upstream-contract.md §4.6). */
export interface ArticleFilter {
  /** Only this section's articles (wp__category.slug). */
  category?: string | undefined;
  /** Only these content types (fn__legacy_type, "article" when absent). */
  types?: ReadonlySet<string> | undefined;
  /** Only the articles at these paths or canonical URLs. */
  urls?: ReadonlySet<string> | undefined;
}

/** One of the store's own published records in a list; `oldPaths` are its valid old paths. */
class OwnArticle implements ListedArticle {
  readonly id: string;
  readonly title: string;
  readonly description: string | undefined;
  readonly section: string | undefined;
  readonly type: string;
  readonly publicationDate: string;
  readonly lastModified: string;
  readonly path: string;
  readonly oldPaths: readonly string[];

  constructor(private readonly published: Published) {
    const { article, record } = published;
    this.id = article.id;
    this.title = article.title;
    this.description = article.description ?? article.dek;
    this.section = article.wp__category?.slug;
    this.type = article.fn__legacy_type ?? 'article';
    this.publicationDate = article.publication_date;
    this.lastModified = article.last_published_date ?? article.publication_date;
    this.path = published.path;
    this.oldPaths = oldPathsOf(record).filter(isValidPagePath);
  }

  load(): Published {
    return this.published;
  }
}

/** A synthetic article in a list: its headline is computed when first read, its record on load(). */
class SyntheticArticle implements ListedArticle {
  private computed: SyntheticHeadline | undefined;
  constructor(
    readonly index: number,
    private readonly seed: number,
  ) {}
  private get headline(): SyntheticHeadline {
    return (this.computed ??= syntheticHeadline(this.index, this.seed));
  }
  get id(): string {
    return syntheticId(this.index, this.seed);
  }
  get path(): string {
    return syntheticArticlePath(this.index);
  }
  get title(): string {
    return this.headline.title;
  }
  get description(): string {
    return this.headline.dek;
  }
  get section(): string {
    return this.headline.section;
  }
  get type(): string {
    return SYNTHETIC_ARTICLE_TYPE;
  }
  get publicationDate(): string {
    return syntheticPublished(this.index);
  }
  get lastModified(): string {
    return syntheticPublished(this.index);
  }
  load(): Published {
    const record = toRecord(syntheticArticle(this.index, this.seed));
    // Every generated record is on the contract and published (synthetic.test.ts checks).
    return { record, article: fullArticleSchema.parse(record), path: this.path };
  }
}

/** A generated site kept as its size and seed (synthetic/index.ts), never as records. */
interface SyntheticSource {
  count: number;
  seed: number;
}

interface Derived {
  version: number;
  /** The own published, on-contract records, sorted newest first. */
  own: OwnArticle[];
  byPath: Map<string, JsonRecord>;
  byOldPath: Map<string, JsonRecord>;
  /** Synthetic indexes not generated: deleted, or replaced by an own record. Ascending. */
  excluded: number[];
  /** Lists by category ('' for all), without type or URL filters: the common requests. */
  lists: Map<string, NewestFirstList>;
}

/**
 * The articles the store holds: its own records (the dataset's, and whatever the scaffolding
 * stored, in a map) and, optionally, a synthetic site generated on demand. An own record whose id
 * is a synthetic article's (`syn-<seed>-<index>`) replaces that article; deleting a synthetic
 * article leaves a tombstone. So editing one synthetic article (the latency bench, tests) costs one
 * record, and a site of a million articles costs the few records anyone changed.
 */
export class SampleStore {
  private records = new VersionedMap<string, JsonRecord>();
  private deleted = new Set<number>();
  private derived: Derived | undefined;
  private readonly synthetic: SyntheticSource | undefined;
  categories = new Map<string, JsonRecord>();
  layouts = new Map<string, JsonRecord>();
  people = new Map<string, JsonRecord>();
  /** The shows call's answer: every show, drafts included, in their sort order. */
  shows: ShowInput[] = [];

  /**
   * @param initial the starting content (reset returns to it)
   * @param synthetic a synthetic site served on top of it, generated on demand (up to a million articles)
   */
  constructor(
    private readonly initial: () => Dataset = createDataset,
    synthetic?: SyntheticOptions,
  ) {
    this.synthetic = synthetic === undefined ? undefined : { count: checkedCount(synthetic.articles), seed: synthetic.seed ?? 1 };
    this.reset();
  }

  reset(dataset: Dataset = this.initial()): void {
    this.records = new VersionedMap(dataset.articles.map((a) => [String(a.id), toRecord(a)]));
    this.deleted = new Set();
    this.derived = undefined;
    this.categories = new Map(dataset.categories.map((c) => [String(c.path), toRecord(c)]));
    this.layouts = new Map(dataset.layouts.map((l) => [SampleStore.layoutKey(String(l.subtype), String(l.elementId)), toRecord(l)]));
    this.people = new Map(dataset.people.map((p) => [String(p.personSlug), toRecord(p)]));
    this.shows = [...dataset.shows].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
  }

  static layoutKey(subtype: string, elementId: string): string {
    return `${subtype}\u0000${elementId}`;
  }

  /** The synthetic index of an id, when it names an article of the synthetic site. */
  private syntheticIndexOfId(id: string): number | null {
    if (!this.synthetic) return null;
    const index = syntheticIndexOfId(id, this.synthetic.seed);
    return index !== null && index < this.synthetic.count ? index : null;
  }

  /** The generated record of synthetic article `index`, unless it was deleted or replaced. */
  private generated(index: number | null): JsonRecord | undefined {
    if (index === null || !this.synthetic || index >= this.synthetic.count) return undefined;
    if (this.deleted.has(index) || this.records.has(syntheticId(index, this.synthetic.seed))) return undefined;
    return toRecord(syntheticArticle(index, this.synthetic.seed));
  }

  /** How many articles the store holds (own records plus synthetic ones not deleted or replaced). */
  get articleCount(): number {
    if (!this.synthetic) return this.records.size;
    return this.records.size + this.synthetic.count - this.derive().excluded.length;
  }

  /** The article with this id, as stored (a synthetic one is generated). */
  getArticle(id: string): JsonRecord | undefined {
    return this.records.get(id) ?? this.generated(this.syntheticIndexOfId(id));
  }

  /** Stores an article under `id` (replacing a synthetic article of that id). Not validated. */
  setArticle(id: string, record: JsonRecord): void {
    this.records.set(id, record);
  }

  /** Deletes the article with this id; false when there is none. */
  deleteArticle(id: string): boolean {
    const index = this.syntheticIndexOfId(id);
    const generated = index !== null && !this.deleted.has(index);
    const removed = this.records.delete(id);
    if (index !== null) this.deleted.add(index);
    return removed || generated;
  }

  /**
   * The article at `path`: the one whose canonical path it is, else one that lists it among its old
   * `urls` (a moved article; the site renders a 301 to the canonical path, spec 1 §2.2). When an
   * own record and a generated article share a canonical path, the own record wins.
   */
  articleByPath(path: string): JsonRecord | undefined {
    const derived = this.derive();
    return derived.byPath.get(path) ?? this.generated(syntheticIndexOf(path)) ?? derived.byOldPath.get(path);
  }

  /**
   * Published, on-contract articles, newest first (ties by id, so pages are stable), narrowed by
   * `filter`. The list is a merge computed on demand: a page at any offset costs the page, not the
   * site (newest-first.ts). Lists without type or URL filters are kept until the articles change.
   */
  newestFirst(filter: ArticleFilter = {}): NewestFirstList {
    const derived = this.derive();
    const plain = filter.types === undefined && filter.urls === undefined;
    // "All articles" has a key no category can have (an empty category is a category, and empty).
    const key = filter.category === undefined ? ALL_ARTICLES : `category:${filter.category}`;
    const cached = plain ? derived.lists.get(key) : undefined;
    if (cached) return cached;
    const { types, urls, category } = filter;
    const own = derived.own.filter((article) => {
      if (category !== undefined && article.section !== category) return false;
      if (types !== undefined && !types.has(article.type)) return false;
      if (urls !== undefined && !urls.has(article.path) && !urls.has(article.load().article.canonical_url)) return false;
      return true;
    });
    const synthetic = this.synthetic;
    const item = (index: number): ListedArticle => new SyntheticArticle(index, synthetic?.seed ?? 1);
    const list = new NewestFirstList(own, this.syntheticRun(filter, derived.excluded), item);
    // Only lists with articles are kept: any string is a category to ask for, and caching each
    // empty one would grow the store with every request.
    if (plain && (filter.category === undefined || list.total > 0)) derived.lists.set(key, list);
    return list;
  }

  /** The synthetic side of a list: which generated articles pass the filter, newest first. */
  private syntheticRun({ category, types, urls }: ArticleFilter, excluded: readonly number[]): SyntheticRun {
    const synthetic = this.synthetic;
    if (!synthetic || synthetic.count === 0) return EMPTY_RUN;
    if (types !== undefined && !types.has(SYNTHETIC_ARTICLE_TYPE)) return EMPTY_RUN;
    // Sections are round-robin: section s holds indexes s, s + sections, s + 2 * sections, ...
    const section = category === undefined ? undefined : SYNTHETIC_SECTIONS.findIndex((slug) => slug === category);
    if (section === -1) return EMPTY_RUN;
    if (urls !== undefined) {
      const indexes = new Set<number>();
      for (const url of urls) {
        const path = url.startsWith(`${CANONICAL_ORIGIN}/`) ? url.slice(CANONICAL_ORIGIN.length) : url;
        const index = syntheticIndexOf(path);
        if (index === null || index >= synthetic.count || (path !== url && `${CANONICAL_ORIGIN}${syntheticArticlePath(index)}` !== url)) continue;
        if (section !== undefined && index % SYNTHETIC_SECTIONS.length !== section) continue;
        if (excluded.includes(index)) continue;
        indexes.add(index);
      }
      return new IndexRun([...indexes].sort((a, b) => a - b));
    }
    return section === undefined
      ? new ProgressionRun(0, 1, synthetic.count, excluded)
      : new ProgressionRun(section, SYNTHETIC_SECTIONS.length, synthetic.count, excluded);
  }

  /** The lookups derived from the own records, rebuilt only after the articles changed. */
  private derive(): Derived {
    const version = this.records.version;
    if (this.derived && this.derived.version === version) return this.derived;
    // First match wins, in the map's order, as the scans this replaces did.
    const byPath = new Map<string, JsonRecord>();
    const byOldPath = new Map<string, JsonRecord>();
    for (const record of this.records.values()) {
      const path = articlePathOf(record);
      if (path !== undefined && !byPath.has(path)) byPath.set(path, record);
    }
    for (const record of this.records.values()) for (const old of oldPathsOf(record)) if (!byOldPath.has(old)) byOldPath.set(old, record);
    const own: OwnArticle[] = [];
    const excluded = new Set(this.deleted);
    for (const [id, record] of this.records) {
      const index = this.syntheticIndexOfId(id);
      if (index !== null) excluded.add(index);
      const parsed = fullArticleSchema.safeParse(record);
      const path = articlePathOf(record);
      if (!parsed.success || path === undefined || !parsed.data.published) continue;
      own.push(new OwnArticle({ record, article: parsed.data, path }));
    }
    own.sort(compareNewestFirst);
    this.derived = { version, own, byPath, byOldPath, excluded: [...excluded].sort((a, b) => a - b), lists: new Map() };
    return this.derived;
  }

  /** The topics the video topic list names (the `video-topics` component of its layout). */
  private videoTopics(): string[] {
    const layout = this.layouts.get(SampleStore.layoutKey('video', '/video/topics'));
    const components = Array.isArray(layout?.main) ? layout.main : [];
    return components.flatMap((component: unknown) => {
      const parsed = videoTopicsComponent.safeParse(component);
      return parsed.success ? parsed.data.model.items.map((item) => item.topic).filter(isPlainSegment) : [];
    });
  }

  /**
   * The site map (docs/upstream-contract.md §4.7), as a sequence the route pages through: the
   * articles' part (each published article, then its old paths as redirects) is computed per page
   * from the newest-first list, so a million-article site map is never held as one array.
   */
  siteMap(): Sequence<SiteMapEntry> {
    const head: SiteMapEntry[] = [{ path: '/', type: 'home' }];
    for (const category of this.categories.values()) {
      const path = str(category, 'path');
      if (path !== undefined && isValidPagePath(path)) head.push({ path, type: 'section' });
    }
    return concatSequences([head, new ArticleEntries(this.newestFirst()), this.siteMapTail()]);
  }

  /** The site map after the articles: static, person, show, video and game pages. */
  private siteMapTail(): SiteMapEntry[] {
    const entries: SiteMapEntry[] = [];
    // Static pages (spec 1 §2.5) are listed as type 'static' once the client's site-map schema
    // accepts that type (core/upstream/schemas.ts SITE_PATH_TYPES); until then listing them would
    // make the client refuse the whole site map.
    const staticType = SITE_PATH_TYPES.find((type: string) => type === 'static');
    if (staticType !== undefined) for (const { path, robots_noindex } of STATIC_PAGES) entries.push({ path, type: staticType, ...(robots_noindex === true ? { noindex: true as const } : {}) });
    // Person pages and the persons list variant (spec 2 §2); /personalities is listed as a static page.
    entries.push({ path: '/person/personalities', type: 'person' });
    for (const person of this.people.values()) {
      const url = str(person, 'canonicalUrl');
      if (url === undefined || !['Author', 'Personality'].includes(str(person, 'role') ?? '')) continue;
      const path = new URL(url).pathname;
      if (isValidPagePath(path)) entries.push({ path, type: 'person' });
    }
    // The shows list and each published show's page (spec 2 §2; the shows call answers drafts too).
    entries.push({ path: '/shows', type: 'show' });
    // A show is listed at its canonical path. Its id path, when different, answers a 301, so it is
    // listed as a redirect (published, kept out of sitemaps); unless it contains "video": then it
    // would render the page itself (spec 2 §2), a duplicate nobody links to, so it is not listed.
    for (const show of this.shows) {
      if (!isPublishedShow(show)) continue;
      const canonical = new URL(show.canonicalUrl).pathname;
      const idPath = `/shows/${show.id}`;
      entries.push({ path: canonical, type: 'show' });
      if (canonical !== idPath && !idPath.includes('video')) entries.push({ path: idPath, type: 'redirect' });
    }
    // The video area's list pages (spec 2 §2): home, shows, each published show's video page, the
    // topic list and each topic it names. The video pages themselves come from the video service
    // (server.ts).
    entries.push({ path: '/video', type: 'video' }, { path: '/video/shows', type: 'video' }, { path: '/video/topics', type: 'video' });
    for (const show of this.shows) if (isPublishedShow(show)) entries.push({ path: `/video/shows/${show.id}`, type: 'video' });
    for (const topic of this.videoTopics()) entries.push({ path: `/video/topics/${topic}`, type: 'video' });
    // The games hub and game pages (spec 2 §2).
    for (const path of GAME_PAGE_PATHS) entries.push({ path, type: 'game' });
    return entries;
  }
}

/** What the site map route pages through: an array is one, and so is a computed sequence. */
export interface Sequence<T> {
  readonly length: number;
  /** The items from `start` up to (not including) `end`, as Array.prototype.slice. */
  slice(start: number, end: number): T[];
}

/** Sequences one after the other, paged without copying them into one array. */
export function concatSequences<T>(parts: readonly Sequence<T>[]): Sequence<T> {
  return {
    length: parts.reduce((sum, part) => sum + part.length, 0),
    slice(start, end) {
      const out: T[] = [];
      let offset = 0;
      for (const part of parts) {
        if (end <= offset) break;
        const from = Math.max(start - offset, 0);
        const to = Math.min(end - offset, part.length);
        if (from < to) out.push(...part.slice(from, to));
        offset += part.length;
      }
      return out;
    },
  };
}

/**
 * The site map's article entries: each published article, newest first, followed by its old
 * paths as redirects (so a whole-site publish stores their redirect records). Only own records
 * have old paths, so entry offsets map to list positions through the own records alone.
 */
class ArticleEntries implements Sequence<SiteMapEntry> {
  readonly length: number;
  /** Per own record: its first entry's offset. */
  private readonly starts: number[];

  constructor(private readonly list: NewestFirstList) {
    const positions = list.ownPositions();
    let extra = 0;
    this.starts = list.own.map((article, j) => {
      const start = (positions[j] ?? 0) + extra;
      extra += oldPathsOfListed(article).length;
      return start;
    });
    this.length = list.total + extra;
  }

  slice(start: number, end: number): SiteMapEntry[] {
    const out: SiteMapEntry[] = [];
    const stop = Math.min(end, this.length);
    if (start >= stop) return out;
    // The last own record starting at or before `start`, and the list position `start` falls in.
    let j = this.starts.length - 1;
    while (j >= 0 && (this.starts[j] ?? 0) > start) j -= 1;
    const lastOwn = j >= 0 ? this.list.own[j] : undefined;
    let position: number;
    let skip = 0;
    if (lastOwn !== undefined && start < (this.starts[j] ?? 0) + 1 + oldPathsOfListed(lastOwn).length) {
      position = this.list.ownPositions()[j] ?? 0;
      skip = start - (this.starts[j] ?? 0);
    } else {
      // Past record j's entries: each list position after it is one entry until the next own record.
      const ownEnd = lastOwn === undefined ? 0 : (this.starts[j] ?? 0) + 1 + oldPathsOfListed(lastOwn).length;
      const ownPosition = lastOwn === undefined ? -1 : (this.list.ownPositions()[j] ?? 0);
      position = ownPosition + 1 + (start - ownEnd);
    }
    for (const article of this.list.walk(position)) {
      const entries: SiteMapEntry[] = [articleEntry(article)];
      for (const old of oldPathsOfListed(article)) entries.push({ path: old, type: 'redirect' });
      for (const entry of entries.slice(skip)) {
        out.push(entry);
        if (start + out.length >= stop) return out;
      }
      skip = 0;
    }
    return out;
  }
}

/** A listed article's site-map entry; robots_noindex is read from own records (synthetic ones never set it). */
function articleEntry(article: ListedArticle): SiteMapEntry {
  const noindex = article instanceof OwnArticle && article.load().article.robots_noindex;
  return { path: article.path, type: 'article', lastModified: article.lastModified, id: article.id, publicationDate: article.publicationDate, ...(noindex ? { noindex: true as const } : {}) };
}

/** The valid old paths of a listed article: an own record's; a synthetic article has none. */
function oldPathsOfListed(article: ListedArticle): readonly string[] {
  return article instanceof OwnArticle ? article.oldPaths : [];
}

/** The article-search list item of an article (spec 1 §3 "Article list item"). */
export function summarise(article: FullArticle, path: string): SummaryWire {
  // The first picture the article has: an article image, else a video's or related item's image
  // (so cards show a picture wherever the sample has one).
  let imageUrl: string | undefined;
  for (const block of article.components) {
    const props: Record<string, unknown> = block.props;
    if (block.kind === 'article-image' && typeof props.url === 'string') imageUrl = props.url;
    else if (typeof props.imageUrl === 'string') imageUrl = props.imageUrl;
    if (imageUrl !== undefined) break;
  }
  // Otherwise the sample's placeholder picture for the story (GET /images/*, data/images.ts), so
  // every card of the sample site has a picture.
  imageUrl ??= sampleImage(`articles/${path.split('/').filter(Boolean).join('-')}`);
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
    // With their headshots, so lists can show them (spec 1 §9 "48x48 in lists").
    authors: article.header.authors.map((author) => ({ name: author.name, ...(author.avatar ? { avatar: author.avatar } : {}) })),
    ...(article.header.source ? { source: { name: article.header.source.name } } : {}),
    ...(article.robots_noindex ? { noindex: true } : {}),
  };
}
