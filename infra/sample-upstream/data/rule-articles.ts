/**
 * Articles that exist so a rule of the spec renders somewhere in the sample (a rule the
 * sample cannot show is a rule no reader can be shown working):
 *
 *   - /us/neighbors-rebuild-a-flooded-library: an article of two special series (spec 1 §2.6
 *     "banners for special series"): the `special-series` banners of the U.S. article layout
 *     (data/layouts.ts) name the series by tag, and this article carries both tags;
 *   - /deals/weeknight-kitchen-tools-under-30: an article in the deals section without a shopping
 *     or commerce tag, so the section alone shows its deals, with no disclosure (spec 2 §5 "Deals
 *     show when the section is deals or the tags include shopping or commerce");
 *   - /forum/what-should-your-town-do-with-its-old-rail-depot: a published article of the forum
 *     category (spec 1 §9 "Forum articles: published, category forum"), whose comments are the
 *     forum variant (spec 1 §2.6 "comments (a forum variant exists)");
 *   - 59 "Around the States" briefs (one per entry of the contact form's state list, core's
 *     US_STATES), so the site has more than 100 articles: search for "the" finds more than 10
 *     pages (spec 2 §9 "up to 10 pages"), a rank list of 25 stops at 20 (spec 1 §9), and the
 *     briefs' series banner shows on each. They are dated before the other stories, so the fronts'
 *     newest lists stay as they were.
 *
 * The stories, places and people are fictional.
 */
import { deepFreeze } from './frozen.js';
import { US_STATES } from '../../../core/isomorphic/us-states.js';
import { article } from './articles.js';
import { heading, paragraph, type BlockRecord } from './blocks.js';
import { MARCUS_DELGADO, SARAH_WHITFIELD } from './people.js';
import type { ArticleRecord } from './types.js';

/** The two series (their tag paths and fronts): data/layouts.ts puts a banner for each in the U.S. article layout. */
export const SPECIAL_SERIES = {
  americaTogether: { name: 'America Together', tag: 'fox-news/us/personal-freedoms/america-together', url: '/category/us/personal-freedoms/america-together' },
  aroundTheStates: { name: 'Around the States', tag: 'fox-news/us/around-the-states', url: '/category/us/around-the-states' },
} as const;

/** Sections that are not CATEGORIES: their fronts are generated with the tag fronts (data/tag-fronts.ts). */
export const RULE_SECTIONS = {
  deals: { title: 'Deals', url: '/deals', path: '/deals' },
  forum: { title: 'Forum', url: '/forum', path: '/forum' },
} as const;

function seriesTags(section: string, own: readonly string[], series: ReadonlyArray<{ name: string; tag: string }>): Partial<ArticleRecord> {
  const ownTags = own.map((tag) => ({ title: tag.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' '), slug: tag, path: `fox-news/${section}/${tag}` }));
  const seriesTagRecords = series.map((s) => ({ title: s.name, slug: s.tag.split('/').pop() ?? s.tag, path: s.tag }));
  const all = [...ownTags, ...seriesTagRecords];
  return { tags: all.map((tag) => tag.path), fn__tags: all };
}

function dealButton(type: 'amazon' | 'skimlinks', data: string[], title: string): BlockRecord {
  return { kind: 'deal-button', props: { button_type: type, button_data: data, title } };
}

const SERIES_ARTICLE = article({
  id: 'art-5001',
  section: 'us',
  slug: 'neighbors-rebuild-a-flooded-library',
  title: 'Neighbors rebuild a flooded library one shelf at a time',
  dek: 'Volunteers in a river town sorted 30,000 books by hand after the water went down.',
  author: MARCUS_DELGADO,
  published: '2025-03-18T18:30:00Z',
  tags: [],
  blocks: [
    paragraph('When the river left the branch library, it left a line of mud four feet up every wall and 30,000 books that had to be sorted by hand.'),
    paragraph('Over nine weekends, more than 200 volunteers carried the dry ones to a church hall, set the damp ones out to air, and logged the ruined ones for insurance.'),
    heading('What comes next'),
    paragraph('The county plans to reopen the library on its upper floor this summer while the ground floor is rebuilt with flood vents and raised shelving.'),
  ],
  extra: {
    ...seriesTags('us', ['flooding'], [SPECIAL_SERIES.americaTogether, SPECIAL_SERIES.aroundTheStates]),
    // The footer note below the body (spec 1 §2.6 "below the body a footer note"; fn__footer).
    fn__footer: 'Sarah Whitfield contributed to this report.',
  },
});

const DEALS_ARTICLE = article({
  id: 'art-5002',
  section: 'deals',
  sectionRecord: RULE_SECTIONS.deals,
  slug: 'weeknight-kitchen-tools-under-30',
  title: 'Weeknight kitchen tools under $30 that earn their drawer space',
  dek: 'A kettle, a grater and a thermometer our testers used every day for a month.',
  author: SARAH_WHITFIELD,
  published: '2025-03-17T15:00:00Z',
  tags: ['kitchen-tools'],
  blocks: [
    paragraph('Gadgets come and go, but a few inexpensive tools made every weeknight dinner in our test kitchen faster.'),
    heading('The kettle we kept reaching for', 2),
    dealButton('amazon', ['B0SAMPLE01'], 'Stovetop kettle'),
    paragraph('It boils a litre of water in under five minutes on a medium burner and has a handle that stays cool.'),
    heading('Where to buy', 2),
    dealButton('skimlinks', ['https://shop.example.com/products/kettle-best-buy', 'https://shop.example.com/products/kettle-walmart'], 'Compare prices'),
  ],
});

const FORUM_ARTICLE = article({
  id: 'art-5003',
  section: 'forum',
  sectionRecord: RULE_SECTIONS.forum,
  slug: 'what-should-your-town-do-with-its-old-rail-depot',
  title: 'What should your town do with its old rail depot?',
  dek: 'A museum, a brewery or a bus station: readers weigh in on the buildings the trains left behind.',
  author: SARAH_WHITFIELD,
  published: '2025-03-16T13:00:00Z',
  tags: ['reader-forum'],
  blocks: [
    paragraph('Hundreds of small towns still have a brick depot by the tracks, long after the last passenger train. Some have become museums, some cafes, some are empty.'),
    paragraph('We asked readers what their towns did with theirs, and what they wish had happened instead. Join the conversation below.'),
  ],
});

/** "Around the States": one brief per state or territory, dated a day apart before the sample's other stories. */
const BRIEF_START = Date.parse('2025-02-28T15:00:00Z');
const DAY_MS = 86_400_000;

function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const STATE_BRIEFS: ArticleRecord[] = US_STATES.map((state, index) =>
  article({
    id: `art-6${String(index + 1).padStart(3, '0')}`,
    section: 'us',
    slug: `around-the-states-${slugOf(state.name)}`,
    title: `Around the States: ${state.name} (${state.abbreviation})`,
    dek: `The week's statehouse, weather and road news from ${state.name}, in brief.`,
    author: index % 2 === 0 ? SARAH_WHITFIELD : MARCUS_DELGADO,
    published: new Date(BRIEF_START - index * DAY_MS).toISOString().replace('.000Z', 'Z'),
    tags: [],
    blocks: [
      paragraph(`Lawmakers in ${state.name} spent the week on the budget, road repairs and the next school year, our weekly roundup of statehouse news.`),
      paragraph('Forecasters expect a quieter week ahead. Drivers should still check for lane closures before setting out.'),
    ],
    extra: seriesTags('us', [], [SPECIAL_SERIES.aroundTheStates]),
  }),
);

export const RULE_ARTICLES: ArticleRecord[] = [SERIES_ARTICLE, DEALS_ARTICLE, FORUM_ARTICLE, ...STATE_BRIEFS];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(SPECIAL_SERIES, RULE_SECTIONS, RULE_ARTICLES);
