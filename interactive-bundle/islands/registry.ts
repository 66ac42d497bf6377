/**
 * Every island, by name (docs/architecture.md "Islands" and "Conventions"). The name is what the server
 * writes into `data-island` and what the client entry looks up here.
 *
 * The loaders are dynamic imports so esbuild splits each island into its own chunk and a page only
 * downloads the code of the islands it contains. The server renders islands synchronously from
 * `server-registry.ts`, which imports the same modules statically; keep the two in step (the
 * mapped types below make a missing entry a compile error).
 *
 * Adding an island (docs/how-to.md, "Adding an island"): create `islands/<name>.island.tsx` exporting the component and its props type
 * (a JSON-serialisable type alias) and a props parser, add it to `IslandPropsByName`, `islandLoaders`, the server
 * registry and the sample props in `island.test.tsx`.
 */
import type { ComponentType } from 'react';
import type { JsonObject } from '../island-props.js';
import type { HeaderSearchProps } from './header-search.island.js';
import type { LoadMoreProps } from './load-more.island.js';
import type { SlideshowProps } from './slideshow.island.js';
import type { PrintControlsProps } from './print-controls.island.js';
import type { VideoCarouselProps } from './video-carousel.island.js';
import type { WeatherListProps } from './weather-list.island.js';
import type { DealsProps } from './deals.island.js';
import type { SearchResultsProps } from './search-results.island.js';
import type { MenusProps } from './menus.island.js';
import type { NewsletterProps } from './newsletter.island.js';
import type { ContactFormProps } from './contact-form.island.js';
import type { TvScheduleProps } from './tv-schedule.island.js';
import type { PersonReadMoreProps } from './person-read-more.island.js';
import type { VideoAccessProps } from './video-access.island.js';
import type { LiveEventVideoProps } from './live-event-video.island.js';
import type { GameInfoModalProps } from './game-info-modal.island.js';
import type { SocialEmbedProps } from './social-embed.island.js';
import type { CountdownProps } from './countdown.island.js';
import type { VideoLoadMoreProps } from './video-load-more.island.js';
import type { VideoPlayerProps } from './video-player.island.js';

/** Fails to compile when an island's props are not JSON: they are serialised into the page. */
type RequireJsonProps<T extends { [name: string]: JsonObject }> = T;

export type IslandPropsByName = RequireJsonProps<{
  HeaderSearch: HeaderSearchProps;
  LoadMore: LoadMoreProps;
  Slideshow: SlideshowProps;
  PrintControls: PrintControlsProps;
  VideoCarousel: VideoCarouselProps;
  WeatherList: WeatherListProps;
  Deals: DealsProps;
  SearchResults: SearchResultsProps;
  Menus: MenusProps;
  Newsletter: NewsletterProps;
  ContactForm: ContactFormProps;
  TvSchedule: TvScheduleProps;
  PersonReadMore: PersonReadMoreProps;
  VideoAccess: VideoAccessProps;
  LiveEventVideo: LiveEventVideoProps;
  GameInfoModal: GameInfoModalProps;
  SocialEmbed: SocialEmbedProps;
  Countdown: CountdownProps;
  VideoLoadMore: VideoLoadMoreProps;
  VideoPlayer: VideoPlayerProps;
}>;

export type IslandName = keyof IslandPropsByName;

export type IslandComponent<N extends IslandName> = ComponentType<IslandPropsByName[N]>;

/** What the client needs to hydrate an island: the component and a check of its props. */
export interface IslandModule<N extends IslandName> {
  component: IslandComponent<N>;
  /**
   * Validates props read back from the page (docs/architecture.md "Conventions": validate at the boundary, no `as T`); throws
   * IslandPropsError when they do not fit, and the client entry skips that island.
   */
  parseProps: (props: JsonObject) => IslandPropsByName[N];
}

export type IslandLoader<N extends IslandName> = () => Promise<IslandModule<N>>;

export const islandLoaders: { readonly [N in IslandName]: IslandLoader<N> } = {
  Slideshow: () =>
    import('./slideshow.island.js').then((module) => ({
      component: module.Slideshow,
      parseProps: module.parseSlideshowProps,
    })),
  PrintControls: () =>
    import('./print-controls.island.js').then((module) => ({
      component: module.PrintControls,
      parseProps: module.parsePrintControlsProps,
    })),
  VideoCarousel: () =>
    import('./video-carousel.island.js').then((module) => ({
      component: module.VideoCarousel,
      parseProps: module.parseVideoCarouselProps,
    })),
  WeatherList: () =>
    import('./weather-list.island.js').then((module) => ({
      component: module.WeatherList,
      parseProps: module.parseWeatherListProps,
    })),
  Deals: () =>
    import('./deals.island.js').then((module) => ({
      component: module.Deals,
      parseProps: module.parseDealsProps,
    })),
  HeaderSearch: () =>
    import('./header-search.island.js').then((module) => ({
      component: module.HeaderSearch,
      parseProps: module.parseHeaderSearchProps,
    })),
  LoadMore: () =>
    import('./load-more.island.js').then((module) => ({
      component: module.LoadMore,
      parseProps: module.parseLoadMoreProps,
    })),
  SearchResults: () =>
    import('./search-results.island.js').then((module) => ({
      component: module.SearchResults,
      parseProps: module.parseSearchResultsProps,
    })),
  Menus: () => import('./menus.island.js').then((module) => ({ component: module.Menus, parseProps: module.parseMenusProps })),
  Newsletter: () => import('./newsletter.island.js').then((module) => ({ component: module.Newsletter, parseProps: module.parseNewsletterProps })),
  ContactForm: () => import('./contact-form.island.js').then((module) => ({ component: module.ContactForm, parseProps: module.parseContactFormProps })),
  TvSchedule: () => import('./tv-schedule.island.js').then((module) => ({ component: module.TvSchedule, parseProps: module.parseTvScheduleProps })),
  PersonReadMore: () => import('./person-read-more.island.js').then((module) => ({ component: module.PersonReadMore, parseProps: module.parsePersonReadMoreProps })),
  VideoAccess: () => import('./video-access.island.js').then((module) => ({ component: module.VideoAccess, parseProps: module.parseVideoAccessProps })),
  LiveEventVideo: () => import('./live-event-video.island.js').then((module) => ({ component: module.LiveEventVideo, parseProps: module.parseLiveEventVideoProps })),
  GameInfoModal: () => import('./game-info-modal.island.js').then((module) => ({ component: module.GameInfoModal, parseProps: module.parseGameInfoModalProps })),
  SocialEmbed: () => import('./social-embed.island.js').then((module) => ({ component: module.SocialEmbed, parseProps: module.parseSocialEmbedProps })),
  Countdown: () => import('./countdown.island.js').then((module) => ({ component: module.Countdown, parseProps: module.parseCountdownProps })),
  VideoLoadMore: () => import('./video-load-more.island.js').then((module) => ({ component: module.VideoLoadMore, parseProps: module.parseVideoLoadMoreProps })),
  VideoPlayer: () => import('./video-player.island.js').then((module) => ({ component: module.VideoPlayer, parseProps: module.parseVideoPlayerProps })),
};

export function isIslandName(value: unknown): value is IslandName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(islandLoaders, value);
}

export const ISLAND_NAMES: readonly IslandName[] = Object.keys(islandLoaders).filter(isIslandName);
