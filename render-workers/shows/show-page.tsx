/**
 * The show page (spec 2 §2): the top banner (headshot, logo and background images), the show
 * sub-navigation as a labelled nav, the description, the hosts linking to their person pages, and
 * the regions of the show's layout. Every URL and text in the view is already checked by
 * render-workers/shows/build-show-page.ts.
 */
import { LeftRail, Region } from '../shared/front-components.js';
import { FRONT_CSS } from '../shared/section-front-page.js';
import type { FrontComponent, FrontRegions } from '../shared/front-view-model.js';
import { Document } from '../shell/document.js';
import { JsonLd } from '../shared/structured-data/news-article.js';
import type { PageModel } from '../shared/view-model.js';
import type { PosterSize } from './show-rules.js';
import { fillText, uiText } from '../../core/isomorphic/ui-text.js';

export interface PosterView {
  src: string;
  alt: string;
  sizes: { desktop: PosterSize; tablet: PosterSize; mobile: PosterSize };
}

export interface ShowPageView {
  title: string;
  description: string;
  airtime?: string;
  banner: { headshot?: string; logo?: string; background?: string };
  poster?: PosterView;
  subNav: { label: string; url: string }[];
  hosts: { name: string; url?: string }[];
  regions: FrontRegions;
  /** The layout's left rail (spec 2 §2), empty by default. */
  leftRail?: FrontComponent[];
  jsonLd: unknown;
}

/** Poster CSS: the desktop size, then each smaller breakpoint's (spec 2 §9 breakpoints 1024, 768). */
export function posterCss(className: string, sizes: PosterView['sizes']): string {
  const rule = (size: PosterSize) => `.${className}{width:${size.width}px;height:${size.height}px;object-fit:cover}`;
  return `${rule(sizes.desktop)}@media (max-width:1023px){${rule(sizes.tablet)}}@media (max-width:767px){${rule(sizes.mobile)}}`;
}

export function Poster({ poster, className }: { poster: PosterView; className: string }) {
  const { desktop } = poster.sizes;
  return <img className={className} src={poster.src} alt={poster.alt} width={desktop.width} height={desktop.height} loading="lazy" />;
}

const SHOW_CSS = [
  '.show-banner{position:relative;display:flex;align-items:center;gap:16px;min-height:180px;padding:16px;background:#0b1f3a;color:#fff;overflow:hidden}',
  '.show-banner-background{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:.35}',
  '.show-banner>*:not(.show-banner-background){position:relative}',
  '.show-headshot{width:120px;height:120px;border-radius:50%;object-fit:cover}',
  '.show-logo{max-height:64px;width:auto}',
  '.show-subnav ul{display:flex;gap:16px;list-style:none;padding:0;margin:12px 0}',
  '.show-hosts ul{list-style:none;padding:0}',
  // On a phone the title takes its own full-width row below the headshot and logo, so it
  // is never squeezed into a sliver and cut by the banner.
  '.show-banner{flex-wrap:wrap}',
  '.show-banner>div{flex:1 1 12rem;min-width:0}',
  '.show-title{font-size:var(--fs-2xl);font-weight:800;margin:0}',
  '@media (max-width:767px){.show-headshot{width:72px;height:72px}.show-logo{max-height:40px}.show-banner>div{flex-basis:100%}}',
  '.show-intro{display:flex;flex-wrap:wrap;gap:var(--space-4);align-items:flex-start}',
  '.show-intro .show-description{flex:1 1 16rem;font-size:var(--fs-lg)}',
].join('');

export function ShowPage({ model }: { model: PageModel<ShowPageView> }) {
  const { view } = model;
  const text = uiText(model.shell.site.id);
  const css = SHOW_CSS + (view.poster ? posterCss('show-poster', view.poster.sizes) : '');
  return (
    <Document
      head={model.head}
      shell={model.shell}
      bodyClass="page-show"
      extraHead={
        <>
          <style dangerouslySetInnerHTML={{ __html: FRONT_CSS + css }} />
          <JsonLd data={view.jsonLd} />
        </>
      }
    >
      <article className="show-page front">
        <header className="show-banner">
          {view.banner.background ? <img className="show-banner-background" src={view.banner.background} alt="" /> : null}
          {view.banner.headshot ? <img className="show-headshot" src={view.banner.headshot} alt={view.hosts.map((host) => host.name).join(', ')} /> : null}
          {view.banner.logo ? <img className="show-logo" src={view.banner.logo} alt={fillText(text.showLogo, { show: view.title })} /> : null}
          <div>
            <h1 className="show-title">{view.title}</h1>
            {view.airtime ? <p className="show-airtime">{view.airtime}</p> : null}
          </div>
        </header>
        {view.subNav.length > 0 ? (
          <nav className="show-subnav" aria-label={fillText(text.showNavigation, { show: view.title })}>
            <ul>
              {view.subNav.map((link) => (
                <li key={`${link.label}-${link.url}`}>
                  <a href={link.url}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <Region name="pre-content" components={view.regions.preContent} />
        <div className="show-intro">
          {view.poster ? <Poster poster={view.poster} className="show-poster" /> : null}
          {view.description ? <p className="show-description">{view.description}</p> : null}
        </div>
        {view.hosts.length > 0 ? (
          <section className="show-hosts" aria-labelledby="show-hosts-heading">
            <h2 id="show-hosts-heading">{text.hosts}</h2>
            <ul>
              {view.hosts.map((host) => (
                <li key={host.name}>{host.url ? <a href={host.url}>{host.name}</a> : host.name}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <LeftRail components={view.leftRail ?? []} />
        <Region name="main-components" components={view.regions.main} />
        <Region name="right-rail" components={view.regions.rightRail} as="aside" />
        <Region name="post-content" components={view.regions.postContent} />
      </article>
    </Document>
  );
}
