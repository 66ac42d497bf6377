/**
 * Pure rules of the games hub and game pages (spec 2 §2, §7, §9): the game id of a path, the
 * card-selection rule ("keeping those whose buttonUrl contains the game id"), the share-permission
 * list, the frame height, the ad positions and unit ids, and the `mode=app` switch.
 */
import { safeUrl } from '../../core/isomorphic/safe-url.js';
import type { AdSlotModel } from '../blocks/types.js';
import type { GameCard } from './game-schemas.js';

export const GAMES_PATH = '/games';
/** Layout service subtype and element id of the games layout (spec 2 §2 "games: games layout"). */
export const GAMES_LAYOUT_SUBTYPE = 'games';
export const GAMES_LAYOUT_ELEMENT_ID = 'games';

/** Spec 2 §9 "Games with share permission". */
export const GAMES_WITH_SHARE_PERMISSION: readonly string[] = ['daily-crossword-puzzle', 'mini-crossword-puzzle', '5-across-word-game', 'word-search'];
/** Spec 2 §9 "Game frame height 700px". */
export const GAME_FRAME_HEIGHT = 700;

/** A game id is one path segment of letters, digits and hyphens; anything else is no game. */
const GAME_ID = /^[a-z0-9][a-z0-9-]{0,99}$/i;

/** /games and /games/{id}. */
export function isGamesPath(path: string): boolean {
  return path === GAMES_PATH || /^\/games\/[^/]+$/.test(path);
}

/** The id of /games/{id}; null for the hub or an id that cannot be a game. */
export function gameIdFromPath(path: string): string | null {
  const match = /^\/games\/([^/]+)$/.exec(path);
  const id = match?.[1];
  return id !== undefined && GAME_ID.test(id) ? id : null;
}

/**
 * The `/games/{id}` path a card's buttonUrl points at (relative or absolute); null otherwise, and
 * for a URL the safe-URL rule refuses (`javascript:/games/x` names no game).
 */
export function gamePathOf(buttonUrl: string): string | null {
  const safe = safeUrl(buttonUrl);
  if (safe === null) return null;
  const pathname = new URL(safe, 'https://placeholder.invalid').pathname;
  const id = gameIdFromPath(pathname.replace(/\/$/, ''));
  return id === null ? null : `${GAMES_PATH}/${id}`;
}

/**
 * Spec 2 §7: the cards "whose buttonUrl contains the game id". Of those, the game's own card is
 * the one whose buttonUrl is the game's page, so `/games/crossword` does not become a page for a
 * card of `/games/daily-crossword-puzzle` (which also contains "crossword").
 */
export function cardOfGame(cards: readonly GameCard[], id: string): GameCard | undefined {
  return cards.filter((card) => card.buttonUrl.includes(id)).find((card) => gamePathOf(card.buttonUrl) === `${GAMES_PATH}/${id}`);
}

/** Spec 2 §2 "games promo listing the other games (the current game is excluded)". */
export function otherGames(cards: readonly GameCard[], current: GameCard): GameCard[] {
  return cards.filter((card) => card !== current && gamePathOf(card.buttonUrl) !== gamePathOf(current.buttonUrl));
}

export function canShareGame(id: string): boolean {
  return GAMES_WITH_SHARE_PERMISSION.includes(id);
}

/**
 * Ad placements of a game page (spec 2 §9 "Games page ad positions 3, 4, 6 (unit ids lb2, lb3,
 * ban1, ban2, ban3)"). The page's parts are numbered in reading order:
 *   1 header text and call-to-action, 2 date title bar, 3 social icons, 4 game frame,
 *   5 games promo, 6 comments;
 * an ad position p places its slots right after part p. The five unit ids are split between the
 * leaderboards (lb, desktop and tablet) and the banners (ban, mobile):
 *   3 (above the game): lb2 + ban1; 4 (below the game): lb3 + ban2; 6 (after comments): ban3 on
 *   every device.
 * No ad is inserted automatically (spec 2 §2): the article ad-insertion rule does not run here.
 */
export const GAME_AD_POSITIONS = [3, 4, 6] as const;
export type GameAdPosition = (typeof GAME_AD_POSITIONS)[number];

const LEADERBOARD_SIZES = ['728x90', '970x90'];
const BANNER_SIZES = ['320x50', '300x250'];

export const GAME_AD_UNITS: Record<GameAdPosition, AdSlotModel[]> = {
  3: [
    { id: 'lb2', sizes: LEADERBOARD_SIZES, devices: ['desktop', 'tablet'], placement: 'games-3' },
    { id: 'ban1', sizes: BANNER_SIZES, devices: ['mobile'], placement: 'games-3' },
  ],
  4: [
    { id: 'lb3', sizes: LEADERBOARD_SIZES, devices: ['desktop', 'tablet'], placement: 'games-4' },
    { id: 'ban2', sizes: BANNER_SIZES, devices: ['mobile'], placement: 'games-4' },
  ],
  6: [{ id: 'ban3', sizes: ['300x250'], devices: ['desktop', 'tablet', 'mobile'], placement: 'games-6' }],
};

/** Spec 2 §2 "mobile adhesion ad": fixed to the bottom of the screen on mobile. */
export const GAME_ADHESION_AD: AdSlotModel = { id: 'ad-mobile-adhesion', sizes: ['320x50'], devices: ['mobile'], placement: 'adhesion' };

/**
 * Spec 2 §2 "with query mode=app, the network nav, header and footer are hidden". Stored pages
 * do not vary by query string (the edge serves one object per path), so the browser decides:
 * this constant inline script, in the head before any content, marks <html> with
 * `data-mode="app"` when the query has mode=app, and APP_MODE_CSS hides the shell before the
 * first paint (the same approach as THEME_SCRIPT in render-workers/shell/document.tsx).
 */
export const APP_MODE_SCRIPT =
  "(function(){try{if(new URLSearchParams(location.search).getAll('mode').indexOf('app')!==-1)document.documentElement.setAttribute('data-mode','app')}catch(e){}})()";

/**
 * The network nav sits inside the header; both are named so the rule holds if it moves. The
 * desktop header ad slot sits under the header (shell/document.tsx) and goes with it.
 */
export const APP_MODE_CSS =
  'html[data-mode="app"] .network-bar,html[data-mode="app"] .site-header,html[data-mode="app"] .ad-header,html[data-mode="app"] .site-footer{display:none!important}';
