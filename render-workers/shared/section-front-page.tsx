/**
 * Section and category fronts (spec 1 §2.4, spec 2 §2): the heading (or a sponsored heading in
 * three levels), the Subscribe button, the topper link and the regions pre-content, main, right
 * rail and post-content.
 */
import { useUiText } from '../shell/ui-text-context.js';
import { Document } from '../shell/document.js';
import { atLeast } from '../shell/design-tokens.js';
import type { PageModel } from './view-model.js';
import { Region } from './front-components.js';
import { SITE_BUTTON_DECLARATIONS } from '../shell/styles.js';
import type { SectionFrontView, SponsorPicture, SponsorView } from './front-view-model.js';

/**
 * Fronts (ADR 0016): a lead story with a large image and the largest headline, then cards
 * in a grid whose headline size follows prominence, one meta line (byline, date) per card, rank
 * lists with their number beside the headline, and a compact right rail. Phone first: one column
 * of cards with a thumbnail beside the headline; a grid from the tablet breakpoint.
 */
/**
 * Also the styles of front components wherever else a layout places them (show, person and
 * live-event pages): those pages put `front` on the element that holds their regions.
 */
export const FRONT_CSS = [
  '.front-header{margin-bottom:var(--space-4)}',
  '.front-title{font-size:var(--fs-2xl);font-weight:800;margin:var(--space-2) 0;display:flex;flex-wrap:wrap;align-items:center;gap:var(--space-3)}',
  '.front .topper{display:inline-block;font-size:var(--fs-sm);font-weight:700;text-transform:uppercase;color:var(--accent);text-decoration:none}',
  '.front-columns{display:grid;grid-template-columns:minmax(0,1fr);gap:var(--space-6)}',
  `${atLeast('desktop')}{.front-columns{grid-template-columns:minmax(0,1fr) var(--rail)}}`,
  '.sponsored-heading{border-left:8px solid var(--wing-color);padding-left:var(--space-3)}',
  '.sponsored-takeover .sponsor-background img{width:100%;height:auto}',
  '.subscribe-button{display:inline-block;font-size:var(--fs-sm);font-weight:700;padding:var(--space-1) var(--space-3);border:1px solid var(--brand);border-radius:var(--radius);text-decoration:none}',
  '.front section{margin-bottom:var(--space-6)}',
  '.front .component-title{font-size:var(--fs-lg);font-weight:800;text-transform:uppercase;letter-spacing:.03em;border-bottom:3px solid var(--accent);padding-bottom:var(--space-1);margin:0 0 var(--space-3)}',
  '.front .items{list-style:none;padding:0;margin:0}',
  '.front .item-image{display:block}',
  '.front .item-image img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;background:var(--surface)}',
  '.front .kicker{display:inline-block;min-height:24px;line-height:24px;font-size:var(--fs-xs);text-transform:uppercase;letter-spacing:.04em;color:var(--accent);font-weight:700;text-decoration:none}',
  '.front .item-title{font-size:var(--fs-md);font-weight:700;margin:var(--space-1) 0}',
  '.front .item-title a{color:var(--ink);text-decoration:none}',
  '.front .item-title a:hover{text-decoration:underline}',
  '.front .dek{margin:var(--space-1) 0;color:var(--muted);font-size:var(--fs-sm)}',
  '.front .item-meta{margin:var(--space-1) 0 0;font-size:var(--fs-xs);color:var(--muted);display:flex;flex-wrap:wrap;align-items:center;gap:0 var(--space-3)}',
  '.front .item-meta>*{white-space:nowrap}',
  // Author headshots in lists: 48x48 (spec 1 §9), beside the byline.
  // The byline beside a headshot may wrap (two authors in a narrow rail), the photo keeps its size.
  '.front .item-meta .byline{display:inline-flex;align-items:center;white-space:normal;min-width:0}',
  '.front .item-meta .headshot{flex:none;width:48px;height:48px;border-radius:50%;object-fit:cover;margin-right:var(--space-2)}',
  // Text-only cards in the grid read as deliberate cards, not as cards missing their image.
  '.front .list-list .article-item:not(:has(.item-image)){grid-template-columns:minmax(0,1fr)}',
  `.load-more-button,.newsletter-subscribe{${SITE_BUTTON_DECLARATIONS}}`,
  '.load-more-button{display:block;width:100%;max-width:320px;margin:var(--space-4) auto 0}',
  '.load-more-button:disabled,.newsletter-subscribe:disabled{opacity:.6;cursor:default}',
  '.front .kicker+.flags{margin-left:var(--space-2)}',
  '.front .flag{display:inline-block;margin-right:var(--space-1);padding:0 var(--space-1);font-size:var(--fs-xs);font-weight:800;text-transform:uppercase;color:#fff;background:var(--accent);border-radius:2px}',
  // Phone: each card a row, thumbnail beside the headline.
  '.front .list-list .article-item{display:grid;grid-template-columns:minmax(0,1fr) 132px;gap:var(--space-3);padding:var(--space-3) 0;border-top:1px solid var(--rule)}',
  '.front .list-list .item-image{order:2}',
  '.front .list-list .dek{display:none}',
  // The lead story: image on top, the largest headline; beside each other from the tablet up.
  '.front .list-spotlight .article-item{display:grid;gap:var(--space-3)}',
  '.front .lead-item .item-title{font-size:var(--fs-2xl);font-weight:800;letter-spacing:-.01em}',
  '.front .lead-item .dek{font-size:var(--fs-md);display:block}',
  `${atLeast('tablet')}{`,
  '.front .list-spotlight .article-item{grid-template-columns:3fr 2fr;align-items:start;gap:var(--space-5)}',
  '.front .lead-item .item-title{font-size:var(--fs-3xl)}',
  '.front .list-list .items{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:var(--space-5)}',
  '.front .list-list .article-item{grid-template-columns:minmax(0,1fr);border-top:0;padding:0}',
  '.front .list-list .item-image{order:0}',
  '.front .list-list .article-item:not(:has(.item-image)){background:var(--surface);border-top:3px solid var(--brand);padding:var(--space-3)}',
  '}',
  `${atLeast('articleDesktop')}{.front .list-list .items{grid-template-columns:repeat(3,minmax(0,1fr))}.front .list-list .items:has(>li:nth-child(4):last-child){grid-template-columns:repeat(4,minmax(0,1fr))}}`,
  // Rank lists: the number beside the headline, no images.
  '.front ol.items{counter-reset:rank}',
  '.front ol.items>li{counter-increment:rank;display:grid;grid-template-columns:2.25rem minmax(0,1fr);align-items:start;padding:var(--space-2) 0;border-top:1px solid var(--rule)}',
  '.front ol.items>li::before{content:counter(rank);font-size:var(--fs-xl);font-weight:800;line-height:1.1;color:var(--accent)}',
  '.front ol.items .item-image,.front ol.items .dek{display:none}',
  '.front ol.items .item-title{font-size:var(--fs-sm);margin:0}',
  '.region-right-rail .article-item{grid-template-columns:minmax(0,1fr)}',
  '.region-right-rail section{background:var(--bg)}',
  '.newsletter-promo{padding:var(--space-4);background:var(--surface);border-top:3px solid var(--brand)}',
  '.newsletter-promo .component-title{border:0;margin-bottom:var(--space-2)}',
  '.front .see-all{display:inline-block;margin-top:var(--space-3);font-size:var(--fs-sm);font-weight:700;text-decoration:none}',
  // Spotlight components (In Focus): cards side by side from the tablet up.
  '.front .spotlight{display:grid;gap:var(--space-5)}',
  `${atLeast('tablet')}{.front .spotlight:has(.spotlight-twocross){grid-template-columns:repeat(2,minmax(0,1fr))}.front .spotlight>.component-title{grid-column:1/-1}}`,
  '.front .spotlight-item .item-image{margin:0}',
  '.front .spotlight-item .item-title{font-size:var(--fs-xl)}',
  '.front .spotlight-bigtop .item-title{font-size:var(--fs-2xl)}',
  '.front .spotlight .copyright{font-size:var(--fs-xs);color:var(--muted)}',
  '.front .recirculation ul,.front .business-sites ul{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:var(--space-4)}',
  // A recirculation card: image, then the headline, then its source on a line of its own.
  '.front .recirculation li>a{display:block;font-weight:700;color:var(--ink);text-decoration:none;margin-top:var(--space-2)}',
  '.front .recirculation .source{display:block;font-size:var(--fs-xs);color:var(--muted)}',
  '.front .recirculation img{width:100%;height:auto;display:block}',
  '.front .promo-slideshow .slides{list-style:none;padding:0;margin:0;display:grid;grid-auto-flow:column;grid-auto-columns:100%;overflow-x:auto;scroll-snap-type:x mandatory;position:relative}',
  '.front .promo-slideshow .slide{scroll-snap-align:start;position:relative}',
  '.front .stocks table{width:100%;border-collapse:collapse;font-size:var(--fs-sm)}',
  '.front .stocks th,.front .stocks td{padding:var(--space-1) var(--space-2);border-bottom:1px solid var(--rule);text-align:right}',
  '.front .stocks th[scope=row]{text-align:left}',
  '.stock-up td{color:#0a7c2f}.stock-down td{color:var(--accent)}',
].join('');

function Picture({ picture, alt, className }: { picture: SponsorPicture; alt: string; className: string }) {
  return (
    <picture className={className}>
      {picture.sources.map((source) => (
        <source key={source.media} media={source.media} srcSet={source.srcSet} />
      ))}
      <img src={picture.src} alt={alt} />
    </picture>
  );
}

function Heading({ view }: { view: SectionFrontView }) {
  const text = useUiText();
  const subscribe = view.subscribeHref ? (
    <a className="subscribe-button" href={view.subscribeHref}>
      {text.subscribe}
    </a>
  ) : null;
  return (
    <h1 className="front-title">
      {view.heading}
      {subscribe}
    </h1>
  );
}

function SponsoredHeading({ view, sponsor }: { view: SectionFrontView; sponsor: SponsorView }) {
  const text = useUiText();
  const logo = sponsor.logo ? <Picture picture={sponsor.logo} alt={sponsor.name ?? 'Sponsor'} className="sponsor-logo" /> : null;
  return (
    <div className={`sponsored-heading sponsored-${sponsor.level}`} style={{ ['--wing-color' as string]: sponsor.wingColor }} data-wing-color={sponsor.wingColor}>
      {sponsor.level === 'takeover' && sponsor.background ? <Picture picture={sponsor.background} alt="" className="sponsor-background" /> : null}
      <Heading view={view} />
      {sponsor.level !== 'normal' || logo ? (
        <p className="sponsor">
          <span className="sponsor-label">{text.presentedBy}</span> {sponsor.url && logo ? <a href={sponsor.url}>{logo}</a> : logo ?? sponsor.name}
        </p>
      ) : null}
    </div>
  );
}

export function SectionFrontPage({ model, bodyClass }: { model: PageModel<SectionFrontView>; bodyClass: string }) {
  const { view } = model;
  const { regions } = view;
  return (
    <Document head={model.head} shell={model.shell} bodyClass={bodyClass} extraHead={<style dangerouslySetInnerHTML={{ __html: FRONT_CSS }} />}>
      <div className={view.isHome ? 'front home-front' : 'front section-front'} data-section={view.sectionCode}>
        {view.topper ? (
          <a className="topper" href={view.topper.url}>
            {view.topper.name}
          </a>
        ) : null}
        <header className="front-header">
          {view.isHome ? (
            <h1 className="visually-hidden">{view.heading}</h1>
          ) : view.sponsor ? (
            <SponsoredHeading view={view} sponsor={view.sponsor} />
          ) : (
            <Heading view={view} />
          )}
          {view.description ? <p className="front-description">{view.description}</p> : null}
        </header>
        <Region name="pre-content" components={regions.preContent} />
        <div className="front-columns">
          <div className="region region-main">
            <Region name="main-components" components={regions.main} />
          </div>
          <Region name="right-rail" components={regions.rightRail} as="aside" />
        </div>
        <Region name="post-content" components={regions.postContent} />
      </div>
    </Document>
  );
}
