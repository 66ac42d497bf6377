/**
 * The island components for server rendering. `renderToString` cannot wait for a lazy import, so
 * the render workers get every island statically here; the browser uses the lazy loaders in
 * `registry.ts` instead. Never import this module from the client entry: it would pull every
 * island into the entry chunk.
 */
import { HeaderSearch } from './header-search.island.js';
import { LoadMore } from './load-more.island.js';
import { Slideshow } from './slideshow.island.js';
import { PrintControls } from './print-controls.island.js';
import { VideoCarousel } from './video-carousel.island.js';
import { WeatherList } from './weather-list.island.js';
import { Deals } from './deals.island.js';
import { SearchResults } from './search-results.island.js';
import { Menus } from './menus.island.js';
import { Newsletter } from './newsletter.island.js';
import { ContactForm } from './contact-form.island.js';
import { TvSchedule } from './tv-schedule.island.js';
import { PersonReadMore } from './person-read-more.island.js';
import { VideoAccess } from './video-access.island.js';
import { LiveEventVideo } from './live-event-video.island.js';
import { GameInfoModal } from './game-info-modal.island.js';
import { SocialEmbed } from './social-embed.island.js';
import { Countdown } from './countdown.island.js';
import { VideoLoadMore } from './video-load-more.island.js';
import { VideoPlayer } from './video-player.island.js';
import type { IslandComponent, IslandName } from './registry.js';

export const islandComponents: { readonly [N in IslandName]: IslandComponent<N> } = {
  HeaderSearch,
  LoadMore,
  Slideshow,
  PrintControls,
  VideoCarousel,
  WeatherList,
  Deals,
  SearchResults,
  Menus,
  Newsletter,
  ContactForm,
  TvSchedule,
  PersonReadMore,
  VideoAccess,
  LiveEventVideo,
  GameInfoModal,
  SocialEmbed,
  Countdown,
  VideoLoadMore,
  VideoPlayer,
};
