/**
 * The stored search results page (spec 2 §2; spec 1 §2.3): rendered on both sites through the real
 * renderer (sample upstream over HTTP, filesystem store, real Redis), noindex, the SearchResults
 * island server-rendered, valid HTML (vnu), and listed for a whole-site publish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import { HARNESS_ORIGIN, HARNESS_ORIGIN_ES, HARNESS_SCRIPT, startRendererHarness, type RendererHarness } from '../../tests/support/renderer.js';
import { errorLines, validateHtml } from '../../tests/support/html-validator.js';
import { listSitePages } from '../site-pages.js';
import { isSearchPagePath } from './build-search-page.js';

let h: RendererHarness;

beforeAll(async () => {
  h = await startRendererHarness({ logLevel: 'silent' });
});

afterAll(async () => {
  await h?.stop();
});

describe('search results page', () => {
  it('is rendered on both sites with the island, noindex, and its own canonical', async () => {
    expect((await h.render(SEARCH_RESULTS_PATH)).kind).toBe('search');
    expect((await h.render(SEARCH_RESULTS_PATH, 'event', 'es')).kind).toBe('search');
    const news = await h.stored(SEARCH_RESULTS_PATH);
    const es = await h.stored(SEARCH_RESULTS_PATH, 'standard', 'es');
    const editions = [
      [news, HARNESS_ORIGIN, 'Fox News', 'news', 'Search results', 'Search Results'],
      [es, HARNESS_ORIGIN_ES, 'Fox News en Español', 'es', 'Resultados de búsqueda', 'Resultados de búsqueda'],
    ] as const;
    for (const [html, origin, name, site, heading, title] of editions) {
      expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(html).toContain(`<link rel="canonical" href="${origin}${SEARCH_RESULTS_PATH}"/>`);
      // The page and its island in the edition's language.
      expect(html).toContain(`<h1>${heading}</h1>`);
      expect(html).toContain(`<title>${title} | ${name}</title>`);
      expect(html).toContain('data-island="SearchResults"');
      expect(html).toContain(`{"siteName":"${name}","endpoint":"/api/search","site":"${site}"}`);
      expect(html).toContain('data-island="HeaderSearch"');
      expect(html).toContain(HARNESS_SCRIPT);
    }
    expect(errorLines(await validateHtml([{ name: 'news search', html: news }, { name: 'es search', html: es }]))).toEqual([]);
  });

  it('renders the same bytes for unchanged content (pages are compared by hash)', async () => {
    const outcome = await h.render(SEARCH_RESULTS_PATH);
    expect(outcome.written).toEqual([]);
  });

  it('is a page of every site for a whole-site publish', async () => {
    const pages = await listSitePages({ listSitePaths: () => Promise.resolve(['/']) });
    expect(pages).toContainEqual({ site: 'news', path: SEARCH_RESULTS_PATH });
    expect(pages).toContainEqual({ site: 'es', path: SEARCH_RESULTS_PATH });
    expect(isSearchPagePath('/search-results/search/more')).toBe(false);
  });
});
