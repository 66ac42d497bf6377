/**
 * Sample articles (spec 1 §3 Full article). The stories, places and quoted people are fictional;
 * the text was written for this dataset. Together they use every block kind the renderer knows
 * (paragraph, heading, list, pull quote, article image, table with header cells, colSpan and
 * rowSpan) plus one block of an unknown kind, which the renderer must skip and log.
 */
import { deepFreeze } from './frozen.js';
import { PlatformError } from '../../../core/errors.js';
import { CATEGORIES } from './categories.js';
import { cell, heading, image, list, paragraph, pullQuote, table, th, type BlockRecord } from './blocks.js';
import { MARCUS_DELGADO, SARAH_WHITFIELD, byline } from './people.js';
import type { ArticleRecord, PersonRecord } from './types.js';

/** Production origin of canonical URLs; the renderer keeps the pathname only. */
export const CANONICAL_ORIGIN = 'https://www.foxnews.com';

export interface ArticleSpec {
  id: string;
  section: string;
  slug: string;
  title: string;
  dek: string;
  author: PersonRecord;
  published: string;
  updated?: string;
  tags: string[];
  blocks: BlockRecord[];
  /** Fields that differ from the defaults below (flags, meta titles, ...). */
  extra?: Partial<ArticleRecord>;
  /** Header fields that differ from the defaults below (merged into the header). */
  header?: Partial<ArticleRecord['header']>;
  /**
   * A section that is not one of CATEGORIES (its front is generated with the tag fronts, like
   * /media): its title, url and path. Absent: the section is looked up in CATEGORIES.
   */
  sectionRecord?: { title: string; url: string; path: string };
}

function sectionOf(slug: string): { title: string; url: string; path: string } {
  const category = CATEGORIES.find((entry) => entry.slug === slug);
  if (!category) throw new PlatformError('CONFIG_INVALID', `sample dataset: unknown section ${slug}`);
  return { title: category.title, url: category.url, path: category.path };
}

export function article(spec: ArticleSpec): ArticleRecord {
  const section = spec.sectionRecord ?? sectionOf(spec.section);
  const path = `/${spec.section}/${spec.slug}`;
  const updated = spec.updated ?? spec.published;
  return {
    id: spec.id,
    title: spec.title,
    dek: spec.dek,
    description: spec.dek,
    meta_title: spec.title,
    meta_description: spec.dek,
    canonical_url: `${CANONICAL_ORIGIN}${path}`,
    article_slug: spec.slug,
    content_type: 'article',
    published: true,
    publication_date: spec.published,
    created_date: spec.published,
    last_modified_date: updated,
    last_published_date: updated,
    components: spec.blocks,
    header: {
      headline: spec.title,
      subHeadline: spec.dek,
      authors: [byline(spec.author)],
      category: section.title,
      headerCategory: { name: section.title, url: section.url },
      publicationDate: spec.published,
      lastPublishedDate: updated,
      modifiedDate: updated,
      source: { name: 'Fox News', url: CANONICAL_ORIGIN },
      organizationName: 'Fox News',
      allowComments: true,
      isPublished: true,
      articleTags: spec.tags.map((tag) => ({ slug: tag })),
      isGated: false,
      isMetered: false,
      ...spec.header,
    },
    tags: spec.tags.map((tag) => `fox-news/${spec.section}/${tag}`),
    fn__tags: spec.tags.map((tag) => ({ title: titleCase(tag), slug: tag, path: `fox-news/${spec.section}/${tag}` })),
    wp__category: { title: section.title, slug: spec.section, path: section.path },
    fn__sections: [{ path: section.path }],
    fn__sources: [{ label: 'Fox News', url: CANONICAL_ORIGIN }],
    fn__contributors: [],
    fn__legacy_type: 'article',
    robots_noindex: false,
    robots_nofollow: false,
    isAMP: false,
    comments: { enabled: true },
    ...spec.extra,
  };
}

export function titleCase(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const ARTICLES: ArticleRecord[] = [
  article({
    id: 'art-1001',
    section: 'politics',
    slug: 'senate-panel-advances-rural-broadband-bill',
    title: 'Senate panel advances rural broadband bill after late-night markup',
    dek: 'The bipartisan measure would set aside grants for counties where fewer than half of homes have a wired connection.',
    author: SARAH_WHITFIELD,
    published: '2025-03-18T13:05:00Z',
    updated: '2025-03-18T16:40:00Z',
    // The Big Idea: its related-topic link is the spec's /category/politics/the-big-idea (spec 1 §2.6 "Link targets seen").
    tags: ['senate', 'technology', 'rural-america', 'the-big-idea'],
    blocks: [
      image(
        'politics/capitol-committee-room',
        'Senators seated around a curved wooden dais in a committee hearing room',
        'Members of the Senate Commerce panel during the markup on Tuesday night.',
        'Sample Photo Service',
        true,
      ),
      paragraph(
        'A Senate committee voted 19-7 late Tuesday to send a rural broadband bill to the floor, after members spent nearly six hours trading amendments over how grant money should be divided among states.',
      ),
      paragraph(
        'The measure, known as the <em>Connecting Rural Counties Act</em>, would direct federal grants toward counties where fewer than half of homes can buy a wired connection of at least 100 megabits per second.',
      ),
      heading('What the bill would do'),
      list([
        'Create a grant program for counties below the 50% wired-coverage line',
        'Require providers that accept grants to offer a low-cost plan for ten years',
        'Publish coverage maps that residents can challenge online',
        'Give tribal governments a dedicated share of the funding',
      ]),
      pullQuote(
        'A farmer in my state should not have to drive to the library parking lot to file a crop report.',
        'A committee member, during the markup',
      ),
      paragraph(
        'Opponents on the panel argued that the coverage maps the program relies on are out of date and that money could flow to areas that private providers already plan to reach within two years.',
      ),
      table(
        'Proposed grant split by region (in millions of dollars)',
        [
          [th('Region', { rowSpan: 2 }), th('Fiscal year', { colSpan: 2 })],
          [th('2026'), th('2027')],
        ],
        [
          [cell('Plains'), cell('410'), cell('380')],
          [cell('Mountain West'), cell('355'), cell('340')],
          [cell('Appalachia'), cell('390'), cell('365')],
          [cell('Tribal lands set-aside'), cell('250', { colSpan: 2 })],
        ],
      ),
      { kind: 'ar-experience', props: { sceneId: 'broadband-towers-3d', fallbackText: 'An interactive 3D map of planned towers.' } },
      paragraph(
        'Senate leaders have not said when the bill could reach the floor. A companion measure in the House has not yet received a committee vote.',
      ),
    ],
  }),
  article({
    id: 'art-1002',
    section: 'politics',
    slug: 'county-clerks-pilot-mail-ballot-tracking',
    title: 'County clerks pilot text alerts that let voters track mail ballots',
    dek: 'Officials in four counties say the alerts cut calls to their offices by a third during the last primary.',
    author: SARAH_WHITFIELD,
    published: '2025-03-17T11:20:00Z',
    tags: ['elections', 'voting'],
    blocks: [
      paragraph(
        'Voters in four counties can now sign up for text messages that follow their mail ballot from the moment it is printed to the moment it is counted, under a pilot program that election officials plan to expand before the fall.',
      ),
      paragraph(
        'The clerks running the pilot said the alerts were built on the tracking data their offices already collect, so the cost was limited to the messaging service.',
      ),
      heading('How the alerts work'),
      list(
        [
          'A voter opts in with the ballot request form or on the county website.',
          'A text goes out when the ballot is mailed, when it is received and when it is accepted.',
          'If a signature problem is found, the voter gets a message with the steps to fix it.',
        ],
        true,
      ),
      image(
        'politics/ballot-envelopes',
        'Stacks of sealed mail ballot envelopes in plastic trays',
        'Mail ballots wait to be sorted at a county election office.',
        'Sample Photo Service',
      ),
      pullQuote('The phone used to ring all day with one question: did you get my ballot?', 'A county clerk taking part in the pilot'),
      paragraph(
        'Election officials in neighbouring counties said they were watching the results, and a state board is expected to review the program this summer.',
      ),
    ],
  }),
  article({
    id: 'art-1003',
    section: 'politics',
    slug: 'governors-sign-interstate-water-sharing-compact',
    title: 'Three governors sign water-sharing compact for drought years',
    dek: 'The agreement sets out who cuts back first when the reservoir that serves all three states drops below a trigger level.',
    author: MARCUS_DELGADO,
    published: '2025-03-14T17:45:00Z',
    tags: ['governors', 'water'],
    blocks: [
      paragraph(
        'Three governors signed a compact on Friday that spells out how their states will share water from a common reservoir in years when snowfall comes up short.',
      ),
      paragraph(
        'Under the agreement, cutbacks begin when the reservoir falls below 40% of capacity on April 1, with each state reducing its draw in proportion to the share it has used over the past decade.',
      ),
      table(
        'Reductions by reservoir level on April 1',
        [[th('Reservoir level'), th('State A'), th('State B'), th('State C')]],
        [
          [cell('Below 40%'), cell('5%'), cell('4%'), cell('3%')],
          [cell('Below 30%'), cell('10%'), cell('9%'), cell('7%')],
          [cell('Below 20%'), cell('Emergency talks within 30 days', { colSpan: 3 })],
        ],
      ),
      paragraph(
        'The compact still needs approval from each state legislature and from Congress, a process that the governors said they hope to finish within a year.',
      ),
    ],
  }),
  article({
    id: 'art-1004',
    section: 'us',
    slug: 'river-towns-rebuild-after-spring-flooding',
    title: 'River towns rebuild after spring flooding, with an eye on the next one',
    dek: 'Some homeowners are raising houses on new foundations while others accept buyouts and move to higher ground.',
    author: MARCUS_DELGADO,
    published: '2025-03-19T10:00:00Z',
    tags: ['flooding', 'weather'],
    blocks: [
      image(
        'us/river-town-main-street',
        'A main street of brick storefronts with a high-water line visible on the walls',
        'A line left by floodwater marks storefronts along Front Street.',
        'Sample Photo Service',
        true,
      ),
      paragraph(
        'Six weeks after the river crested nearly nine feet above flood stage, the sound of nail guns has replaced the hum of pumps along Front Street.',
      ),
      paragraph(
        'Business owners say most shops will reopen by summer. For homeowners on the low streets, the choices are harder: rebuild as before, raise the house, or sell it to a county buyout program and leave.',
      ),
      heading('The options on the table'),
      list([
        '<strong>Repair in place</strong>, the fastest and cheapest option, but flood insurance premiums may rise',
        '<strong>Elevate</strong> the house at least two feet above the new flood line, with grants covering part of the cost',
        '<strong>Accept a buyout</strong>, after which the lot becomes permanent open space',
      ]),
      pullQuote('We have been flooded three times in twelve years. I love this street, but I am tired.', 'A homeowner on Water Street'),
      paragraph('County officials expect to make the first buyout offers in May, and say they have received more than 140 applications.'),
    ],
  }),
  article({
    id: 'art-1005',
    section: 'us',
    slug: 'fire-crews-expand-prescribed-burns-before-summer',
    title: 'Fire crews expand prescribed burns ahead of a dry summer forecast',
    dek: 'Forest managers plan to treat twice as many acres as last spring while the weather window stays open.',
    author: MARCUS_DELGADO,
    published: '2025-03-12T15:30:00Z',
    tags: ['wildfires', 'weather'],
    blocks: [
      paragraph(
        'Crews across the region plan to burn brush and fallen timber on roughly twice as many acres this spring as last year, hoping to remove fuel before a summer that forecasters expect to be hotter and drier than normal.',
      ),
      paragraph(
        'Prescribed burns are set only when wind, humidity and soil moisture fall inside narrow limits, so managers say the plan depends on the weather cooperating for the next eight weeks.',
      ),
      table(
        'Planned prescribed burns this spring',
        [[th('Forest'), th('Acres planned'), th('Acres last spring')]],
        [
          [cell('North district'), cell('6,200'), cell('2,900')],
          [cell('Canyon district'), cell('4,800'), cell('2,600')],
          [cell('Total'), cell('11,000'), cell('5,500')],
        ],
      ),
      paragraph('Residents near burn areas will get notices at least 48 hours before a burn begins, officials said.'),
    ],
  }),
  article({
    id: 'art-1006',
    section: 'us',
    slug: 'small-town-robotics-team-wins-national-title',
    title: 'Small-town robotics team wins national title with a robot built in a barn',
    dek: 'The eight students from a school of 200 beat teams from some of the largest districts in the country.',
    author: SARAH_WHITFIELD,
    published: '2025-03-10T20:15:00Z',
    tags: ['education', 'technology'],
    blocks: [
      paragraph(
        'The robot that won this year’s national high school championship was built in a converted dairy barn, powered by an extension cord run from the farmhouse next door.',
      ),
      paragraph(
        'The team of eight students, from a school with about 200 pupils, beat more than 60 finalists in a three-day competition that asked robots to sort, stack and deliver packages on a timed course.',
      ),
      pullQuote('We did not have a fancy lab. We had a barn, a lot of zip ties and a coach who never went home.', 'The team captain'),
      heading('How they got there', 2),
      list(
        ['Regional qualifier in November', 'State championship in January', 'National finals this weekend'],
        true,
      ),
      paragraph('The team said it will use part of its prize money to start a summer robotics camp for younger students in the county.'),
    ],
  }),
  article({
    id: 'art-1007',
    section: 'world',
    slug: 'alpine-village-votes-on-glacier-retreat-plan',
    title: 'Alpine village votes on a plan to live with a shrinking glacier',
    dek: 'Residents will decide whether to move a hiking trail, a water intake and a cable-car station away from unstable ground.',
    author: MARCUS_DELGADO,
    published: '2025-03-16T08:30:00Z',
    tags: ['environment', 'europe'],
    blocks: [
      image(
        'world/alpine-village-glacier',
        'A small village of wooden chalets below a grey glacier tongue',
        'The glacier above the village has retreated by several hundred metres since the 1990s.',
        'Sample Photo Service',
        true,
      ),
      paragraph(
        'Residents of a mountain village of about 1,100 people will vote next month on a plan to relocate a water intake, a popular hiking trail and a cable-car station as the glacier above them continues to retreat.',
      ),
      paragraph(
        'Geologists hired by the village council found that rock once held in place by the ice has begun to shift, and recommended moving the structures within five years.',
      ),
      heading('What the plan includes'),
      list([
        'A new water intake 300 metres downstream',
        'Rerouting the glacier trail along the eastern ridge',
        'Moving the upper cable-car station to bedrock',
      ]),
      paragraph('If voters approve, construction would start after the summer tourist season.'),
    ],
  }),
  article({
    id: 'art-1008',
    section: 'world',
    slug: 'port-strike-ends-shipping-backlog-clears',
    // Developing: lists flag it "Developing" (spec 1 §3 article list item isDeveloping).
    extra: { fn__story_type: 'developing' },
    title: 'Port strike ends after nine days, but the shipping backlog will take weeks to clear',
    dek: 'Dockworkers approved a four-year contract that raises wages and limits the use of automated cranes.',
    author: SARAH_WHITFIELD,
    published: '2025-03-15T12:00:00Z',
    tags: ['trade', 'labor'],
    blocks: [
      paragraph(
        'Dockworkers at one of the busiest container ports on the continent returned to work on Saturday after members approved a new contract, ending a nine-day strike that left dozens of ships waiting offshore.',
      ),
      paragraph(
        'Port officials said it could take three to four weeks to unload the vessels now at anchor and return to normal schedules.',
      ),
      table(
        'Ships waiting to berth',
        [[th('Day of strike'), th('Container ships'), th('Other vessels')]],
        [
          [cell('Day 1'), cell('12'), cell('5')],
          [cell('Day 5'), cell('31'), cell('9', { rowSpan: 2 })],
          [cell('Day 9'), cell('47')],
        ],
      ),
      pullQuote('Nobody wins a strike like this one. We are just glad the cranes are moving again.', 'A shipping agent at the port'),
    ],
  }),
  article({
    id: 'art-1009',
    section: 'entertainment',
    slug: 'desert-film-festival-opens-with-drive-in-premiere',
    title: 'Desert film festival opens with a drive-in premiere under the stars',
    dek: 'Organisers brought back a 1950s-era drive-in screen for the opening night of the festival’s tenth edition.',
    author: MARCUS_DELGADO,
    published: '2025-03-13T03:10:00Z',
    tags: ['movies', 'film-festivals'],
    blocks: [
      image(
        'entertainment/drive-in-screen',
        'Cars parked in rows facing a large outdoor movie screen at dusk',
        'Opening night drew more than 400 cars to the restored drive-in.',
        'Sample Photo Service',
        true,
      ),
      paragraph(
        'More than 400 cars lined up on a dirt lot on Wednesday night as a small desert film festival opened its tenth edition with a premiere on a restored drive-in screen.',
      ),
      paragraph('The festival, which started as a weekend of short films in a community hall, now screens 90 features and shorts over eight days.'),
      heading('Highlights of the program'),
      list([
        'A documentary about the last family-owned motel on a historic highway',
        'A competition for films shot entirely on phones',
        'A late-night series of restored science fiction classics',
      ]),
      pullQuote('You cannot beat watching a movie about the desert in the desert.', 'The festival’s artistic director'),
    ],
  }),
  article({
    id: 'art-1010',
    section: 'entertainment',
    slug: 'sitcom-cast-reunites-for-charity-table-read',
    title: 'Cast of a long-running sitcom reunites for a charity table read',
    dek: 'The reading of an unproduced final-season script raised money for a children’s theatre program.',
    author: SARAH_WHITFIELD,
    published: '2025-03-11T22:00:00Z',
    tags: ['television', 'charity'],
    blocks: [
      paragraph(
        'The cast of a workplace sitcom that ran for nine seasons gathered on a theatre stage on Tuesday to read a script that was written for a final season that never aired.',
      ),
      paragraph('The event, streamed online for a ticketed audience, raised money for a program that brings theatre classes to public schools.'),
      pullQuote('It felt like we had just left for a long weekend. Then someone’s phone rang and it was 2025.', 'One of the show’s stars'),
      paragraph('Organisers said a recording of the reading will be available to ticket holders for 30 days.'),
    ],
  }),
  article({
    id: 'art-1011',
    section: 'opinion',
    slug: 'local-newspapers-still-matter',
    title: 'Local newspapers still matter, and your town council knows it',
    dek: 'When the reporter stops coming to meetings, the meetings change. Readers should notice before it happens.',
    author: SARAH_WHITFIELD,
    published: '2025-03-09T12:00:00Z',
    tags: ['media', 'local-news'],
    blocks: [
      paragraph(
        'I spent eight years covering county boards and school districts before I came to Washington, and the most useful thing I learned is that public officials behave differently when someone is taking notes.',
      ),
      paragraph('Not worse, necessarily. Just differently. Agendas get posted on time. Budgets get explained. Questions get answered.'),
      heading('What readers can do'),
      list(['Subscribe to the paper that covers your town, even if it is thin', 'Go to one public meeting a year', 'Tell the editor what you want covered']),
      pullQuote('A town without a reporter is a town that runs on rumours.'),
      paragraph('None of this requires loving the press. It only requires wanting to know what is done with your tax money.'),
    ],
    extra: { fn__story_type: 'opinion' },
  }),
  article({
    id: 'art-1012',
    section: 'opinion',
    slug: 'why-the-daylight-saving-debate-never-ends',
    title: 'Why the daylight saving debate never ends',
    dek: 'Everyone agrees the clock change is annoying. Nobody agrees on which time to keep.',
    author: MARCUS_DELGADO,
    published: '2025-03-08T14:00:00Z',
    tags: ['daylight-saving-time'],
    blocks: [
      paragraph(
        'Twice a year we complain about changing the clocks, and twice a year bills to stop it appear in statehouses. Most of them stall on the same question: which time do we keep?',
      ),
      table(
        'Sunrise and sunset in a northern city in mid-December',
        [[th('Rule'), th('Sunrise'), th('Sunset')]],
        [
          [cell('Permanent standard time'), cell('7:20 a.m.'), cell('4:25 p.m.')],
          [cell('Permanent daylight time'), cell('8:20 a.m.'), cell('5:25 p.m.')],
        ],
      ),
      paragraph('Morning people want standard time. Evening people want daylight time. Until one side gives in, we will keep changing the clocks.'),
    ],
    extra: { fn__story_type: 'opinion' },
  }),
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(ARTICLES);
