/** Games (spec 2 §2): the hub at /games and a game at /games/{id} (build-games-page.ts). */
import { pageKind } from '../page-kind.js';
import { buildGamesPage } from './build-games-page.js';
import { isGamesPath } from './game-rules.js';

export const gamesKind = pageKind({
  id: 'games',
  claims: isGamesPath,
  build: buildGamesPage,
});
