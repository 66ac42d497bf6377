/**
 * The games hub at /games (spec 2 §2 "Games hub with individual game pages"): one card per game
 * (spec 2 §3 Game card: title, dek, logo and dark logo, button linking to the game page, tracking
 * id), and the games layout's regions. Also the card and regions parts the game page reuses. Every
 * URL and text is already checked by render-workers/games/build-games-page.ts.
 */
import type { ReactNode } from 'react';
import { Region } from '../shared/front-components.js';
import { useUiText } from '../shell/ui-text-context.js';
import { FRONT_CSS } from '../shared/section-front-page.js';
import type { FrontComponent, FrontRegions } from '../shared/front-view-model.js';
import { Document } from '../shell/document.js';
import type { PageModel } from '../shared/view-model.js';

export interface GameCardView {
  title: string;
  dek?: string;
  logo?: string;
  logoDark?: string;
  /** The game page, /games/{id} (or upstream's checked URL). */
  url: string;
  buttonText: string;
  trackingId?: string;
}

/** Spec 2 §2: pre-content, main, left rail, right rail, post-content; each empty by default. */
export interface GameRegions extends FrontRegions {
  leftRail: FrontComponent[];
}

export interface GamesHubView {
  heading: string;
  cards: GameCardView[];
  regions: GameRegions;
}

/** Cards and rails shared by the hub and game pages. The dark logo shows with the dark theme. */
export const GAME_CARDS_CSS = [
  '.game-cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px;list-style:none;padding:0;margin:16px 0}',
  '.game-card{display:flex;flex-direction:column;gap:8px;padding:16px;border:1px solid #d9dde3;border-radius:8px}',
  '.game-card h2,.game-card h3{margin:0;font-size:1.1rem}',
  '.game-card p{margin:0}',
  '.game-logo{width:64px;height:64px}',
  '.game-logo-dark{display:none}',
  'html[data-theme="dark"] .game-logo-light{display:none}',
  'html[data-theme="dark"] .game-logo-dark{display:inline}',
  '.game-card-button{align-self:flex-start;margin-top:auto;padding:8px 16px;border-radius:4px;background:#003366;color:#fff;text-decoration:none;font-weight:700}',
  '.games-layout{display:flex;gap:24px}',
  '.games-layout>.games-content{flex:1;min-width:0}',
  '.games-rail{flex:0 0 300px}',
  '@media (max-width:1023px){.games-layout{display:block}.games-rail{width:auto}}',
].join('');

/** One card; `heading` keeps the heading levels in order where the card sits. */
export function GameCardItem({ card, heading: Heading }: { card: GameCardView; heading: 'h2' | 'h3' }) {
  return (
    <li className="game-card" {...(card.trackingId ? { 'data-tracking-id': card.trackingId } : {})}>
      {card.logo ? <img className="game-logo game-logo-light" src={card.logo} alt="" width={64} height={64} loading="lazy" /> : null}
      {card.logoDark ? <img className="game-logo game-logo-dark" src={card.logoDark} alt="" width={64} height={64} loading="lazy" /> : null}
      <Heading>
        <a href={card.url}>{card.title}</a>
      </Heading>
      {card.dek ? <p className="game-card-dek">{card.dek}</p> : null}
      <a className="game-card-button" href={card.url} aria-label={`${card.buttonText}: ${card.title}`}>
        {card.buttonText}
      </a>
    </li>
  );
}

/** The page body between the regions: left rail, content, right rail (spec 2 §2 regions). */
export function GamesRegionsFrame({ regions, children }: { regions: GameRegions; children: ReactNode }) {
  const text = useUiText();
  return (
    <>
      <Region name="pre-content" components={regions.preContent} front />
      <div className="games-layout">
        {regions.leftRail.length > 0 ? (
          <aside className="games-rail games-left-rail" aria-label={text.leftRail}>
            <Region name="left-rail" components={regions.leftRail} front />
          </aside>
        ) : null}
        <div className="games-content">
          {children}
          <Region name="main-components" components={regions.main} front />
        </div>
        {regions.rightRail.length > 0 ? (
          <div className="games-rail">
            <Region name="right-rail" components={regions.rightRail} as="aside" front />
          </div>
        ) : null}
      </div>
      <Region name="post-content" components={regions.postContent} front />
    </>
  );
}

export function GamesHubPage({ model }: { model: PageModel<GamesHubView> }) {
  const { view } = model;
  return (
    <Document head={model.head} shell={model.shell} bodyClass="page-games" extraHead={<style dangerouslySetInnerHTML={{ __html: FRONT_CSS + GAME_CARDS_CSS }} />}>
      <GamesRegionsFrame regions={view.regions}>
        <section className="games-hub" aria-labelledby="games-hub-heading">
          <h1 id="games-hub-heading">{view.heading}</h1>
          <ul className="game-cards">
            {view.cards.map((card) => (
              <GameCardItem key={card.url} card={card} heading="h2" />
            ))}
          </ul>
        </section>
      </GamesRegionsFrame>
    </Document>
  );
}
