/**
 * The sample upstream's products, email token and Instagram oEmbed services
 * (docs/upstream-contract.md §5.8, §5.12, §5.14), read live by the edge router's /api/deals,
 * /api/email and /api/instagram. Registered after the server's fault switch, so injected faults
 * reach these routes too. There is no resizer route: the edge router builds resized URLs from the
 * image service rule itself (§5.11).
 *
 *   GET /products/amazon?asin=A,B           { data: Offer[] } for the known ASINs, in asked order
 *   GET /products/skimlinks?product_urls=u,v { data: Offer[] } for the known product URLs, in asked order
 *   GET /api/email                          { data: { results: [{ token }] } }, a new token per call
 *   GET /api/instagram?url=&hidecaption=&maxwidth=&omitscript=
 *                                           oEmbed { html, author_name, thumbnail_url, ... } for the
 *                                           known posts; 404 for others (a deleted post)
 *
 * The offers cover every rule of spec 2 §3 and §5: a sale, equal prices, an unparseable price, no
 * affiliate link, a merchant name with punctuation and spaces, a non-USD and a zero-commission
 * Skimlinks offer, and commissions out of order behind a first offer with a low one.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { SampleUpstreamApp } from './server.js';

const list = (raw: string | undefined): string[] => (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Amazon offers by ASIN. */
export const SAMPLE_AMAZON_OFFERS: Readonly<Record<string, Record<string, unknown>>> = {
  B0SAMPLE01: {
    asin: 'B0SAMPLE01',
    merchant_name: 'Amazon',
    price: '24.99',
    original_price: '34.99',
    urls: { affiliated_url: 'https://www.amazon.com/dp/B0SAMPLE01?tag=sample-20' },
  },
  B0SAMPLE02: {
    asin: 'B0SAMPLE02',
    merchant_name: 'Amazon',
    price: 'See price in cart',
    original_price: '19.99',
    urls: { affiliated_url: 'https://www.amazon.com/dp/B0SAMPLE02?tag=sample-20' },
  },
  B0SAMPLE03: { asin: 'B0SAMPLE03', merchant_name: 'Amazon', price: '12.00', original_price: '12.00', urls: {} },
};

const SHOP = 'https://shop.example.com/products';

/** Skimlinks offers by product URL. */
export const SAMPLE_SKIMLINKS_OFFERS: Readonly<Record<string, Record<string, unknown>>> = {
  [`${SHOP}/kettle-best-buy`]: {
    sku: 'KETTLE-BB',
    merchant_name: 'Best Buy',
    price: '49.99',
    original_price: '59.99',
    original_currency: 'USD',
    commission_rate: 2,
    urls: { affiliated_url: 'https://go.skimresources.example/?id=sample&url=kettle-best-buy' },
  },
  [`${SHOP}/kettle-walmart`]: {
    sku: 'KETTLE-WM',
    merchant_name: 'Walmart.com',
    price: '44.00',
    original_price: '44.00',
    original_currency: 'USD',
    commission_rate: 4.5,
    urls: { affiliated_url: 'https://go.skimresources.example/?id=sample&url=kettle-walmart' },
  },
  [`${SHOP}/kettle-bed-bath`]: {
    sku: 'KETTLE-BBB',
    merchant_name: 'Bed Bath & Beyond',
    price: '1,049.00',
    original_price: '$1,199.00',
    original_currency: 'USD',
    commission_rate: 8,
    urls: {},
  },
  [`${SHOP}/kettle-bh`]: {
    sku: 'KETTLE-BH',
    merchant_name: 'B&H Photo',
    price: 'call for price',
    original_price: '39.99',
    original_currency: 'USD',
    commission_rate: 3,
    urls: { affiliated_url: 'https://go.skimresources.example/?id=sample&url=kettle-bh' },
  },
  [`${SHOP}/kettle-argos`]: {
    sku: 'KETTLE-AR',
    merchant_name: 'Argos',
    price: '30.00',
    original_price: '35.00',
    original_currency: 'GBP',
    commission_rate: 9,
    urls: { affiliated_url: 'https://go.skimresources.example/?id=sample&url=kettle-argos' },
  },
  [`${SHOP}/kettle-target`]: {
    sku: 'KETTLE-TG',
    merchant_name: 'Target',
    price: '41.00',
    original_price: '45.00',
    original_currency: 'USD',
    commission_rate: 0,
    urls: { affiliated_url: 'https://go.skimresources.example/?id=sample&url=kettle-target' },
  },
};

/** Instagram posts the sample oEmbed knows, by shortcode; anything else answers 404 (deleted). */
export const SAMPLE_INSTAGRAM_POSTS: Readonly<Record<string, { author: string; caption: string }>> = {
  CsAmple1234: { author: 'foxnews', caption: 'Sunrise over the Capitol this morning.' },
  // Hostile caption: the edge router must hand out none of it as markup.
  CsAmpleEvil: { author: 'prankster', caption: '<img src=x onerror=alert(1)>caught you' },
};

const INSTAGRAM_POST = /^https:\/\/(?:www\.)?instagram\.com\/(?:p|reel|tv)\/([A-Za-z0-9_-]{5,40})\/?$/;

const amazonQuery = z.looseObject({ asin: z.string().min(1) });
const skimlinksQuery = z.looseObject({ product_urls: z.string().min(1) });
const instagramQuery = z.looseObject({
  url: z.string().min(1),
  hidecaption: z.enum(['true', 'false']).default('false'),
  maxwidth: z.coerce.number().int().min(320).max(1400).default(1400),
  omitscript: z.enum(['true', 'false']).default('true'),
});

function escapeHtml(value: string): string {
  return value.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * oEmbed html shaped like Instagram's: the blockquote its embed script upgrades, inline styles, a
 * link to the post, the caption, and, unless omitscript, the embed script tag. The "evil" post
 * adds an event handler and a script inside the blockquote, as a compromised upstream might.
 */
function instagramHtml(permalink: string, post: { author: string; caption: string }, options: { hideCaption: boolean; omitScript: boolean; maxWidth: number; hostile: boolean }): string {
  const captioned = options.hideCaption ? '' : ' data-instgrm-captioned';
  const caption = options.hideCaption
    ? ''
    : `<p style="margin:8px 0 0 0;">${options.hostile ? post.caption : escapeHtml(post.caption)}</p>`;
  const hostile = options.hostile ? '<script>alert("upstream")</script><a href="javascript:alert(1)" onclick="alert(2)">click</a>' : '';
  return (
    `<blockquote class="instagram-media"${captioned} data-instgrm-permalink="${permalink}?utm_source=ig_embed" data-instgrm-version="14" ` +
    `style="background:#FFF; max-width:${options.maxWidth}px; min-width:326px;">` +
    `<div style="padding:16px;"><a href="${permalink}?utm_source=ig_embed" style="background:#FFFFFF;" target="_blank">` +
    `<div style="display:flex;"><svg width="50" height="50"><path d="M0 0"/></svg></div>` +
    `<div style="padding-top:8px;"><div style="color:#3897f0;">View this post on Instagram</div></div></a>${caption}${hostile}` +
    `<p style="margin:8px 0 0 0;"><a href="${permalink}?utm_source=ig_embed" target="_blank">A post shared by @${escapeHtml(post.author)}</a></p>` +
    `</div></blockquote>` +
    (options.omitScript ? '' : '<script async src="//www.instagram.com/embed.js"></script>')
  );
}

export function registerCommerceRoutes(app: SampleUpstreamApp): void {
  app.get('/products/amazon', (request, reply) => {
    const parsed = amazonQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'asin is required' } });
    return { data: list(parsed.data.asin).flatMap((asin) => SAMPLE_AMAZON_OFFERS[asin] ?? []) };
  });

  app.get('/products/skimlinks', (request, reply) => {
    const parsed = skimlinksQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'product_urls is required' } });
    return { data: list(parsed.data.product_urls).flatMap((url) => SAMPLE_SKIMLINKS_OFFERS[url] ?? []) };
  });

  app.get('/api/email', () => ({ data: { results: [{ token: randomBytes(24).toString('base64url') }] } }));

  app.get('/api/instagram', (request, reply) => {
    const parsed = instagramQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Invalid instagram query' } });
    const query = parsed.data;
    const shortcode = INSTAGRAM_POST.exec(query.url)?.[1];
    const post = shortcode === undefined ? undefined : SAMPLE_INSTAGRAM_POSTS[shortcode];
    if (shortcode === undefined || post === undefined) {
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such post' } });
    }
    const permalink = `https://www.instagram.com/p/${shortcode}/`;
    return {
      version: '1.0',
      type: 'rich',
      provider_name: 'Instagram',
      author_name: post.author,
      width: query.maxwidth,
      thumbnail_url: `https://scontent.cdninstagram.example/${shortcode}.jpg`,
      html: instagramHtml(permalink, post, {
        hideCaption: query.hidecaption === 'true',
        omitScript: query.omitscript === 'true',
        maxWidth: query.maxwidth,
        hostile: shortcode === 'CsAmpleEvil',
      }),
    };
  });
}
