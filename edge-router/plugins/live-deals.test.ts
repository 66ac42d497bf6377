/**
 * GET /api/deals end to end: the edge app through `app.inject()`, a real fs store, and the real
 * sample upstream's products API on a free port (with its fault switch for upstream failures).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { PlatformError } from '../../core/errors.js';
import { createLogger } from '../../core/logger.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { useLiveEndpointFixture } from '../../tests/support/live-endpoint.js';
import { buildEdgeApp } from '../app.js';
import { dealErrorFor, isProductUrl, parseDealsQuery } from './live-deals.js';

const dealSchema = z.strictObject({
  partner: z.enum(['amazon', 'skimlinks']),
  productId: z.string(),
  merchant: z.strictObject({ name: z.string(), slug: z.string() }),
  link: z.string(),
  price: z.number(),
  originalPrice: z.number(),
  showSale: z.boolean(),
});
const bodySchema = z.strictObject({
  offers: z.array(dealSchema),
  errors: z.array(z.strictObject({ type: z.enum(['amazon', 'skimlinks']), message: z.string() })),
});
const errorSchema = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) });

const SHOP = 'https://shop.example.com/products';
/** Every sample Skimlinks product, in this order upstream: Best Buy (2), Walmart (4.5), Bed Bath (8), B&H (3), Argos (GBP), Target (0). */
const ALL_URLS = ['kettle-best-buy', 'kettle-walmart', 'kettle-bed-bath', 'kettle-bh', 'kettle-argos', 'kettle-target'].map((name) => `${SHOP}/${name}`).join(',');

let upstream: RunningSampleUpstream;
let store: ObjectStore;
const apps: FastifyInstance[] = [];

useLiveEndpointFixture(
  'edge-live-deals',
  (fixture) => {
    ({ upstream, store } = fixture);
  },
  apps,
);

interface Harness {
  app: FastifyInstance;
  /** Products API URLs the app fetched. */
  calls: URL[];
  advance: (ms: number) => void;
}

async function harness(options: { lines?: string[] } = {}): Promise<Harness> {
  const calls: URL[] = [];
  let now = 1_000_000;
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith('/products/')) calls.push(url);
    return fetch(input, init);
  };
  const app = await buildEdgeApp({
    store,
    logger:
      options.lines === undefined
        ? createLogger({ component: 'edge-router-test', level: 'silent' })
        : createLogger({ component: 'edge-router-test', level: 'info', destination: { write: (line: string) => options.lines?.push(line) } }),
    defaultSite: 'news',
    liveUpstream: {
      config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }),
      fetchImpl: countingFetch,
      cache: { now: () => now },
    },
  });
  apps.push(app);
  return { app, calls, advance: (ms) => (now += ms) };
}

async function addFault(spec: Record<string, unknown>): Promise<void> {
  const response = await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: spec });
  expect(response.statusCode).toBe(201);
}

function deals(query: string): string {
  return `/api/deals?${query}`;
}

const merchants = (body: z.infer<typeof bodySchema>) => body.offers.map((offer) => offer.merchant.name);

describe('GET /api/deals', () => {
  it('answers an Amazon deal: 1 item with the derived fields, cached 60 s', async () => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: deals('type=amazon&asin=B0SAMPLE01,B0SAMPLE02') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(bodySchema.parse(response.json())).toEqual({
      offers: [
        {
          partner: 'amazon',
          productId: 'B0SAMPLE01',
          merchant: { name: 'Amazon', slug: 'amazon' },
          link: 'https://www.amazon.com/dp/B0SAMPLE01?tag=sample-20',
          price: 24.99,
          originalPrice: 34.99,
          showSale: true,
        },
      ],
      errors: [],
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.pathname).toBe('/products/amazon');
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({ asin: 'B0SAMPLE01,B0SAMPLE02' });
  });

  it('applies the price rules: unparseable is 0 and never a sale; no affiliate link is "#"', async () => {
    const { app } = await harness();
    const unparseable = bodySchema.parse((await app.inject({ method: 'GET', url: deals('asin=B0SAMPLE02') })).json());
    expect(unparseable.offers[0]).toMatchObject({ productId: 'B0SAMPLE02', price: 0, originalPrice: 19.99, showSale: false });
    const noLink = bodySchema.parse((await app.inject({ method: 'GET', url: deals('asin=b0sample03') })).json());
    expect(noLink.offers[0]).toMatchObject({ productId: 'B0SAMPLE03', link: '#', price: 12, originalPrice: 12, showSale: false });
  });

  it('Skimlinks: USD with commission above 0, by commission with the first kept first, 3 shown', async () => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: deals(`type=skimlinks&product_urls=${encodeURIComponent(ALL_URLS)}`) });
    expect(response.statusCode).toBe(200);
    const body = bodySchema.parse(response.json());
    // Best Buy (commission 2) stays first; then Bed Bath (8), Walmart (4.5); B&H (3) is the 4th,
    // past the 3 shown; Argos (GBP) and Target (0) are dropped.
    expect(merchants(body)).toEqual(['Best Buy', 'Bed Bath & Beyond', 'Walmart.com']);
    expect(body.offers).toEqual([
      {
        partner: 'skimlinks',
        productId: 'KETTLE-BB',
        merchant: { name: 'Best Buy', slug: 'best-buy' },
        link: 'https://go.skimresources.example/?id=sample&url=kettle-best-buy',
        price: 49.99,
        originalPrice: 59.99,
        showSale: true,
      },
      {
        partner: 'skimlinks',
        productId: 'KETTLE-BBB',
        merchant: { name: 'Bed Bath & Beyond', slug: 'bed-bath--beyond' },
        link: '#',
        price: 1049,
        originalPrice: 1199,
        showSale: true,
      },
      {
        partner: 'skimlinks',
        productId: 'KETTLE-WM',
        merchant: { name: 'Walmart.com', slug: 'walmartcom' },
        link: 'https://go.skimresources.example/?id=sample&url=kettle-walmart',
        price: 44,
        originalPrice: 44,
        showSale: false,
      },
    ]);
    expect(body.errors).toEqual([]);
    expect(calls.map((call) => [call.pathname, Object.fromEntries(call.searchParams)])).toEqual([['/products/skimlinks', { product_urls: ALL_URLS }]]);
  });

  it('both sources: the Amazon deal first and 2 offers in all', async () => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: deals(`asin=B0SAMPLE01&product_urls=${encodeURIComponent(ALL_URLS)}`) });
    const body = bodySchema.parse(response.json());
    expect(body.offers.map((offer) => [offer.partner, offer.merchant.name])).toEqual([
      ['amazon', 'Amazon'],
      ['skimlinks', 'Best Buy'],
    ]);
    expect(body.errors).toEqual([]);
    expect(calls.map((call) => call.pathname).sort()).toEqual(['/products/amazon', '/products/skimlinks']);
  });

  it('no Amazon deal found (unknown ASIN): 3 Skimlinks offers', async () => {
    const { app } = await harness();
    const body = bodySchema.parse((await app.inject({ method: 'GET', url: deals(`asin=B0UNKNOWN9&product_urls=${encodeURIComponent(ALL_URLS)}`) })).json());
    expect(merchants(body)).toEqual(['Best Buy', 'Bed Bath & Beyond', 'Walmart.com']);
    expect(body.errors).toEqual([]);
  });

  it('a failing Amazon source is skipped with "Error fetching amazon deals" (logged); Skimlinks still shows 3', async () => {
    const lines: string[] = [];
    const { app } = await harness({ lines });
    await addFault({ path: '/products/amazon', mode: 'status', status: 503 });
    const response = await app.inject({ method: 'GET', url: deals(`asin=B0SAMPLE01&product_urls=${encodeURIComponent(ALL_URLS)}`) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = bodySchema.parse(response.json());
    expect(body.errors).toEqual([{ type: 'amazon', message: 'Error fetching amazon deals' }]);
    expect(merchants(body)).toEqual(['Best Buy', 'Bed Bath & Beyond', 'Walmart.com']);
    const logged = lines.map((line) => z.looseObject({ level: z.string(), message: z.string() }).parse(JSON.parse(line)));
    expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', message: 'Error fetching amazon deals' }));
  });

  it('a Skimlinks answer that is not JSON is "Invalid response for skimlinks deals"; the Amazon deal still shows', async () => {
    const { app } = await harness();
    await addFault({ path: '/products/skimlinks', mode: 'malformed' });
    const body = bodySchema.parse((await app.inject({ method: 'GET', url: deals(`asin=B0SAMPLE01&product_urls=${encodeURIComponent(ALL_URLS)}`) })).json());
    expect(body.errors).toEqual([{ type: 'skimlinks', message: 'Invalid response for skimlinks deals' }]);
    expect(body.offers.map((offer) => offer.productId)).toEqual(['B0SAMPLE01']);
  });

  it('a JSON answer without a data list is "Invalid response for {type} deals"', async () => {
    // A products API on its own port that answers the article envelope instead of { data: [...] }.
    const offContract = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"results":[]}}');
    });
    await new Promise<void>((resolve) => offContract.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = offContract.address() as AddressInfo;
      const app = await buildEdgeApp({
        store,
        logger: createLogger({ component: 'edge-router-test', level: 'silent' }),
        defaultSite: 'news',
        liveUpstream: {
          config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_PRODUCTS_URL: `http://127.0.0.1:${port}` }),
        },
      });
      apps.push(app);
      const response = await app.inject({ method: 'GET', url: deals(`asin=B0SAMPLE01&product_urls=${encodeURIComponent(ALL_URLS)}`) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(bodySchema.parse(response.json())).toEqual({
        offers: [],
        errors: [
          { type: 'amazon', message: 'Invalid response for amazon deals' },
          { type: 'skimlinks', message: 'Invalid response for skimlinks deals' },
        ],
      });
    } finally {
      await new Promise((resolve) => offContract.close(resolve));
    }
  });

  it('a timeout is "Error fetching {type} deals"', async () => {
    const { app } = await harness();
    await addFault({ path: '/products/skimlinks', mode: 'delay', delayMs: 2500 });
    const body = bodySchema.parse((await app.inject({ method: 'GET', url: deals(`product_urls=${encodeURIComponent(`${SHOP}/kettle-walmart`)}`) })).json());
    expect(body).toEqual({ offers: [], errors: [{ type: 'skimlinks', message: 'Error fetching skimlinks deals' }] });
  });

  it('an invalid product URL is "Invalid URL provided": Skimlinks skipped without a call, Amazon still shown', async () => {
    const { app, calls } = await harness();
    const urls = encodeURIComponent(`${SHOP}/kettle-walmart,javascript:alert(1)`);
    const response = await app.inject({ method: 'GET', url: deals(`asin=B0SAMPLE01&product_urls=${urls}`) });
    expect(response.statusCode).toBe(200);
    const body = bodySchema.parse(response.json());
    expect(body.errors).toEqual([{ type: 'skimlinks', message: 'Invalid URL provided' }]);
    expect(body.offers.map((offer) => offer.partner)).toEqual(['amazon']);
    expect(calls.map((call) => call.pathname)).toEqual(['/products/amazon']);

    const alone = bodySchema.parse((await app.inject({ method: 'GET', url: deals('type=skimlinks&product_urls=not-a-url') })).json());
    expect(alone).toEqual({ offers: [], errors: [{ type: 'skimlinks', message: 'Invalid URL provided' }] });
  });

  it('serves the last good answer of a failing source, marked stale, for up to 30 minutes', async () => {
    const { app, calls, advance } = await harness();
    const url = deals('type=amazon&asin=B0SAMPLE01');
    const good = await app.inject({ method: 'GET', url });
    await addFault({ path: '/products/amazon', mode: 'status', status: 500 });
    advance(59_000);
    expect((await app.inject({ method: 'GET', url })).headers['x-stale']).toBeUndefined();
    expect(calls).toHaveLength(1);

    advance(2_000);
    const stale = await app.inject({ method: 'GET', url });
    expect(calls).toHaveLength(2);
    expect(stale.json()).toEqual(good.json());
    expect(stale.headers['x-stale']).toBe('1');
    expect(stale.headers['warning']).toBe('110 - "Response is Stale"');
    expect(stale.headers['cache-control']).toBe('no-store');

    advance(30 * 60_000);
    const gone = bodySchema.parse((await app.inject({ method: 'GET', url })).json());
    expect(gone).toEqual({ offers: [], errors: [{ type: 'amazon', message: 'Error fetching amazon deals' }] });
  });

  it('makes one upstream call per source for 10 identical concurrent requests', async () => {
    const { app, calls } = await harness();
    await addFault({ path: '/products/amazon', mode: 'delay', delayMs: 200, times: 1 });
    const url = deals(`asin=B0SAMPLE01&product_urls=${encodeURIComponent(ALL_URLS)}`);
    const responses = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'GET', url })));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(calls.map((call) => call.pathname).sort()).toEqual(['/products/amazon', '/products/skimlinks']);
  });

  it('ignores unknown parameters and never forwards them', async () => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: deals('asin=B0SAMPLE01&tag=evil&url=http://evil.example/&callback=x') });
    expect(response.statusCode).toBe(200);
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({ asin: 'B0SAMPLE01' });
  });

  it.each([
    ['', 'give asin (Amazon) or product_urls (Skimlinks), or both'],
    ['type=ebay&asin=B0SAMPLE01', 'type must be amazon or skimlinks'],
    ['type=amazon', 'type amazon needs asin'],
    ['type=skimlinks', 'type skimlinks needs product_urls'],
    ['type=amazon&asin=B0SAMPLE01&product_urls=https://a.example/x', 'product_urls is for type skimlinks'],
    ['type=skimlinks&asin=B0SAMPLE01&product_urls=https://a.example/x', 'asin is for type amazon'],
    ['asin=B0SAMPLE01&asin=B0SAMPLE02', 'asin may be given once'],
    ['type=amazon&type=amazon&asin=B0SAMPLE01', 'type may be given once'],
    ['asin=', 'asin must be a comma-separated list of 1 to 10 ASINs (10 letters or digits each)'],
    ['asin=B0SAMPLE0', 'asin must be a comma-separated list of 1 to 10 ASINs (10 letters or digits each)'],
    ['asin=B0SAMPLE011', 'asin must be a comma-separated list of 1 to 10 ASINs (10 letters or digits each)'],
    ['asin=B0SAMPLE-1', 'asin must be a comma-separated list of 1 to 10 ASINs (10 letters or digits each)'],
    ['asin=B0SAMPLE01,,B0SAMPLE02', 'asin must be a comma-separated list of 1 to 10 ASINs (10 letters or digits each)'],
    [`asin=${Array.from({ length: 11 }, (_, i) => `B0SAMPLE${String(i).padStart(2, '0')}`).join(',')}`, 'asin must be a comma-separated list of 1 to 10 ASINs (10 letters or digits each)'],
    ['product_urls=', 'product_urls must be a comma-separated list of 1 to 10 product URLs'],
    [`product_urls=${Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`).join(',')}`, 'product_urls must be a comma-separated list of 1 to 10 product URLs'],
  ])('answers 400 INVALID_QUERY for %j', async (query, message) => {
    const { app, calls } = await harness();
    const response = await app.inject({ method: 'GET', url: deals(query) });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(errorSchema.parse(response.json())).toEqual({ error: { code: 'INVALID_QUERY', message } });
    expect(calls).toHaveLength(0);
  });
});

describe('deals query and error rules', () => {
  it('normalises the lists: ASINs upper-cased and de-duplicated, order kept', () => {
    expect(parseDealsQuery('?asin=b0sample02,B0SAMPLE01,B0SAMPLE02')).toEqual({ ok: true, query: { amazon: ['B0SAMPLE02', 'B0SAMPLE01'] } });
    expect(parseDealsQuery('?product_urls=https://a.example/x, https://a.example/y')).toEqual({
      ok: true,
      query: { skimlinks: { urls: ['https://a.example/x', 'https://a.example/y'] } },
    });
  });

  it.each([
    ['https://shop.example.com/p?id=1', true],
    ['http://shop.example.com/p', true],
    ['javascript:alert(1)', false],
    ['//shop.example.com/p', false],
    ['/products/p', false],
    ['ftp://shop.example.com/p', false],
    ['https://user:pw@shop.example.com/p', false],
    ['https://shop.example.com/a b', false],
    ['https://', false],
    [`https://shop.example.com/${'a'.repeat(2048)}`, false],
  ])('isProductUrl(%j) = %s', (url, valid) => {
    expect(isProductUrl(url)).toBe(valid);
  });

  it('maps failures to the spec texts', () => {
    expect(dealErrorFor('amazon', new PlatformError('UPSTREAM_UNAVAILABLE', 'timed out'))).toBe('Error fetching amazon deals');
    expect(dealErrorFor('amazon', new PlatformError('UPSTREAM_BAD_RESPONSE', '403', { details: { status: 403 } }))).toBe('Error fetching amazon deals');
    expect(dealErrorFor('skimlinks', new PlatformError('UPSTREAM_BAD_RESPONSE', 'not JSON', { details: { status: 200 } }))).toBe(
      'Invalid response for skimlinks deals',
    );
    expect(dealErrorFor('skimlinks', new PlatformError('UPSTREAM_BAD_RESPONSE', 'no data list'))).toBe('Invalid response for skimlinks deals');
  });
});
