/**
 * The games layout's component models (spec 2 §3 Game and Game card; docs/upstream-contract.md
 * §4.3 "games"), validated at the boundary. The layout keeps components open (`{ type, model }`,
 * core/upstream/schemas.ts); these two types belong to the games layout only:
 *
 * | type | model |
 * |---|---|
 * | `game-card` | `{ title?; items: GameCard[] }`: the cards of the hub and the games promo |
 * | `games` | `{ items: Game[] }`: one entry per game, its frame and meta |
 *
 * Items are validated one by one so one bad item skips only itself (logged by the builder).
 */
import { z } from 'zod';

const text = z.string();
const optionalText = z.string().optional();

/** Spec 2 §3 "Game card: title, dek, logo, logoDark, buttonUrl, buttonText, trackingId". */
export const gameCardSchema = z.looseObject({
  title: text.min(1),
  dek: optionalText,
  logo: optionalText,
  logoDark: optionalText,
  /** The game page the card links to, `/games/{id}` (or an absolute URL with that path). */
  buttonUrl: text.min(1),
  buttonText: optionalText,
  trackingId: optionalText,
});
export type GameCard = z.infer<typeof gameCardSchema>;

/**
 * Spec 2 §3 "Game: title, class, buttonUrl, metaTitle, metaDescription, elementId". `buttonUrl`
 * is the game itself (what the game frame loads); `elementId` is the game id of `/games/{id}`;
 * `class` names the game's frame style. `howToPlay` (not in the spec) fills the info modal.
 */
export const gameSchema = z.looseObject({
  title: text.min(1),
  class: optionalText,
  buttonUrl: text.min(1),
  metaTitle: optionalText,
  metaDescription: optionalText,
  elementId: text.min(1),
  howToPlay: z.array(text).default([]),
});
export type Game = z.infer<typeof gameSchema>;

/** Items stay open here: each is validated alone with the item schema. */
export const gameCardModelSchema = z.looseObject({ title: optionalText, items: z.array(z.unknown()) });
export const gamesModelSchema = z.looseObject({ items: z.array(z.unknown()) });

/** The component types the games builder consumes; the rest of the layout are front components. */
export const GAME_CARD_COMPONENT = 'game-card';
export const GAMES_COMPONENT = 'games';
export const GAME_COMPONENT_TYPES: readonly string[] = [GAME_CARD_COMPONENT, GAMES_COMPONENT];
