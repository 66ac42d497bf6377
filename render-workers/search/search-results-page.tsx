/**
 * The search results page (spec 2 §2 "/search-results/search, search results, query in the
 * fragment as q"; spec 1 §2.3 the header search box lands here). One stored page per site serves
 * every query: the query is in the fragment, so the page is the shell, a heading and the
 * SearchResults island, which reads the query and asks /api/search in the browser.
 */
import { Island } from '../../interactive-bundle/island.js';
import { SEARCH_ENDPOINT, SEARCH_TEXTS_BY_SITE } from '../../interactive-bundle/islands/search-results.island.js';
import { Document } from '../shell/document.js';
import type { PageModel } from '../shared/view-model.js';

/** The news edition's heading; each edition's is the island's (SEARCH_TEXTS_BY_SITE), so page and island speak one language. */
export const SEARCH_PAGE_HEADING = SEARCH_TEXTS_BY_SITE.news.heading;

/** Page styles for the island's markup, scoped to the page. */
const SEARCH_CSS = [
  '.search-page{max-width:960px;margin:0 auto}',
  // Results only arrive in the browser: the box keeps a screen's height from the first paint and
  // the status line room for its longest message, so nothing on screen moves when they arrive
  // (Lighthouse measured a layout shift of 0.21 before).
  '.search-results{min-height:100vh}.search-results__status{min-height:3.2em}',
  '.search-results__form{display:flex;gap:8px;margin:12px 0}',
  '.search-results__form input{flex:1;padding:8px;font-size:1rem}',
  '.search-results__form button,.search-results__more,.search-results__error button{padding:8px 16px;font-size:1rem;cursor:pointer}',
  '.search-results__list{list-style:none;padding:0;margin:0}',
  '.search-result{display:grid;grid-template-columns:227px 1fr;gap:16px;border-top:1px solid var(--rule);padding:16px 0}',
  '.search-result__image{margin:0}.search-result__image img{width:227px;height:128px;object-fit:cover;display:block}',
  '.search-result__image img[hidden]{display:none}',
  '.search-result__title{font-size:1.15rem;margin:.2em 0}',
  '.search-result__section{font-size:.75rem;text-transform:uppercase;font-weight:700;margin:0;color:var(--muted)}',
  '.search-result__description{margin:.3em 0}.search-result__date{font-size:.85rem;color:var(--muted)}',
  '.search-results__more{display:block;margin:16px auto}',
  '.search-results__error{border:1px solid var(--rule);padding:12px;margin:12px 0}',
  '@media (max-width:767px){.search-result{grid-template-columns:132px 1fr}.search-result__image img{width:132px;height:74px}}',
].join('');

export function SearchResultsPage({ model }: { model: PageModel<Record<string, never>> }) {
  return (
    <Document head={model.head} shell={model.shell} bodyClass="page-search" extraHead={<style dangerouslySetInnerHTML={{ __html: SEARCH_CSS }} />}>
      <div className="search-page">
        <h1>{SEARCH_TEXTS_BY_SITE[model.shell.site.id].heading}</h1>
        <Island name="SearchResults" props={{ siteName: model.shell.site.name, endpoint: SEARCH_ENDPOINT, site: model.shell.site.id }} />
      </div>
    </Document>
  );
}
