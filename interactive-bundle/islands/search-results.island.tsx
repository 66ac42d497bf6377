/**
 * The search results page's island (spec 2 §2 "/search-results/search, query in the fragment as
 * q"; §3 Search state; §4 "a fetching flag is on during a request and off afterwards. 'Load more'
 * is hidden when 10 pages are reached or all results are shown"; §9 page size 10, up to 10 pages;
 * spec 1 §2.3 the header search box lands here).
 *
 * The query lives in the URL fragment (`#q=<URL-encoded text>`), which never reaches a server, so
 * the stored page is the same for every query and the island reads it in the browser, following
 * `hashchange` (a second search from the header box on this page changes only the hash). The
 * header box's no-JavaScript form submits `?q=`; that is read too when the hash has no query.
 *
 * Page 0 is asked first, then 'Load more' asks page+1 from the edge's /api/search, whose answer is
 * the search state of core/isomorphic/search.ts; the paging rules are that module's, not redone
 * here. A stale answer (the reader searched again meanwhile) is dropped.
 *
 * The server render is the empty state for no query (nothing clock- or query-dependent, so pages
 * stay deterministic); results only ever appear in the browser.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import { parseSearchResponse, parseSearchResult, SEARCH_PATH, searchUrl } from '../../core/isomorphic/live/search.js';
import { relativeTimeLabel } from '../../core/isomorphic/relative-time.js';
import { isSiteId, SITES, type SiteId } from '../../core/isomorphic/sites.js';
import { fillText, uiText } from '../../core/isomorphic/ui-text.js';
import {
  SEARCH_MAX_PAGES,
  SEARCH_QUERY_MAX_LENGTH,
  type SearchResultItem,
} from '../../core/isomorphic/search.js';
import { CARD_IMAGE_FALLBACK_ATTRIBUTE, DEFAULT_CARD_IMAGE } from '../client/platform/image-fallback.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';

/** The edge endpoint the island asks (its contract: core/isomorphic/live/search.ts). */
export const SEARCH_ENDPOINT = SEARCH_PATH;

/** What the reader reads in each state, per edition. Kept in the island (not core/isomorphic/ui-text.ts): only this chunk needs them. */
export interface SearchTexts {
  /** The page's heading, title and meta description (render-workers/search/). */
  heading: string;
  pageTitle: string;
  pageDescription: (siteName: string) => string;
  submit: string;
  prompt: string;
  fetching: string;
  noResults: (query: string) => string;
  error: string;
  retry: string;
  loadMore: string;
  count: (shown: number, found: number, query: string) => string;
}

export const SEARCH_TEXTS_BY_SITE: Readonly<Record<SiteId, SearchTexts>> = {
  news: {
    heading: 'Search results',
    pageTitle: 'Search Results',
    pageDescription: (siteName) => `Search ${siteName} for news, videos and more.`,
    submit: 'Search',
    prompt: 'Type what you are looking for in the search box to see results.',
    fetching: 'Searching…',
    noResults: (query) => `No results for “${query}”. Check the spelling or try fewer words.`,
    error: 'Search is unavailable right now.',
    retry: 'Try again',
    loadMore: 'Load more',
    count: (shown, found, query) => `Showing ${shown} of ${found} ${found === 1 ? 'result' : 'results'} for “${query}”`,
  },
  es: {
    heading: 'Resultados de búsqueda',
    pageTitle: 'Resultados de búsqueda',
    pageDescription: (siteName) => `Busca en ${siteName} noticias, videos y más.`,
    submit: 'Buscar',
    prompt: 'Escribe lo que buscas en el cuadro de búsqueda para ver resultados.',
    fetching: 'Buscando…',
    noResults: (query) => `No hay resultados para “${query}”. Revisa la ortografía o prueba con menos palabras.`,
    error: 'La búsqueda no está disponible en este momento.',
    retry: 'Intentar de nuevo',
    loadMore: 'Cargar más',
    count: (shown, found, query) => `Mostrando ${shown} de ${found} ${found === 1 ? 'resultado' : 'resultados'} para “${query}”`,
  },
};

/** The news edition's texts. */
export const SEARCH_TEXTS: SearchTexts = SEARCH_TEXTS_BY_SITE.news;

export type SearchResultsProps = {
  /** Site display name, for the search box label ("Search Fox News"). */
  siteName: string;
  endpoint: typeof SEARCH_ENDPOINT;
  /** The edition, whose language the texts and time labels are in. Default news. */
  site?: SiteId;
};

export function parseSearchResultsProps(props: JsonObject): SearchResultsProps {
  const { siteName, endpoint, site } = props;
  if (typeof siteName !== 'string' || siteName.trim() === '') {
    throw new IslandPropsError('SearchResults needs a non-empty string siteName');
  }
  if (endpoint !== SEARCH_ENDPOINT) throw new IslandPropsError(`SearchResults endpoint must be ${SEARCH_ENDPOINT}`);
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('SearchResults site must be a site id');
  return { siteName, endpoint, ...(site === undefined ? {} : { site }) };
}

/**
 * The query of a location: `q` from the fragment (`#q=…`, spec 2 §2), else `q` from the query
 * string (the header form without JavaScript); trimmed, '' when absent, cut to the edge's limit.
 */
export function searchQueryFromLocation(hash: string, search: string): string {
  const read = (part: string): string => {
    try {
      return (new URLSearchParams(part).get('q') ?? '').trim();
    } catch {
      return '';
    }
  };
  const fromHash = read(hash.replace(/^#/, ''));
  const query = fromHash !== '' ? fromHash : read(search.replace(/^\?/, ''));
  return query.slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}

/** `/api/search?q=<URL-encoded>&page=<n>` (spec 2 §5 "Search text is URL-encoded"). */
export function searchRequestUrl(_endpoint: typeof SEARCH_ENDPOINT, query: string, page: number): string {
  // The props check pins the endpoint to SEARCH_PATH, so the endpoint module builds the URL.
  return searchUrl(query, page);
}

/** The endpoint's answer checked (validated at the boundary: docs/architecture.md "Conventions"); the endpoint module's check. */
export { parseSearchResponse, parseSearchResult };

/** The section label of a result: its section, else its first tag's last path segment. */
function sectionLabel(result: SearchResultItem): string | undefined {
  if (result.section !== undefined) return result.section;
  const path = result.taxonomy[0]?.path;
  return path?.split('/').filter(Boolean).pop()?.replace(/-/g, ' ');
}

function SearchResultEntry({ result, lang }: { result: SearchResultItem; lang: string }) {
  // Results appear only in the browser, so reading the clock cannot make stored pages differ.
  const label = result.publication_date === '' ? '' : relativeTimeLabel(result.publication_date, new Date(), lang);
  const section = sectionLabel(result);
  return (
    <article className="search-result">
      <figure className="search-result__image">
        <a href={result.canonical_url} tabIndex={-1} aria-hidden="true">
          <img
            src={result.thumbnail ?? DEFAULT_CARD_IMAGE}
            {...{ [CARD_IMAGE_FALLBACK_ATTRIBUTE]: DEFAULT_CARD_IMAGE }}
            alt=""
            width={227}
            height={128}
            loading="lazy"
            decoding="async"
          />
        </a>
      </figure>
      <div className="search-result__body">
        {section === undefined ? null : <p className="search-result__section">{section}</p>}
        <h2 className="search-result__title">
          <a href={result.canonical_url}>{result.title}</a>
        </h2>
        {result.description === undefined ? null : <p className="search-result__description">{result.description}</p>}
        {label === '' ? null : (
          <time className="search-result__date" dateTime={result.publication_date} data-relative="">
            {label}
          </time>
        )}
      </div>
    </article>
  );
}

type Status = 'idle' | 'fetching' | 'done' | 'error';

interface View {
  query: string;
  status: Status;
  results: SearchResultItem[];
  numFound: number;
  /** The last page answered; -1 before the first answer. */
  page: number;
  hideLoadMore: boolean;
  /** The page a failed request asked for, retried by "Try again". */
  failedPage: number;
}

const INITIAL: View = { query: '', status: 'idle', results: [], numFound: 0, page: -1, hideLoadMore: true, failedPage: 0 };

export function SearchResults({ siteName, endpoint, site = 'news' }: SearchResultsProps) {
  const texts = SEARCH_TEXTS_BY_SITE[site];
  const boxLabel = fillText(uiText(site).searchSite, { site: siteName });
  const [view, setView] = useState<View>(INITIAL);
  const inputId = useId();
  // Which request is current: an answer to an older one (the query changed) is dropped.
  const generation = useRef(0);

  const fetchPage = useCallback(
    async (query: string, page: number) => {
      const ticket = ++generation.current;
      setView((current) => ({ ...(page === 0 ? { ...INITIAL, query } : current), status: 'fetching' }));
      try {
        const response = await fetch(searchRequestUrl(endpoint, query, page), { headers: { accept: 'application/json' } });
        if (!response.ok) throw new Error(`search: HTTP ${response.status}`);
        const state = parseSearchResponse(await response.json(), query, page);
        if (state === null) throw new Error('search: unexpected response');
        if (ticket !== generation.current) return;
        setView((current) => ({
          query,
          status: 'done',
          results: page === 0 ? state.results : [...current.results, ...state.results],
          numFound: state.numFound,
          page,
          // Spec 2 §4: hidden at 10 pages, or when all results are shown.
          hideLoadMore: state.hideLoadMore || page + 1 >= SEARCH_MAX_PAGES || state.results.length === 0,
          failedPage: 0,
        }));
      } catch {
        if (ticket !== generation.current) return;
        // The reader sees the error and may retry; nothing else to report from a reader's browser.
        setView((current) => ({ ...current, query, status: 'error', failedPage: page }));
      }
    },
    [endpoint],
  );

  useEffect(() => {
    const follow = () => {
      const query = searchQueryFromLocation(window.location.hash, window.location.search);
      if (query === '') {
        generation.current += 1;
        setView(INITIAL);
        return;
      }
      void fetchPage(query, 0);
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [fetchPage]);

  const { query, status, results, numFound } = view;
  const fetching = status === 'fetching';
  const showLoadMore = results.length > 0 && !view.hideLoadMore && status !== 'error';
  return (
    <div className="search-results" aria-busy={fetching ? true : undefined}>
      <form className="search-results__form" role="search" action={SEARCH_RESULTS_PATH} method="get" onSubmit={(event) => {
        event.preventDefault();
        const input = event.currentTarget.elements.namedItem('q');
        const text = input instanceof HTMLInputElement ? input.value.trim() : '';
        // The hash is the query's home (spec 2 §2); hashchange then runs the search.
        if (text !== '') window.location.hash = `q=${encodeURIComponent(text)}`;
      }}>
        <label htmlFor={inputId} className="visually-hidden">
          {boxLabel}
        </label>
        <input id={inputId} key={query} type="search" name="q" defaultValue={query} placeholder={boxLabel} autoComplete="off" />
        <button type="submit">{texts.submit}</button>
      </form>
      <div className="search-results__status" role="status">
        {fetching ? <p className="search-results__fetching">{texts.fetching}</p> : null}
        {status === 'idle' ? <p className="search-results__prompt">{texts.prompt}</p> : null}
        {status === 'done' && numFound === 0 ? <p className="search-results__empty">{texts.noResults(query)}</p> : null}
        {results.length > 0 && status !== 'fetching' ? (
          <p className="search-results__count">{texts.count(results.length, numFound, query)}</p>
        ) : null}
      </div>
      {status === 'error' ? (
        <div className="search-results__error" role="alert">
          <p>{texts.error}</p>
          <button type="button" onClick={() => void fetchPage(query, view.failedPage)}>
            {texts.retry}
          </button>
        </div>
      ) : null}
      {results.length > 0 ? (
        <ol className="search-results__list">
          {results.map((result, index) => (
            <li key={`${index}-${result.canonical_url}`}>
              <SearchResultEntry result={result} lang={SITES[site].lang} />
            </li>
          ))}
        </ol>
      ) : null}
      {showLoadMore || (fetching && view.page >= 0) ? (
        <button
          type="button"
          className="search-results__more"
          disabled={fetching}
          aria-busy={fetching ? true : undefined}
          onClick={() => void fetchPage(query, view.page + 1)}
        >
          {texts.loadMore}
        </button>
      ) : null}
    </div>
  );
}
