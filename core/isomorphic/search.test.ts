import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_PAGES, SEARCH_PAGE_SIZE, hideLoadMore, normaliseSearchDate, searchNumPages, searchStart, searchState } from './search.js';

describe('search paging (spec 2 §9)', () => {
  it('uses page size 10 and at most 10 pages', () => {
    expect(SEARCH_PAGE_SIZE).toBe(10);
    expect(SEARCH_MAX_PAGES).toBe(10);
  });

  it.each([
    [0, 1],
    [1, 11],
    [2, 21],
    [9, 91],
  ])('page %i starts at %i (10*page+1)', (page, start) => {
    expect(searchStart(page)).toBe(start);
  });

  it.each([
    [0, 0],
    [1, 1],
    [10, 1],
    [11, 2],
    [95, 10],
    [100, 10],
    [101, 10],
    [5000, 10],
  ])('%i found makes %i pages (ceil(found/10), capped at 10)', (found, pages) => {
    expect(searchNumPages(found)).toBe(pages);
  });

  it('hides load more on the last page, at the 10th page, and when nothing was found (spec 2 §4)', () => {
    expect(hideLoadMore(0, 0)).toBe(true);
    expect(hideLoadMore(0, 1)).toBe(true);
    expect(hideLoadMore(0, 2)).toBe(false);
    expect(hideLoadMore(1, 2)).toBe(true);
    expect(hideLoadMore(8, 10)).toBe(false);
    expect(hideLoadMore(9, 10)).toBe(true);
  });

  it('builds the state of one page', () => {
    expect(searchState('tax', 0, 23, [])).toEqual({ query: 'tax', numFound: 23, numPages: 3, page: 0, results: [], hideLoadMore: false });
    expect(searchState('tax', 2, 23, [])).toMatchObject({ numPages: 3, hideLoadMore: true });
    // All 250 results cannot be shown: after the 10th page load more is hidden anyway.
    expect(searchState('tax', 9, 250, [])).toMatchObject({ numPages: 10, hideLoadMore: true });
  });
});

describe('normaliseSearchDate', () => {
  it.each([
    ['20250318', '20250318'],
    ['2025-03-18', '20250318'],
    ['2024-02-29', '20240229'],
  ])('%s -> %s', (input, output) => {
    expect(normaliseSearchDate(input)).toBe(output);
  });

  it.each(['2023-02-29', '20251301', '2025-00-10', '2025-03-32', '2025-0318', '202503-18', '18-03-2025', '2025/03/18', '', '2025-03-18T00:00:00Z', '1850-01-01'])(
    'refuses %j',
    (input) => {
      expect(normaliseSearchDate(input)).toBeUndefined();
    },
  );
});
