/**
 * The one `<style amp-custom>` of the AMP article page (spec 1 §2.6 AMP page). AMP allows a single
 * author stylesheet of at most 75,000 bytes, no `!important` and no `i-amphtml-` names; the test
 * asserts the size (amp-document.test.tsx).
 */

/** AMP's limit on the amp-custom stylesheet, in bytes (UTF-8). */
export const AMP_CUSTOM_CSS_MAX_BYTES = 75_000;

import { DESIGN_TOKENS_CSS } from './design-tokens.js';

/** The design tokens (design-tokens.ts) first, so AMP pages share the standard pages' type and colours. */
export const AMP_CSS = `${DESIGN_TOKENS_CSS}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:#fff}
a{color:var(--brand)}
.amp-header{display:flex;align-items:center;gap:12px;background:var(--brand);color:#fff;padding:8px 16px}
.amp-header .logo{color:#fff;font-weight:800;font-size:1.3rem;text-decoration:none}
.menu-button{background:none;border:1px solid #fff;color:#fff;border-radius:3px;padding:4px 10px;font:inherit;cursor:pointer}
.amp-sidebar{background:#fff;width:280px;padding:16px}
.amp-sidebar ul{list-style:none;margin:0;padding:0}
.amp-sidebar li{border-bottom:1px solid var(--rule);padding:8px 0}
.amp-sidebar .subsections li{border:0;padding:4px 0 4px 12px;font-size:.9rem}
.amp-sidebar .close{background:none;border:0;font:inherit;font-size:1.4rem;float:right;cursor:pointer}
.amp-article{padding:16px;max-width:760px;margin:0 auto;overflow-wrap:break-word}
.amp-article img,.amp-article amp-img{max-width:100%}
.amp-article h1{font-size:1.7rem;line-height:1.2;margin:.3em 0}
.amp-article .eyebrow a{color:var(--accent);font-weight:700;text-transform:uppercase;font-size:.8rem;text-decoration:none}
.amp-article .dek{font-size:1.1rem;color:var(--muted);margin:0 0 .8em}
.amp-article .byline,.amp-article .dates{color:var(--muted);font-size:.9rem;margin:.2em 0}
.amp-article figure{margin:1.2em 0}
.amp-article figcaption{font-size:.85rem;color:var(--muted)}
.amp-article blockquote{border-left:4px solid var(--accent);margin:1.2em 0;padding:.2em 1em;font-size:1.15rem}
.amp-article table{border-collapse:collapse;width:100%;margin:1.2em 0}
.amp-article th,.amp-article td{border:1px solid var(--rule);padding:6px 8px;text-align:left}
.amp-ad{margin:1.2em auto;text-align:center}
.amp-ad .ad-label{display:block;font-size:.7rem;color:var(--muted);text-transform:uppercase;letter-spacing:.05em}
.amp-comments{border-top:1px solid var(--rule);margin-top:2em;padding-top:1em}
.amp-footer{border-top:1px solid var(--rule);background:#f7f8fa;padding:16px;font-size:.85rem;color:var(--muted)}
.amp-footer ul{list-style:none;display:flex;flex-wrap:wrap;gap:12px;padding:0;margin:0 0 8px}
.consent-ui{background:#fff;border-top:2px solid var(--brand);padding:16px;font-size:.9rem}
.consent-ui button{margin:8px 8px 0 0;padding:6px 14px;font:inherit;border-radius:3px;border:1px solid var(--brand);background:#fff;color:var(--brand);cursor:pointer}
.consent-ui .accept{background:var(--brand);color:#fff}
`;
