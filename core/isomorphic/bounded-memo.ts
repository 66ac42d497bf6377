/**
 * A bounded memo for pure functions of a string that every page calls with the same few thousand
 * inputs: URL checks (a menu's links are checked on every page) and date labels (a list's items
 * are labelled on every front that lists them). Renders of one publish wave repeat them hundreds
 * of times; the WHATWG URL parser and Intl's formatToParts cost microseconds each (ADR
 * 0031). Isomorphic: no Node APIs.
 *
 * The bound is a count of entries. When it is reached the memo starts over empty: no recency
 * bookkeeping on the hot path, and the working set of a wave is far smaller than the bound, so a
 * reset costs one round of recomputation. Values must be immutable (they are shared between
 * callers): strings, or frozen objects.
 */
export function boundedMemo<T>(limit: number, compute: (key: string) => T): (key: string) => T {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`boundedMemo: limit must be a positive integer, got ${limit}`);
  let entries = new Map<string, T>();
  return (key: string): T => {
    const found = entries.get(key);
    if (found !== undefined || entries.has(key)) return found as T;
    const value = compute(key);
    if (entries.size >= limit) entries = new Map();
    entries.set(key, value);
    return value;
  };
}
