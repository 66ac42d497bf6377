/**
 * Side data: what a page shows beside its subject (the nav menus, the legal links, the lists
 * beside an article, recommended videos, live and Moxie playlists, video carousels, live-blog
 * updates). The spec gives each an empty fallback ("a failing menu is left empty", spec 1 §7, §8;
 * spec 2 §8). That fallback is for a page that has nothing better: during an upstream outage a
 * republish would otherwise rewrite every good page without its menus.
 *
 * So every good read of side data is remembered, per side-data key and edition, where every worker
 * can read it (Redis, core/last-good.ts); a failed read uses that last good copy, and only when no
 * copy exists anywhere does the empty fallback apply. The render is told which happened
 * (`SideDataSource`): a page built on a last good copy is published and says which data was stale
 * (job result, page status); a page built on an empty fallback is degraded and never replaces a
 * stored page (render-workers/publish.ts).
 */

/** Where a failed side read's value came from. */
export type SideDataSource = 'last-good' | 'empty';

/** Keeps and recalls last good copies (core/last-good.ts keeps them in Redis). */
export interface LastGoodStore {
  /** The last good copy of `key` for `site`, or undefined when there is none (or it is unreadable). */
  load(site: string, key: string): Promise<unknown>;
  /** Remembers `value` as the last good copy of `key` for `site`. */
  save(site: string, key: string, value: unknown): Promise<void>;
}

/** One render's view of the side data: reads and fallbacks are reported to the render. */
export interface SideData {
  /** Remembers a good read (stored in the background; `settle()` waits for it). */
  remember(key: string, value: unknown): void;
  /**
   * The last good copy after a failed read, if `parse` accepts it (reported as 'last-good'), or
   * undefined (reported as 'empty').
   */
  recall<T>(key: string, parse: (value: unknown) => T | undefined): Promise<T | undefined>;
}

export interface RenderSideData extends SideData {
  /** Side-data keys whose read failed, with the source used instead, in the order they failed. */
  readonly fallbacks: ReadonlyMap<string, SideDataSource>;
  /** Waits for the remembered copies to be stored (a store that fails is reported to `onStoreError`). */
  settle(): Promise<void>;
}

/**
 * The side data of one render of a page of `site`. Without a store (single-process tools) nothing
 * is remembered and every failed read falls back to empty, as the spec says.
 */
export function createRenderSideData(store: LastGoodStore | undefined, site: string, onStoreError: (error: unknown, key: string) => void): RenderSideData {
  const fallbacks = new Map<string, SideDataSource>();
  const pending: Promise<void>[] = [];
  return {
    fallbacks,
    remember(key, value) {
      if (store === undefined) return;
      pending.push(store.save(site, key, value).catch((error: unknown) => onStoreError(error, key)));
    },
    async recall(key, parse) {
      let value: ReturnType<typeof parse>;
      try {
        const stored = await store?.load(site, key);
        value = stored === undefined ? undefined : parse(stored);
      } catch (error) {
        onStoreError(error, key);
        value = undefined;
      }
      fallbacks.set(key, value === undefined ? 'empty' : 'last-good');
      return value;
    },
    async settle() {
      await Promise.all(pending);
    },
  };
}

/**
 * Reads side data: a good value is remembered; a failure is reported with `onFailure` (which logs
 * the spec's message), then answered with the last good copy if `parse` accepts it, else `empty`.
 */
export async function readSideData<T>(
  sideData: SideData | undefined,
  key: string,
  read: () => Promise<T>,
  options: { empty: T; parse: (value: unknown) => T | undefined; onFailure: (error: unknown) => void },
): Promise<T> {
  let value: T;
  try {
    value = await read();
  } catch (error) {
    options.onFailure(error);
    return (await sideData?.recall(key, options.parse)) ?? options.empty;
  }
  sideData?.remember(key, value);
  return value;
}

/** A `parse` that accepts what `schema` accepts (a copy written by an older release may not be). */
export function parsedWith<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): (value: unknown) => T | undefined {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
}
