/**
 * The JSONP helper (spec 2 §7 "a GET by script tag with a callback query parameter (default name
 * callback, optional prefix, optional query ordering, optional cache-busting parameter cb that
 * changes every 20 minutes). It resolves with data or rejects with Timeout"; §8 "JSONP timeout
 * (default 60000 ms) error 'Timeout'"; §9 "cache-buster period 20 minutes").
 *
 * For third-party feeds that only speak JSONP. The callback is a uniquely named global that the
 * answer's script calls; the script element and the global are removed on success, on a script
 * error and on timeout, so nothing is left behind. No page of this site uses it yet: it is here,
 * tested, for the islands that will (it is not imported by the entry, so it costs pages nothing).
 */

/** Spec 2 §8, §9. */
export const JSONP_TIMEOUT_MS = 60_000;
/** Spec 2 §9: the cache-buster changes every 20 minutes. */
export const JSONP_CACHE_BUSTER_PERIOD_MS = 20 * 60_000;
export const JSONP_TIMEOUT_MESSAGE = 'Timeout';

export interface JsonpOptions {
  /** Query parameter naming the callback. Default 'callback' (spec 2 §7). */
  param?: string;
  /** Prefix of the generated callback function name. Default 'jsonp'. */
  prefix?: string;
  /** Query parameters to add, in this order unless `sortQuery`. */
  query?: Record<string, string | number | boolean>;
  /** Sort the query parameters by name (some feeds cache by the exact URL). Default false. */
  sortQuery?: boolean;
  /** Add `cb`, a value that changes every 20 minutes (spec 2 §7). Default false. */
  cacheBuster?: boolean;
  /** Default 60000 ms (spec 2 §8). */
  timeoutMs?: number;
  /** Clock for the cache-buster (tests). */
  now?: () => number;
}

/** The cache-buster value: the number of the 20-minute period `now` falls in. */
export function cacheBusterValue(now: number): string {
  return String(Math.floor(now / JSONP_CACHE_BUSTER_PERIOD_MS));
}

/** The script URL: the url's own query, the options' query (sorted if asked), cb, then the callback. */
export function jsonpUrl(url: string, callbackName: string, options: JsonpOptions = {}): string {
  const base = new URL(url, typeof document === 'undefined' ? 'http://localhost/' : document.baseURI);
  const entries = Object.entries(options.query ?? {}).map(([key, value]) => [key, String(value)] as const);
  if (options.sortQuery) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, value] of entries) base.searchParams.append(key, value);
  if (options.cacheBuster) base.searchParams.set('cb', cacheBusterValue((options.now ?? Date.now)()));
  base.searchParams.set(options.param ?? 'callback', callbackName);
  return base.toString();
}

let counter = 0;

/** A callback name no other request on the page uses. */
export function callbackName(prefix = 'jsonp'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${counter}`;
}

type JsonpWindow = Window & Record<string, unknown>;

export function jsonp<T = unknown>(url: string, options: JsonpOptions = {}): Promise<T> {
  const name = callbackName(options.prefix);
  const win = window as unknown as JsonpWindow;
  const script = document.createElement('script');
  return new Promise<T>((resolve, reject) => {
    // Declared before cleanup uses it; assigned below once the handlers exist.
    const timer: { id?: ReturnType<typeof setTimeout> } = {};
    const cleanup = () => {
      if (timer.id !== undefined) clearTimeout(timer.id);
      script.remove();
      delete win[name];
    };
    win[name] = (data: T) => {
      cleanup();
      resolve(data);
    };
    script.onerror = () => {
      cleanup();
      reject(new Error(`JSONP request failed: ${url}`));
    };
    timer.id = setTimeout(() => {
      cleanup();
      reject(new Error(JSONP_TIMEOUT_MESSAGE));
    }, options.timeoutMs ?? JSONP_TIMEOUT_MS);
    script.src = jsonpUrl(url, name, options);
    script.async = true;
    document.head.appendChild(script);
  });
}
