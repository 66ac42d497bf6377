/**
 * Page layouts (spec 1 §7 "per page": home, section fronts by path, articles by
 * fox-news/{category slug}, category routes by tag path). Region components are `{ type, model }`
 * (core/upstream/component-schemas.ts); between them the fronts use every front component of
 * spec 1 §3 and spec 2 §2, plus an unknown type, an unexpected summary item and an ad whose sizes
 * are not strings (each logged and skipped).
 */
import { deepFreeze } from './frozen.js';
import { CATEGORIES } from './categories.js';
import { GAME_LAYOUTS } from './games.js';
import { NAV_LAYOUTS } from './nav.js';
import { SPECIAL_SERIES } from './rule-articles.js';
import { TAG_FRONT_LAYOUTS } from './tag-fronts.js';
import { VIDEO_LAYOUTS } from './video-layouts.js';
import type { LayoutRecord } from './types.js';

type Component = { type: string; model: Record<string, unknown> };

function list(title: string | undefined, size: number, options: { category?: string; from?: number; style?: string; url?: string } = {}): Component {
  return { type: 'article-list', model: { title, size, ...options } };
}

/** A newsletter sign-up; `description` says what it sends (topStories for a topic's newsletter). */
function newsletter(slug: string, title: string, description: string): Component {
  return {
    type: 'newsletter-promo',
    model: { id: `newsletter-${slug}`, slid: `fn${slug}`, title, description, arrives: 'Weekdays' },
  };
}

/** "The day's top politics stories, in your inbox." `topic` as it reads in running text. */
function topStories(topic: string): string {
  return `The day's top ${topic} stories, in your inbox.`;
}

/** A section's newsletter: its title in running text is lower case, an abbreviation as written ("U.S."). */
function sectionNewsletter(category: { slug: string; title: string }): Component {
  const topic = category.title.includes('.') ? category.title : category.title.toLowerCase();
  return newsletter(category.slug, `${category.title} Newsletter`, topStories(topic));
}

const ad = (sizes: string[]): Component => ({ type: 'ad', model: { sizes } });

const HOME: LayoutRecord = {
  id: 'layout-home',
  subtype: 'home',
  elementId: '/',
  preContent: [ad(['970x250', '970x66', '728x90'])],
  main: [
    list(undefined, 1, { style: 'spotlight' }),
    list('Latest News', 8, { from: 1 }),
    ...CATEGORIES.map((category) => list(category.title, 4, { category: category.slug, url: category.url })),
  ],
  rightRail: [newsletter('headlines', 'Headlines Newsletter', "The day's top headlines, in your inbox."), list('Trending', 5, { style: 'rank' }), ad(['300x250'])],
  postContent: [],
  offset: 9,
};

/** Components only some fronts show, so every front component appears somewhere in the sample. */
const SHOWCASE: Record<string, { preContent?: Component[]; main?: Component[]; rightRail?: Component[]; postContent?: Component[]; takeover?: boolean }> = {
  world: {
    preContent: [ad(['970x250', '970x66', '728x90'])],
    main: [
      {
        type: 'spotlight',
        model: {
          title: 'In Focus',
          items: [
            {
              title: 'Senate panel advances rural broadband bill',
              url: '/politics/senate-panel-advances-rural-broadband-bill',
              imageUrl: '/images/spotlight-broadband.svg',
              kickerText: 'Capitol Hill',
              eyebrowType: 'exclusive',
              imageCopyright: 'Sample Images',
              dek: 'The bill now heads to the full Senate.',
              dimensionType: 'twocross',
              publicationDate: '2026-02-28T15:00:00Z',
              relatedArticles: [{ title: 'What the broadband bill funds', url: '/politics/senate-panel-advances-rural-broadband-bill', duration: '02:14' }],
            },
            {
              title: 'Governors meet on water rights',
              url: '/politics/governors-sign-interstate-water-sharing-compact',
              imageUrl: '/images/spotlight-water.svg',
              dimensionType: 'twocross',
              isVideo: true,
              isShared: true,
              originationStation: 'FOX 10 Phoenix',
              duration: '03:05',
            },
          ],
        },
      },
      {
        type: 'summary',
        model: {
          title: 'Key Takeaways',
          items: [
            { content_type: 'text', text: 'Lawmakers <strong>agreed</strong> on three points.<script>alert(1)</script>' },
            { content_type: 'list', title: 'What <em>passed</em>', items: ['Broadband funding', 'Water compacts'] },
            { content_type: 'external_link', title: 'Read the bill text', url: 'https://www.congress.gov/', description: 'On congress.gov.' },
            { content_type: 'article', title: 'How the vote went', url: '/politics/senate-panel-advances-rural-broadband-bill' },
            { content_type: 'video', title: 'Watch the hearing', url: '/video/senate-hearing', duration: '12:40' },
            { content_type: 'brightcove_video', title: 'Senators react', videoId: '6301234567001', duration: '01:30' },
            { content_type: 'podcast', title: 'An item type the site does not know' },
          ],
        },
      },
      {
        type: 'timeline',
        model: {
          title: 'How the Bill Moved',
          items: [
            { label: 'Bill introduced', url: '/politics/senate-panel-advances-rural-broadband-bill', time: '2026-01-12T15:00:00Z' },
            { label: 'Committee vote', url: '/politics/senate-panel-advances-rural-broadband-bill', time: '9:30 AM ET' },
          ],
        },
      },
      {
        type: 'promo-slideshow',
        model: {
          slides: [
            { image: '/images/promo-special-report.svg', showTitle: 'Special Report', title: 'Tonight: the broadband vote', url: '/politics', buttonLabel: 'Watch Now' },
            { image: '/images/promo-sunday.svg', showTitle: 'Sunday Morning Futures', title: 'The week in Washington', url: '/politics' },
          ],
        },
      },
      { type: 'ad', model: { id: 'ad-world-repeat', sizes: ['300x250', '320x50'], placement: { repeat: 3, startPosition: 3, max: 2 } } },
    ],
    postContent: [{ type: 'ar-widget', model: {} }, { type: 'ad', model: { sizes: [300, 250] } }],
  },
  us: {
    main: [
      {
        type: 'business-news',
        model: {
          title: 'Fox Business',
          site: { name: 'Fox Business', url: 'https://www.foxbusiness.com' },
          items: [
            { title: 'Rates hold steady', url: 'https://www.foxbusiness.com/economy/rates-hold-steady', label: 'Economy', categoryUrl: 'https://www.foxbusiness.com/economy', publicationDate: '2026-02-28T14:00:00Z', description: 'The central bank left rates unchanged.' },
            { title: 'Markets in two minutes', url: 'https://www.foxbusiness.com/video/markets-in-two', label: 'Video', categoryUrl: 'https://www.foxbusiness.com/markets', publicationDate: '2026-02-28T16:30:00Z' },
          ],
        },
      },
      {
        type: 'business-sites',
        model: {
          title: 'Around the Network',
          items: [
            { link: 'https://www.foxbusiness.com', alt: 'Fox Business', image: '/images/site-fox-business.svg' },
            { link: 'https://www.foxweather.com', alt: 'Fox Weather', image: '/images/site-fox-weather.svg' },
          ],
        },
      },
    ],
    rightRail: [
      {
        type: 'stocks',
        model: {
          title: 'Markets',
          items: [
            { ticker: 'DJIA', url: 'https://www.foxbusiness.com/quote?stockTicker=I:DJI', description: 'Dow Jones Industrial Average', current: 43210.55, netChange: 120.4, percentChange: 0.28 },
            { ticker: 'SP500', url: 'https://www.foxbusiness.com/quote?stockTicker=I:SP500', description: 'S&P 500', current: 5890.1, netChange: -12.35, percentChange: -0.21 },
          ],
        },
      },
      // The TV schedule island (spec 2 §2-§4). dt pins the sample feed's week (2022-03-28..04-03);
      // a real layout leaves it out and shows today.
      { type: 'tv-schedule', model: { title: 'On Air', channel: 'news', dt: '2022-03-30' } },
    ],
  },
  lifestyle: {
    main: [
      {
        type: 'merchandise',
        model: {
          title: 'Shop the Story',
          items: [
            {
              title: 'Cast iron skillet',
              description: 'A pan for every kitchen.',
              url: 'https://shop.example/skillet',
              imageUrl: '/images/merch-skillet.svg',
              author: { name: 'Lena Okafor', url: '/person/o/lena-okafor' },
              buttons: [{ label: 'Buy Now', url: 'https://shop.example/skillet' }],
            },
          ],
        },
      },
    ],
  },
};

const SECTIONS: LayoutRecord[] = CATEGORIES.map((category) => {
  const extra = SHOWCASE[category.slug] ?? {};
  return {
    id: `layout-section-${category.slug}`,
    subtype: 'section',
    elementId: category.path,
    ...(extra.preContent ? { preContent: extra.preContent } : {}),
    main: [
      list(undefined, 1, { category: category.slug, style: 'spotlight' }),
      // The first list: load-more fetches 10 plus one (spec 1 §4, §9).
      list(undefined, 10, { category: category.slug, from: 1 }),
      ...(extra.main ?? []),
    ],
    rightRail: [sectionNewsletter(category), list('Latest News', 5, { style: 'rank' }), ad(['300x250']), ...(extra.rightRail ?? [])],
    postContent: [recirculation(`More ${category.title} Coverage`), ...(extra.postContent ?? [])],
    offset: 11,
  };
});

function recirculation(title: string): Component {
  return {
    type: 'recirculation',
    model: {
      title,
      items: [
        { title: 'Fox News Digital Originals', url: '/video', source: 'Fox News' },
        { title: 'Outdoor stories from Fox Weather', url: 'https://www.foxweather.com/outdoors', imageUrl: '/images/recirc-weather.svg', source: 'Fox Weather', isExternal: true },
      ],
    },
  };
}

/** Category routes' layouts, by tag path (spec 1 §7 "category: tag path"). */
const CATEGORY_LAYOUTS: LayoutRecord[] = [
  {
    id: 'layout-category-elections',
    subtype: 'category',
    elementId: 'fox-news/politics/elections',
    main: [
      {
        type: 'spotlight',
        model: { items: [{ title: 'Governors meet on water rights', url: '/politics/governors-sign-interstate-water-sharing-compact', imageUrl: '/images/spotlight-elections.svg', dimensionType: 'bigtop', eyebrowType: 'live', kickerText: 'Election Night' }] },
      },
      list(undefined, 10, { category: 'politics' }),
    ],
    // Site-wide and asking for 25: the rank list stops at 20 (spec 1 §9 "rank list max 20").
    rightRail: [list('Most Read', 25, { style: 'rank' })],
  },
  {
    id: 'layout-category-elections-senate',
    subtype: 'category',
    elementId: 'fox-news/politics/elections/senate',
    main: [list(undefined, 10, { category: 'politics' })],
    rightRail: [newsletter('elections', 'Elections Newsletter', topStories('election'))],
  },
  {
    id: 'layout-category-america-together',
    subtype: 'category',
    elementId: 'fox-news/us/personal-freedoms/america-together',
    main: [list(undefined, 10, { category: 'us' }), { type: 'contact-form', model: { formId: 'america-together', location: true } }],
  },
];

/** Static pages' components (render-workers/static: subtype `static`, elementId the page path). */
const STATIC_LAYOUTS: LayoutRecord[] = [
  { id: 'layout-static-contact', subtype: 'static', elementId: '/contact', main: [{ type: 'contact-form', model: { formId: 'contact-us', location: true } }] },
  {
    id: 'layout-static-schedule',
    subtype: 'static',
    elementId: '/schedule',
    main: [
      { type: 'tv-schedule', model: { title: 'Fox News Channel', channel: 'news' } },
      { type: 'tv-schedule', model: { title: 'Fox Business', channel: 'business' } },
    ],
  },
];

/** Special-series banners (spec 1 §2.6) in the U.S. article layout: each shows on the articles carrying its tag. */
const ARTICLE_PRE_CONTENT: Record<string, Component[]> = {
  us: Object.values(SPECIAL_SERIES).map((series) => ({ type: 'special-series', model: { name: series.name, url: series.url, tags: [series.tag] } })),
};

const ARTICLES: LayoutRecord[] = CATEGORIES.map((category) => ({
  id: `layout-article-${category.slug}`,
  subtype: 'article',
  elementId: `fox-news/${category.slug}`,
  ...(ARTICLE_PRE_CONTENT[category.slug] ? { preContent: ARTICLE_PRE_CONTENT[category.slug] } : {}),
  rightRail: [list(`Trending in ${category.title}`, 5, { category: category.slug, style: 'rank' }), sectionNewsletter(category)],
  postContent: [list(`More from ${category.title}`, 4, { category: category.slug, url: category.url })],
}));

/**
 * A show's and a person's layout (spec 2 §2 "Show, person and game pages use regions: pre-content,
 * main, left rail, right rail, post-content"; spec 2 §7 elementId show_slug and personSlug), with
 * content in every region.
 */
const SHOW_AND_PERSON_LAYOUTS: LayoutRecord[] = [
  {
    id: 'layout-show-the-evening-report',
    subtype: 'show',
    elementId: 'the-evening-report',
    preContent: [ad(['970x250', '970x66', '728x90'])],
    leftRail: [
      {
        type: 'timeline',
        model: {
          title: 'On Tonight’s Show',
          items: [
            { label: 'The broadband bill heads to the floor', url: '/politics/senate-panel-advances-rural-broadband-bill', time: '7:05 PM ET' },
            { label: 'Three governors and a reservoir', url: '/politics/governors-sign-interstate-water-sharing-compact', time: '7:30 PM ET' },
          ],
        },
      },
    ],
    main: [list('Stories From the Show', 4, { category: 'politics', url: '/politics' })],
    rightRail: [newsletter('evening-report', 'The Evening Report Newsletter', 'Highlights from The Evening Report, in your inbox.'), { type: 'tv-schedule', model: { title: 'On Air', channel: 'news', dt: '2022-03-30' } }],
    postContent: [recirculation('More From The Evening Report')],
  },
  {
    id: 'layout-person-sarah-whitfield',
    subtype: 'person',
    elementId: 'sarah-whitfield',
    preContent: [ad(['970x250', '970x66', '728x90'])],
    leftRail: [
      {
        type: 'summary',
        model: {
          title: 'Her Beat',
          items: [
            { content_type: 'list', title: 'Sarah covers', items: ['Congress', 'Campaign finance', 'Rural policy'] },
            { content_type: 'article', title: 'County clerks pilot mail ballot tracking', url: '/politics/county-clerks-pilot-mail-ballot-tracking' },
          ],
        },
      },
    ],
    main: [list('Politics Coverage', 5, { category: 'politics', url: '/politics' })],
    rightRail: [list('Most Read', 5, { style: 'rank' }), newsletter('politics', 'Politics Newsletter', topStories('politics'))],
    postContent: [recirculation('More Politics Coverage')],
  },
];

/** The bare /coverage event's layout (subtype liveEvent, elementId the path without slashes): the events it gathers. */
const COVERAGE_HUB: LayoutRecord = {
  id: 'layout-live-coverage',
  subtype: 'liveEvent',
  elementId: 'coverage',
  main: [
    {
      type: 'summary',
      model: {
        title: 'Following Live',
        items: [
          { content_type: 'article', title: 'Election Night 2026: Live Results', url: '/coverage/election-night', description: 'Live results, maps and analysis as polls close across the country.' },
          { content_type: 'article', title: 'Winter Storm Live Updates', url: '/coverage/winter-storm', description: 'Snow totals, closures and forecasts as the storm moves east.' },
          { content_type: 'article', title: 'Crewed Launch to the Space Station', url: '/coverage/space-launch', description: 'Countdown and launch coverage from Cape Canaveral.' },
        ],
      },
    },
  ],
  rightRail: [list('Latest News', 5, { style: 'rank' })],
};

export const LAYOUTS: LayoutRecord[] = [
  ...NAV_LAYOUTS,
  HOME,
  ...SECTIONS,
  ...ARTICLES,
  ...CATEGORY_LAYOUTS,
  ...TAG_FRONT_LAYOUTS,
  ...STATIC_LAYOUTS,
  ...GAME_LAYOUTS,
  ...VIDEO_LAYOUTS,
  ...SHOW_AND_PERSON_LAYOUTS,
  COVERAGE_HUB,
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(LAYOUTS);
