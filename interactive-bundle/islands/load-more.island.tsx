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
import {
  ARTICLE_SEARCH_PATH,
  articleSearchUrl,
  parseArticleSearchItem,
  parseArticleSearchResponse,
  type ArticleSearchItemView,
} from '../../core/isomorphic/live/article-search.js';
import { relativeTimeLabel } from '../../core/isomorphic/relative-time.js';
import { isSiteId, SITES, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';

/** Load-more page size 10 (spec 1 §9). */
export const LOAD_MORE_PAGE_SIZE = 10;
/** 10 plus one, to learn whether more exist (spec 1 §4, §9). */
export const LOAD_MORE_FETCH_SIZE = LOAD_MORE_PAGE_SIZE + 1;
/** The edge endpoint the island asks (spec 1 §7; its contract: core/isomorphic/live/article-search.ts). */
export const LOAD_MORE_ENDPOINT = ARTICLE_SEARCH_PATH;
export const LOAD_MORE_BUTTON_LABEL = 'Load More';
/** What a failed request says, per edition. Kept in the island (not core/isomorphic/ui-text.ts): only this chunk needs it. */
export const LOAD_MORE_ERROR_TEXT: Readonly<Record<SiteId, string>> = {
  news: 'Could not load more stories. Try again.',
  es: 'No se pudieron cargar más noticias. Inténtalo de nuevo.',
};

/** One list item as the island shows it: the endpoint's item as the browser reads it. */
export type LoadMoreItem = ArticleSearchItemView;

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

/**
 * An item from props or from the endpoint, or null when it has no title or no acceptable URL
 * (the endpoint's own check, core/isomorphic/live/article-search.ts).
 */
export const parseLoadMoreItem = parseArticleSearchItem;

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

/** `/api/article-search?size=11&from=<n>[&category=<slug>]` (spec 1 §7, §9). */
export function loadMoreRequestUrl(from: number, category: string | undefined): string {
  return articleSearchUrl({ size: LOAD_MORE_FETCH_SIZE, from, category });
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
  const answer = parseArticleSearchResponse(body);
  if (answer === null) return null;
  const page = answer.items.slice(0, LOAD_MORE_PAGE_SIZE);
  return {
    items: page.filter((item): item is LoadMoreItem => item !== null),
    advance: page.length,
    hasMore: answer.items.length >= LOAD_MORE_FETCH_SIZE,
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

export function LoadMore({ category, from, preloaded, hasMore, site = 'news' }: LoadMoreProps) {
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
      const response = await fetch(loadMoreRequestUrl(next.current, category), { headers: { accept: 'application/json' } });
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
          {LOAD_MORE_ERROR_TEXT[site]}
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
