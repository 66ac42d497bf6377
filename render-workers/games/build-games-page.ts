/**
 * Games hub (/games) and game pages (/games/{id}) (spec 2 §2, §3, §7, §8, §9), from the games
 * layout (layout service subtype `games`, elementId `games`, data key `layout:games:games`).
 *
 * The layout's main region carries two games components (render-workers/games/game-schemas.ts):
 * `game-card` (the cards; spec 2 §7 "the game-card component's model items, keeping those whose
 * buttonUrl contains the game id") and `games` (each game's frame and meta). Every other component
 * of the layout's regions (pre-content, main, left rail, right rail, post-content; each empty by
 * default) renders as a front component.
 *
 * Not found (return null: nothing written, the edge router serves the stored 404 page, spec 2 §8):
 * a missing layout, a hub with no cards, a game with no card or no Game entry ("undefined game"),
 * or a game whose frame URL the safe-URL rule refuses (logged as a skip; game-frame.ts sandboxes
 * the frame). A layout fetch failure is logged (spec 2 §8) and fails the render with the client's
 * retryable error: for a pre-rendering pipeline a failed read is not "not found" (docs/architecture.md "Failure handling"), so the
 * job retries and the stored pages stay meanwhile.
 *
 * Upstream's texts come in the edition's language; the pages' own (the hub heading and
 * description, a card's default button text, the promo heading, How to Play, Comments, Share) are
 * the edition's from core/isomorphic/ui-text.ts, and the date bar names the day in its language.
 */
import { createElement } from 'react';
import type { z } from 'zod';
import { easternDay, weekdayDateLabel } from '../../core/isomorphic/relative-time.js';
import type { SiteId } from '../../core/isomorphic/sites.js';
import { isUpstreamFailure } from '../../core/upstream/client.js';
import { describeIssues, type Layout } from '../../core/upstream/schemas.js';
import { toPlainText } from '../blocks/sanitize.js';
import { loadFrontRegions } from '../shared/load-components.js';
import { safeHref, safeImageSrc } from '../shared/links.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { GamePage, type GamePageView } from './game-page.js';
import { shareLinks } from '../shell/share-links.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { GamesHubPage, type GameCardView, type GameRegions } from './games-hub-page.js';
import { renderDocument } from '../shared/render-html.js';
import {
  GAME_AD_UNITS,
  GAME_ADHESION_AD,
  GAME_FRAME_HEIGHT,
  GAMES_LAYOUT_ELEMENT_ID,
  GAMES_LAYOUT_SUBTYPE,
  GAMES_PATH,
  canShareGame,
  cardOfGame,
  gameIdFromPath,
  gamePathOf,
  otherGames,
} from './game-rules.js';
import { gameFrameSource } from './game-frame.js';
import { GAME_CARD_COMPONENT, GAME_COMPONENT_TYPES, GAMES_COMPONENT, gameCardModelSchema, gameCardSchema, gameSchema, gamesModelSchema, type Game, type GameCard } from './game-schemas.js';
import { htmlPage } from '../page-objects.js';

export { GAMES_PATH, isGamesPath } from './game-rules.js';

interface GamesData {
  layout: Layout;
  cards: GameCard[];
  games: Game[];
}

/** The games layout with its cards and games; null when missing. A failed fetch is logged and thrown. */
export async function loadGamesData(ctx: PageBuildContext): Promise<GamesData | null> {
  let layout: Layout | null;
  try {
    layout = await ctx.client.getLayout(GAMES_LAYOUT_SUBTYPE, GAMES_LAYOUT_ELEMENT_ID);
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    // Spec 2 §8: the failure is logged. Thrown rather than treated as not found (docs/architecture.md "Failure handling").
    ctx.log.error({ error, layout: { subtype: GAMES_LAYOUT_SUBTYPE, elementId: GAMES_LAYOUT_ELEMENT_ID } }, 'games layout fetch failed');
    throw error;
  }
  if (layout === null) {
    ctx.log.info({ layout: { subtype: GAMES_LAYOUT_SUBTYPE, elementId: GAMES_LAYOUT_ELEMENT_ID } }, 'no games layout');
    return null;
  }
  // Spec 2 §7: "The games list reads results[0].main".
  const cards = itemsOf(ctx, layout, GAME_CARD_COMPONENT, gameCardModelSchema, gameCardSchema);
  const games = itemsOf(ctx, layout, GAMES_COMPONENT, gamesModelSchema, gameSchema);
  return { layout, cards, games };
}

/** The valid items of every `type` component of the main region; invalid ones logged and skipped. */
function itemsOf<T>(ctx: PageBuildContext, layout: Layout, type: string, modelSchema: z.ZodType<{ items: unknown[] }>, itemSchema: z.ZodType<T>): T[] {
  return layout.main.flatMap((component, index) => {
    if (component.type !== type) return [];
    const model = modelSchema.safeParse(component.model);
    if (!model.success) {
      ctx.log.warn({ layoutComponent: { region: 'main', index, type } }, `Invalid ${type} component: ${describeIssues(model.error)}`);
      return [];
    }
    return model.data.items.flatMap((item, itemIndex) => {
      const parsed = itemSchema.safeParse(item);
      if (parsed.success) return [parsed.data];
      ctx.log.warn({ layoutComponent: { region: 'main', index, type, item: itemIndex } }, `Invalid ${type} item: ${describeIssues(parsed.error)}`);
      return [];
    });
  });
}

/** Every region as front components (spec 2 §2: each defaults to empty); the games components are ours. */
async function loadRegions(ctx: PageBuildContext, layout: Layout): Promise<GameRegions> {
  const own = (components: Layout['main']) => components.filter((component) => !GAME_COMPONENT_TYPES.includes(component.type));
  const regions = await loadFrontRegions(ctx.client, { ...layout, main: own(layout.main) }, ctx.log);
  // loadFrontRegions knows no left rail: it loads as the main region of a layout holding only it.
  const left = await loadFrontRegions(ctx.client, { ...layout, preContent: [], main: own(layout.leftRail), rightRail: [], postContent: [] }, ctx.log);
  return { ...regions, leftRail: left.main };
}

/** A card as shown; its button reads upstream's buttonText, else the edition's default. */
function cardView(card: GameCard, site: SiteId): GameCardView | null {
  const url = gamePathOf(card.buttonUrl) ?? safeHref(card.buttonUrl);
  if (url === undefined) return null;
  const logo = safeImageSrc(card.logo);
  const logoDark = safeImageSrc(card.logoDark);
  const dek = card.dek === undefined ? '' : toPlainText(card.dek);
  const buttonText = card.buttonText === undefined ? '' : toPlainText(card.buttonText);
  return {
    title: toPlainText(card.title),
    url,
    buttonText: buttonText === '' ? uiText(site).playNow : buttonText,
    ...(dek === '' ? {} : { dek }),
    ...(logo === null ? {} : { logo }),
    ...(logoDark === null ? {} : { logoDark }),
    ...(card.trackingId === undefined ? {} : { trackingId: toPlainText(card.trackingId) }),
  };
}

function gamesPage<Kind extends GamesPageKind>(ctx: PageBuildContext, kind: Kind, html: string): BuiltPage<Kind> {
  return htmlPage(kind, ctx.site.id, ctx.path, html);
}

type GamesPageKind = 'games' | 'game';

export async function buildGamesPage(ctx: PageBuildContext): Promise<BuiltPage<GamesPageKind> | null> {
  if (ctx.path === GAMES_PATH) return buildHub(ctx);
  const id = gameIdFromPath(ctx.path);
  if (id === null) {
    ctx.log.info({ game: { path: ctx.path } }, 'not a game id');
    return null;
  }
  return buildGame(ctx, id);
}

async function buildHub(ctx: PageBuildContext): Promise<BuiltPage<'games'> | null> {
  const data = await loadGamesData(ctx);
  if (data === null) return null;
  const cards = data.cards.map((card) => cardView(card, ctx.site.id)).filter((card): card is GameCardView => card !== null);
  if (cards.length === 0) {
    ctx.log.info('no game cards; nothing to list');
    return null;
  }
  const [shell, regions] = await Promise.all([loadShell(ctx.client, ctx.shellContext, { topicUrl: GAMES_PATH }), loadRegions(ctx, data.layout)]);
  // The games section's pages use their title alone, without the site-name suffix (spec 1 §2.5).
  const text = uiText(ctx.site.id);
  const head = buildHead({ site: ctx.site, title: text.games, siteSuffix: false, description: text.gamesDescription, canonicalUrl: canonicalFor(ctx.publicOrigin, GAMES_PATH) });
  const html = renderDocument(createElement(GamesHubPage, { model: { head, shell, view: { heading: text.games, cards, regions } } }));
  return gamesPage(ctx, 'games', html);
}

async function buildGame(ctx: PageBuildContext, id: string): Promise<BuiltPage<'game'> | null> {
  const data = await loadGamesData(ctx);
  if (data === null) return null;
  const card = cardOfGame(data.cards, id);
  const game = data.games.find((entry) => entry.elementId === id);
  const frameSource = game === undefined ? null : gameFrameSource(game.buttonUrl, ctx.publicOrigin);
  const current = card === undefined ? null : cardView(card, ctx.site.id);
  if (card === undefined || game === undefined || frameSource === null || current === null) {
    // Spec 2 §8 "undefined ... game": not found.
    ctx.log.info({ game: { id, card: card !== undefined, game: game !== undefined } }, 'no game with this id');
    return null;
  }
  if (!frameSource.crossOrigin) ctx.log.info({ game: { id, src: frameSource.src } }, 'game frame on the site\'s own origin: sandboxed without allow-same-origin');
  const [shell, regions] = await Promise.all([loadShell(ctx.client, ctx.shellContext, { topicUrl: GAMES_PATH }), loadRegions(ctx, data.layout)]);
  const path = `${GAMES_PATH}/${id}`;
  const canonicalUrl = canonicalFor(ctx.publicOrigin, path);
  const title = toPlainText(game.title);
  const dek = current.dek ?? '';
  const view: GamePageView = {
    id,
    title: current.title,
    ...(dek === '' ? {} : { dek }),
    cta: { text: current.buttonText, url: '#game-frame' },
    date: { iso: easternDay(ctx.now), label: weekdayDateLabel(ctx.now, ctx.site.lang) },
    // Social icons (spec 2 §2), only for games with share permission (§9).
    share: canShareGame(id) ? shareLinks(canonicalUrl, title, uiText(ctx.site.id)) : [],
    frame: {
      src: frameSource.src,
      sandbox: frameSource.sandbox,
      allow: frameSource.allow,
      title,
      height: GAME_FRAME_HEIGHT,
      ...(frameClass(game.class) === undefined ? {} : { className: frameClass(game.class) }),
    },
    // The island renders its own texts, so it takes the edition: hydration then shows the same ones.
    info: { gameTitle: title, paragraphs: [...(dek === '' ? [] : [dek]), ...game.howToPlay.map(toPlainText).filter((p) => p !== '')], site: ctx.site.id },
    promo: otherGames(data.cards, card)
      .map((other) => cardView(other, ctx.site.id))
      .filter((view): view is GameCardView => view !== null),
    ads: GAME_AD_UNITS,
    adhesion: GAME_ADHESION_AD,
    regions,
  };
  const description = toPlainText(game.metaDescription ?? '') || dek || title;
  const head = buildHead({ site: ctx.site, title: toPlainText(game.metaTitle ?? '') || title, siteSuffix: false, description, canonicalUrl, ...(current.logo === undefined ? {} : { imageUrl: current.logo }) });
  const html = renderDocument(createElement(GamePage, { model: { head, shell, view } }));
  return gamesPage(ctx, 'game', html);
}

/** A CSS class name from upstream's `class`, or undefined when it is not a plain one. */
function frameClass(value: string | undefined): string | undefined {
  return value !== undefined && /^[a-z][a-z0-9-]{0,63}$/i.test(value) ? value : undefined;
}

