/**
 * A deal button's offers (spec 2 §3 "Deal button", "Affiliate offer"; §5 rules; §9 disclosures;
 * spec 1 §7 "A tracking event 'deal-tracking' fires on deal clicks").
 *
 * The render worker writes the button's type and product list (ASINs or product URLs) and the
 * disclosure for the article's tags (core/isomorphic/deals.ts `disclosureFor`), server-rendered
 * so it is there without script. In the browser the island asks the edge router's /api/deals,
 * which applies every offer rule (Amazon 1 item, Skimlinks USD and commission order, 2 or 3
 * shown), and lists the offers: merchant, price, the original price struck through and a "Sale"
 * flag when showSale, and a sponsored link opening in a new tab.
 *
 * The 'deal-tracking' event: a click on an offer's link dispatches
 *   window.dispatchEvent(new CustomEvent('deal-tracking', { detail: DealTrackingDetail }))
 * with the offer's partner, productId, merchant name and slug, price, originalPrice, showSale and
 * link, before the browser follows the link (to a new tab). Analytics code listens on window.
 *
 * When the endpoint fails (an error status, a network error, an unexpected body) or answers no
 * offers, the island says so (DEALS_ERROR_TEXT) instead of showing an empty box.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import type { Deal, DealType } from '../../core/isomorphic/deals.js';
import { DEALS_PATH, dealsUrl, isDealType, parseDeal, parseDealsResponse } from '../../core/isomorphic/live/deals.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';

/** The edge endpoint the island asks (its contract: core/isomorphic/live/deals.ts). */
export const DEALS_ENDPOINT = DEALS_PATH;
export const DEAL_TRACKING_EVENT = 'deal-tracking';
export const DEALS_TEXTS = {
  loading: 'Loading deals…',
  error: 'Deals are unavailable right now.',
  sale: 'Sale',
  shop: (merchant: string): string => `Shop at ${merchant}`,
  wasPrice: 'Original price',
} as const;

/** What a 'deal-tracking' listener receives as `event.detail`. */
export type DealTrackingDetail = {
  partner: DealType;
  productId: string;
  merchant: { name: string; slug: string };
  price: number;
  originalPrice: number;
  showSale: boolean;
  link: string;
};

export type DealsProps = {
  /** The deal button's button_type. */
  type: DealType;
  /** The button_data: ASINs (amazon) or product URLs (skimlinks), already validated. */
  items: string[];
  title?: string;
  /** The disclosure sentences for the article's tags (spec 2 §9), server-rendered. */
  disclosure: string[];
  endpoint: typeof DEALS_ENDPOINT;
};

function stringList(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string')) {
    throw new IslandPropsError(`Deals ${name} must be a list of strings`);
  }
  return value;
}

export function parseDealsProps(props: JsonObject): DealsProps {
  const { type, items, title, disclosure, endpoint } = props;
  if (!isDealType(type)) throw new IslandPropsError('Deals type must be amazon or skimlinks');
  if (endpoint !== DEALS_ENDPOINT) throw new IslandPropsError(`Deals endpoint must be ${DEALS_ENDPOINT}`);
  if (title !== undefined && typeof title !== 'string') throw new IslandPropsError('Deals title must be a string');
  const list = stringList(items, 'items');
  if (list.length === 0) throw new IslandPropsError('Deals needs at least one item');
  return { type, items: list, ...(title === undefined ? {} : { title }), disclosure: stringList(disclosure, 'disclosure'), endpoint };
}

/** `/api/deals?type=amazon&asin=A,B` or `?type=skimlinks&product_urls=u,v`. */
export function dealsRequestUrl(_endpoint: typeof DEALS_ENDPOINT, type: DealType, items: readonly string[]): string {
  // The props check pins the endpoint to DEALS_PATH, so the endpoint module builds the URL.
  return dealsUrl({ type, items });
}

/** One offer from the endpoint, or null when it is not one: the endpoint module's check. */
export { parseDeal };

export function formatPrice(value: number): string {
  return `$${value.toFixed(2)}`;
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; offers: Deal[] };

export function Deals({ type, items, title, disclosure, endpoint }: DealsProps) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      try {
        const response = await fetch(dealsRequestUrl(endpoint, type, items), { headers: { accept: 'application/json' }, signal: controller.signal });
        if (!response.ok) throw new Error(`deals: HTTP ${response.status}`);
        const offers = parseDealsResponse(await response.json());
        if (offers === null) throw new Error('deals: unexpected response');
        setState(offers.length === 0 ? { status: 'error' } : { status: 'ready', offers });
      } catch {
        if (!controller.signal.aborted) setState({ status: 'error' });
      }
    })();
    return () => controller.abort();
  }, [endpoint, type, items]);

  const track = (deal: Deal) => (_event: MouseEvent<HTMLAnchorElement>) => {
    const detail: DealTrackingDetail = {
      partner: deal.partner,
      productId: deal.productId,
      merchant: { ...deal.merchant },
      price: deal.price,
      originalPrice: deal.originalPrice,
      showSale: deal.showSale,
      link: deal.link,
    };
    window.dispatchEvent(new CustomEvent(DEAL_TRACKING_EVENT, { detail }));
  };

  return (
    <aside className="deals" aria-label={title ?? 'Deals'} data-deal-type={type}>
      {title ? <h2 className="deals-title">{title}</h2> : null}
      {state.status === 'loading' ? (
        <p className="deals-status" role="status">
          {DEALS_TEXTS.loading}
        </p>
      ) : null}
      {state.status === 'error' ? (
        <p className="deals-error" role="alert">
          {DEALS_TEXTS.error}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <ul className="deal-offers">
          {state.offers.map((deal, i) => (
            <li key={`${i}-${deal.productId}`} className="deal-offer" data-merchant={deal.merchant.slug}>
              <span className="deal-merchant">{deal.merchant.name}</span>
              {deal.price > 0 ? <span className="deal-price">{formatPrice(deal.price)}</span> : null}
              {deal.showSale ? (
                <>
                  <s className="deal-original-price">
                    <span className="visually-hidden">{DEALS_TEXTS.wasPrice} </span>
                    {formatPrice(deal.originalPrice)}
                  </s>
                  <span className="deal-sale">{DEALS_TEXTS.sale}</span>
                </>
              ) : null}
              <a className="deal-link" href={deal.link} target="_blank" rel="sponsored noopener" onClick={track(deal)}>
                {DEALS_TEXTS.shop(deal.merchant.name)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {disclosure.length > 0 ? <p className="deals-disclosure">{disclosure.join(' ')}</p> : null}
    </aside>
  );
}
