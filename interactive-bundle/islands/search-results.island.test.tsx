import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandPropsError } from '../island-props.js';
import {
  SEARCH_TEXTS,
  SEARCH_TEXTS_BY_SITE,
  SearchResults,
  parseSearchResponse,
  parseSearchResult,
  parseSearchResultsProps,
  searchQueryFromLocation,
  searchRequestUrl,
} from './search-results.island.js';

describe('searchQueryFromLocation (spec 2 §2: the query is in the fragment as q)', () => {
  it('reads and decodes q from the hash', () => {
    expect(searchQueryFromLocation('#q=border%20wall%20%26%20%22budget%22', '')).toBe('border wall & "budget"');
  });

  it('falls back to ?q= from the no-JavaScript header form, and prefers the hash', () => {
    expect(searchQueryFromLocation('', '?q=senate+vote')).toBe('senate vote');
    expect(searchQueryFromLocation('#q=hash', '?q=query')).toBe('hash');
  });

  it('is empty for no query or a blank one, and cut to 200 characters', () => {
    expect(searchQueryFromLocation('', '')).toBe('');
    expect(searchQueryFromLocation('#q=%20%20', '')).toBe('');
    expect(searchQueryFromLocation('#other=1', '')).toBe('');
    expect(searchQueryFromLocation(`#q=${'a'.repeat(300)}`, '')).toHaveLength(200);
  });
});

describe('searchRequestUrl (spec 2 §5: search text is URL-encoded)', () => {
  it('asks the endpoint for the query and the 0-based page', () => {
    expect(searchRequestUrl('/api/search', 'a&b=c #d', 2)).toBe('/api/search?q=a%26b%3Dc+%23d&page=2');
  });
});

const result = {
  type: 'article',
  title: 'Senate passes the bill',
  description: 'The vote was 51-49.',
  canonical_url: 'https://www.foxnews.com/politics/senate-passes-bill',
  publication_date: '2026-02-28T13:05:00.000Z',
  section: 'Politics',
  thumbnail: 'https://static.example.com/senate.jpg',
  taxonomy: [{ path: 'fox-news/politics', url: 'https://www.foxnews.com/category/politics' }],
};

describe('parseSearchResult and parseSearchResponse (validated at the boundary)', () => {
  it('keeps a good result and drops unsafe links', () => {
    expect(parseSearchResult(result)).toEqual(result);
    expect(parseSearchResult({ ...result, canonical_url: 'javascript:alert(1)' })).toBeNull();
    expect(parseSearchResult({ ...result, title: '' })).toBeNull();
    expect(parseSearchResult({ ...result, thumbnail: 'data:image/png;base64,AAAA' })).not.toHaveProperty('thumbnail');
  });

  it('derives the paging with core rules: hidden at the last page, at 10 pages, or when all are shown', () => {
    const page0 = parseSearchResponse({ numFound: 25, results: [result] }, 'bill', 0);
    expect(page0).toMatchObject({ numFound: 25, numPages: 3, page: 0, hideLoadMore: false, query: 'bill' });
    expect(parseSearchResponse({ numFound: 25, results: [result] }, 'bill', 2)?.hideLoadMore).toBe(true);
    expect(parseSearchResponse({ numFound: 5000, results: [result] }, 'bill', 8)?.hideLoadMore).toBe(false);
    expect(parseSearchResponse({ numFound: 5000, results: [result] }, 'bill', 9)?.hideLoadMore).toBe(true);
    expect(parseSearchResponse({ numFound: 7, results: [result] }, 'bill', 0)?.hideLoadMore).toBe(true);
  });

  it('refuses what is not a search state', () => {
    expect(parseSearchResponse({ error: { code: 'UPSTREAM_UNAVAILABLE' } }, 'x', 0)).toBeNull();
    expect(parseSearchResponse({ numFound: -1, results: [] }, 'x', 0)).toBeNull();
    expect(parseSearchResponse([], 'x', 0)).toBeNull();
  });
});

describe('SearchResults props and server markup', () => {
  it('validates its props', () => {
    expect(parseSearchResultsProps({ siteName: 'Fox News', endpoint: '/api/search' })).toEqual({ siteName: 'Fox News', endpoint: '/api/search' });
    expect(() => parseSearchResultsProps({ siteName: '', endpoint: '/api/search' })).toThrow(IslandPropsError);
    expect(() => parseSearchResultsProps({ siteName: 'Fox News', endpoint: 'https://evil.example/api' })).toThrow(IslandPropsError);
  });

  it('renders a labelled search form and the prompt, with no results and no query (deterministic)', () => {
    const html = renderToString(<SearchResults siteName="Fox News" endpoint="/api/search" />);
    expect(html).toContain('role="search"');
    expect(html).toContain('action="/search-results/search"');
    expect(html).toMatch(/<label for="[^"]+" class="visually-hidden">Search Fox News<\/label>/);
    expect(html).toContain(SEARCH_TEXTS.prompt);
    expect(html).toContain('role="status"');
    expect(html).not.toContain('Load more');
    expect(renderToString(<SearchResults siteName="Fox News" endpoint="/api/search" />)).toBe(html);
  });

  it('speaks the edition\'s language: the Spanish edition\'s form, prompt and counts are in Spanish', () => {
    expect(parseSearchResultsProps({ siteName: 'Fox News en Español', endpoint: '/api/search', site: 'es' })).toEqual({ siteName: 'Fox News en Español', endpoint: '/api/search', site: 'es' });
    expect(() => parseSearchResultsProps({ siteName: 'Fox News', endpoint: '/api/search', site: 'fr' })).toThrow(IslandPropsError);
    const html = renderToString(<SearchResults siteName="Fox News en Español" endpoint="/api/search" site="es" />);
    expect(html).toMatch(/<label for="[^"]+" class="visually-hidden">Buscar en Fox News en Español<\/label>/);
    expect(html).toContain('placeholder="Buscar en Fox News en Español"');
    expect(html).toContain('<button type="submit">Buscar</button>');
    expect(html).toContain('Escribe lo que buscas en el cuadro de búsqueda para ver resultados.');
    expect(html).not.toContain(SEARCH_TEXTS.prompt);
    expect(SEARCH_TEXTS_BY_SITE.es.count(10, 1, 'lluvia')).toBe('Mostrando 10 de 1 resultado para “lluvia”');
    expect(SEARCH_TEXTS_BY_SITE.es.count(10, 42, 'lluvia')).toBe('Mostrando 10 de 42 resultados para “lluvia”');
    // Without a site, the news edition, as stored pages from before the prop have it.
    expect(renderToString(<SearchResults siteName="Fox News" endpoint="/api/search" />)).toContain('<button type="submit">Search</button>');
  });
});
