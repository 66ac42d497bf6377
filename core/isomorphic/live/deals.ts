/**
 * GET /api/deals, the affiliate offers of a deal button (spec 2 §3, §5, §8). The one owner of the
 * endpoint's contract: its path, its query, its answer and the browser's check of the answer.
 * The edge serves it (edge-router/plugins/live-deals.ts, where the query's rules are read); the
 * Deals island asks it. Isomorphic: no Node APIs, nothing secret.
 */
import { DEAL_TYPES, type Deal, type DealType } from '../deals.js';
import { isRecord } from '../guards.js';
import { hasSafeUrlStart } from '../safe-url.js';

export const DEALS_PATH = '/api/deals';
/** Most ASINs or product URLs one request may name: a deal button lists a few products. */
export const DEALS_MAX_ITEMS = 10;

/** A deal button's request: its button_type and button_data (ASINs or product URLs). */
export interface DealsRequest {
  type: DealType;
  items: readonly string[];
}

/** A source the answer skipped, with the spec 2 §8 text. */
export interface DealError {
  type: DealType;
  message: string;
}

/** The 200 answer. */
export interface DealsResponse {
  offers: Deal[];
  errors: DealError[];
}

export function isDealType(value: unknown): value is DealType {
  return typeof value === 'string' && (DEAL_TYPES as readonly string[]).includes(value);
}

/** `/api/deals?type=amazon&asin=A,B` or `?type=skimlinks&product_urls=u,v`: the browser's request. */
export function dealsUrl({ type, items }: DealsRequest): string {
  const query = new URLSearchParams({ type, [type === 'amazon' ? 'asin' : 'product_urls']: items.join(',') });
  return `${DEALS_PATH}?${query.toString()}`;
}

/** The browser's check of one offer: null when it is not one (never trust the wire). */
export function parseDeal(value: unknown): Deal | null {
  if (!isRecord(value) || !isDealType(value.partner) || !isRecord(value.merchant)) return null;
  const { productId, link, price, originalPrice, showSale } = value;
  const { name, slug } = value.merchant;
  if (typeof name !== 'string' || typeof slug !== 'string' || typeof productId !== 'string' || typeof link !== 'string') return null;
  if (typeof price !== 'number' || typeof originalPrice !== 'number' || typeof showSale !== 'boolean') return null;
  // Only an http(s) affiliate link becomes an href; '#' (no link, spec 2 §3) stays '#'.
  const safe = hasSafeUrlStart(link, { absoluteOnly: true }) ? link : '#';
  return { partner: value.partner, productId, merchant: { name, slug }, link: safe, price, originalPrice, showSale };
}

/** The browser's check of the answer: its usable offers, or null when it is not a deals answer. */
export function parseDealsResponse(body: unknown): Deal[] | null {
  if (!isRecord(body) || !Array.isArray(body.offers)) return null;
  return body.offers.map(parseDeal).filter((deal): deal is Deal => deal !== null);
}
