/**
 * GET /api/deals: the affiliate offers a deals widget shows (spec 2 §3 "Affiliate offer", "Deal
 * button"; §5 validation rules; §8 deals errors; docs/architecture.md "Live endpoints"). One request
 * asks one source, or both for the merged widget:
 *
 *   ?type=amazon&asin=B0SAMPLE01,B0SAMPLE02
 *   ?type=skimlinks&product_urls=https://shop.example.com/a,https://shop.example.com/b
 *   ?asin=B0SAMPLE01&product_urls=https://shop.example.com/a      (no type: both sources)
 *     type          amazon | skimlinks (a deal button's button_type); omitted = every source whose
 *                   list is given. With a type, the other source's list may not be given.
 *     asin          1..10 ASINs (10 letters or digits; upper-cased), comma-separated (button_data)
 *     product_urls  1..10 product URLs, comma-separated (a comma inside a URL must not occur)
 *   Any other parameter is ignored and never forwarded. A bad value, a parameter given twice, a
 *   missing list: 400 { error: { code: 'INVALID_QUERY', message } }. A product URL that is not an
 *   absolute http(s) URL is the spec's 'Invalid URL provided': that source is skipped (spec 2 §8).
 *
 *   200 { offers: Deal[], errors: { type, message }[] }
 *     offers  the rules of core/isomorphic/deals.ts: the Amazon deal (1 item) first, then the
 *             Skimlinks deals (USD, commission above 0, by commission with the first kept first);
 *             2 offers in all when an Amazon deal exists, else 3 (spec 2 §5).
 *     errors  one entry per skipped source, with the spec's text: 'Error fetching {type} deals'
 *             (unreachable, timeout, an error status), 'Invalid response for {type} deals' (not
 *             JSON, or no `data` list), 'Invalid URL provided'. Each is logged. The other
 *             source's offers are still returned.
 *   Cache-Control: public, max-age=60 when every asked source answered (or only a URL was
 *   invalid, which the same request always repeats); no-store when a source failed. A source that
 *   fails with a last good answer at most 30 minutes old is served from it instead, and the
 *   response is marked `x-stale: 1` and `Warning: 110` and not stored.
 *
 * The contract (path, answer, the browser's check) is core/isomorphic/live/deals.ts. Each source
 * is cached for 60 s in process keyed by its normalised list, with request coalescing
 * (live-endpoint.ts, live-cache.ts); the upstream timeout is UPSTREAM_TIMEOUT_MS (core/upstream/transport.ts).
 * Products API: docs/upstream-contract.md §5.8.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isPlatformError } from '../../core/errors.js';
import {
  DEAL_ERRORS,
  DEAL_TYPES,
  amazonDeals,
  combineDeals,
  skimlinksDeals,
  type AffiliateOffer,
  type Deal,
  type DealType,
} from '../../core/isomorphic/deals.js';
import { DEALS_MAX_ITEMS, DEALS_PATH, type DealError, type DealsResponse } from '../../core/isomorphic/live/deals.js';
import { describeIssues } from '../../core/upstream/schemas.js';
import type { CallSpec } from '../../core/upstream/transport.js';
import type { LiveCacheSettings, LiveResult } from '../live-cache.js';
import { splitRequestTarget } from '../request-target.js';
import { routePlugin } from './define-plugin.js';
import { JSON_TYPE, liveCache, liveTransport, markStale, NO_STORE, replyInvalidQuery, singleParam, type LiveQueryResult, type LiveUpstreamOptions } from '../live-endpoint.js';

const PRODUCT_URL_MAX_LENGTH = 2048;
const ASIN_PATTERN = /^[A-Za-z0-9]{10}$/;

export const DEALS_CACHE: LiveCacheSettings = { freshMs: 60_000, staleMs: 30 * 60_000, maxEntries: 500 };
export const DEALS_CACHE_CONTROL = 'public, max-age=60';

/** What to ask each source; `invalidUrl` when a product URL failed validation (no upstream call). */
export interface DealsQuery {
  amazon?: string[];
  skimlinks?: { urls: string[] } | { invalidUrl: true };
}

/** The plugin's options: the live endpoints' upstream options (live-endpoint.ts). */
export type LiveDealsOptions = LiveUpstreamOptions;

type QueryResult = LiveQueryResult<DealsQuery>;

const ASIN_MESSAGE = `asin must be a comma-separated list of 1 to ${DEALS_MAX_ITEMS} ASINs (10 letters or digits each)`;
const URLS_MESSAGE = `product_urls must be a comma-separated list of 1 to ${DEALS_MAX_ITEMS} product URLs`;

// eslint-disable-next-line no-control-regex -- control characters and spaces are what this rejects
const UNSAFE_URL_CHARACTERS = /[\u0000-\u0020\u007F-\u009F]/;

/** An absolute http(s) URL with a host and no credentials: a product page the products API can look up. */
export function isProductUrl(value: string): boolean {
  if (value.length > PRODUCT_URL_MAX_LENGTH || UNSAFE_URL_CHARACTERS.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function splitList(raw: string): string[] | undefined {
  const items = raw.split(',').map((item) => item.trim());
  if (items.length > DEALS_MAX_ITEMS || items.some((item) => item === '')) return undefined;
  return items;
}

/** The whitelisted query from a raw query string ("?a=b" or ""); everything else is dropped. */
export function parseDealsQuery(search: string): QueryResult {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { ok: false, message: 'the query string cannot be read' };
  }
  const type = singleParam(params, 'type');
  const asin = singleParam(params, 'asin');
  const productUrls = singleParam(params, 'product_urls');
  for (const [name, value] of [['type', type], ['asin', asin], ['product_urls', productUrls]] as const) {
    if (value === null) return { ok: false, message: `${name} may be given once` };
  }
  if (type !== undefined && type !== null && !(DEAL_TYPES as readonly string[]).includes(type)) {
    return { ok: false, message: 'type must be amazon or skimlinks' };
  }
  if (type === 'amazon' && productUrls !== undefined) return { ok: false, message: 'product_urls is for type skimlinks' };
  if (type === 'skimlinks' && asin !== undefined) return { ok: false, message: 'asin is for type amazon' };
  if (type === 'amazon' && asin === undefined) return { ok: false, message: 'type amazon needs asin' };
  if (type === 'skimlinks' && productUrls === undefined) return { ok: false, message: 'type skimlinks needs product_urls' };
  if (asin === undefined && productUrls === undefined) {
    return { ok: false, message: 'give asin (Amazon) or product_urls (Skimlinks), or both' };
  }

  const query: DealsQuery = {};
  if (asin !== undefined && asin !== null) {
    const items = splitList(asin);
    if (items === undefined || !items.every((item) => ASIN_PATTERN.test(item))) return { ok: false, message: ASIN_MESSAGE };
    query.amazon = [...new Set(items.map((item) => item.toUpperCase()))];
  }
  if (productUrls !== undefined && productUrls !== null) {
    const items = splitList(productUrls);
    if (items === undefined) return { ok: false, message: URLS_MESSAGE };
    query.skimlinks = items.every(isProductUrl) ? { urls: [...new Set(items)] } : { invalidUrl: true };
  }
  return { ok: true, query };
}

// The products API's offers (docs/upstream-contract.md §5.8): lenient on extra fields; prices
// and commission are read by the deal rules, which turn anything unparseable into 0.
const offerSchema = z.looseObject({
  asin: z.string().max(100).optional(),
  sku: z.string().max(200).optional(),
  merchant_name: z.string().max(200),
  price: z.unknown().optional(),
  original_price: z.unknown().optional(),
  urls: z.looseObject({ affiliated_url: z.string().optional() }).optional(),
  original_currency: z.string().optional(),
  commission_rate: z.unknown().optional(),
});
const productsBodySchema = z.looseObject({ data: z.array(z.unknown()) });

/**
 * Which of the spec's texts a failed source gets: 'Invalid response' when upstream answered 2xx
 * with something that is not JSON or has no data list; 'Error fetching' for everything else
 * (unreachable, timeout, 5xx, 429, other 4xx). The transport's 4xx error carries its status.
 */
export function dealErrorFor(type: DealType, error: unknown): string {
  if (isPlatformError(error, 'UPSTREAM_BAD_RESPONSE')) {
    const status = error.details?.status;
    if (typeof status !== 'number' || (status >= 200 && status < 300)) return DEAL_ERRORS.invalidResponse(type);
  }
  return DEAL_ERRORS.fetch(type);
}

export const liveDealsPlugin = routePlugin<LiveDealsOptions>('edge-live-deals', (app, options) => {
  const transport = liveTransport(options);
  const caches = {
    amazon: liveCache<Deal[]>(DEALS_CACHE, options),
    skimlinks: liveCache<Deal[]>(DEALS_CACHE, options),
  };

  async function loadOffers(type: DealType, items: string[], log: FastifyBaseLogger): Promise<AffiliateOffer[]> {
    const spec: CallSpec = {
      name: `products-${type}`,
      service: 'products',
      path: `/products/${type}`,
      query: type === 'amazon' ? { asin: items.join(',') } : { product_urls: items.join(',') },
    };
    const result = await transport.call(spec);
    // 404: the products API knows none of them; no offers, not a failure.
    if (!result.found) return [];
    const body = productsBodySchema.safeParse(result.body);
    if (!body.success) throw transport.badResponse(spec.name, result.url, body.error, '');
    return body.data.data.flatMap((item, index) => {
      const offer = offerSchema.safeParse(item);
      if (offer.success) return [offer.data];
      log.warn({ api: { name: spec.name, url: result.url }, issue: `data.${index}.${describeIssues(offer.error)}` }, 'upstream offer off contract; skipped');
      return [];
    });
  }

  async function source(type: DealType, items: string[], log: FastifyBaseLogger): Promise<LiveResult<Deal[]> | DealError> {
    try {
      return await caches[type].get(JSON.stringify(items), async () => {
        const offers = await loadOffers(type, items, log);
        return type === 'amazon' ? amazonDeals(offers) : skimlinksDeals(offers);
      });
    } catch (error) {
      if (!isPlatformError(error)) throw error;
      const message = dealErrorFor(type, error);
      log.warn({ error, type, items }, message);
      return { type, message };
    }
  }

  app.get(DEALS_PATH, async (request, reply) => {
    const parsed = parseDealsQuery(splitRequestTarget(request.url).search);
    if (!parsed.ok) return replyInvalidQuery(reply, parsed.message);
    const { query } = parsed;

    const errors: DealError[] = [];
    let stale = false;
    let failed = false;
    const read = (result: LiveResult<Deal[]> | DealError | undefined): Deal[] => {
      if (result === undefined) return [];
      if ('message' in result) {
        errors.push(result);
        failed = true;
        return [];
      }
      if (result.stale) {
        stale = true;
        request.log.warn({ error: result.error, ageMs: result.ageMs }, 'deals failed upstream; serving the last good answer');
      }
      return result.value;
    };

    // Both sources at once: the slower one sets the response time, not their sum.
    const [amazon, skimlinks] = await Promise.all([
      query.amazon === undefined ? undefined : source('amazon', query.amazon, request.log),
      query.skimlinks === undefined || !('urls' in query.skimlinks) ? undefined : source('skimlinks', query.skimlinks.urls, request.log),
    ]);
    const amazonOffers = read(amazon);
    if (query.skimlinks !== undefined && 'invalidUrl' in query.skimlinks) {
      // Spec 2 §8: the source is skipped with this text; no upstream call is made for it.
      errors.push({ type: 'skimlinks', message: DEAL_ERRORS.invalidUrl });
      request.log.info({ type: 'skimlinks' }, DEAL_ERRORS.invalidUrl);
    }
    const skimlinksOffers = read(skimlinks);

    if (stale) markStale(reply);
    else reply.header('cache-control', failed ? NO_STORE : DEALS_CACHE_CONTROL);
    const body: DealsResponse = { offers: combineDeals(amazonOffers, skimlinksOffers), errors };
    return reply.code(200).type(JSON_TYPE).send(body);
  });
  return Promise.resolve();
});
