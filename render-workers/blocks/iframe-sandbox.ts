/**
 * The iframe sandbox allow-list (ADR 0021): every iframe a stored page carries (raw-html
 * frames on the standard page, their amp-iframe on the AMP page, game frames) is sandboxed, with
 * tokens from this list only.
 *
 * The one pairing it refuses: `allow-scripts` with `allow-same-origin` for a frame that may be on
 * the site's own origin. Such a frame can reach into its parent, remove its own sandbox attribute
 * and reload itself unsandboxed, i.e. script our page; the sandbox would be decoration. When both
 * are asked for, `allow-same-origin` is dropped: scripts are what an embed needs to show anything,
 * while its own origin only gives it its own storage and cookies. The pair is kept only for a frame
 * known to be on another origin (a game on its vendor's host, games/game-frame.ts): a cross-origin
 * document cannot touch the parent whatever its tokens, and it needs its origin to keep a player's
 * progress.
 */

/** The tokens a stored iframe may carry, in the order they are written. */
export const SANDBOX_ALLOW_LIST = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-presentation',
  'allow-pointer-lock',
] as const;
// Never: allow-top-navigation (and its -by-user-activation and -to-custom-protocols forms: a frame
// must not navigate the reader's page away), allow-modals (alert and confirm loops over the page),
// allow-downloads, allow-storage-access-by-user-activation, allow-orientation-lock.

export type SandboxToken = (typeof SANDBOX_ALLOW_LIST)[number];

const ALLOWED: ReadonlySet<string> = new Set(SANDBOX_ALLOW_LIST);

/** Sandbox for a raw-html iframe that comes without one (spec 1 §5 "a sandbox is added when missing"). */
export const DEFAULT_IFRAME_SANDBOX = 'allow-scripts allow-popups allow-presentation';

export interface SandboxDecision {
  /** The attribute value (may be empty: fully sandboxed). */
  sandbox: string;
  /** Requested tokens that were not kept, in request order. */
  dropped: string[];
}

export interface SandboxFrame {
  /** True only when the frame's src is known to be on another origin than the page. */
  crossOrigin: boolean;
  /**
   * AMP's amp-iframe must not combine allow-same-origin with a src on the page's origin (the AMP
   * runtime refuses it), and an AMP page is served from AMP caches as well as our origin: it never
   * gets allow-same-origin.
   */
  amp?: boolean;
}

/** The allow-listed tokens of `requested` (a sandbox attribute value or a token list). */
export function iframeSandbox(requested: string | readonly string[], frame: SandboxFrame): SandboxDecision {
  const asked = [...new Set((typeof requested === 'string' ? requested.split(/[\t\n\f\r ]+/) : requested).map((token) => token.toLowerCase()).filter((token) => token !== ''))];
  const kept = new Set(asked.filter((token) => ALLOWED.has(token)));
  if (kept.has('allow-same-origin') && (frame.amp === true || (kept.has('allow-scripts') && !frame.crossOrigin))) kept.delete('allow-same-origin');
  return {
    sandbox: SANDBOX_ALLOW_LIST.filter((token) => kept.has(token)).join(' '),
    dropped: asked.filter((token) => !kept.has(token)),
  };
}
