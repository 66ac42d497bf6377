/**
 * "Load More" under the first article list of a front (spec 1 §4 "Article list load-more: fetches
 * 10 plus one to learn whether more exist; the first time uses preloaded extra items", §9 "Load-more
 * page size 10 (fetch 11)").
 *
 * The render worker fetched 10 plus one for the list; the extra item arrives here as `preloaded`
 * and the first click shows it without a request. Every later click asks the edge for 11 items
 * from the number already loaded, shows the first 10, and uses the 11th only to learn whether
 * more exist: it is the first item of the next request (spec 1 §7 GET /api/article-search "from
 * (count loaded)").
 *
 * The server render is an empty list and the button (nothing clock- or data-dependent, so pages
 * stay deterministic); items only ever appear in the browser.
 */
import { useRef, useState } from 'react';
import { safeImageUrl } from '../../core/isomorphic/images.js';
import { relativeTimeLabel } from '../../core/isomorphic/relative-time.js';
import { isSiteId, SITES, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';

/** Load-more page size 10 (spec 1 §9). */
export const LOAD_MORE_PAGE_SIZE = 10;
/** 10 plus one, to learn whether more exist (spec 1 §4, §9). */
export const LOAD_MORE_FETCH_SIZE = LOAD_MORE_PAGE_SIZE + 1;
/** The edge endpoint the island asks (spec 1 §7). */
export const LOAD_MORE_ENDPOINT = '/api/article-search';
export const LOAD_MORE_BUTTON_LABEL = 'Load More';
export const LOAD_MORE_ERROR_TEXT = 'Could not load more stories. Try again.';

/** One list item as the island shows it; type aliases, not interfaces, so the registry sees JSON. */
export type LoadMoreItem = {
  title: string;
  /** Site-relative or http(s); anything else is dropped when parsed. */
  url: string;
  imageUrl?: string;
  description?: string;
  /** ISO date; shown as a relative time label (spec 1 §4 "Time label"). */
  publicationDate?: string;
};

export type LoadMoreProps = {
  /** The list's category slug, passed on to the endpoint as `category`. */
  category?: string;
  /** Where the next request starts: how many items the page has loaded, preloaded ones included. */
  from: number;
  pageSize: typeof LOAD_MORE_PAGE_SIZE;
  /** The extra items fetched with the list, shown by the first click without a request. */
  preloaded: LoadMoreItem[];
  /** Whether the list fetch came back with more than a page; no button otherwise. */
  hasMore: boolean;
  endpoint: typeof LOAD_MORE_ENDPOINT;
  /** The edition, whose language the button and time labels are in (core/isomorphic/ui-text.ts). Default news. */
  site?: SiteId;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * An item from props or from the endpoint, or null when it has no title or no acceptable URL.
 * Only site-relative or http(s) URLs may become an href or src (DESIGN.md, bad input).
 */
export function parseLoadMoreItem(value: unknown): LoadMoreItem | null {
  if (!isRecord(value)) return null;
  const title = optionalString(value, 'title');
  const url = safeImageUrl(optionalString(value, 'url'));
  if (title === undefined || url === null) return null;
  const imageUrl = safeImageUrl(optionalString(value, 'imageUrl'));
  const description = optionalString(value, 'description');
  const publicationDate = optionalString(value, 'publicationDate');
  return {
    title,
    url,
    ...(imageUrl === null ? {} : { imageUrl }),
    ...(description === undefined ? {} : { description }),
    ...(publicationDate === undefined || Number.isNaN(Date.parse(publicationDate)) ? {} : { publicationDate }),
  };
}

export function parseLoadMoreProps(props: JsonObject): LoadMoreProps {
  const { category, from, pageSize, preloaded, hasMore, endpoint, site } = props;
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('LoadMore site must be a site id');
  if (category !== undefined && (typeof category !== 'string' || category.trim() === '')) {
    throw new IslandPropsError('LoadMore category must be a non-empty string when present');
  }
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 0) {
    throw new IslandPropsError('LoadMore needs a non-negative integer from');
  }
  if (pageSize !== LOAD_MORE_PAGE_SIZE) throw new IslandPropsError(`LoadMore pageSize must be ${LOAD_MORE_PAGE_SIZE}`);
  if (endpoint !== LOAD_MORE_ENDPOINT) throw new IslandPropsError(`LoadMore endpoint must be ${LOAD_MORE_ENDPOINT}`);
  if (typeof hasMore !== 'boolean') throw new IslandPropsError('LoadMore needs a boolean hasMore');
  if (!Array.isArray(preloaded)) throw new IslandPropsError('LoadMore needs a preloaded array');
  // An unusable preloaded item is dropped rather than failing the island: the button still works.
  const valid = preloaded.map(parseLoadMoreItem).filter((item): item is LoadMoreItem => item !== null);
  return { ...(category === undefined ? {} : { category }), from, pageSize, preloaded: valid, hasMore, endpoint, ...(site === undefined ? {} : { site }) };
}

/** `${endpoint}?size=11&from=<n>[&category=<slug>]` (spec 1 §7, §9). */
export function loadMoreRequestUrl(endpoint: string, from: number, category: string | undefined): string {
  const query = new URLSearchParams({ size: String(LOAD_MORE_FETCH_SIZE), from: String(from) });
  if (category !== undefined) query.set('category', category);
  return `${endpoint}?${query.toString()}`;
}

export interface LoadMorePage {
  /** The items to show: at most a page, the unusable ones dropped. */
  items: LoadMoreItem[];
  /** How far the next request starts past this one: the page's items as the endpoint counted them. */
  advance: number;
  /** A full 10 plus one came back, so more exist (spec 1 §4). */
  hasMore: boolean;
}

/**
 * The endpoint's answer `{ items: Item[] }`, checked: anything else is null (an error for the
 * reader). Unusable items are dropped but still count towards `from`, which is the endpoint's
 * position, not the number shown.
 */
export function parseLoadMoreResponse(body: unknown): LoadMorePage | null {
  if (!isRecord(body) || !Array.isArray(body.items)) return null;
  const page = body.items.slice(0, LOAD_MORE_PAGE_SIZE);
  return {
    items: page.map(parseLoadMoreItem).filter((item): item is LoadMoreItem => item !== null),
    advance: page.length,
    hasMore: body.items.length >= LOAD_MORE_FETCH_SIZE,
  };
}

function LoadMoreEntry({ item, lang }: { item: LoadMoreItem; lang: string }) {
  // Items appear only in the browser, so reading the clock here cannot make stored pages differ.
  const label = item.publicationDate === undefined ? '' : relativeTimeLabel(item.publicationDate, new Date(), lang);
  return (
    <article className="article-item">
      {item.imageUrl === undefined ? null : (
        <figure className="item-image">
          <a href={item.url} tabIndex={-1} aria-hidden="true">
            <img src={item.imageUrl} alt="" loading="lazy" decoding="async" />
          </a>
        </figure>
      )}
      <div className="item-body">
        <p className="item-title">
          <a href={item.url}>{item.title}</a>
        </p>
        {item.description === undefined ? null : <p className="dek">{item.description}</p>}
        {item.publicationDate === undefined || label === '' ? null : (
          <time dateTime={item.publicationDate} data-relative="">
            {label}
          </time>
        )}
      </div>
    </article>
  );
}

type Status = 'idle' | 'fetching' | 'error';

export function LoadMore({ category, from, preloaded, hasMore, endpoint, site = 'news' }: LoadMoreProps) {
  const text = uiText(site);
  const [items, setItems] = useState<LoadMoreItem[]>([]);
  const [more, setMore] = useState(hasMore);
  const [status, setStatus] = useState<Status>('idle');
  // Refs, not state: a second click before React re-renders must see the first one's effect.
  const preloadedUsed = useRef(false);
  const next = useRef(from);
  const busy = useRef(false);

  const onClick = async () => {
    if (busy.current) return;
    if (!preloadedUsed.current) {
      preloadedUsed.current = true;
      if (preloaded.length > 0) {
        // The first time uses the preloaded extra items, without a request (spec 1 §4).
        setItems((shown) => [...shown, ...preloaded]);
        return;
      }
    }
    busy.current = true;
    setStatus('fetching');
    try {
      const response = await fetch(loadMoreRequestUrl(endpoint, next.current, category), { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`load more: HTTP ${response.status}`);
      const page = parseLoadMoreResponse(await response.json());
      if (page === null) throw new Error('load more: unexpected response');
      next.current += page.advance;
      setItems((shown) => [...shown, ...page.items]);
      setMore(page.hasMore);
      setStatus('idle');
    } catch {
      // The reader sees the error and may retry; nothing else to report from a reader's browser.
      setStatus('error');
    } finally {
      busy.current = false;
    }
  };

  const fetching = status === 'fetching';
  return (
    <>
      <ul className="load-more-items" aria-busy={fetching ? true : undefined}>
        {items.map((item, index) => (
          <li key={`${index}-${item.url}`}>
            <LoadMoreEntry lang={SITES[site].lang} item={item} />
          </li>
        ))}
      </ul>
      {status === 'error' ? (
        <p className="load-more-error" role="alert">
          {LOAD_MORE_ERROR_TEXT}
        </p>
      ) : null}
      {more ? (
        <button type="button" className="load-more-button" disabled={fetching} aria-busy={fetching ? true : undefined} onClick={() => void onClick()}>
          {text.loadMore}
        </button>
      ) : null}
    </>
  );
}
