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
  skipToContent: 'Skip to main content',
  goToHome: 'Go to Home',
  notFoundHeading: 'Something has gone wrong…',
  notFoundBody: "It seems you've stumbled upon our 404 page.",
  liveUpdates: 'Live Updates',
  liveUpdatesUnavailable: 'Live updates are unavailable right now. Please check back shortly.',
  noLiveUpdates: 'No updates have been posted yet.',
  advertisement: 'Advertisement',
  // Shell.
  searchSite: 'Search {site}',
  submit: 'Submit',
  siteHome: '{site} home',
  mainMenu: 'Main',
  mobileMenu: 'Mobile',
  topics: 'Topics',
  followUs: 'Follow us',
  legal: 'Legal',
  copyright:
    'This material may not be published, broadcast, rewritten, or redistributed. ©{year} FOX News Network, LLC. All rights reserved. Quotes displayed in real-time or delayed by at least 15 minutes. Market data provided by Factset.',
  notFoundTitle: 'This page could not be found',
  homeTitle: 'Breaking News, Latest News and Videos',
  homeDescription: 'Latest news and videos from {site}.',
  // Articles (standard, AMP, print).
  published: 'Published',
  updated: 'Updated',
  draft: 'Draft',
  by: 'By',
  print: 'Print',
  close: 'Close',
  comments: 'Comments',
  share: 'Share',
  shareOnFacebook: 'Share on Facebook',
  shareOnX: 'Share on X',
  shareByEmail: 'Share by email',
  joinConversation: 'Join the conversation',
  moreStories: 'More stories',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  aboutTheAuthor: 'About the author',
  and: 'and',
  findArticleAt: 'Find this article at:',
  ampConsent: 'We and our partners use cookies to show ads and measure how the site is used.',
  ampConsentAccept: 'Accept',
  ampConsentReject: 'Reject',
  // The print page's footer nav (spec 1 §2.6), in its order.
  navHome: 'Home',
  navVideo: 'Video',
  navPolitics: 'Politics',
  navUs: 'U.S.',
  navOpinion: 'Opinion',
  navEntertainment: 'Entertainment',
  navTech: 'Tech',
  navScience: 'Science',
  navHealth: 'Health',
  navTravel: 'Travel',
  navLifestyle: 'Lifestyle',
  navWorld: 'World',
  navSports: 'Sports',
  navWeather: 'Weather',
  navPrivacy: 'Privacy',
  navTerms: 'Terms',
  // Fronts: item flags and toppers.
  breaking: 'Breaking',
  live: 'Live',
  developing: 'Developing',
  noStoriesYet: 'No stories yet.',
  presentedBy: 'Presented by',
  onAirPersonalities: 'On Air Personalities',
  // Relative time labels (spec 1 §4, §9; core/isomorphic/relative-time.ts).
  justIn: 'just in',
  minuteAgo: '{n} min ago',
  minutesAgo: '{n} mins ago',
  hourAgo: '{n} hour ago',
  hoursAgo: '{n} hours ago',
  dayAgo: '{n} day ago',
  daysAgo: '{n} days ago',
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
  searchSite: 'Buscar en {site}',
  submit: 'Enviar',
  siteHome: 'Inicio de {site}',
  mainMenu: 'Principal',
  mobileMenu: 'Móvil',
  topics: 'Temas',
  followUs: 'Síganos',
  legal: 'Aviso legal',
  copyright:
    'Este material no puede publicarse, transmitirse, reescribirse ni redistribuirse. ©{year} FOX News Network, LLC. Todos los derechos reservados. Cotizaciones en tiempo real o con un retraso de al menos 15 minutos. Datos de mercado proporcionados por Factset.',
  notFoundTitle: 'No se pudo encontrar esta página',
  homeTitle: 'Noticias de última hora, últimas noticias y videos',
  homeDescription: 'Últimas noticias y videos de {site}.',
  published: 'Publicado',
  updated: 'Actualizado',
  draft: 'Borrador',
  by: 'Por',
  print: 'Imprimir',
  close: 'Cerrar',
  comments: 'Comentarios',
  share: 'Compartir',
  shareOnFacebook: 'Compartir en Facebook',
  shareOnX: 'Compartir en X',
  shareByEmail: 'Compartir por correo electrónico',
  joinConversation: 'Únase a la conversación',
  moreStories: 'Más noticias',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  aboutTheAuthor: 'Sobre el autor',
  and: 'y',
  findArticleAt: 'Encuentre este artículo en:',
  ampConsent: 'Nosotros y nuestros socios usamos cookies para mostrar anuncios y medir cómo se usa el sitio.',
  ampConsentAccept: 'Aceptar',
  ampConsentReject: 'Rechazar',
  navHome: 'Inicio',
  navVideo: 'Videos',
  navPolitics: 'Política',
  navUs: 'EE. UU.',
  navOpinion: 'Opinión',
  navEntertainment: 'Entretenimiento',
  navTech: 'Tecnología',
  navScience: 'Ciencia',
  navHealth: 'Salud',
  navTravel: 'Viajes',
  navLifestyle: 'Estilo de vida',
  navWorld: 'Mundo',
  navSports: 'Deportes',
  navWeather: 'Clima',
  navPrivacy: 'Privacidad',
  navTerms: 'Términos',
  breaking: 'Última hora',
  live: 'En vivo',
  developing: 'En desarrollo',
  noStoriesYet: 'Todavía no hay noticias.',
  presentedBy: 'Presentado por',
  onAirPersonalities: 'Personalidades al aire',
  justIn: 'ahora mismo',
  minuteAgo: 'hace {n} min',
  minutesAgo: 'hace {n} min',
  hourAgo: 'hace {n} hora',
  hoursAgo: 'hace {n} horas',
  dayAgo: 'hace {n} día',
  daysAgo: 'hace {n} días',
};

const TABLES: Readonly<Record<SiteId, UiText>> = { news: EN, es: ES };

/** The interface text of one edition. */
export function uiText(site: SiteId): UiText {
  return TABLES[site];
}

/** The edition whose language is `lang` ("es" -> es); the news edition for any other. */
export function siteForLang(lang: string | null | undefined): SiteId {
  return lang?.toLowerCase().startsWith('es') ? 'es' : 'news';
}

/** A text with its `{name}` placeholders filled ("Search {site}" -> "Search Fox News"). */
export function fillText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
