/**
 * Articles for every layout and rule of spec 1 §2.6, §3, §4, §5 and §9: AMP, gated,
 * metered, interactive, AP-sourced, draft, health, the text-to-speech sections, shopping and
 * commerce disclosures, robots flags, the hard-coded noindex article, a moved article (canonical
 * redirect), a long headline, the headshot cases, and the block kinds beyond the starter set.
 * Stories, people and places are fictional; the text was written for this dataset.
 */
import { deepFreeze } from './frozen.js';
import { article, CANONICAL_ORIGIN, titleCase } from './articles.js';
import {
  ad,
  externalLink,
  facebookPost,
  featuredVideo,
  fullSpanImage,
  heading,
  image,
  imageProps,
  images,
  inlineVideo,
  instagram,
  list,
  liveBlog,
  paragraph,
  pdf,
  pullQuote,
  rawHtml,
  relatedMedia,
  sharedVideo,
  slider,
  slideshow,
  tiktok,
  tweet,
  vimeo,
  weatherList,
  youtube,
  type BlockRecord,
} from './blocks.js';
import { DANA_REYES, JAMES_PARK, LENA_OKAFOR, MARCUS_DELGADO, RUTH_ELLIS, SARAH_WHITFIELD, byline } from './people.js';
import type { ArticleRecord } from './types.js';

/** Ten short paragraphs of one story, so ad patterns by paragraph count (spec 1 §9) have room. */
function longStory(lines: string[]): BlockRecord[] {
  return lines.map((line) => paragraph(line));
}

const HARBOR_LINES = [
  'The harbor commission voted on Monday to replace the century-old seawall along the south waterfront, ending three years of debate over how high the new wall should stand.',
  'Engineers recommended a wall four feet taller than the current one, enough to hold back a storm surge like the one that flooded the fish market two winters ago.',
  'Business owners on the waterfront had asked for a lower design with removable flood panels, saying a tall concrete wall would cut the market off from the water.',
  'The approved plan splits the difference: a permanent wall two feet taller, topped by panels that crews can install when a storm is forecast.',
  'Construction is expected to take two years and will be done in sections, so that no more than one block of the waterfront is closed at a time.',
  'The commission set aside money to help the fish market and three restaurants keep their doors open while the work passes in front of them.',
  'Residents who spoke at the meeting were divided, with several asking that the public fishing pier be rebuilt before the wall work begins.',
  'The commission agreed to study the pier separately and to report back within six months.',
  'A state grant will cover about 60% of the cost, with the rest coming from a bond approved by voters in November.',
  'The first section of wall, near the ferry landing, is scheduled to go up next spring.',
];

/** AMP raw-html iframe cases (spec 1 §5): only the first iframe, only with src, height, width, not http, no old fullscreen attributes. */
const AMP_IFRAME_CASES: BlockRecord[] = [
  // Converted: https, width and height, no sandbox (one is added).
  rawHtml('<iframe src="https://maps.example.org/embed?harbor=south" width="600" height="400" title="Map of the seawall sections"></iframe>'),
  // Converted, keeps its sandbox; the second iframe is not converted.
  rawHtml(
    '<iframe src="https://charts.example.org/embed/seawall-cost" width="600" height="300" sandbox="allow-scripts" title="Seawall cost chart"></iframe>' +
      '<iframe src="https://charts.example.org/embed/second" width="600" height="300" title="Second chart"></iframe>',
  ),
  // Not converted: http.
  rawHtml('<iframe src="http://insecure.example.org/embed" width="600" height="400" title="Insecure embed"></iframe>'),
  // Not converted: no height.
  rawHtml('<iframe src="https://maps.example.org/embed?no-height" width="600" title="Map without a height"></iframe>'),
  // Not converted: old fullscreen attributes.
  rawHtml('<iframe src="https://video.example.org/embed/1" width="600" height="338" webkitallowfullscreen mozallowfullscreen title="Old fullscreen embed"></iframe>'),
];

const RAISED_BED_VIDEO = { videoId: '6370000000001', title: 'How to build a raised garden bed in an afternoon', imageName: 'video/raised-bed', duration: '03:12' };

export const FEATURE_ARTICLES: ArticleRecord[] = [
  // --- Layouts -------------------------------------------------------------------------------
  article({
    id: 'art-2001',
    section: 'us',
    slug: 'harbor-commission-approves-taller-seawall',
    title: 'Harbor commission approves a taller seawall for the south waterfront',
    dek: 'The compromise design adds removable flood panels on top of a permanent wall.',
    author: SARAH_WHITFIELD,
    published: '2025-03-19T15:00:00Z',
    tags: ['flooding', 'infrastructure'],
    blocks: [
      image('us/seawall-waterfront', 'Waves breaking against an old stone seawall below a row of shops', 'The current seawall dates from the 1920s.', 'Sample Photo Service', true),
      ...longStory(HARBOR_LINES.slice(0, 4)),
      AMP_IFRAME_CASES[0] ?? paragraph(''),
      ...longStory(HARBOR_LINES.slice(4, 7)),
      ...AMP_IFRAME_CASES.slice(1),
      tweet('1630000000000000001'),
      youtube('dQw4w9WgXcQ', 'Drone footage of the south waterfront'),
      ...longStory(HARBOR_LINES.slice(7)),
    ],
    extra: { isAMP: true },
  }),
  article({
    id: 'art-2002',
    section: 'politics',
    slug: 'inside-the-budget-talks-that-almost-collapsed',
    title: 'Inside the budget talks that almost collapsed, in the words of the negotiators',
    dek: 'Four negotiators describe the night the state budget nearly failed, and the phone call that saved it.',
    author: SARAH_WHITFIELD,
    published: '2025-03-18T21:00:00Z',
    tags: ['budget', 'state-government'],
    blocks: [
      featuredVideo({ videoId: '6370000000002', title: 'Negotiators leave the statehouse after midnight', imageName: 'video/statehouse-night', duration: '02:05' }),
      paragraph('By 11 p.m. on the last night of the session, the four budget negotiators had stopped speaking to one another directly.'),
      paragraph('Messages passed through staff members who walked between two conference rooms at opposite ends of the statehouse.'),
      paragraph('What broke the deadlock, three of the four said, was a phone call from a retired legislator who had chaired the committee for a decade.'),
      paragraph('The budget passed at 4:12 a.m., with a line for rural hospitals that none of the four had wanted at the start of the night.'),
    ],
    header: { isGated: true },
    extra: { foxid: { enabled: true }, prevent_gating: false },
  }),
  article({
    id: 'art-2003',
    section: 'us',
    slug: 'what-the-new-property-tax-bills-mean-for-you',
    title: 'What the new property tax bills mean for you',
    dek: 'Assessments rose an average of 11%, but most homeowners will see a smaller increase in their bills.',
    author: MARCUS_DELGADO,
    published: '2025-03-17T13:00:00Z',
    tags: ['taxes', 'housing'],
    blocks: [
      paragraph('Property tax bills arriving this week reflect the first reassessment in four years, and many homeowners will see a larger number than they expected.'),
      paragraph('Because the tax rate was lowered at the same time, the average bill is rising about 4%, not the 11% that assessments rose.'),
      list(['Check the assessed value against recent sales on your street', 'File an appeal within 45 days of the bill date', 'Ask about the senior and veteran exemptions'], true),
    ],
    header: { isMetered: true },
  }),
  article({
    id: 'art-2004',
    section: 'us',
    slug: 'map-where-the-new-bike-lanes-will-go',
    title: 'Map: where the new bike lanes will go',
    dek: 'Explore the 42 miles of lanes the city plans to paint and protect over the next three years.',
    author: MARCUS_DELGADO,
    published: '2025-03-16T16:00:00Z',
    tags: ['transportation', 'cities'],
    blocks: [
      paragraph('The city’s transportation department released its three-year bike lane plan on Thursday. Use the map below to see which streets are included and when work is scheduled.'),
      rawHtml(
        '<table class="interactive-table"><caption>Lanes by year</caption><thead><tr><th>Year</th><th>Miles</th><th>Protected</th></tr></thead>' +
          '<tbody><tr><td>2025</td><td>12</td><td>5</td></tr><tr><td>2026</td><td>16</td><td>9</td></tr><tr><td>2027</td><td>14</td><td>10</td></tr></tbody></table>',
      ),
      rawHtml('<iframe src="https://maps.example.org/embed/bike-lanes" width="100%" height="500" title="Interactive map of planned bike lanes"></iframe>'),
      paragraph('Public meetings on the first year’s routes begin next month.'),
    ],
    extra: { fn__legacy_type: 'interactive', fn__story_type: 'interactive' },
  }),
  article({
    id: 'art-2005',
    section: 'world',
    slug: 'volcano-eruption-closes-airports-in-the-region',
    title: 'Volcano eruption closes airports across the region',
    dek: 'Ash drifted hundreds of miles, grounding flights for a second day.',
    author: SARAH_WHITFIELD,
    published: '2025-03-18T06:30:00Z',
    tags: ['volcanoes', 'air-travel'],
    blocks: [
      paragraph('A volcano on a remote island erupted for the second time in a week, sending a column of ash more than eight miles into the sky and closing airports across the region.'),
      paragraph('Aviation authorities said flights would resume once winds carried the ash cloud away from the main air corridors, possibly by Thursday.'),
    ],
    header: { authors: [], source: { name: 'Associated Press', url: 'https://apnews.com' }, organizationName: 'Associated Press' },
    // AP wire post with no byline: the author shown is "Associated Press" (spec 1 §3 defaults).
    // Breaking: lists flag it "Breaking" (spec 1 §3 article list item isBreaking).
    extra: { content_type: 'spark_ap_post', external_source: 'ap', fn__sources: [{ label: 'Associated Press', url: 'https://apnews.com' }], fn__story_type: 'breaking' },
  }),
  article({
    id: 'art-2006',
    section: 'us',
    slug: 'draft-school-board-election-guide',
    title: 'School board election guide (draft)',
    dek: 'Candidates, dates and how to vote in the school board election.',
    author: MARCUS_DELGADO,
    // All zeros: the header shows Draft (spec 1 §4).
    published: '0000-00-00T00:00:00Z',
    tags: ['elections', 'education'],
    blocks: [paragraph('This guide will list every candidate for the three open school board seats once the filing deadline passes.')],
  }),
  article({
    id: 'art-2007',
    section: 'health',
    slug: 'why-doctors-want-you-to-walk-after-meals',
    title: 'Why doctors want you to walk after meals',
    dek: 'A 10-minute walk after eating can blunt the rise in blood sugar, several small studies suggest.',
    author: LENA_OKAFOR,
    published: '2025-03-18T12:00:00Z',
    tags: ['fitness', 'diabetes', 'nutrition'],
    blocks: [
      image('health/walk-after-dinner', 'Two people walking on a tree-lined path in the evening', 'A short walk after dinner is an easy habit to start.', 'Sample Photo Service', true),
      ...longStory([
        'A short walk after a meal may do more for blood sugar than a longer walk at another time of day, according to a growing body of small studies.',
        'Muscles that are working pull glucose out of the blood, which softens the spike that follows a meal heavy in carbohydrates.',
        'Researchers found the effect with walks as short as two to five minutes, though 10 to 15 minutes worked better.',
        'The benefit appears strongest for people with type 2 diabetes or prediabetes, but it showed up in healthy volunteers as well.',
        'Doctors caution that the studies were small and short, and that walking after meals is not a substitute for medication when it is needed.',
        'Still, it is cheap, safe for most people, and easy to fit into a day, which is why many clinicians now suggest it.',
        'People with heart or joint problems should ask their doctor how far and how fast to walk.',
        'For everyone else, the advice is simple: put on your shoes after dinner and go around the block.',
      ]),
      pullQuote('It is the cheapest prescription I write, and one of the few my patients thank me for.', 'A family physician'),
    ],
  }),
  article({
    id: 'art-2008',
    section: 'entertainment',
    slug: 'lighthouse-keeper-drama-renewed-for-second-season',
    title: 'Lighthouse keeper drama renewed for a second season',
    dek: 'The slow-burning series became the surprise hit of the winter.',
    author: MARCUS_DELGADO,
    published: '2025-03-17T18:00:00Z',
    tags: ['television', 'streaming'],
    blocks: [
      featuredVideo({ videoId: '6370000000003', title: 'The cast on filming in a real lighthouse', imageName: 'video/lighthouse-drama', duration: '04:40' }),
      paragraph('A quiet drama about a lighthouse keeper and her teenage son has been renewed for a second season after becoming one of the most-watched shows of the winter.'),
      paragraph('The producers said filming would return to the same island, where the cast lived for four months last year.'),
    ],
  }),
  // --- Text-to-speech sections with a featured video, after July 2021 (spec 1 §9) --------------
  article({
    id: 'art-2009',
    section: 'opinion',
    slug: 'the-case-for-keeping-the-library-open-late',
    title: 'The case for keeping the library open late',
    dek: 'Evening hours cost little and serve the people who need the library most.',
    author: SARAH_WHITFIELD,
    published: '2025-03-15T12:00:00Z',
    tags: ['libraries', 'local-news'],
    blocks: [
      featuredVideo({ videoId: '6370000000004', title: 'A night at the branch library', imageName: 'video/library-night', duration: '02:30' }),
      paragraph('The people who use a public library after 6 p.m. are students, shift workers and parents who cannot come in during the day.'),
      paragraph('Cutting those hours saves little money and closes the doors on exactly the people a library exists to serve.'),
    ],
    // The column opens with a drop cap (spec 1 §3 starts_with_dropcap).
    extra: { fn__story_type: 'opinion', starts_with_dropcap: true },
  }),
  article({
    id: 'art-2010',
    section: 'sports',
    slug: 'minor-league-team-moves-to-a-downtown-ballpark',
    title: 'Minor league team moves to a downtown ballpark',
    dek: 'The new stadium seats 7,000 and sits on the site of an old rail yard.',
    author: JAMES_PARK,
    published: '2025-03-14T20:00:00Z',
    tags: ['baseball', 'stadiums'],
    blocks: [
      featuredVideo({ videoId: '6370000000005', title: 'First look inside the new ballpark', imageName: 'video/ballpark', duration: '01:55' }),
      paragraph('The city’s minor league baseball team will open its season in a new downtown ballpark built on a former rail yard.'),
      paragraph('The stadium seats 7,000, with a grass berm beyond left field where families can spread blankets.'),
      paragraph('Tickets for opening night sold out in under an hour, the team said.'),
      paragraph('The old ballpark on the edge of town will be torn down this summer to make room for housing.'),
    ],
    // Betting promo after the 3rd paragraph (spec 1 §9).
    extra: { fox_bet: true },
  }),
  article({
    id: 'art-2011',
    section: 'lifestyle',
    slug: 'how-to-build-a-raised-garden-bed',
    title: 'How to build a raised garden bed in an afternoon',
    dek: 'Four boards, a bag of screws and a few hours are all you need.',
    author: RUTH_ELLIS,
    published: '2025-03-13T14:00:00Z',
    tags: ['gardening', 'home'],
    blocks: [
      featuredVideo(RAISED_BED_VIDEO),
      paragraph('A raised bed warms up sooner in spring, drains better than heavy clay, and saves your back when it is time to weed.'),
      list(['Four cedar boards, 2 by 10 inches', 'Sixteen exterior screws', 'A drill', 'Cardboard for the bottom', 'Soil and compost'], false),
      // A slideshow inside a standard article (spec 1 §3 block types "slideshow").
      slideshow({
        title: 'The bed, step by step',
        dek: 'From bare lawn to first seedlings.',
        url: '/lifestyle/how-to-build-a-raised-garden-bed',
        lastMod: '2025-03-13T14:00:00Z',
        slides: ['Cardboard laid over the grass', 'Cedar boards screwed at the corners', 'Soil and compost raked level'].map((subject) => ({
          name: `lifestyle/raised-bed-${subject.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
          alt: `${subject}, photographed for the slideshow`,
          caption: `${subject}.`,
          copyright: 'Sample Photo Service',
        })),
      }),
    ],
    // A sponsored article: the sponsor block below the body (spec 1 §2.6, §3 header.sponsor).
    header: {
      sponsor: {
        fn__indicator: 'Sponsored by Cedar Row Garden Supply',
        fn__disclaimer: 'This content was paid for by Cedar Row Garden Supply and written by its team.',
      },
    },
  }),
  article({
    id: 'art-2012',
    section: 'opinion',
    slug: 'a-quiz-how-well-do-you-know-your-state-capitals',
    title: 'Quiz: how well do you know your state capitals?',
    dek: 'Ten questions. No peeking at a map.',
    author: MARCUS_DELGADO,
    published: '2025-03-12T12:00:00Z',
    tags: ['quizzes'],
    blocks: [
      featuredVideo({ videoId: '6370000000006', title: 'State capitals in 60 seconds', imageName: 'video/capitals', duration: '01:00' }),
      paragraph('Think you know all fifty capitals? Start with these ten.'),
    ],
    // A quiz gets no text-to-speech block (spec 1 §9 "not quizzes").
    extra: { fn__story_type: 'quiz' },
  }),
  article({
    id: 'art-2013',
    section: 'sports',
    slug: 'when-the-home-team-last-won-it-all',
    title: 'When the home team last won it all',
    dek: 'A look back at the 2020 championship run.',
    author: JAMES_PARK,
    // Before July 2021: no text-to-speech block (spec 1 §9).
    published: '2021-06-15T12:00:00Z',
    tags: ['basketball', 'history'],
    blocks: [
      featuredVideo({ videoId: '6370000000007', title: 'Highlights of the 2020 final', imageName: 'video/final-2020', duration: '05:10' }),
      paragraph('It has been a while. Here is how the last title run unfolded, game by game.'),
    ],
  }),
  // --- Disclosures (spec 1 §9: shopping, commerce, the later tag decides) ----------------------
  article({
    id: 'art-2014',
    section: 'lifestyle',
    slug: 'best-cast-iron-skillets-tested',
    title: 'The best cast-iron skillets, tested in a home kitchen',
    dek: 'We seared, baked and fried in eight pans over a month.',
    author: RUTH_ELLIS,
    published: '2025-03-11T14:00:00Z',
    tags: ['shopping', 'cooking'],
    blocks: [paragraph('After a month of searing steaks and baking cornbread, two skillets stood out, and neither was the most expensive.')],
  }),
  article({
    id: 'art-2015',
    section: 'lifestyle',
    slug: 'spring-cleaning-supplies-that-earn-their-space',
    title: 'Spring cleaning supplies that earn their space under the sink',
    dek: 'A short list of tools worth buying, and a few to skip.',
    author: RUTH_ELLIS,
    published: '2025-03-10T14:00:00Z',
    tags: ['commerce', 'home'],
    blocks: [paragraph('Most cleaning jobs need fewer products than the store shelf suggests. These are the ones we reach for every week.')],
  }),
  article({
    id: 'art-2016',
    section: 'lifestyle',
    slug: 'travel-gear-for-a-long-weekend',
    title: 'Travel gear for a long weekend, all of it carry-on',
    dek: 'What fits in one bag for three days away.',
    author: RUTH_ELLIS,
    published: '2025-03-09T14:00:00Z',
    // shopping then commerce: commerce decides.
    tags: ['shopping', 'commerce', 'travel'],
    blocks: [paragraph('Three days, one bag, no checked luggage: here is what made the cut after a dozen trips.')],
  }),
  article({
    id: 'art-2017',
    section: 'lifestyle',
    slug: 'kitchen-gadgets-we-actually-use',
    title: 'Kitchen gadgets we actually use',
    dek: 'Five tools that earned a permanent spot on the counter.',
    author: RUTH_ELLIS,
    published: '2025-03-08T14:00:00Z',
    // commerce then shopping: shopping decides.
    tags: ['commerce', 'shopping', 'cooking'],
    blocks: [paragraph('Most gadgets end up in a drawer. These five stayed on the counter for a year.')],
  }),
  // --- Robots (spec 1 §9) ----------------------------------------------------------------------
  article({
    id: 'art-2018',
    section: 'us',
    slug: 'court-record-of-the-zoning-hearing',
    title: 'Court record of the zoning hearing',
    dek: 'The full transcript of Tuesday’s hearing, as filed.',
    author: SARAH_WHITFIELD,
    published: '2025-03-07T14:00:00Z',
    tags: ['courts'],
    blocks: [paragraph('The transcript below was filed with the county court on Wednesday.')],
    extra: { robots_noindex: true },
  }),
  article({
    id: 'art-2019',
    section: 'us',
    slug: 'list-of-polling-places-by-precinct',
    title: 'List of polling places by precinct',
    dek: 'Where to vote in every precinct of the county.',
    author: SARAH_WHITFIELD,
    published: '2025-03-06T14:00:00Z',
    tags: ['elections', 'voting'],
    blocks: [paragraph('Polls are open from 7 a.m. to 8 p.m. Find your precinct below.')],
    extra: { robots_nofollow: true },
  }),
  article({
    id: 'art-noindex-demo',
    section: 'us',
    slug: 'test-page-for-the-noindex-rule',
    title: 'A page that search engines must not index',
    dek: 'A notice for site visitors that is kept out of search results.',
    author: MARCUS_DELGADO,
    published: '2025-03-05T14:00:00Z',
    tags: ['site-news'],
    blocks: [paragraph('This page is meant for readers who follow a link to it; it is left out of search results.')],
  }),
  // --- Moved article: served at an old path too (spec 1 §2.2 canonical redirect) --------------
  article({
    id: 'art-2020',
    section: 'us',
    slug: 'county-opens-cooling-centers-during-heat-wave',
    title: 'County opens cooling centers as the heat wave stretches into a second week',
    dek: 'Libraries and senior centers will stay open until 9 p.m.',
    author: MARCUS_DELGADO,
    published: '2025-03-04T14:00:00Z',
    tags: ['weather', 'heat'],
    blocks: [paragraph('The county opened eleven cooling centers on Sunday as forecasters said temperatures would stay above 100 degrees through Friday.')],
    extra: {
      // The old path the article was first published at; the sample serves the article there too,
      // and its site map lists it as type 'redirect' (docs/upstream-contract.md §6).
      urls: [`${CANONICAL_ORIGIN}/us/county-opens-cooling-centers`, `${CANONICAL_ORIGIN}/us/county-opens-cooling-centers-during-heat-wave`],
    },
  }),
  // --- Header cases ----------------------------------------------------------------------------
  article({
    id: 'art-2021',
    section: 'us',
    slug: 'state-lawmakers-approve-sweeping-changes-to-rural-water-rights-after-decades-long-fight',
    // A headline longer than 110 characters: structured data cuts it (spec 1 §9).
    title:
      'State lawmakers approve sweeping changes to rural water rights after a decades-long fight between farmers, cities and tribes over the river',
    dek: 'The overhaul sets new limits on pumping during droughts and gives tribes a seat on the river board.',
    author: SARAH_WHITFIELD,
    published: '2025-03-03T14:00:00Z',
    tags: ['water', 'agriculture'],
    blocks: [paragraph('After more than twenty years of lawsuits and failed bills, the legislature passed a water rights overhaul on a 71-28 vote.')],
  }),
  article({
    id: 'art-2022',
    section: 'us',
    slug: 'small-businesses-brace-for-higher-shipping-rates',
    title: 'Small businesses brace for higher shipping rates',
    dek: 'Carriers plan increases of 6% to 8% starting in April.',
    author: DANA_REYES,
    published: '2025-03-02T14:00:00Z',
    tags: ['small-business', 'shipping'],
    blocks: [paragraph('Owners of small online shops say they will raise prices or cut free-shipping offers when carriers raise rates next month.')],
    // Another network's story: the author's headshot is hidden (spec 1 §5 "only for the publisher's own source").
    header: { source: { name: 'Fox Business', url: 'https://www.foxbusiness.com' }, organizationName: 'Fox Business' },
    extra: { fn__sources: [{ label: 'Fox Business', url: 'https://www.foxbusiness.com' }] },
  }),
  // --- Every other block kind, with many topics and tags ----------------------------------------
  article({
    id: 'art-2023',
    section: 'world',
    slug: 'what-the-world-saw-during-the-total-solar-eclipse',
    title: 'What the world saw during the total solar eclipse',
    dek: 'Posts, videos and documents from the two and a half minutes of darkness.',
    author: MARCUS_DELGADO,
    published: '2025-03-19T18:00:00Z',
    tags: ['astronomy', 'eclipse', 'science', 'space', 'weather', 'travel', 'photography', 'nasa', 'sun', 'moon', 'skywatching', 'tourism'],
    blocks: [
      // The home page's lead story: a front's lead shows a large image.
      image('world/eclipse-totality', 'The moon covering the sun, its corona glowing around a black disc', 'Totality lasted about two and a half minutes.', 'Sample Photo Service', true),
      paragraph('For about two and a half minutes on Saturday, the moon covered the sun completely along a narrow path, and millions of people looked up.'),
      facebookPost('https://www.facebook.com/example.observatory/posts/1234567890'),
      instagram('https://www.instagram.com/p/CsAmple1234/'),
      instagram('https://www.instagram.com/p/Cexample456/', true),
      paragraph('Observatories shared live views, and amateur astronomers posted their own photos within minutes.'),
      tweet('1630000000000000002'),
      tweet('1630000000000000003', { hideThread: true }),
      tweet('1630000000000000004', { hideMedia: true }),
      tweet('1630000000000000005', { darkTheme: true }),
      tiktok('7200000000000000001'),
      vimeo('76979871', 'Time-lapse of the eclipse over the mountains'),
      youtube('aqz-KE-bpKQ', 'The corona, filmed through a solar telescope', 42),
      sharedVideo('https://www.foxweather.com/watch/eclipse-path', 'Meteorologists track the clouds along the eclipse path', 'video/eclipse-weather', 'Fox Weather'),
      pdf('https://www.example.org/documents/eclipse-safety-guide.pdf', 'Read the eclipse safety guide (PDF)', 600),
      paragraph('The next total eclipse visible from the same region will not come for another 20 years.'),
    ],
    header: {
      authors: [byline(MARCUS_DELGADO), byline(SARAH_WHITFIELD)],
      articleTags: ['astronomy', 'eclipse', 'science', 'space', 'weather', 'travel', 'photography'].map((slug) => ({ slug })),
    },
    // Seven article tags, of which the page shows 5 (spec 1 §9 "Article tags shown: max 5"); their
    // ISA values make the classification-isa meta entry (spec 1 §3). Not the related topics'
    // terms, so the two lists differ; each gets a tag front (data/tag-fronts.ts).
    extra: {
      wp__tags: ['total-eclipse', 'path-of-totality', 'observatories', 'stargazing', 'citizen-science', 'solar-corona', 'eclipse-glasses'].map((slug, index) => ({
        title: titleCase(slug),
        slug,
        path: `fox-news/world/${slug}`,
        ...(index < 2 ? { isa_value: `isa-${slug}` } : {}),
      })),
    },
  }),
  article({
    id: 'art-2024',
    section: 'us',
    slug: 'live-updates-winter-storm-sweeps-the-plains',
    title: 'Live updates: winter storm sweeps across the Plains',
    dek: 'Blizzard warnings stretch from the Dakotas to the Texas Panhandle.',
    author: MARCUS_DELGADO,
    published: '2025-03-19T11:00:00Z',
    tags: ['weather', 'winter-storms'],
    blocks: [
      liveBlog('winter-storm-plains-2025', 'Storm updates'),
      paragraph('A powerful winter storm pushed across the Plains on Wednesday, bringing heavy snow, wind gusts over 60 mph and whiteout conditions to a dozen states.'),
      heading('Where the storm is now', 2),
      heading('This heading has level 7 and must render nothing', 7),
      weatherList('Latest forecasts', [
        { title: 'Blizzard warning for the Dakotas', url: '/us/live-updates-winter-storm-sweeps-the-plains', imageName: 'weather/blizzard', description: 'Up to 18 inches of snow and gusts to 60 mph.' },
        { title: 'Ice storm for Oklahoma', url: '/us/live-updates-winter-storm-sweeps-the-plains', imageName: 'weather/ice', description: 'A quarter inch of ice on trees and power lines.' },
        { title: 'Travel alerts on I-70', url: '/us/live-updates-winter-storm-sweeps-the-plains', imageName: 'weather/highway', description: 'Closures likely west of Salina.' },
      ]),
      ad(['300x250', '320x50'], 'storm-inline', ['mobile', 'tablet']),
      list(['Stay off the roads if you can', 'Keep a blanket, water and a charger in the car', 'Check on elderly neighbours'], false),
      list(['Clear snow from vents and exhaust pipes', 'Run faucets at a drip', 'Keep the thermostat above 55 degrees'], true),
      externalLink('https://www.weather.gov/', 'National Weather Service warnings', 'Official watches and warnings for your county.', undefined),
      inlineVideo({ videoId: '6370000000008', title: 'Whiteout on the interstate', imageName: 'video/whiteout', duration: '00:48' }),
      images([
        imageProps('weather/snowdrift-farm', 'A farmhouse half buried in a snowdrift', 'Drifts reached the eaves of some farmhouses.', 'Sample Photo Service'),
        imageProps('weather/plow-truck', 'A snowplow with its lights on in blowing snow', 'Plows ran all night on the state highways.', 'Sample Photo Service'),
      ]),
      fullSpanImage('weather/plains-radar', 'A radar map showing a band of heavy snow across the Plains', 'The storm on radar at noon Wednesday.', 'Sample Weather Service'),
      relatedMedia('image', 'Photos: the storm from above', '/us/live-updates-winter-storm-sweeps-the-plains', 'weather/aerial'),
      relatedMedia('video', 'Video: how to drive in a whiteout', '/video/6370000000009', 'video/whiteout-driving', 'Tips from a state trooper.'),
      relatedMedia('slideshow', 'Slideshow: lighthouses of the Great Lakes', '/lifestyle/lighthouses-of-the-great-lakes', 'lifestyle/lighthouse-red-brick-tower'),
      slider('Storm scenes', [
        { name: 'weather/slider-1', title: 'Snow on the prairie', url: '/us/live-updates-winter-storm-sweeps-the-plains', alt: 'Snow covering a flat prairie under a grey sky' },
        { name: 'weather/slider-2', title: 'A frozen windmill', url: '/us/live-updates-winter-storm-sweeps-the-plains', alt: 'A farm windmill coated in ice', caption: 'Ice built up on a windmill near Pierre.' },
        { name: 'weather/slider-3', title: 'Digging out', url: '/us/live-updates-winter-storm-sweeps-the-plains', alt: 'A man shovelling a path to his front door' },
      ]),
      rawHtml(
        '<table><caption>Snow totals so far</caption><thead><tr><th>City</th><th>Inches</th></tr></thead><tbody>' +
          '<tr><td>Bismarck</td><td>14</td></tr><tr><td>Pierre</td><td>11</td></tr><tr><td>Amarillo</td><td>6</td></tr></tbody></table>',
      ),
      rawHtml('<iframe src="https://maps.example.org/embed/road-closures" width="600" height="400" title="Road closures map"></iframe>'),
      paragraph('Forecasters expect the storm to move into the Great Lakes by Thursday night.'),
    ],
    extra: { fn__story_type: 'live' },
  }),
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(FEATURE_ARTICLES);
