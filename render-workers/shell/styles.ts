/**
 * The site's button look (the fronts' Load More and Subscribe): the brand colour, white bold text.
 * Other pages' own buttons take the same declarations (the live-event video's Show More and
 * Expand Video, the weather list's Show More, and every button no component styles: the one
 * rule in SHELL_ISLANDS_CSS), so there is one look to change.
 */
export const SITE_BUTTON_DECLARATIONS =
  'font:inherit;font-weight:700;font-size:var(--fs-sm);padding:var(--space-2) var(--space-4);border:0;border-radius:var(--radius);background:var(--brand);color:#fff;cursor:pointer';

/**
 * The base stylesheet, inlined in every standard page so the first paint needs no extra request.
 * Small on purpose; the styles of each part of the page follow in marked sections below.
 */
export const BASE_CSS = `
:root{--ink:#1a1a1a;--muted:#5f6368;--rule:#e1e4e8;--brand:#003366;--accent:#c20017;--bg:#fff}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--brand)}
.skip-link{position:absolute;left:-9999px}.skip-link:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:10}
.site-header{background:var(--brand);color:#fff}
.site-header a{color:#fff;text-decoration:none}
.site-header .bar{display:flex;align-items:center;gap:16px;max-width:1280px;margin:0 auto;padding:8px 16px;flex-wrap:wrap}
.site-header .logo{font-weight:800;font-size:1.4rem;letter-spacing:-.5px;line-height:1.15}
.logo-edition{display:block;font-size:.75rem;font-weight:700;letter-spacing:.2px}
.main-menu ul{display:flex;gap:12px;list-style:none;margin:0;padding:0;flex-wrap:wrap}
.main-menu a{font-weight:600;font-size:.9rem}
.header-actions{margin-left:auto;display:flex;gap:12px;align-items:center}
@media (min-width:768px){.site-header .bar{gap:12px}.header-actions{gap:10px}}
.watch-tv{background:var(--accent);padding:4px 10px;border-radius:3px;font-weight:700}
.topic-bar{background:#f2f4f7;border-bottom:1px solid var(--rule)}
.topic-bar ul{display:flex;gap:14px;list-style:none;margin:0 auto;padding:6px 16px;max-width:1280px;overflow-x:auto}
.topic-bar a{color:var(--ink);font-size:.85rem;text-decoration:none}
.topic-bar a[aria-current="page"]{color:var(--accent);font-weight:700}
main{max-width:1280px;margin:0 auto;padding:16px}
.article{max-width:760px}
.article h1{font-size:2.1rem;line-height:1.2;margin:.3em 0}
.article .dek{font-size:1.2rem;color:var(--muted);margin:0 0 .8em}
.article .byline,.article .dates{color:var(--muted);font-size:.9rem}
.article figure{margin:1.2em 0}.article img{max-width:100%;height:auto}
.article figcaption{font-size:.85rem;color:var(--muted)}
.article blockquote{border-left:4px solid var(--accent);margin:1.2em 0;padding:.2em 1em;font-size:1.2rem}
.article table{border-collapse:collapse;width:100%;margin:1.2em 0}
.article th,.article td{border:1px solid var(--rule);padding:6px 8px;text-align:left}
.front h1{font-size:1.8rem;margin:.2em 0 .6em}
ul.article-list{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
ul.article-list li{border-top:1px solid var(--rule);padding-top:8px}
.article-list .item-title{font-size:1.05rem;margin:.2em 0}
.article-list .kicker{display:inline-block;min-height:24px;line-height:24px;font-size:.75rem;text-transform:uppercase;color:var(--accent);font-weight:700}
.not-found{text-align:center;padding:48px 16px}
ul.video-list{list-style:none;margin:0;padding:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));text-align:left}
.video-list a{display:block;color:inherit;text-decoration:none}.video-list img{width:100%;height:auto;display:block}
.video-list .video-title{display:block;font-weight:600;margin-top:4px}.video-list .duration{font-size:.8rem;color:var(--muted)}
.recommended-videos ul.video-list{grid-auto-flow:column;grid-auto-columns:200px;grid-template-columns:none;overflow-x:auto}
.site-footer{border-top:1px solid var(--rule);margin-top:32px;background:#f7f8fa}
.site-footer .inner{max-width:1280px;margin:0 auto;padding:16px;font-size:.85rem;color:var(--muted)}
.site-footer ul{list-style:none;display:flex;flex-wrap:wrap;gap:12px;padding:0}
.translation-notice{background:#fff8e1;padding:8px 16px;font-size:.9rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.article-layout{display:grid;grid-template-columns:minmax(0,760px) 300px;gap:32px}
.article-layout.with-sidebar{grid-template-columns:40px minmax(0,760px) 300px}
.article-sidebar{position:sticky;top:16px;align-self:start;display:flex;flex-direction:column;align-items:center;gap:12px;padding-top:16px}
.share-list{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:8px}
.share-list a,.sidebar-comments{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:50%;background:#003366;color:#fff;text-decoration:none;font-weight:700}
.right-rail h2{font-size:1rem;border-bottom:2px solid var(--accent)}.right-rail ul{padding-left:1.1em}
.byline .author{margin-right:8px}.article .byline .headshot{width:32px;height:32px;object-fit:cover;border-radius:50%;vertical-align:middle;margin-right:6px}
.byline .source{color:var(--muted)}
.ad{display:none;min-height:50px;margin:16px 0;background:#f4f5f7;text-align:center}
@media (min-width:1024px){.ad-desktop{display:block}}
.ad-header{max-width:970px;min-height:90px;margin:8px auto}
@media (min-width:768px) and (max-width:1023px){.ad-tablet{display:block}}
@media (max-width:767px){.ad-mobile{display:block}}.ad-label{font-size:.7rem;color:var(--muted);text-transform:uppercase}
.gate-overlay{border:1px solid var(--rule);padding:24px;margin:16px 0;text-align:center;background:#fff}
.gate-overlay input{width:100%;max-width:360px;padding:8px}.gate-legal,.gate-help{font-size:.8rem;color:var(--muted)}
.disclosure{font-style:italic;color:var(--muted)}.text-to-speech .badge{background:var(--accent);color:#fff;padding:0 6px;border-radius:3px;font-size:.75rem}
.article-footer section,.article-footer nav{margin-top:24px}.article-tags,.related-topics ul{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0}
.special-series{background:#111;padding:8px 16px}.special-series a{color:#fff;margin-right:16px}
@media (max-width:1023px){.article-layout,.article-layout.with-sidebar{grid-template-columns:1fr}.article-sidebar{position:static;flex-direction:row;padding-top:8px}.share-list{flex-direction:row}}
.mobile-only{display:none}
@media (max-width:767px){.mobile-only{display:block}}
@media (max-width:767px){.main-menu{display:none}.article h1{font-size:1.6rem}}
`;

// --- Site shell (spec 1 §2.3): network bar, More and mobile menus, social links.
// Appended by the shell work; the disclosures are <details>, styled to open as drop-downs.
export const SHELL_CSS = `
.network-bar{background:#0b1a2e;font-size:.75rem}
.network-bar ul{display:flex;gap:14px;list-style:none;margin:0 auto;padding:4px 16px;max-width:1280px;overflow-x:auto;white-space:nowrap}
.network-bar a{color:#c9d3e0}
.more-menu,.mobile-menu{position:relative}
.more-menu summary,.mobile-menu summary{cursor:pointer;font-weight:600;font-size:.9rem}
.more-menu>details>ul,.mobile-menu>details>ul{position:absolute;z-index:5;top:100%;left:0;min-width:240px;max-height:70vh;overflow-y:auto;margin:6px 0 0;padding:8px 12px;list-style:none;background:var(--brand);box-shadow:0 4px 12px rgba(0,0,0,.25)}
.mobile-menu>details>ul{left:auto;right:0}
.more-menu li,.mobile-menu li{padding:3px 0}
.more-menu details details ul,.mobile-menu details details ul{list-style:none;margin:2px 0 4px;padding-left:12px}
.mobile-menu{display:none}
@media (max-width:767px){.more-menu{display:none}.mobile-menu{display:block}}
.social-links ul,.legal-links ul{margin:0 0 12px}
.social-links a{font-weight:600}
`;

// --- Article islands and theme (interactive-bundle/README.md, "Article islands"): slideshow, recommended-video carousel,
// weather Show More, deals, and the dark theme the theme cookie selects (spec 1 §2.2, §2.6, §4;
// spec 2 §2, §3). Hidden elements stay hidden: every display rule here leaves [hidden] winning.
export const ARTICLE_ISLANDS_CSS = `
[data-theme="dark"]{--ink:#e8eaed;--muted:#a9afb6;--rule:#3c4043;--bg:#121417;color-scheme:dark}
[data-theme="dark"] body{color:var(--ink);background:var(--bg)}
[data-theme="dark"] a{color:#8ab4f8}
[data-theme="dark"] .site-header a{color:#fff}
[data-theme="dark"] .topic-bar,[data-theme="dark"] .ad{background:#1d2024}
[data-theme="dark"] .topic-bar a[aria-current="page"]{color:#ff8a80}
[data-theme="dark"] .site-footer{background:#1a1d21}
.slideshow-toolbar{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between}
.slideshow .slides{list-style:none;margin:0;padding:0}
.slideshow-nav{display:flex;gap:8px}
.slideshow-nav a[aria-disabled="true"]{opacity:.4;pointer-events:none}
.slideshow-thumbnails ol{display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));gap:8px;list-style:none;margin:0;padding:0}
.slideshow-thumbnails img{width:100%;height:auto}
.slideshow img{max-width:100%;height:auto}
.view-toggle{display:flex}
.view-toggle button{padding:6px 12px;border:1px solid var(--rule);background:var(--bg);color:inherit;font:inherit;font-size:var(--fs-sm);cursor:pointer}
.view-toggle button+button{border-left:0}
.view-toggle button[aria-pressed="true"]{background:var(--brand);border-color:var(--brand);color:#fff;font-weight:700}
.recommended-slideshows ul{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.recommended-slideshows a{display:grid;grid-template-columns:132px minmax(0,1fr);gap:12px;align-items:start;color:var(--ink);text-decoration:none;font-weight:700}
.recommended-slideshows a:hover .title{text-decoration:underline}
.recommended-slideshows img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;background:var(--surface)}
@media (min-width:768px){.recommended-slideshows ul{grid-template-columns:repeat(auto-fill,minmax(170px,1fr))}.recommended-slideshows a{grid-template-columns:minmax(0,1fr)}}
.share-dialog::backdrop{background:rgba(0,0,0,.5)}
.share-channels{display:flex;gap:12px;list-style:none;padding:0}
.recommended-videos{position:relative;background:var(--bg)}
.recommended-videos.is-sticky{position:fixed;top:0;left:0;right:0;z-index:10;box-shadow:0 2px 8px rgba(0,0,0,.2)}
.video-carousel-track{overflow-x:auto}
.recommended-videos .video-carousel-track ul.video-list{display:flex;gap:12px;overflow:visible;width:max-content}
.video-carousel-track .video-list li{flex:0 0 auto;width:200px}
.carousel-arrow{position:absolute;top:30%;width:36px;height:36px;border-radius:50%;border:0;background:rgba(0,0,0,.6);color:#fff;font-size:1.4rem;cursor:pointer}
.carousel-arrow:disabled{opacity:.3;cursor:default}
.carousel-prev{left:4px}.carousel-next{right:4px}
@media (max-width:767px){.carousel-arrow{display:none}}
.weather-list ul{display:grid;grid-template-columns:1fr;gap:12px;list-style:none;padding:0}
@media (min-width:768px){.weather-list ul{grid-template-columns:repeat(3,1fr)}}
.weather-list li[hidden]{display:none}
.weather-list .show-more{margin-top:4px}
.deals{border:1px solid var(--rule);padding:12px;margin:1em 0}
.deal-offers{list-style:none;margin:0;padding:0}
.deal-offer{display:flex;flex-wrap:wrap;gap:8px;align-items:baseline;padding:6px 0;border-bottom:1px solid var(--rule)}
.deal-merchant{font-weight:700}.deal-original-price{color:var(--muted)}
.deal-sale{background:var(--accent);color:#fff;padding:0 6px;border-radius:3px;font-size:.75rem;font-weight:700}
.deal-link{margin-left:auto;font-weight:600}
.deals-disclosure{font-size:.8rem;font-style:italic;color:var(--muted)}
.countdown{border:1px solid var(--rule);padding:12px 16px;margin:1em 0;text-align:center}
.countdown-title{margin:0 0 .25em}
.countdown-timer{display:flex;flex-wrap:wrap;justify-content:center;gap:8px 24px;margin:.5em 0}
.countdown-part{display:flex;flex-direction:column;align-items:center;min-width:4.5em}
.countdown-value{font-size:2.25rem;font-weight:800;line-height:1.1;font-variant-numeric:tabular-nums}
.countdown-unit{font-size:.85rem;color:var(--muted)}
.countdown-end{margin:.25em 0;color:var(--muted)}
.countdown-done{font-weight:700;font-size:1.25rem;margin:.25em 0}
.countdown-timer[hidden],.countdown-done[hidden]{display:none}
`;

// --- Shell and front islands (interactive-bundle/README.md): the Menus island's disclosure buttons,
// the newsletter and contact forms, the TV schedule. Hidden elements stay hidden: every display
// rule here leaves [hidden] winning. Below 768px the schedule shows only mobile-flagged entries.
export const SHELL_ISLANDS_CSS = `
.menu-toggle{font:inherit;font-weight:600;font-size:.9rem;color:inherit;background:none;border:0;padding:0;cursor:pointer}
.more-menu>ul,.mobile-menu>ul{position:absolute;z-index:5;top:100%;left:0;min-width:240px;max-height:70vh;overflow-y:auto;margin:6px 0 0;padding:8px 12px;list-style:none;background:var(--brand);box-shadow:0 4px 12px rgba(0,0,0,.25)}
.mobile-menu>ul{left:auto;right:0}
.more-menu ul ul,.mobile-menu ul ul{list-style:none;margin:2px 0 4px;padding-left:12px}
.more-menu ul[hidden],.mobile-menu ul[hidden]{display:none}
.newsletter-form{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.newsletter-form label{flex-basis:100%;font-size:.85rem}
.newsletter-form input{flex:1;min-width:0;padding:6px}
.newsletter-message:empty{display:none}
.newsletter-message,.contact-form .field-error{color:#b00020;font-size:.85rem;margin:4px 0}
.contact-form [aria-invalid="true"]{border-color:#b00020}
.tv-schedule__tabs{display:flex;gap:4px;margin-bottom:8px}
.tv-schedule__tabs [role="tab"]{font:inherit;padding:4px 10px;border:1px solid var(--rule);background:none;cursor:pointer;color:inherit}
.tv-schedule__tabs [aria-selected="true"]{background:var(--brand);color:#fff;border-color:var(--brand)}
.tv-schedule__entries{list-style:none;margin:0;padding:0}
.tv-schedule__entry{padding:6px 0;border-bottom:1px solid var(--rule)}
.tv-schedule__time{font-weight:700;margin-right:6px}
.tv-schedule__description{margin:2px 0 0;font-size:.85rem;color:var(--muted)}
@media (max-width:767px){.tv-schedule__entry--desktop{display:none}}
/* A button no component styles has the site's look (the rule weighs nothing, so any component's own wins). */
:where(button:not([class]):not([role="tab"]):not(.view-toggle button)),.header-search__submit,.game-info-close,.search-results__more,.weather-list .show-more,.live-video-controls button{${SITE_BUTTON_DECLARATIONS};min-height:44px;min-width:44px}
:where(button:not([class]):disabled),.header-search__submit:disabled,.search-results__more:disabled{opacity:.6;cursor:default}
.header-search__toggle{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;padding:0;color:#fff;background:none;border:1px solid rgba(255,255,255,.55);border-radius:var(--radius);cursor:pointer}
.header-search__toggle[aria-expanded="true"]{background:rgba(255,255,255,.15)}
.header-search__submit{background:var(--accent)}
button:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.site-header button:focus-visible{outline-color:#fff}
`;
