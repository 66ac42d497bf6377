/**
 * Sample games layout (spec 2 §2 "games: games layout", §3 Game and Game card, §9 share list;
 * docs/upstream-contract.md §4.3 "games"): subtype `games`, elementId `games`. Its main region
 * holds a `game-card` component (the cards: hub and games promo) and a `games` component (each
 * game's frame and meta). Six games: the four with share permission and two without (sudoku,
 * trivia-challenge). The post-content region carries a front component, so game pages show the
 * layout's regions too.
 */
import { deepFreeze } from './frozen.js';
import { sampleImage } from './images.js';
import type { LayoutRecord } from './types.js';

/** The games of the sample: id, title, dek and how to play. */
const SAMPLE_GAMES = [
  {
    id: 'daily-crossword-puzzle',
    title: 'Daily Crossword Puzzle',
    dek: 'A fresh crossword every day, from easy Monday to tricky Sunday.',
    howToPlay: ['Click a square and type your answer.', 'Press Tab to jump to the next clue.'],
  },
  {
    id: 'mini-crossword-puzzle',
    title: 'Mini Crossword Puzzle',
    dek: 'A five-by-five crossword you can finish over coffee.',
    howToPlay: ['Fill every row and column with a word that fits its clue.'],
  },
  {
    id: '5-across-word-game',
    title: '5 Across Word Game',
    dek: 'Guess the five-letter word in six tries.',
    howToPlay: ['Type a five-letter word and press Enter.', 'Green letters are in the right place; yellow letters are in the word.'],
  },
  {
    id: 'word-search',
    title: 'Word Search',
    dek: 'Find the hidden words in the grid of letters.',
    howToPlay: ['Drag across the letters of a word to mark it.', 'Words run in any direction.'],
  },
  {
    id: 'sudoku',
    title: 'Sudoku',
    dek: 'Fill the grid so each row, column and box holds 1 to 9.',
    howToPlay: ['Pick a square and type a number from 1 to 9.'],
  },
  {
    id: 'trivia-challenge',
    title: 'Trivia Challenge',
    dek: 'Ten questions on the week in news.',
    howToPlay: ['Pick an answer for each question before the timer runs out.'],
  },
] as const;

/** The games hub and every sample game page, for the sample site map (type 'game'). */
export const GAME_PAGE_PATHS: readonly string[] = ['/games', ...SAMPLE_GAMES.map((game) => `/games/${game.id}`)];

/** Where the sample's games are played (the game frame's source): a third-party game host. */
export const SAMPLE_GAME_HOST = 'https://games.example.com';

export const GAME_LAYOUTS: LayoutRecord[] = [
  {
    id: 'layout-games',
    subtype: 'games',
    elementId: 'games',
    preContent: [],
    main: [
      {
        type: 'game-card',
        model: {
          title: 'Games',
          items: [
            ...SAMPLE_GAMES.map((game) => ({
              title: game.title,
              dek: game.dek,
              logo: sampleImage(`game-${game.id}`),
              logoDark: sampleImage(`game-${game.id}-dark`),
              buttonUrl: `/games/${game.id}`,
              buttonText: 'Play Now',
              trackingId: `games-card-${game.id}`,
            })),
            // Off the contract (no buttonUrl): logged and skipped.
            { title: 'Broken card' },
          ],
        },
      },
      {
        type: 'games',
        model: {
          items: SAMPLE_GAMES.map((game) => ({
            title: game.title,
            class: `game-${game.id}`,
            buttonUrl: `${SAMPLE_GAME_HOST}/embed/${game.id}`,
            metaTitle: `Play ${game.title} Online`,
            metaDescription: `${game.dek} Play free on Fox News.`,
            elementId: game.id,
            howToPlay: [...game.howToPlay],
          })),
        },
      },
    ],
    leftRail: [],
    rightRail: [],
    postContent: [{ type: 'article-list', model: { title: 'Latest News', size: 4 } }],
  },
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(GAME_PAGE_PATHS, GAME_LAYOUTS);
