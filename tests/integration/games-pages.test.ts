/**
 * Games hub and game pages (spec 2 §2, §7, §8, §9) rendered through the real
 * pipeline from the sample upstream's games layout: the hub lists every game; a game page has the
 * 700px frame, the promo of the other games, share icons only for games with share permission,
 * the ad unit ids lb2, lb3, ban1, ban2, ban3 at positions 3, 4, 6 and the mobile adhesion ad;
 * nothing is written for a missing game or a failing layout (logged). Every stored page passes the
 * HTML checker.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROBOTS } from '../../core/isomorphic/constants.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import { GAME_LAYOUTS } from '../../infra/sample-upstream/data/games.js';
import { APP_MODE_CSS, APP_MODE_SCRIPT, GAMES_WITH_SHARE_PERMISSION } from '../../render-workers/games/game-rules.js';
import { errorLines, pageDocuments, validateHtml } from '../support/html-validator.js';
import { useRendererHarness, type RendererHarness } from '../support/renderer.js';

let h: RendererHarness;

useRendererHarness((started) => (h = started));

const documents: string[] = [];
function expectValid(html: string) {
  documents.push(html);
}

const SAMPLE_GAME_IDS = ['daily-crossword-puzzle', 'mini-crossword-puzzle', '5-across-word-game', 'word-search', 'sudoku', 'trivia-challenge'];

/** The text between the games promo's opening tag and its end. */
function promoOf(html: string): string {
  const start = html.indexOf('<section class="games-promo"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</section>', start));
}

describe('games hub', () => {
  it('lists every game, each linking to its page', async () => {
    const outcome = await h.render('/games');
    expect(outcome.kind).toBe('games');
    const html = await h.stored('/games');
    expect(html).toContain('<h1 id="games-hub-heading">Games</h1>');
    // The games section's title has no site-name suffix (spec 1 §2.5).
    expect(html).toContain('<title>Games</title>');
    for (const id of SAMPLE_GAME_IDS) expect(html).toContain(`<a href="/games/${id}">`);
    expect(html).toContain('<a href="/games/daily-crossword-puzzle">Daily Crossword Puzzle</a>');
    expect(html).toContain('data-tracking-id="games-card-word-search"');
    expect(html).toContain('<link rel="canonical" href="https://www.example.test/games"');
    // The card off the contract is logged and skipped.
    expect(html).not.toContain('Broken card');
    expect(h.logLines.some((line) => typeof line.message === 'string' && line.message.startsWith('Invalid game-card item'))).toBe(true);
    expect(await h.index.keysOf({ site: 'news', path: '/games' })).toContain(dataKeys.layout('games', 'games'));
    expectValid(html);
  });
});

describe('game page', () => {
  it('has the header, date bar, a 700px frame with a title, comments and the head tags', async () => {
    const outcome = await h.render('/games/word-search');
    expect(outcome.kind).toBe('game');
    const html = await h.stored('/games/word-search');
    expect(html).toContain('<h1 id="game-title">Word Search</h1>');
    expect(html).toContain('<a class="game-cta" href="#game-frame">Play Now</a>');
    expect(html).toContain('<time dateTime="2026-03-01">Sunday, March 1, 2026</time>');
    expect(html).toMatch(/<iframe class="game-frame game-word-search" src="https:\/\/games\.example\.com\/embed\/word-search" title="Word Search" height="700" style="height:700px"/);
    expect(html).toContain('<h2>Comments</h2>');
    // The games section uses the meta title alone, without the site-name suffix (spec 1 §2.5).
    expect(html).toContain('<title>Play Word Search Online</title>');
    expect(html).toContain('<meta name="description" content="Find the hidden words in the grid of letters. Play free on Fox News."/>');
    expect(html).toContain('<link rel="canonical" href="https://www.example.test/games/word-search"/>');
    expect(html).toContain(`<meta name="robots" content="${DEFAULT_ROBOTS}"/>`);
    expect(html).toContain('data-island="GameInfoModal"');
    // mode=app is decided in the browser before the first paint (spec 2 §2).
    expect(html).toContain(`<script>${APP_MODE_SCRIPT}</script>`);
    expect(html).toContain(APP_MODE_CSS);
    // The layout's post-content region renders; empty regions render nothing.
    expect(html).toContain('<div class="region region-post-content front">');
    expect(html).not.toContain('Left rail');
    expect(await h.index.keysOf({ site: 'news', path: '/games/word-search' })).toContain(dataKeys.layout('games', 'games'));
    expectValid(html);
  });

  it('lists the other games in the promo, each linking to its game, but not itself', async () => {
    await h.render('/games/sudoku');
    const promo = promoOf(await h.stored('/games/sudoku'));
    expect(promo).toContain('<h2 id="games-promo-heading">More Games</h2>');
    for (const id of SAMPLE_GAME_IDS.filter((id) => id !== 'sudoku')) expect(promo).toContain(`<a href="/games/${id}">`);
    expect(promo).not.toContain('/games/sudoku');
    expect(promo.match(/<li class="game-card"/g)).toHaveLength(SAMPLE_GAME_IDS.length - 1);
  });

  it('shows share icons only for games with share permission', async () => {
    for (const id of GAMES_WITH_SHARE_PERMISSION) {
      await h.render(`/games/${id}`);
      const html = await h.stored(`/games/${id}`);
      expect(html).toContain('<ul class="game-share" aria-label="Share">');
      expect(html).toContain(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`https://www.example.test/games/${id}`)}`);
      expectValid(html);
    }
    for (const id of ['sudoku', 'trivia-challenge']) {
      await h.render(`/games/${id}`);
      const html = await h.stored(`/games/${id}`);
      expect(html).not.toContain('<ul class="game-share"');
      expect(html).not.toContain('sharer.php');
    }
    expectValid(await h.stored('/games/sudoku'));
  });

  it('places the ad units lb2, ban1 above the frame, lb3, ban2 below it, ban3 after comments, and the mobile adhesion ad', async () => {
    await h.render('/games/daily-crossword-puzzle');
    const html = await h.stored('/games/daily-crossword-puzzle');
    const at = (needle: string) => {
      const index = html.indexOf(needle);
      expect(index, needle).toBeGreaterThan(-1);
      return index;
    };
    const frame = at('<iframe');
    const comments = at('<h2>Comments</h2>');
    expect(at('id="lb2"')).toBeLessThan(frame);
    expect(at('id="ban1"')).toBeLessThan(frame);
    expect(at('id="lb3"')).toBeGreaterThan(frame);
    expect(at('id="ban2"')).toBeGreaterThan(frame);
    expect(at('id="lb3"')).toBeLessThan(at('class="games-promo"'));
    expect(at('id="ban3"')).toBeGreaterThan(comments);
    expect(html).toContain('<aside class="ad ad-mobile" id="ad-mobile-adhesion" data-sizes="320x50" data-devices="mobile" aria-label="Advertisement">');
    // Only these six slots and the shell's desktop header slot (spec 1 §9), above the frame: no
    // article ad-insertion rule runs here.
    expect(at('id="ad-header"')).toBeLessThan(at('id="lb2"'));
    expect(html.match(/<aside class="ad /g)).toHaveLength(7);
    expect(html).not.toContain('ad-strike-');
    expect(html).not.toContain('ad-in-read');
  });

  it('renders every region of the layout: pre-content, left rail, main, right rail, post-content', async () => {
    const [layout] = GAME_LAYOUTS;
    const list = (title: string) => ({ type: 'article-list', model: { title, size: 2 } });
    await h.sample('PUT', '/__sample/layouts', { ...layout, preContent: [list('Pre Content List')], leftRail: [list('Left Rail List')], main: [...(layout?.main ?? []), list('Main List')], rightRail: [list('Right Rail List')] });
    await h.render('/games/trivia-challenge');
    await h.sample('POST', '/__sample/reset');
    const html = await h.stored('/games/trivia-challenge');
    const order = ['Pre Content List', 'aria-label="Left rail"', 'Left Rail List', '<h1 id="game-title">', 'Main List', 'Right Rail List', 'region-post-content'].map((needle) => html.indexOf(needle));
    expect(order.every((index) => index > -1)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expectValid(html);
  });

  it('writes nothing for a missing game (the stored 404 page answers)', async () => {
    for (const path of ['/games/no-such-game', '/games/crossword', '/games/bad%20id']) {
      const outcome = await h.render(path);
      expect(outcome).toEqual({ kind: 'not-found', written: [], unchanged: [] });
      await expect(h.stored(path)).rejects.toThrow();
    }
  });

  it('logs a layout fetch failure and fails the render with the retryable error, writing nothing (the last good page stays, ADR 0024)', async () => {
    const before = await h.stored('/games/word-search');
    await h.sample('POST', '/__sample/faults', { path: '/layouts', query: { subtype: 'games' }, mode: 'status', status: 500 });
    const outcomes = await Promise.allSettled([h.render('/games/word-search'), h.render('/games'), h.render('/games/never-rendered')]);
    await h.sample('DELETE', '/__sample/faults');
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'UPSTREAM_UNAVAILABLE', retry: true } });
    expect(await h.stored('/games/word-search')).toBe(before);
    await expect(h.stored('/games/never-rendered')).rejects.toThrow();
    expect(h.logLines.filter((line) => line.message === 'games layout fetch failed')).toHaveLength(3);
  });

  it('stores only valid HTML', { timeout: 120_000 }, async () => {
    expect(documents.length).toBe(8);
    expect(errorLines(await validateHtml(pageDocuments(documents)))).toEqual([]);
  });
});
