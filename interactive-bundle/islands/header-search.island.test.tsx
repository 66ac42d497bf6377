import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import { SITES } from '../../core/isomorphic/sites.js';
import { IslandPropsError } from '../island-props.js';
import { HeaderSearch, parseHeaderSearchProps, searchResultsHref } from './header-search.island.js';

describe('searchResultsHref (spec 1 §2.3)', () => {
  it('puts the URL-encoded query in the hash as q', () => {
    expect(searchResultsHref('ukraine & "aid"/2026')).toBe('/search-results/search#q=ukraine%20%26%20%22aid%22%2F2026');
  });

  it('trims the query', () => {
    expect(searchResultsHref('  border  ')).toBe(`${SEARCH_RESULTS_PATH}#q=border`);
  });

  it('does nothing for an empty or blank query', () => {
    expect(searchResultsHref('')).toBeNull();
    expect(searchResultsHref(' \t\n ')).toBeNull();
  });
});

describe('HeaderSearch server markup', () => {
  const html = renderToString(<HeaderSearch siteName={SITES.news.name} />);

  it('has the placeholder "Search {site}"', () => {
    expect(html).toContain('placeholder="Search Fox News"');
    expect(renderToString(<HeaderSearch siteName={SITES.es.name} />)).toContain('placeholder="Search Fox News en Español"');
  });

  it('is a plain GET form to the search page, hidden until toggled', () => {
    const form = /<form [^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain(' action="/search-results/search"');
    expect(form).toContain(' method="get"');
    expect(form).toContain(' hidden=""');
    expect(html).toMatch(/<input [^>]*name="q"/);
    expect(html).toMatch(/<button type="submit"/);
  });

  it('has a collapsed toggle that controls the form, and a label for the input', () => {
    const formId = /<form id="([^"]+)"/.exec(html)?.[1];
    const inputId = /<input [^>]*id="([^"]+)"/.exec(html)?.[1];
    expect(formId).toBeTruthy();
    expect(html).toContain(`aria-expanded="false" aria-controls="${formId}"`);
    expect(html).toContain(`<label for="${inputId}"`);
  });
});

describe('parseHeaderSearchProps', () => {
  it('accepts a site name and rejects anything else', () => {
    expect(parseHeaderSearchProps({ siteName: 'Fox News' })).toEqual({ siteName: 'Fox News' });
    expect(() => parseHeaderSearchProps({})).toThrow(IslandPropsError);
    expect(() => parseHeaderSearchProps({ siteName: 3 })).toThrow(IslandPropsError);
    expect(() => parseHeaderSearchProps({ siteName: ' ' })).toThrow(IslandPropsError);
  });
});
