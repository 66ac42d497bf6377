import { describe, expect, it } from 'vitest';
import { GAME_FRAME_ALLOW, gameFrameSource } from './game-frame.js';

const ORIGIN = 'https://www.example.test';

describe('game frames (ADR 0021)', () => {
  it('a game on its vendor origin gets scripts with its own origin, forms, popups, pointer lock, and fullscreen', () => {
    expect(gameFrameSource('https://games.example.com/embed/word-search', ORIGIN)).toEqual({
      src: 'https://games.example.com/embed/word-search',
      sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-pointer-lock',
      allow: GAME_FRAME_ALLOW,
      crossOrigin: true,
    });
    expect(GAME_FRAME_ALLOW).toBe('fullscreen');
  });

  it('a game on the site origin (a site path or our own host) runs without allow-same-origin', () => {
    for (const src of ['/games/embed/word-search', 'https://www.example.test/games/embed/word-search', 'HTTPS://WWW.EXAMPLE.TEST/games/embed/word-search']) {
      const frame = gameFrameSource(src, ORIGIN);
      expect(frame?.crossOrigin, src).toBe(false);
      expect(frame?.sandbox, src).toBe('allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-pointer-lock');
    }
  });

  it('never lets the game navigate the page or open dialogs', () => {
    const frame = gameFrameSource('https://games.example.com/embed/x', ORIGIN);
    expect(frame?.sandbox).not.toMatch(/top-navigation|modals/);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    '//evil.example/embed',
    '/\\evil.example/embed',
    'https://user:pw@games.example.com/embed/x',
  ])('refuses %j: no frame at all', (src) => {
    expect(gameFrameSource(src, ORIGIN)).toBeNull();
  });
});
