/**
 * The games rules (spec 2 §2, §7, §9): game ids, the card rule, the promo, the share list, the
 * ad units and the mode=app script run against a stand-in document.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  APP_MODE_SCRIPT,
  GAME_AD_POSITIONS,
  GAME_AD_UNITS,
  GAME_FRAME_HEIGHT,
  canShareGame,
  cardOfGame,
  gameIdFromPath,
  gamePathOf,
  isGamesPath,
  otherGames,
} from './game-rules.js';
import type { GameCard } from './game-schemas.js';

const card = (id: string, buttonUrl = `/games/${id}`): GameCard => ({ title: id, buttonUrl });
const CARDS = [card('daily-crossword-puzzle'), card('mini-crossword-puzzle', 'https://www.foxnews.com/games/mini-crossword-puzzle/'), card('word-search')];

describe('game paths', () => {
  it('routes /games and /games/{id}, and reads plain ids only', () => {
    expect(isGamesPath('/games')).toBe(true);
    expect(isGamesPath('/games/word-search')).toBe(true);
    expect(isGamesPath('/games/a/b')).toBe(false);
    expect(gameIdFromPath('/games/5-across-word-game')).toBe('5-across-word-game');
    expect(gameIdFromPath('/games')).toBeNull();
    expect(gameIdFromPath('/games/bad%20id')).toBeNull();
    expect(gamePathOf('https://www.foxnews.com/games/word-search/')).toBe('/games/word-search');
    expect(gamePathOf('https://www.foxnews.com/puzzles')).toBeNull();
  });
});

describe('cards (spec 2 §7 "keeping those whose buttonUrl contains the game id")', () => {
  it("finds the game's own card, relative or absolute", () => {
    expect(cardOfGame(CARDS, 'word-search')?.title).toBe('word-search');
    expect(cardOfGame(CARDS, 'mini-crossword-puzzle')?.title).toBe('mini-crossword-puzzle');
  });

  it('finds no card for a missing game or a fragment of another id', () => {
    expect(cardOfGame(CARDS, 'sudoku')).toBeUndefined();
    expect(cardOfGame(CARDS, 'crossword')).toBeUndefined();
  });

  it('lists the other games, the current one excluded', () => {
    const current = cardOfGame(CARDS, 'word-search');
    expect(current).toBeDefined();
    if (current) expect(otherGames(CARDS, current).map((c) => c.title)).toEqual(['daily-crossword-puzzle', 'mini-crossword-puzzle']);
  });
});

describe('spec 2 §9 constants', () => {
  it('shares only the four listed games', () => {
    for (const id of ['daily-crossword-puzzle', 'mini-crossword-puzzle', '5-across-word-game', 'word-search']) expect(canShareGame(id)).toBe(true);
    expect(canShareGame('sudoku')).toBe(false);
  });

  it('has a 700px frame and ads at positions 3, 4, 6 with the unit ids lb2, lb3, ban1, ban2, ban3', () => {
    expect(GAME_FRAME_HEIGHT).toBe(700);
    expect([...GAME_AD_POSITIONS]).toEqual([3, 4, 6]);
    const ids = GAME_AD_POSITIONS.flatMap((position) => GAME_AD_UNITS[position].map((slot) => slot.id));
    expect([...ids].sort()).toEqual(['ban1', 'ban2', 'ban3', 'lb2', 'lb3']);
  });
});

describe('APP_MODE_SCRIPT (spec 2 §2 mode=app)', () => {
  function run(search: string): string | null {
    const attributes = new Map<string, string>();
    const documentElement = { setAttribute: (name: string, value: string) => attributes.set(name, value) };
    runInNewContext(APP_MODE_SCRIPT, { location: { search }, document: { documentElement }, URLSearchParams });
    return attributes.get('data-mode') ?? null;
  }

  it('marks the document only when the query has mode=app', () => {
    expect(run('?mode=app')).toBe('app');
    expect(run('?x=1&mode=app')).toBe('app');
    expect(run('?mode=apps')).toBeNull();
    expect(run('?mode=web')).toBeNull();
    expect(run('')).toBeNull();
  });
});
