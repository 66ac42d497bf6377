/**
 * The design system (ADR 0016): one set of tokens (type scale, spacing, colours,
 * widths) as CSS custom properties, first in every page's stylesheet (standard, AMP and print), and
 * the rules every page kind shares: readable type, unstyled headline links, media that never
 * overflows the column, and boxes that scroll sideways on their own instead of the page.
 *
 * Breakpoints are spec 1 §9's. CSS custom properties cannot be read by media queries, so they are
 * the TS constant BREAKPOINTS and written into each query from it; --bp-* repeat them for reference.
 * Phone first: the unprefixed rules are the phone's; wider screens add to them.
 */

/** Spec 1 §9: mobile under 768, tablet 768-991 (articles 768-1023), desktop 992+ (articles 1024+), big desktop over 1280. */
export const BREAKPOINTS = { tablet: 768, desktop: 992, articleDesktop: 1024, wide: 1280 } as const;

/** `@media (min-width: …px)` for a breakpoint. */
export function atLeast(breakpoint: keyof typeof BREAKPOINTS): string {
  return `@media (min-width:${BREAKPOINTS[breakpoint]}px)`;
}

/** The tokens, and the page-wide rules that use them. Safe in AMP (no !important, no forbidden selectors). */
export const DESIGN_TOKENS_CSS = `
:root{
--font-sans:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
--font-serif:Georgia,"Times New Roman",serif;
--fs-xs:.75rem;--fs-sm:.875rem;--fs-md:1rem;--fs-lg:1.125rem;--fs-xl:1.375rem;--fs-2xl:1.75rem;--fs-3xl:2.25rem;
--lh-tight:1.2;--lh-body:1.6;
--space-1:4px;--space-2:8px;--space-3:12px;--space-4:16px;--space-5:24px;--space-6:32px;--space-7:48px;
--ink:#1a1a1a;--muted:#5f6368;--rule:#e1e4e8;--surface:#f5f6f8;--bg:#fff;
--brand:#003366;--brand-dark:#0b1a2e;--accent:#c20017;--link:#0b5cad;
--radius:4px;--page-max:1280px;--rail:300px;--measure:680px;
--bp-tablet:${BREAKPOINTS.tablet}px;--bp-desktop:${BREAKPOINTS.desktop}px;--bp-article-desktop:${BREAKPOINTS.articleDesktop}px;--bp-wide:${BREAKPOINTS.wide}px
}
`;

/**
 * Shared rules for every standard page, after the older per-feature blocks in styles.ts so they win
 * where both speak. Grouped: type, media, sideways scrolling, header, article, footer.
 */
export const DESIGN_CSS = `
body{font-family:var(--font-sans);font-size:var(--fs-md);line-height:1.5;overflow-wrap:break-word}
h1,h2,h3,h4{line-height:var(--lh-tight);overflow-wrap:anywhere}
h1 a,h2 a,h3 a,h4 a{color:inherit;text-decoration:none}
h1 a:hover,h2 a:hover,h3 a:hover,h4 a:hover{text-decoration:underline}
main{padding:var(--space-4)}
img,video,svg,canvas{max-width:100%}
img{height:auto}
iframe,embed,object{max-width:100%}
table{max-width:100%}
pre{overflow-x:auto}
.video-carousel-track,.video-rail-track,.topic-bar ul,.network-bar ul,.scroll-x{position:relative;overflow-x:auto;overscroll-behavior-x:contain}
.video-list li{position:relative}
.visually-hidden{top:0;left:0;margin:-1px;padding:0;border:0}
.site-header .bar{row-gap:var(--space-2)}
.topic-bar li,.network-bar li{flex:0 0 auto;white-space:nowrap}
.site-header .logo{font-size:var(--fs-xl);white-space:nowrap}
@media (max-width:${BREAKPOINTS.articleDesktop - 1}px){
.site-header .bar{flex-wrap:wrap}
.main-menu{order:3;flex-basis:100%;min-width:0}
.main-menu ul{flex-wrap:nowrap;overflow-x:auto;padding-bottom:var(--space-1)}
.main-menu li{flex:0 0 auto}
}
.recommended-videos{margin:0 calc(-1*var(--space-4)) var(--space-4);padding:var(--space-2) var(--space-4);border-bottom:1px solid var(--rule)}
.recommended-videos .video-title{font-size:var(--fs-sm);line-height:1.3}
.recommended-videos.is-sticky{margin:0;padding:var(--space-1) var(--space-4)}
.recommended-videos.is-sticky img,.recommended-videos.is-sticky .duration,.recommended-videos.is-sticky .carousel-arrow{display:none}
.recommended-videos.is-sticky .video-list li{width:240px}
.recommended-videos.is-sticky .video-title{margin:0;font-size:var(--fs-xs)}
.article-layout{grid-template-columns:minmax(0,1fr);gap:var(--space-6)}
.article-layout>*,.front-columns>*{min-width:0}
${atLeast('articleDesktop')}{.article-layout{grid-template-columns:minmax(0,1fr) var(--rail)}}
.article{max-width:var(--measure)}
.article .eyebrow{margin:0;font-size:var(--fs-sm);font-weight:700;text-transform:uppercase;letter-spacing:.04em}
.article .eyebrow a{color:var(--accent);text-decoration:none}
.article h1.headline{font-size:var(--fs-2xl);font-weight:800;letter-spacing:-.01em}
${atLeast('tablet')}{.article h1.headline{font-size:var(--fs-3xl)}}
.article .dek{font-size:var(--fs-lg);line-height:1.4}
.article-header .byline,.article-header .dates{display:inline;margin:0;font-size:var(--fs-sm)}
.article-header .byline+.dates::before{content:" · "}
.article-header .article-tools{margin:var(--space-2) 0 0;font-size:var(--fs-sm)}
.article-header{margin-bottom:var(--space-5);padding-bottom:var(--space-3);border-bottom:1px solid var(--rule)}
.article-footer h2,.article-footer .author-bio h2{font-size:var(--fs-lg);margin:0 0 var(--space-2)}
.article-footer .sponsor{margin:var(--space-4) 0;padding:var(--space-3);background:var(--surface);border-left:3px solid var(--accent);font-size:var(--fs-sm);color:var(--muted)}
.article-footer .sponsor p{margin:0}.article-footer .sponsor-indicator{font-weight:700;color:var(--ink);text-transform:uppercase;letter-spacing:.04em;margin-bottom:var(--space-1)}
.article-footer .related-topics a,.article-tags a{display:inline-block;padding:2px var(--space-3);border:1px solid var(--rule);border-radius:999px;font-size:var(--fs-sm);text-decoration:none}
.article-body{font-size:var(--fs-lg);line-height:var(--lh-body)}
.article-body p{margin:0 0 1.1em}
.article-body p.dropcap::first-letter{float:left;font-size:3.4em;line-height:.85;font-weight:700;margin:.06em .08em 0 0;color:var(--accent)}
.article-body figure{margin:var(--space-5) 0}
.article-body figcaption{font-size:var(--fs-sm);line-height:1.4}
.article-body iframe{display:block;width:100%;border:0}
.article-body iframe:not([height]){aspect-ratio:16/9;height:auto}
.article-body table{display:block;overflow-x:auto;position:relative}
.right-rail section{margin-bottom:var(--space-5)}
.right-rail h2,.post-content h2{font-size:var(--fs-md);text-transform:uppercase;letter-spacing:.04em;padding-bottom:var(--space-1)}
.right-rail ul{list-style:none;padding:0;margin:0}
.right-rail li{padding:var(--space-2) 0;border-bottom:1px solid var(--rule);font-weight:600;line-height:1.3}
.right-rail a,.post-content a{color:var(--ink);text-decoration:none}
.post-content{max-width:var(--page-max);margin:var(--space-6) auto 0}
.post-content h2{border-bottom:2px solid var(--accent)}
.post-content ul.article-list li{font-weight:700;line-height:1.3}
.site-footer a{color:var(--ink)}
`;
