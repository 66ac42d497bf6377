import { describe, expect, it } from 'vitest';
import {
  DEAL_ERRORS,
  DISCLOSURE_TEXTS,
  amazonDeals,
  combineDeals,
  dealLink,
  disclosureFor,
  isOnSale,
  merchantSlug,
  numericPrice,
  offersShown,
  showsDeals,
  skimlinksDeals,
  toDeal,
  type AffiliateOffer,
  type Deal,
} from './deals.js';

describe('merchantSlug (spec 2 §3: lowercase, non-alphanumerics removed, spaces to hyphens)', () => {
  it('lowercases, removes non-alphanumerics, and turns each space into a hyphen', () => {
    expect(merchantSlug('Amazon')).toBe('amazon');
    expect(merchantSlug('Best Buy')).toBe('best-buy');
    expect(merchantSlug('Walmart.com')).toBe('walmartcom');
    expect(merchantSlug('B&H Photo')).toBe('bh-photo');
    expect(merchantSlug("Macy's")).toBe('macys');
    expect(merchantSlug('REI Co-op')).toBe('rei-coop');
  });

  it('keeps spaces through the removal step, so "spaces to hyphens" can fire', () => {
    // The other orders make the third rule dead: removing every non-alphanumeric (a space is one)
    // before turning spaces into hyphens, or turning spaces into hyphens and then removing the
    // hyphens (also non-alphanumerics), both give "bestbuy".
    const removeAllThenHyphens = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/ /g, '-');
    const hyphensThenRemoveAll = (name: string) => name.toLowerCase().replace(/ /g, '-').replace(/[^a-z0-9]/g, '');
    expect(removeAllThenHyphens('Best Buy')).toBe('bestbuy');
    expect(hyphensThenRemoveAll('Best Buy')).toBe('bestbuy');
    expect(merchantSlug('Best Buy')).toBe('best-buy');
  });

  it('is literal: one hyphen per space, no collapsing or trimming, ASCII alphanumerics only', () => {
    // "&" is removed, leaving the two spaces around it: two hyphens.
    expect(merchantSlug('Bed Bath & Beyond')).toBe('bed-bath--beyond');
    expect(merchantSlug(' Target ')).toBe('-target-');
    // A tab is not a space: it is a non-alphanumeric and is removed.
    expect(merchantSlug('Home\tDepot')).toBe('homedepot');
    expect(merchantSlug('Café Deluxe')).toBe('caf-deluxe');
    // Existing hyphens are non-alphanumerics.
    expect(merchantSlug('Crate-and-Barrel')).toBe('crateandbarrel');
    expect(merchantSlug('')).toBe('');
  });
});

describe('numericPrice (spec 2 §5: prices that do not parse count as 0)', () => {
  it.each([
    ['19.99', 19.99],
    ['1299', 1299],
    ['1,299.00', 1299],
    ['$24.99', 24.99],
    [' 5.5 ', 5.5],
    ['0', 0],
    [12.5, 12.5],
  ])('%j -> %d', (input, expected) => {
    expect(numericPrice(input)).toBe(expected);
  });

  it.each([['N/A'], [''], ['19.99 USD'], ['-5'], ['1e3'], ['12,34'], ['Infinity'], [-3], [Number.NaN], [null], [undefined], [{}]])(
    '%j does not parse: 0',
    (input) => {
      expect(numericPrice(input)).toBe(0);
    },
  );
});

describe('isOnSale (spec 2 §5)', () => {
  it('is set only when both prices are above 0 and price is below original price', () => {
    expect(isOnSale(24.99, 34.99)).toBe(true);
    expect(isOnSale(34.99, 34.99)).toBe(false);
    expect(isOnSale(40, 34.99)).toBe(false);
    expect(isOnSale(0, 34.99)).toBe(false);
    expect(isOnSale(10, 0)).toBe(false);
  });

  it('an unparseable price (0) never makes a sale', () => {
    const deal = toDeal('amazon', { merchant_name: 'Amazon', price: 'N/A', original_price: '19.99' });
    expect([deal.price, deal.originalPrice, deal.showSale]).toEqual([0, 19.99, false]);
  });
});

describe('dealLink (spec 2 §3: link default "#")', () => {
  it('keeps an http(s) affiliate link and defaults everything else to "#"', () => {
    expect(dealLink('https://www.amazon.com/dp/B0SAMPLE01?tag=x-20')).toBe('https://www.amazon.com/dp/B0SAMPLE01?tag=x-20');
    expect(dealLink('http://go.example/x')).toBe('http://go.example/x');
    expect(dealLink(undefined)).toBe('#');
    expect(dealLink('')).toBe('#');
    expect(dealLink('javascript:alert(1)')).toBe('#');
    expect(dealLink('//evil.example/x')).toBe('#');
    expect(dealLink('https://user:pw@evil.example/')).toBe('#');
    expect(dealLink('https://go.example/a b')).toBe('#');
  });
});

describe('toDeal (spec 1 §3 Deal)', () => {
  it('derives every field', () => {
    const offer: AffiliateOffer = {
      asin: 'B0SAMPLE01',
      merchant_name: 'Amazon',
      price: '24.99',
      original_price: '34.99',
      urls: { affiliated_url: 'https://www.amazon.com/dp/B0SAMPLE01' },
    };
    expect(toDeal('amazon', offer)).toEqual({
      partner: 'amazon',
      productId: 'B0SAMPLE01',
      merchant: { name: 'Amazon', slug: 'amazon' },
      link: 'https://www.amazon.com/dp/B0SAMPLE01',
      price: 24.99,
      originalPrice: 34.99,
      showSale: true,
    });
    expect(toDeal('skimlinks', { sku: 'SKU-1', merchant_name: 'Best Buy' })).toEqual({
      partner: 'skimlinks',
      productId: 'SKU-1',
      merchant: { name: 'Best Buy', slug: 'best-buy' },
      link: '#',
      price: 0,
      originalPrice: 0,
      showSale: false,
    });
  });
});

function skim(merchant: string, commission: unknown, currency = 'USD'): AffiliateOffer {
  return { sku: merchant, merchant_name: merchant, price: '10', original_currency: currency, commission_rate: commission };
}
const names = (deals: Deal[]) => deals.map((deal) => deal.merchant.name);

describe('skimlinksDeals (spec 2 §5)', () => {
  it('keeps only USD with commission_rate above 0', () => {
    const deals = skimlinksDeals([skim('A', 4), skim('B', 9, 'EUR'), skim('C', 0), skim('D', -1), skim('E', 'x'), skim('F', undefined), skim('G', 2, 'usd')]);
    expect(names(deals)).toEqual(['A']);
  });

  it('sorts by commission descending with the first item kept first', () => {
    const deals = skimlinksDeals([skim('first', 1), skim('low', 2), skim('high', 8), skim('mid', 5)]);
    expect(names(deals)).toEqual(['first', 'high', 'mid', 'low']);
  });

  it('keeps upstream order among equal commissions', () => {
    expect(names(skimlinksDeals([skim('first', 1), skim('x', 3), skim('y', 3), skim('z', 3)]))).toEqual(['first', 'x', 'y', 'z']);
  });

  it('filters before keeping the first: a first offer that is dropped does not stay first', () => {
    // The first upstream offer is in GBP: it is not shown, and the first USD offer is kept first.
    const deals = skimlinksDeals([skim('pounds', 9, 'GBP'), skim('first-usd', 1), skim('better', 7)]);
    expect(names(deals)).toEqual(['first-usd', 'better']);
  });

  it('is empty when nothing qualifies', () => {
    expect(skimlinksDeals([])).toEqual([]);
    expect(skimlinksDeals([skim('A', 0)])).toEqual([]);
  });
});

describe('combineDeals (spec 2 §5: 2 offers with an Amazon deal, else 3; an Amazon deal uses 1 item)', () => {
  const amazon = amazonDeals([
    { asin: 'B0SAMPLE01', merchant_name: 'Amazon', price: '1' },
    { asin: 'B0SAMPLE02', merchant_name: 'Amazon Warehouse', price: '1' },
  ]);
  const skimlinks = skimlinksDeals([skim('S1', 5), skim('S2', 4), skim('S3', 3), skim('S4', 2)]);

  it('an Amazon deal uses 1 item', () => {
    expect(amazon.map((deal) => deal.productId)).toEqual(['B0SAMPLE01']);
  });

  it('shows 2 offers when an Amazon deal exists: the Amazon deal first', () => {
    expect(offersShown(true)).toBe(2);
    expect(names(combineDeals(amazon, skimlinks))).toEqual(['Amazon', 'S1']);
  });

  it('shows 3 offers without an Amazon deal (none asked, none found, or the source skipped)', () => {
    expect(offersShown(false)).toBe(3);
    expect(names(combineDeals([], skimlinks))).toEqual(['S1', 'S2', 'S3']);
  });

  it('shows what there is when there are fewer', () => {
    expect(names(combineDeals(amazon, []))).toEqual(['Amazon']);
    expect(names(combineDeals([], skimlinks.slice(0, 1)))).toEqual(['S1']);
    expect(combineDeals([], [])).toEqual([]);
  });
});

describe('deal error texts (spec 2 §8)', () => {
  it('are exactly the spec strings', () => {
    expect(DEAL_ERRORS.fetch('amazon')).toBe('Error fetching amazon deals');
    expect(DEAL_ERRORS.fetch('skimlinks')).toBe('Error fetching skimlinks deals');
    expect(DEAL_ERRORS.invalidResponse('amazon')).toBe('Invalid response for amazon deals');
    expect(DEAL_ERRORS.invalidResponse('skimlinks')).toBe('Invalid response for skimlinks deals');
    expect(DEAL_ERRORS.invalidUrl).toBe('Invalid URL provided');
  });
});

describe('disclosures and when deals show (spec 2 §5, §9)', () => {
  it('has the spec 2 §9 strings', () => {
    expect(DISCLOSURE_TEXTS.shopping).toBe('Fox News may earn a commission if you buy through our referral links.');
    expect(DISCLOSURE_TEXTS.commerce).toBe('This content was created by a team that works independently from the Fox newsroom.');
  });

  it('shopping gives the commission sentence; commerce adds the independent-team sentence', () => {
    expect(disclosureFor(['fox-news/lifestyle/shopping'])).toEqual({ tag: 'shopping', lines: [DISCLOSURE_TEXTS.shopping] });
    expect(disclosureFor(['commerce'])).toEqual({ tag: 'commerce', lines: [DISCLOSURE_TEXTS.shopping, DISCLOSURE_TEXTS.commerce] });
    expect(disclosureFor(['fox-news/politics'])).toBeNull();
    expect(disclosureFor([])).toBeNull();
  });

  it('when both tags exist the later tag wins', () => {
    expect(disclosureFor(['shopping', 'travel', 'commerce'])?.tag).toBe('commerce');
    expect(disclosureFor(['fox-news/commerce', 'fox-news/shopping'])?.tag).toBe('shopping');
    expect(disclosureFor(['fox-news/commerce', 'fox-news/shopping'])?.lines).toEqual([DISCLOSURE_TEXTS.shopping]);
  });

  it('deals show when the section is deals or the tags include shopping or commerce', () => {
    expect(showsDeals('deals', [])).toBe(true);
    expect(showsDeals('lifestyle', ['fox-news/shopping'])).toBe(true);
    expect(showsDeals('lifestyle', ['commerce'])).toBe(true);
    expect(showsDeals('lifestyle', ['fox-news/lifestyle', 'travel'])).toBe(false);
    expect(showsDeals('politics', [])).toBe(false);
  });
});
