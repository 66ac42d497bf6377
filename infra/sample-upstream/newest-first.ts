/**
 * Newest-first article lists that never hold a synthetic site (the synthetic generator goes up to a
 * million pages: synthetic/index.ts).
 *
 * A list is the merge of two sorted sequences: the sample's own records (the dataset's articles
 * and whatever the /__sample/ scaffolding stored, a few dozen: parsed and sorted in memory) and a
 * run of synthetic indexes. Synthetic article i is i minutes older than article 0
 * (synthetic/index.ts), so a run in ascending index order is already newest first; only where each
 * own record falls in it is computed (a binary search), and synthetic articles are built only
 * when a page shows them. Every list answers its length and a page at any offset without walking
 * what comes before it.
 */
import type { FullArticle } from '../../core/upstream/schemas.js';

export type JsonRecord = Record<string, unknown>;

/** A published, on-contract article: its stored record, the record parsed, its page path. */
export interface Published {
  record: JsonRecord;
  article: FullArticle;
  path: string;
}

/**
 * One article of a list, with what filters, site search and the site map read; `load()` builds and
 * parses the whole record (for a synthetic article: only when a page shows it).
 */
export interface ListedArticle {
  readonly id: string;
  readonly path: string;
  readonly title: string;
  /** The description, else the dek (what search matches and summaries show). */
  readonly description: string | undefined;
  /** The primary category's slug (wp__category.slug): the section. */
  readonly section: string | undefined;
  /** fn__legacy_type, "article" when absent. */
  readonly type: string;
  readonly publicationDate: string;
  /** last_published_date, else publication_date: the site map's lastModified. */
  readonly lastModified: string;
  load(): Published;
}

/** The list order: later publication_date first, ties by id, so pages are stable. */
export function compareNewestFirst(a: Pick<ListedArticle, 'id' | 'publicationDate'>, b: Pick<ListedArticle, 'id' | 'publicationDate'>): number {
  return a.publicationDate === b.publicationDate ? a.id.localeCompare(b.id) : b.publicationDate.localeCompare(a.publicationDate);
}

/** Synthetic indexes in ascending order (so newest first): the synthetic side of a list. */
export interface SyntheticRun {
  readonly length: number;
  /** The index at rank `k` (0-based) of the run. */
  indexAt(k: number): number;
  /** The indexes from rank `k` on. */
  from(k: number): Iterator<number>;
}

/** No synthetic articles. */
export const EMPTY_RUN: SyntheticRun = { length: 0, indexAt: () => -1, from: () => [][Symbol.iterator]() };

/**
 * The indexes `first`, `first + step`, ... below `count`, less the excluded ones (synthetic
 * articles deleted or replaced through the scaffolding): every synthetic article (step 1), or one
 * section's (sections are round-robin, so step = the number of sections).
 */
export class ProgressionRun implements SyntheticRun {
  readonly length: number;
  /** Positions (0-based, in the progression) of the excluded indexes, ascending. */
  private readonly excluded: number[];
  private readonly size: number;

  constructor(
    private readonly first: number,
    private readonly step: number,
    count: number,
    /** Excluded synthetic indexes, ascending; those outside the progression are ignored. */
    excluded: readonly number[],
  ) {
    this.size = count > first ? Math.ceil((count - first) / step) : 0;
    this.excluded = excluded.filter((index) => index >= first && (index - first) % step === 0 && index < count).map((index) => (index - first) / step);
    this.length = this.size - this.excluded.length;
  }

  /** The progression position of rank `k`: k plus the excluded positions at or before it. */
  private positionOf(k: number): number {
    let position = k;
    for (const excluded of this.excluded) {
      if (excluded > position) break;
      position += 1;
    }
    return position;
  }

  indexAt(k: number): number {
    return this.first + this.positionOf(k) * this.step;
  }

  *from(k: number): Generator<number> {
    let position = this.positionOf(k);
    let next = this.excluded.findIndex((excluded) => excluded >= position);
    if (next === -1) next = this.excluded.length;
    for (; position < this.size; position += 1) {
      if (this.excluded[next] === position) {
        next += 1;
        continue;
      }
      yield this.first + position * this.step;
    }
  }
}

/** A few named synthetic indexes (article search by URL), ascending and distinct. */
export class IndexRun implements SyntheticRun {
  constructor(private readonly indexes: readonly number[]) {}
  get length(): number {
    return this.indexes.length;
  }
  indexAt(k: number): number {
    return this.indexes[k] ?? -1;
  }
  from(k: number): Iterator<number> {
    return this.indexes.slice(k)[Symbol.iterator]();
  }
}

/** The first i in [lo, hi) for which `test(i)` is false (`test` is true on a prefix), else hi. */
function partition(lo: number, hi: number, test: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The merge, newest first, of the own articles (sorted) and a synthetic run. */
export class NewestFirstList {
  private positions: number[] | undefined;

  constructor(
    /** The own articles that belong to the list, already sorted by compareNewestFirst. */
    readonly own: readonly ListedArticle[],
    private readonly run: SyntheticRun,
    private readonly synthetic: (index: number) => ListedArticle,
  ) {}

  get total(): number {
    return this.own.length + this.run.length;
  }

  /**
   * Where each own article sits in the merged list: its rank among the own plus the synthetic
   * articles that come before it (a binary search in the run, which is sorted the same way).
   */
  ownPositions(): readonly number[] {
    if (this.positions) return this.positions;
    const positions: number[] = [];
    let before = 0;
    this.own.forEach((article, rank) => {
      before = partition(before, this.run.length, (k) => compareNewestFirst(this.synthetic(this.run.indexAt(k)), article) < 0);
      positions.push(rank + before);
    });
    this.positions = positions;
    return positions;
  }

  /** The articles from position `from` on, newest first, built one at a time. */
  *walk(from = 0): Generator<ListedArticle> {
    const positions = this.ownPositions();
    let own = partition(0, positions.length, (j) => (positions[j] ?? 0) < from);
    const run = this.run.from(from - own);
    for (let position = from; position < this.total; position += 1) {
      const article = this.own[own];
      if (article !== undefined && positions[own] === position) {
        own += 1;
        yield article;
        continue;
      }
      const next = run.next();
      if (next.done === true) return;
      yield this.synthetic(next.value);
    }
  }

  /**
   * Up to `size` articles from position `from`, loaded (parsed). Named `page`, not `slice`: its
   * second argument is a count, not an end index as in Array.prototype.slice.
   */
  page(from: number, size: number): Published[] {
    const page: Published[] = [];
    if (size <= 0) return page;
    for (const article of this.walk(from)) {
      page.push(article.load());
      if (page.length >= size) break;
    }
    return page;
  }
}
