/**
 * A shopping article for the deals island and the weather Show More (spec 2 §3 "Deal button",
 * §5, §9; spec 1 §4 "Weather list"). Tagged shopping then commerce, so the later tag decides the
 * disclosure and both sentences show (spec 1 §9). Two deal buttons: an Amazon one (one ASIN; the
 * sample products service knows it, commerce-routes.ts) and a Skimlinks one (three product URLs
 * covering a sale, equal prices and an offer without an affiliate link), plus a weather list of
 * eight items (3 shown, then 6, then 8). It has an AMP version, where neither is an island. The
 * products and places are fictional.
 */
import { deepFreeze } from './frozen.js';
import { article } from './articles.js';
import { heading, paragraph, weatherList, type BlockRecord } from './blocks.js';
import { SARAH_WHITFIELD } from './people.js';
import type { ArticleRecord } from './types.js';

const SHOP = 'https://shop.example.com/products';

function dealButton(type: 'amazon' | 'skimlinks', data: string[], title: string): BlockRecord {
  return { kind: 'deal-button', props: { button_type: type, button_data: data, title } };
}

const FORECASTS = ['Dakotas', 'Nebraska', 'Kansas', 'Oklahoma', 'Iowa', 'Minnesota', 'Missouri', 'Colorado'].map((state) => ({
  title: `Storm outlook for ${state}`,
  url: '/lifestyle/storm-ready-kitchen-gear-that-works-without-power',
  imageName: 'weather/blizzard',
  description: `What the week holds for ${state}.`,
}));

export const COMMERCE_ARTICLES: ArticleRecord[] = [
  article({
    id: 'art-4001',
    section: 'lifestyle',
    slug: 'storm-ready-kitchen-gear-that-works-without-power',
    title: 'Storm-ready kitchen gear that works without power',
    dek: 'A stovetop kettle, a hand-crank grinder and other picks for the next outage.',
    author: SARAH_WHITFIELD,
    published: '2025-03-18T14:00:00Z',
    tags: ['shopping', 'commerce', 'kitchen'],
    blocks: [
      paragraph('When the power goes out, the kitchen is the first room to feel it. These are the tools our testers reached for during a week without electricity.'),
      heading('Our top pick', 2),
      dealButton('amazon', ['B0SAMPLE01'], 'Stovetop kettle'),
      paragraph('The stainless kettle boiled water on a camp stove in under six minutes.'),
      heading('Compare prices', 2),
      dealButton('skimlinks', [`${SHOP}/kettle-best-buy`, `${SHOP}/kettle-walmart`, `${SHOP}/kettle-bed-bath`], 'Where to buy'),
      weatherList('Storm outlook', FORECASTS),
    ],
    // An AMP version too, where deal buttons render nothing (no island on AMP).
    extra: { isAMP: true },
  }),
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(COMMERCE_ARTICLES);
