/**
 * Section and category fronts (spec 1 §2.4, spec 2 §2): the heading (or a sponsored heading in
 * three levels), the Subscribe button, the topper link and the regions pre-content, main, right
 * rail and post-content.
 */
import { useUiText } from '../shell/ui-text-context.js';
import { Document } from '../shell/document.js';
import type { PageModel } from '../view-model.js';
import { Region } from './components.js';
import type { SectionFrontView, SponsorPicture, SponsorView } from './view-model.js';

const FRONT_CSS = [
  '.front-columns{display:grid;gap:24px}',
  '@media (min-width:992px){.front-columns{grid-template-columns:minmax(0,1fr) 300px}}',
  '.sponsored-heading{border-left:8px solid var(--wing-color)}',
  '.sponsored-takeover .sponsor-background img{width:100%;height:auto}',
  '.subscribe-button{display:inline-block;margin-left:12px;font-size:.9rem;vertical-align:middle;padding:4px 12px;border:1px solid var(--brand);border-radius:3px;text-decoration:none}',
  '.front .items{list-style:none;padding:0;margin:0}',
  '.front ol.items{list-style:decimal inside}',
  '.front .article-item{display:grid;grid-template-columns:auto 1fr;gap:12px;border-top:1px solid var(--rule);padding:12px 0}',
  '.front .article-item .item-title{font-size:1.05rem;margin:.2em 0}',
  '.front .item-image img{width:227px;height:auto}',
  '@media (max-width:767px){.front .item-image img{width:132px}}',
  '.front .kicker{font-size:.75rem;text-transform:uppercase;color:var(--accent);font-weight:700}',
  '.front .component-title{font-size:1.2rem;border-bottom:2px solid var(--accent);padding-bottom:4px}',
  '.front section{margin-bottom:24px}',
  '.region-right-rail .article-item{grid-template-columns:1fr}',
  '.region-right-rail .item-image img{width:100%}',
  '.front-columns>*{min-width:0}',
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
  const subscribe = view.subscribeHref ? (
    <a className="subscribe-button" href={view.subscribeHref}>
      Subscribe
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
