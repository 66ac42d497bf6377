/**
 * GET /api/instagram, an Instagram post's embed markup (spec 1 §4, §7, §8). The one owner of the
 * endpoint's contract: its path, its query, its answer and the browser's check of the answer.
 * The edge serves it (edge-router/plugins/live-instagram.ts: it cuts the markup down to
 * Instagram's blockquote); the SocialEmbed island asks it. Isomorphic: no Node APIs, nothing secret.
 */
import { isRecord } from '../guards.js';

export const INSTAGRAM_PATH = '/api/instagram';
/** Spec 1 §7: maxwidth 1400. */
export const INSTAGRAM_DEFAULT_MAX_WIDTH = 1400;
/** oEmbed's own minimum. */
export const INSTAGRAM_MIN_MAX_WIDTH = 320;

export interface InstagramQuery {
  /** The post's URL; the edge answers for its canonical form https://www.instagram.com/{kind}/{shortcode}/. */
  url: string;
  hidecaption: boolean;
  maxwidth: number;
  omitscript: boolean;
}

/** The 200 answer: the embed's cleaned markup. */
export interface InstagramResponse {
  html: string;
}

/** `/api/instagram?url=…&hidecaption=…&maxwidth=…&omitscript=…`: the browser's request. */
export function instagramUrl(query: InstagramQuery): string {
  const params = new URLSearchParams({ url: query.url, hidecaption: String(query.hidecaption), maxwidth: String(query.maxwidth), omitscript: String(query.omitscript) });
  return `${INSTAGRAM_PATH}?${params.toString()}`;
}

/** The browser's check of the answer: its markup, or null when it carries none. */
export function parseInstagramResponse(body: unknown): string | null {
  const html = isRecord(body) ? body.html : undefined;
  return typeof html === 'string' && html !== '' ? html : null;
}
