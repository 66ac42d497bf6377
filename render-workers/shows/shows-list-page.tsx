/**
 * The shows list (spec 2 §2 /shows): one card per published show, its poster at the shows page
 * poster sizes (spec 2 §9 268x402 and smaller steps), title and air time, linking to the show page.
 */
import { Document } from '../shell/document.js';
import type { PageModel } from '../shared/view-model.js';
import { Poster, posterCss, type PosterView } from './show-page.js';

export interface ShowsListItem {
  title: string;
  url: string;
  airtime?: string;
  poster?: PosterView;
}

export interface ShowsListView {
  heading: string;
  shows: ShowsListItem[];
  posterSizes: PosterView['sizes'];
}

const LIST_CSS = '.shows-list{display:flex;flex-wrap:wrap;gap:16px;list-style:none;padding:0}.shows-list a{text-decoration:none}';

export function ShowsListPage({ model }: { model: PageModel<ShowsListView> }) {
  const { view } = model;
  return (
    <Document head={model.head} shell={model.shell} bodyClass="page-shows" extraHead={<style dangerouslySetInnerHTML={{ __html: LIST_CSS + posterCss('shows-page-poster', view.posterSizes) }} />}>
      <section className="shows">
        <h1>{view.heading}</h1>
        <ul className="shows-list">
          {view.shows.map((show) => (
            <li key={show.url} className="show-card">
              <a href={show.url}>
                {show.poster ? <Poster poster={show.poster} className="shows-page-poster" /> : null}
                <span className="show-card-title">{show.title}</span>
              </a>
              {show.airtime ? <p className="show-card-airtime">{show.airtime}</p> : null}
            </li>
          ))}
        </ul>
      </section>
    </Document>
  );
}
