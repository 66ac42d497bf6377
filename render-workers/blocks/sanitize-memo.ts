/**
 * A per-process memo of sanitizer results (ADR 0031: sanitising is skipped for a field whose
 * source bytes did not change since the last render of the page). A re-render of an unchanged
 * page sanitises the same paragraphs, raw HTML and descriptions again; sanitize-html parses each
 * one, which is a real part of a render's CPU. The memo answers a field it has seen with the same
 * bytes it produced then.
 *
 * Keyed by the sanitizer's option set and the source itself: each option set has its own
 * name (blocks/sanitize.ts), so a result produced under one allow-list is never served for
 * another, whatever the source. The options themselves are constants of the code, so a name per
 * option set is as exact as hashing them (they hold functions, which cannot be hashed).
 *
 * A result that dropped an unsafe URL or iframe sandbox token keeps the skips it reported; a hit
 * reports them again, so the page's log still names what was dropped (ADR 0021).
 *
 * The key is the source text, not a hash of it: a Map hashes and compares a string far faster
 * than SHA-256 digests it (hashing and digesting were 2-4 % of a render in a CPU profile of the bench), and the
 * key's characters count against the bound with the result's.
 *
 * Bounded: at most MAX_ENTRIES entries and MAX_CHARS characters of keys and results, the least
 * recently used going first. Sources longer than MAX_SOURCE_CHARS are not kept.
 */
import { flattenString } from '../../core/isomorphic/flatten-string.js';
import { collectSkips, reportSkip, type Skip } from '../shared/skip-log.js';

export const MAX_ENTRIES = 20_000;
/** Characters of keys and results kept in all (about twice that in bytes as JS strings). */
export const MAX_CHARS = 8 * 1024 * 1024;
/** A field longer than this is sanitised every time (a runaway raw-html block would crowd out the rest). */
export const MAX_SOURCE_CHARS = 256 * 1024;

interface Entry<T> {
  value: T;
  /** Its share of the character bound. */
  chars: number;
  skips: readonly Skip[];
}

export interface SanitizeMemoStats {
  hits: number;
  misses: number;
  entries: number;
  chars: number;
}

/**
 * Results of one type: strings by default; a sanitizer that answers with a value (the AMP iframe
 * of a raw-html block) has a memo of its own, with `size` for the bound, and gets its values frozen
 * (one value is handed to every render that asks).
 */
export class SanitizeMemo<T = string> {
  /** Insertion order is recency: a hit moves its entry to the end. */
  private readonly entries = new Map<string, Entry<T>>();
  private chars = 0;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxChars = MAX_CHARS,
    private readonly size: (value: T) => number = (value) => (typeof value === 'string' ? value.length : JSON.stringify(value)?.length ?? 0),
  ) {}

  /** `sanitize(source)`, or the result it gave for the same option set and source before. */
  run(optionSet: string, source: string, sanitize: (source: string) => T): T {
    if (source.length > MAX_SOURCE_CHARS) return sanitize(source);
    const key = `${optionSet}\u0000${source}`;
    const found = this.entries.get(key);
    if (found !== undefined) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, found);
      for (const skip of found.skips) reportSkip(skip);
      return found.value;
    }
    this.misses += 1;
    const { value, skips } = collectSkips(() => sanitize(source));
    if (typeof value === 'object' && value !== null) Object.freeze(value);
    // Kept flat: sanitize-html's output is a rope of a node per piece, several times its characters.
    else if (typeof value === 'string') flattenString(value);
    const chars = key.length + this.size(value);
    this.entries.set(key, { value, chars, skips });
    this.chars += chars;
    while (this.entries.size > this.maxEntries || this.chars > this.maxChars) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.chars -= this.entries.get(oldest.value)?.chars ?? 0;
      this.entries.delete(oldest.value);
    }
    return value;
  }

  stats(): SanitizeMemoStats {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size, chars: this.chars };
  }

  /** Forgets every result and the counts (tests). */
  clear(): void {
    this.entries.clear();
    this.chars = 0;
    this.hits = 0;
    this.misses = 0;
  }
}

/** The memo every sanitizer of this process shares (blocks/sanitize.ts, people/person-rules.ts). */
export const sanitizeMemo = new SanitizeMemo();
