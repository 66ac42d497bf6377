/**
 * View-model values derived once per kept upstream answer (ADR 0029, ADR 0031).
 *
 * An upstream answer the worker keeps for reuse is deep-frozen and handed, as the same objects, to
 * every render of a publish wave that may reuse it (core/upstream/read-reuse.ts). What a render
 * derives from such an object with a pure function (a listed story's card: its link checked, its
 * texts made plain, its image sized, its dates labelled) is then the same for every render, and
 * is kept beside the object: a wave that lists the same latest stories on 700 pages builds each
 * card once per worker, not once per page.
 *
 * Keyed weakly by the source object, so a value lives exactly as long as the answer it came from
 * (the reuse cache's bound is the bound), and by a key naming the derivation. A source that is not
 * frozen (reuse off, or an answer too new to keep) is derived every time.
 *
 * A derivation that dropped an unsafe value (shared/skip-log.ts) keeps the skips it reported; a
 * reuse reports them again, so every page's log still names what its page dropped (ADR 0021).
 * Values are deep-frozen: every render gets the same objects, so none may change them.
 *
 * A kept string is flattened first. A string built by concatenation (renderToString's output, the
 * site header's HTML) is a rope in V8: a tree of one 32-byte node per appended piece. Kept as it
 * is, it holds all those nodes for as long as the answer lives: the header's HTML, about 7 kB of
 * text, held about 75 kB, and its memo was a fifth of a worker's live heap after a publish of 2,000
 * articles (ADR 0050).
 */
import { flattenString } from '../../core/isomorphic/flatten-string.js';
import { deepFreeze } from '../../core/upstream/read-reuse.js';
import { collectSkips, reportSkip, type Skip } from './skip-log.js';

interface Derived {
  value: unknown;
  skips: readonly Skip[];
}

/** Counts of derivations run and reused in this process (tests). */
export const derivedStats = { computed: 0, reused: 0 };

/**
 * `derive()`, computed once per frozen `source` and `key`. `derive` must be a pure function of the
 * source (and of what `key` names), synchronous, and must not change the source.
 */
export function deriveShared<T>(source: unknown, key: unknown, derive: () => T): T {
  return deriveSharedAll([source], key, derive);
}

/** Kept values per first source; a later source of the tuple is a further WeakMap level. */
interface Level {
  next?: WeakMap<object, Level>;
  values?: Map<unknown, Derived>;
}

const levels = new WeakMap<object, Level>();

/**
 * `deriveShared` over several sources: computed once per tuple of frozen sources (by identity, in
 * order) and `key`. For a value built from answers that arrive apart, such as the four nav menus
 * (each one side read), which no single object holds. Any source not frozen: derived every time.
 */
export function deriveSharedAll<T>(sources: readonly unknown[], key: unknown, derive: () => T): T {
  // Plain loops: this runs for every listed story of every page, most often to find a value kept.
  if (sources.length === 0) return derive();
  for (let i = 0; i < sources.length; i += 1) {
    const source = sources[i];
    if (typeof source !== 'object' || source === null || !Object.isFrozen(source)) return derive();
  }
  let map = levels;
  let level: Level | undefined;
  for (let i = 0; i < sources.length; i += 1) {
    if (i > 0) map = (level as Level).next ??= new WeakMap<object, Level>();
    const source = sources[i] as object;
    level = map.get(source);
    if (level === undefined) map.set(source, (level = {}));
  }
  const values = (level as Level).values ??= new Map<unknown, Derived>();
  const found = values.get(key);
  if (found !== undefined) {
    derivedStats.reused += 1;
    for (const skip of found.skips) reportSkip(skip);
    return found.value as T;
  }
  derivedStats.computed += 1;
  const { value, skips } = collectSkips(derive);
  if (typeof value === 'string') flattenString(value);
  deepFreeze(value);
  values.set(key, { value, skips });
  return value;
}
