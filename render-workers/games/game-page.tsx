/**
 * A game page at /games/{id} (spec 2 §2 "Game page", §9): in reading order
 *   1 header text and call-to-action (with the How to Play info modal island),
 *   2 date title bar, 3 social icons (share links only for games with share permission),
 *   4 game frame (an iframe 700px high), 5 games promo (the other games, each linking to its game),
 *   6 comments,
 * with the ad units after parts 3, 4 and 6 (render-workers/games/game-rules.ts GAME_AD_UNITS),
 * the mobile adhesion ad, the games layout's regions, and the `mode=app` switch (network nav,
 * header and footer hidden before the first paint by APP_MODE_SCRIPT and APP_MODE_CSS). The
 * page's own texts are its edition's (core/isomorphic/ui-text.ts).
 */
import { uiText } from '../../core/isomorphic/ui-text.js';
import { Island } from '../../interactive-bundle/island.js';
import type { GameInfoModalProps } from '../../interactive-bundle/islands/game-info-modal.island.js';
import type { AdSlotModel } from '../blocks/types.js';
import { AdSlot } from '../shared/ad-slot.js';
import { FRONT_CSS } from '../shared/section-front-page.js';
import { APP_MODE_CSS, APP_MODE_SCRIPT, type GameAdPosition } from './game-rules.js';
import { Document } from '../shell/document.js';
import { ShareList, type ShareLink } from '../shell/share-links.js';
import type { PageModel } from '../shared/view-model.js';
import { GAME_CARDS_CSS, GameCardItem, GamesRegionsFrame, type GameCardView, type GameRegions } from './games-hub-page.js';

export interface GamePageView {
  id: string;
  title: string;
  dek?: string;
  cta: { text: string; url: string };
  /** The date title bar: the render day in the site's time zone, named in the edition's language. */
  date: { iso: string; label: string };
  /** Empty for a game without share permission (spec 2 §9). */
  share: ShareLink[];
  /** src checked and sandbox chosen by render-workers/games/game-frame.ts. */
  frame: { src: string; sandbox: string; allow: string; title: string; height: number; className?: string };
  info: GameInfoModalProps;
  promo: GameCardView[];
  ads: Record<GameAdPosition, AdSlotModel[]>;
  adhesion: AdSlotModel;
  regions: GameRegions;
}

const GAME_CSS = [
  '.game-header{display:flex;flex-wrap:wrap;align-items:center;gap:12px 24px;margin:16px 0}',
  '.game-header h1{margin:0;flex-basis:100%}',
  '.game-header p{margin:0;flex-basis:100%}',
  '.game-cta{padding:10px 20px;border-radius:4px;background:#c20017;color:#fff;font-weight:700;text-decoration:none}',
  '.game-info-open{padding:9px 16px;border:1px solid currentColor;border-radius:4px;background:none;color:inherit;font:inherit;cursor:pointer}',
  '.game-info-dialog{max-width:min(90vw,520px);border:0;border-radius:8px;padding:24px}',
  '.game-info-dialog::backdrop{background:rgba(0,0,0,.6)}',
  '.game-date-bar{margin:0;padding:8px 12px;border-top:3px solid #003366;border-bottom:1px solid #d9dde3;font-weight:700;text-transform:uppercase}',
  '.game-share{display:flex;gap:8px;list-style:none;padding:0;margin:12px 0}',
  '.game-share a{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:50%;background:#003366;color:#fff;text-decoration:none;font-weight:700}',
  '.game-frame{display:block;width:100%;border:0}',
  '.game-comments{margin:24px 0}',
  '.game-adhesion .ad{position:fixed;left:0;right:0;bottom:0;z-index:10;margin:0;min-height:50px}',
  '@media (max-width:767px){body.page-game{padding-bottom:50px}}',
].join('');

export function GamePage({ model }: { model: PageModel<GamePageView> }) {
  const { view } = model;
  const text = uiText(model.shell.site.id);
  const ads = (position: GameAdPosition) => view.ads[position].map((slot) => <AdSlot key={slot.id} slot={slot} />);
  return (
    <Document
      head={model.head}
      shell={model.shell}
      bodyClass="page-game"
      extraHead={
        <>
          <script dangerouslySetInnerHTML={{ __html: APP_MODE_SCRIPT }} />
          <style dangerouslySetInnerHTML={{ __html: APP_MODE_CSS + FRONT_CSS + GAME_CARDS_CSS + GAME_CSS }} />
        </>
      }
    >
      <GamesRegionsFrame regions={view.regions}>
        <article className="game-page" aria-labelledby="game-title">
          <header className="game-header">
            <h1 id="game-title">{view.title}</h1>
            {view.dek ? <p className="game-dek">{view.dek}</p> : null}
            <a className="game-cta" href={view.cta.url}>
              {view.cta.text}
            </a>
            <Island name="GameInfoModal" props={view.info} />
          </header>
          <p className="game-date-bar">
            <time dateTime={view.date.iso}>{view.date.label}</time>
          </p>
          {view.share.length > 0 ? (
            <ShareList links={view.share} className="game-share" label={text.share} />
          ) : null}
          {ads(3)}
          <section className="game-frame-section" id="game-frame" aria-label={view.frame.title}>
            <iframe
              className={['game-frame', view.frame.className].filter(Boolean).join(' ')}
              src={view.frame.src}
              title={view.frame.title}
              height={view.frame.height}
              style={{ height: `${view.frame.height}px` }}
              sandbox={view.frame.sandbox}
              allow={view.frame.allow}
            />
          </section>
          {ads(4)}
          {view.promo.length > 0 ? (
            <section className="games-promo" aria-labelledby="games-promo-heading">
              <h2 id="games-promo-heading">{text.moreGames}</h2>
              <ul className="game-cards">
                {view.promo.map((card) => (
                  <GameCardItem key={card.url} card={card} heading="h3" />
                ))}
              </ul>
            </section>
          ) : null}
          <section className="comments game-comments" id="comments" aria-label={text.comments}>
            <h2>{text.comments}</h2>
            <p>{text.commentsUnavailable}</p>
          </section>
          {ads(6)}
        </article>
      </GamesRegionsFrame>
      <div className="game-adhesion">
        <AdSlot slot={view.adhesion} />
      </div>
    </Document>
  );
}
