/**
 * A game page's frame (spec 2 §2 "game frame", §9 700px high): its src is the game's `buttonUrl`
 * from the games layout, i.e. upstream data, so it passes the safe-URL rule (shared/links.ts) and the
 * frame is sandboxed from the allow-list (blocks/iframe-sandbox.ts; ADR 0021).
 *
 * What a game needs, and so gets:
 *   - allow-scripts: every game is a script;
 *   - allow-forms: sign-in, name entry and score forms inside some games;
 *   - allow-popups and allow-popups-to-escape-sandbox: help, share and vendor links open in a new
 *     tab, which must be a normal page, not one still sandboxed;
 *   - allow-pointer-lock: games that capture the mouse;
 *   - fullscreen through the `allow` attribute (a permissions-policy feature, not a sandbox token);
 *   - allow-same-origin only when the src is on another origin than the page: a game keeps a
 *     player's progress and settings in its own storage and cookies, which an opaque origin does not
 *     have, and a cross-origin document cannot reach into our page whatever its tokens. A game
 *     served from the site's own origin (a site path, or an absolute URL on the public origin)
 *     runs without it, because scripts with same-origin there could lift the sandbox and script
 *     the page: it keeps working, minus saved progress.
 * Never allow-top-navigation (a game must not navigate the reader away) or allow-modals.
 */
import { isCrossOrigin } from '../../core/isomorphic/safe-url.js';
import { iframeSandbox, type SandboxToken } from '../blocks/iframe-sandbox.js';
import { safeGameFrameSrc } from '../shared/links.js';

/** The sandbox tokens a game frame asks for; allow-same-origin is kept only for a cross-origin src. */
export const GAME_FRAME_SANDBOX_TOKENS: readonly SandboxToken[] = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-pointer-lock',
];

/** The frame's permissions policy: fullscreen only. */
export const GAME_FRAME_ALLOW = 'fullscreen';

export interface GameFrameSource {
  src: string;
  sandbox: string;
  allow: string;
  /** False when the src is on the page's own origin (and so runs without allow-same-origin). */
  crossOrigin: boolean;
}

/** The frame for a game's `buttonUrl` on a page of `publicOrigin`; null when the URL is refused (logged as a skip). */
export function gameFrameSource(buttonUrl: string, publicOrigin: string): GameFrameSource | null {
  const src = safeGameFrameSrc(buttonUrl);
  if (src === null) return null;
  const crossOrigin = isCrossOrigin(src, publicOrigin);
  return { src, sandbox: iframeSandbox(GAME_FRAME_SANDBOX_TOKENS, { crossOrigin }).sandbox, allow: GAME_FRAME_ALLOW, crossOrigin };
}
