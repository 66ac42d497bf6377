/**
 * The site's own interface text (labels, headings, buttons, messages), per edition. Content comes
 * from upstream in the edition's language; what the site itself writes around it comes from here,
 * so the Spanish edition reads in Spanish (issue 15, "Spanish edition"). Isomorphic: the browser
 * bundle's islands may import it; it holds no secret.
 *
 * Whoever adds a key adds it to both editions: the `Record<UiTextKey, string>` type of each table
 * makes a missing translation a compile error.
 */
import type { SiteId } from './sites.js';

const EN = {
  latestNews: 'Latest News',
  latestVideos: 'Latest Videos',
  seeAll: 'See All',
  seeMore: 'See More',
  loadMore: 'Load More',
  trending: 'Trending',
  relatedTopics: 'Related Topics',
  search: 'Search',
  menu: 'Menu',
  more: 'More',
  logIn: 'Log In',
  watchTv: 'Watch TV',
  skipToContent: 'Skip to content',
  goToHome: 'Go to Home',
  notFoundHeading: 'Something has gone wrong…',
  notFoundBody: "It seems you've stumbled upon our 404 page.",
  liveUpdates: 'Live Updates',
  liveUpdatesUnavailable: 'Live updates are unavailable right now. Please check back shortly.',
  noLiveUpdates: 'No updates have been posted yet.',
  advertisement: 'Advertisement',
} as const;

export type UiTextKey = keyof typeof EN;
export type UiText = Readonly<Record<UiTextKey, string>>;

const ES: UiText = {
  latestNews: 'Últimas noticias',
  latestVideos: 'Últimos videos',
  seeAll: 'Ver todo',
  seeMore: 'Ver más',
  loadMore: 'Cargar más',
  trending: 'Tendencias',
  relatedTopics: 'Temas relacionados',
  search: 'Buscar',
  menu: 'Menú',
  more: 'Más',
  logIn: 'Iniciar sesión',
  watchTv: 'Ver TV',
  skipToContent: 'Saltar al contenido',
  goToHome: 'Ir al inicio',
  notFoundHeading: 'Algo salió mal…',
  notFoundBody: 'Parece que ha llegado a nuestra página 404.',
  liveUpdates: 'Actualizaciones en vivo',
  liveUpdatesUnavailable: 'Las actualizaciones en vivo no están disponibles en este momento. Vuelva a consultar en breve.',
  noLiveUpdates: 'Todavía no se han publicado actualizaciones.',
  advertisement: 'Publicidad',
};

const TABLES: Readonly<Record<SiteId, UiText>> = { news: EN, es: ES };

/** The interface text of one edition. */
export function uiText(site: SiteId): UiText {
  return TABLES[site];
}
