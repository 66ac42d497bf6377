/**
 * Deals: the affiliate offer rules (spec 2 §3 "Affiliate offer", "Deal button", "Skimlinks deal";
 * spec 2 §5; spec 1 §3 "Deal"), which offers are shown, and the disclosures (spec 2 §9, spec 1 §9).
 * The edge router's /api/deals applies them to the products API's offers; the Deals island
 * and the article renderer read the same constants. Isomorphic: no Node APIs.
 */

// ---------------------------------------------------------------------------------------------
// Sources

/** Deal button types (spec 2 §3 "button_type (amazon or skimlinks)"). */
export const DEAL_TYPES = ['amazon', 'skimlinks'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

/** An Amazon deal uses 1 item (spec 1 §9, spec 2 §5). */
export const AMAZON_DEAL_ITEMS = 1;
/** Affiliate offers shown: 2 when an Amazon deal exists, else 3 (spec 2 §5). */
export const OFFERS_WITH_AMAZON_DEAL = 2;
export const OFFERS_WITHOUT_AMAZON_DEAL = 3;
/** Skimlinks deals keep only this currency (spec 2 §5). */
export const SKIMLINKS_CURRENCY = 'USD';
/** A deal without an affiliate link points here (spec 2 §3 "link default '#'"). */
export const DEFAULT_DEAL_LINK = '#';

/** Deal error texts (spec 2 §8), exactly. */
export const DEAL_ERRORS = {
  fetch: (type: DealType): string => `Error fetching ${type} deals`,
  invalidResponse: (type: DealType): string => `Invalid response for ${type} deals`,
  invalidUrl: 'Invalid URL provided',
} as const;

// ---------------------------------------------------------------------------------------------
// Offers in, deals out

/** One offer as the products API sends it (spec 2 §3; docs/upstream-contract.md §5.8). */
export interface AffiliateOffer {
  asin?: string | undefined;
  sku?: string | undefined;
  merchant_name: string;
  /** A price as upstream writes it ("19.99"); anything unparseable counts as 0. */
  price?: unknown;
  original_price?: unknown;
  urls?: { affiliated_url?: string | undefined } | undefined;
  /** Skimlinks only. */
  original_currency?: string | undefined;
  commission_rate?: unknown;
}

/** What the browser gets for one offer (spec 1 §3 "Deal"). */
export interface Deal {
  partner: DealType;
  /** The ASIN (Amazon) or SKU (Skimlinks); "" when upstream sent neither. */
  productId: string;
  merchant: { name: string; slug: string };
  /** The affiliate link, or '#'. */
  link: string;
  price: number;
  originalPrice: number;
  showSale: boolean;
}

/**
 * Merchant slug (spec 2 §3: "lowercase, non-alphanumerics removed, spaces to hyphens").
 *
 * The three steps, in this order: lowercase; remove every character that is not a-z, 0-9 or a
 * space; turn each space into a hyphen. Spaces must survive the removal step, because a space is
 * itself a non-alphanumeric: removing it there (or turning spaces into hyphens first and then
 * removing the hyphens) would make "spaces to hyphens" a rule that can never fire, and
 * "Best Buy" would become "bestbuy". Read literally otherwise: "alphanumerics" are ASCII letters
 * and digits ("Café" -> "caf"), existing hyphens are non-alphanumerics and go, and each space
 * becomes one hyphen with no collapsing or trimming ("Bed Bath & Beyond" -> "bed-bath--beyond").
 */
export function merchantSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/ /g, '-');
}

// "19.99", "1299", "1,299.00", "$19.99", " 19.99 ": a non-negative decimal, optionally with a
// leading dollar sign and thousands separators. Nothing else is a price.
const PRICE_TEXT = /^\$?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/** A price as a number (spec 2 §5: prices that do not parse count as 0). */
export function numericPrice(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : 0;
  if (typeof value !== 'string') return 0;
  const text = value.trim();
  if (!PRICE_TEXT.test(text)) return 0;
  const number = Number(text.replace(/[$,]/g, ''));
  return Number.isFinite(number) ? number : 0;
}

/** The sale flag: only when both prices are above 0 and price is below original price (spec 2 §5). */
export function isOnSale(price: number, originalPrice: number): boolean {
  return price > 0 && originalPrice > 0 && price < originalPrice;
}

// eslint-disable-next-line no-control-regex -- control characters and spaces are what this rejects
const UNSAFE_LINK_CHARACTERS = /[\u0000-\u0020\u007F-\u009F]/;

/** The affiliate link when it is an absolute http(s) URL, else '#' (spec 2 §3 "link default '#'"). */
export function dealLink(url: string | undefined): string {
  if (url === undefined || url === '' || url.length > 2048 || UNSAFE_LINK_CHARACTERS.test(url)) return DEFAULT_DEAL_LINK;
  if (!/^https?:\/\//i.test(url)) return DEFAULT_DEAL_LINK;
  try {
    const parsed = new URL(url);
    if (parsed.username !== '' || parsed.password !== '') return DEFAULT_DEAL_LINK;
  } catch {
    return DEFAULT_DEAL_LINK;
  }
  return url;
}

/** The browser's deal for one upstream offer. */
export function toDeal(partner: DealType, offer: AffiliateOffer): Deal {
  const price = numericPrice(offer.price);
  const originalPrice = numericPrice(offer.original_price);
  return {
    partner,
    productId: offer.asin ?? offer.sku ?? '',
    merchant: { name: offer.merchant_name, slug: merchantSlug(offer.merchant_name) },
    link: dealLink(offer.urls?.affiliated_url),
    price,
    originalPrice,
    showSale: isOnSale(price, originalPrice),
  };
}

/** The Amazon deal: the first offer only (spec 2 §5 "An Amazon deal uses 1 item"). */
export function amazonDeals(offers: readonly AffiliateOffer[]): Deal[] {
  return offers.slice(0, AMAZON_DEAL_ITEMS).map((offer) => toDeal('amazon', offer));
}

/** A commission rate as a number; missing or unparseable is 0 (so the offer is dropped). */
function commission(offer: AffiliateOffer): number {
  return numericPrice(offer.commission_rate);
}

/**
 * Skimlinks deals (spec 2 §5): keep only USD offers with commission_rate above 0, then sort by
 * commission descending with the first item kept first. Order of operations: the filter runs
 * first, so "the first item" is the first offer that survives it (a first offer in another
 * currency is not shown at all, let alone first). The rest keep their upstream order among equal
 * commissions (a stable sort).
 */
export function skimlinksDeals(offers: readonly AffiliateOffer[]): Deal[] {
  const kept = offers.filter((offer) => offer.original_currency === SKIMLINKS_CURRENCY && commission(offer) > 0);
  const [first, ...rest] = kept;
  if (first === undefined) return [];
  const sorted = [first, ...rest.map((offer, index) => ({ offer, index })).sort((a, b) => commission(b.offer) - commission(a.offer) || a.index - b.index).map(({ offer }) => offer)];
  return sorted.map((offer) => toDeal('skimlinks', offer));
}

/** How many offers are shown (spec 2 §5). */
export function offersShown(hasAmazonDeal: boolean): number {
  return hasAmazonDeal ? OFFERS_WITH_AMAZON_DEAL : OFFERS_WITHOUT_AMAZON_DEAL;
}

/**
 * The offers shown for one deals widget: the Amazon deal first when there is one, then the
 * Skimlinks deals, at most 2 in all when an Amazon deal exists, else at most 3 (spec 2 §5). A
 * source that was skipped (failed, spec 2 §8) is passed as an empty list: with no Amazon deal,
 * three Skimlinks offers show.
 */
export function combineDeals(amazon: readonly Deal[], skimlinks: readonly Deal[]): Deal[] {
  const amazonDeal = amazon.slice(0, AMAZON_DEAL_ITEMS);
  return [...amazonDeal, ...skimlinks].slice(0, offersShown(amazonDeal.length > 0));
}

// ---------------------------------------------------------------------------------------------
// When deals show, and the disclosures (spec 2 §5, §9; spec 1 §9)

export const SHOPPING_TAG = 'shopping';
export const COMMERCE_TAG = 'commerce';
export const DEALS_SECTION = 'deals';

/** Disclosure texts (spec 2 §9; spec 1 §9 quotes the same without the names). */
export const DISCLOSURE_TEXTS = {
  shopping: 'Fox News may earn a commission if you buy through our referral links.',
  commerce: 'This content was created by a team that works independently from the Fox newsroom.',
} as const;

export interface Disclosure {
  /** The tag that decided. */
  tag: typeof SHOPPING_TAG | typeof COMMERCE_TAG;
  /** Sentences in display order: the commerce version adds its sentence to the shopping one. */
  lines: string[];
}

/** The last segment of a tag path or the slug itself: "fox-news/lifestyle/shopping" -> "shopping". */
export function lastTagSegment(tag: string): string {
  const segments = tag.split('/').filter((segment) => segment !== '');
  return (segments[segments.length - 1] ?? '').toLowerCase();
}

/**
 * The disclosure for an article's tags (tag paths or slugs, in upstream order). When both shopping
 * and commerce tags exist, the later tag in the list decides (spec 1 §9, spec 2 §9).
 */
export function disclosureFor(tags: readonly string[]): Disclosure | null {
  let decided: Disclosure['tag'] | null = null;
  for (const tag of tags) {
    const segment = lastTagSegment(tag);
    if (segment === SHOPPING_TAG || segment === COMMERCE_TAG) decided = segment;
  }
  if (decided === null) return null;
  return decided === SHOPPING_TAG
    ? { tag: SHOPPING_TAG, lines: [DISCLOSURE_TEXTS.shopping] }
    : { tag: COMMERCE_TAG, lines: [DISCLOSURE_TEXTS.shopping, DISCLOSURE_TEXTS.commerce] };
}

/** Deals show when the section is deals or the tags include shopping or commerce (spec 1 §9, spec 2 §5). */
export function showsDeals(section: string, tags: readonly string[]): boolean {
  if (section === DEALS_SECTION) return true;
  return tags.some((tag) => {
    const segment = lastTagSegment(tag);
    return segment === SHOPPING_TAG || segment === COMMERCE_TAG;
  });
}
