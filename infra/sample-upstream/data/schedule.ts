/**
 * The bundled sample schedule (spec 2 §7: "supplied as bundled sample data for the week 2022-03-28
 * to 2022-04-03") for both channels, generated here rather than written out: 7 day entries, Monday
 * to Sunday, each filled from 00:00 US Eastern back to back to midnight (spec 2 §3 "Schedule
 * slots"). The programmes are fictional. The document follows spec 2 §3 exactly, quirks included,
 * because the edge router must cope with them (docs/upstream-contract.md §5.9):
 *   - weekday slots mostly 1 hour, morning blocks of 2 and 3 hours, weekend morning blocks of 4,
 *     and some 30-minute slots;
 *   - machine-title slugs reused by repeats and by weekday/weekend variants ("morning-table" is
 *     "Morning Table" on weekdays and "Morning Table Weekend"), generic slugs shared by different
 *     shows ("news-hour"), every paid-programming slot "paid-program";
 *   - start/end with the -04:00 offset (the week is all daylight time), start-utc/end-utc with Z;
 *   - is-show the string "True"; description and short-description cut to about 160 characters,
 *     feature-description to about 80;
 *   - hosts.name a string or a list, or { "0": "" } when no host is known; link a URL or {};
 *     every empty value {} and never null.
 */
import { deepFreeze } from './frozen.js';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { PlatformError } from '../../../core/errors.js';
import { SITE_TIME_ZONE } from '../../../core/isomorphic/constants.js';
import { CANONICAL_ORIGIN } from './articles.js';
import { sampleImage } from './images.js';

/** Spec 2 §7: the sample week, Monday to Sunday. */
export const SAMPLE_SCHEDULE_WEEK = ['2022-03-28', '2022-03-29', '2022-03-30', '2022-03-31', '2022-04-01', '2022-04-02', '2022-04-03'] as const;

/** The feed names of the two channels (docs/upstream-contract.md §5.9). */
export const SCHEDULE_FEEDS = ['fnc', 'fbn'] as const;
export type ScheduleFeed = (typeof SCHEDULE_FEEDS)[number];

/** Spec 2 §3: texts cut to about 160 characters, feature-description to about 80. */
export const SCHEDULE_TEXT_LIMIT = 160;
export const SCHEDULE_FEATURE_TEXT_LIMIT = 80;

type Empty = Record<string, never>;
const empty = (): Empty => ({});

export interface ScheduleShowRecord {
  title: string;
  link: string | Empty;
  description: string | Empty;
  'long-description': string | Empty;
  'short-description': string | Empty;
  start: string;
  end: string;
  'start-utc': string;
  'end-utc': string;
  'machine-title': string;
  'day-of-week': string;
  image: string | Empty;
  'feature-image': string | Empty;
  'feature-link': string | Empty;
  'feature-url': string | Empty;
  'feature-description': string | Empty;
  'is-show': 'True';
  hosts: { name: string | string[] } | { '0': '' };
}

export interface ScheduleDayRecord {
  attributes: { value: string; 'day-of-week': string };
  show: ScheduleShowRecord[];
}

export interface ScheduleDocument {
  day: ScheduleDayRecord[];
}

interface Programme {
  title: string;
  /** machine-title. */
  slug: string;
  about: string;
  /** One name, several, or none known ({ "0": "" }). */
  hosts?: string | string[];
  /** Show page path under /shows/; none gives link {} and no feature. */
  page?: string;
  /** The feature text (cut to about 80). */
  feature?: string;
}

/** Cut at a word boundary to at most `limit` characters, ending "..." when something was cut. */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const room = text.slice(0, limit - 3);
  const space = room.lastIndexOf(' ');
  return `${(space > limit / 2 ? room.slice(0, space) : room).replace(/[\s,.;:]+$/, '')}...`;
}

const PAID: Programme = {
  title: 'Paid Programming',
  slug: 'paid-program',
  about: 'Paid programming. The views and offers in this programme are those of the advertiser and not of the network.',
};

// --- News channel (fnc) ----------------------------------------------------------------------

const NEWS = {
  lateNight: {
    title: 'Late Night Edition',
    slug: 'late-night-edition',
    about:
      'A look back at the day in news with reporters in the field, the stories that broke after dark and a preview of what the morning will bring, from the newsroom desk in New York.',
    hosts: 'Grant Fuller',
    page: 'late-night-edition',
    feature: 'The day in news, wrapped up before midnight with the reporters who covered it.',
  },
  overnight: {
    title: 'Overnight Report',
    slug: 'overnight-report',
    about:
      'Headlines through the night from bureaus across the country and around the world, with weather, markets in Asia and the first look at the stories that will lead the morning shows.',
    hosts: ['Tom Hale', 'Nina Ortiz'],
    page: 'overnight-report',
  },
  firstLight: {
    title: 'First Light News',
    slug: 'first-light',
    about:
      'Early risers get the overnight headlines, traffic and weather from around the country, the first interviews of the day and a rundown of what Washington has planned for the hours ahead.',
    hosts: ['Carla Mendes', 'Owen Brooks'],
    page: 'first-light',
    feature: 'Overnight headlines, weather and the first interviews of the day.',
  },
  morningTable: {
    title: 'Morning Table',
    slug: 'morning-table',
    about:
      'Three hosts around one table take on the morning news, talk with newsmakers and viewers, cook with guest chefs on Fridays and keep an eye on every story developing across the country.',
    hosts: ['Jenna Cole', 'Marcus Hill', 'Priya Shah'],
    page: 'morning-table',
    feature: 'The morning news around one table, with newsmakers, viewers and guest chefs on Fridays.',
  },
  morningTableWeekend: {
    title: 'Morning Table Weekend',
    slug: 'morning-table',
    about:
      'The weekend edition of the morning show: four hours of news, long interviews, family features and the weekend weather, with the stories the week left behind and the ones ahead.',
    hosts: ['Dana Whitlock', 'Leo Park'],
    page: 'morning-table',
    feature: 'Four weekend hours of news, interviews and family features.',
  },
  morningDesk: {
    title: "America's Morning Desk",
    slug: 'morning-desk',
    about:
      'Two hours of breaking news and analysis with correspondents at the White House, on Capitol Hill and overseas, plus the markets open and the stories readers are talking about most.',
    hosts: 'Beth Arnold',
    page: 'morning-desk',
  },
  middayNewsHour: {
    title: 'Midday News Hour',
    slug: 'news-hour',
    about: 'The latest headlines at midday from the newsroom, with live reports from correspondents wherever the news is breaking.',
  },
  afternoonNewsHour: {
    title: 'Afternoon News Hour',
    slug: 'news-hour',
    about: 'The afternoon headlines from the newsroom, with live reports, breaking news and the stories developing into the evening.',
  },
  weekendNewsHour: {
    title: 'Weekend News Hour',
    slug: 'news-hour',
    about: 'Weekend headlines from the newsroom with live reports from correspondents across the country and around the world.',
  },
  briefingRoom: {
    title: 'The Briefing Room',
    slug: 'briefing-room',
    about:
      'Straight from the daily press briefings: what officials said, what they left out, and what it means for voters, with reporters who were in the room and analysts who know the rules.',
    hosts: 'Alan Price',
    page: 'briefing-room',
    feature: 'What the daily briefings said and what it means for you.',
  },
  capitolReport: {
    title: 'Capitol Report',
    slug: 'capitol-report',
    about:
      'Thirty minutes on the votes, hearings and deals of the day in Congress, with the lawmakers who made them and the reporters who follow every bill from committee to the floor.',
    hosts: 'Sara Lin',
    page: 'capitol-report',
  },
  thePanel: {
    title: 'The Panel',
    slug: 'the-panel',
    about:
      'Four voices, one table and the stories of the day: a lively ensemble show that argues politics, culture and the news you will be talking about at dinner, with a viewer question to close.',
    hosts: ['Rita Moreno-Hale', 'James Okoro', 'Pat Sullivan', 'Kim Tran'],
    page: 'the-panel',
    feature: 'Four voices take on the stories of the day, with a viewer question to close.',
  },
  eveningEdition: {
    title: 'Evening Edition',
    slug: 'evening-edition',
    about:
      "The evening's top stories with the facts first: a full newscast with reports from the field, the day's numbers explained and one long interview with a newsmaker every night.",
    hosts: 'Helen Vance',
    page: 'evening-edition',
    feature: "The evening's top stories, facts first, and one long interview every night.",
  },
  theRecord: {
    title: 'The Record',
    slug: 'the-record',
    about:
      'Investigations and interviews that set the record straight, with documents, data and the people at the heart of the story, from the team that follows each lead to the end.',
    hosts: 'Victor Crane',
    page: 'the-record',
  },
  primetime: {
    title: 'Primetime Tonight',
    slug: 'primetime',
    about:
      "Opinion and analysis in prime time: the host's take on the day, guests from across the spectrum and the stories that were missed elsewhere, live from New York each weeknight.",
    hosts: 'Monica Reyes',
    page: 'primetime',
    feature: "The host's take on the day with guests from across the spectrum.",
  },
  nightside: {
    title: 'Nightside',
    slug: 'nightside',
    about:
      'The late news with a lighter touch: headlines, a comedian or two, and conversations that run long, recorded before a live audience in the studio most nights of the week.',
    hosts: ['Ed Marsh', 'Julia Stone'],
    page: 'nightside',
  },
  weekendJournal: {
    title: 'Weekend Journal',
    slug: 'weekend-journal',
    about:
      'A weekly look at the ideas and people shaping the news, with long-form reports, book authors and an essay to close, produced with the editors of the weekend magazine section.',
    hosts: 'Paul Reed',
    page: 'weekend-journal',
  },
  sundayForum: {
    title: 'Sunday Forum',
    slug: 'sunday-forum',
    about:
      "The Sunday political interview show: the week's newsmakers questioned at length, a panel on what comes next and the numbers that will decide the coming votes in Washington.",
    hosts: 'Claire Dunn',
    page: 'sunday-forum',
    feature: "The week's newsmakers questioned at length, then a panel on what comes next.",
  },
  healthMatters: {
    title: 'Health Matters',
    slug: 'health-matters',
    about: 'Thirty minutes with doctors and researchers answering viewer questions about health, diet, sleep and the latest medical studies.',
    hosts: 'Dr. Amir Katz',
    page: 'health-matters',
  },
} satisfies Record<string, Programme>;

/** [programme, minutes]. */
type Lineup = [Programme, number][];

const NEWS_WEEKDAY: Lineup = [
  [NEWS.lateNight, 60],
  [NEWS.overnight, 60],
  [PAID, 30],
  [PAID, 30],
  [NEWS.overnight, 60],
  [NEWS.firstLight, 120],
  [NEWS.morningTable, 180],
  [NEWS.morningDesk, 120],
  [NEWS.middayNewsHour, 60],
  [NEWS.briefingRoom, 60],
  [NEWS.afternoonNewsHour, 60],
  [NEWS.capitolReport, 30],
  [NEWS.healthMatters, 30],
  [NEWS.thePanel, 60],
  [NEWS.eveningEdition, 60],
  [NEWS.theRecord, 60],
  [NEWS.primetime, 60],
  [NEWS.nightside, 60],
  [NEWS.eveningEdition, 60],
  [NEWS.theRecord, 60],
  [NEWS.primetime, 60],
  [NEWS.nightside, 60],
];

function newsWeekend(sunday: boolean): Lineup {
  return [
    [NEWS.lateNight, 60],
    [NEWS.overnight, 60],
    [PAID, 60],
    [PAID, 30],
    [PAID, 30],
    [NEWS.firstLight, 120],
    [NEWS.morningTableWeekend, 240],
    [sunday ? NEWS.sundayForum : NEWS.weekendJournal, 60],
    [NEWS.healthMatters, 30],
    [PAID, 30],
    [NEWS.weekendNewsHour, 60],
    [NEWS.weekendJournal, 60],
    [NEWS.weekendNewsHour, 60],
    [sunday ? NEWS.sundayForum : NEWS.thePanel, 60],
    [NEWS.weekendNewsHour, 60],
    [NEWS.eveningEdition, 60],
    [NEWS.theRecord, 60],
    [NEWS.primetime, 60],
    [NEWS.thePanel, 60],
    [NEWS.nightside, 60],
    [NEWS.eveningEdition, 60],
    [NEWS.lateNight, 60],
  ];
}

// --- Business channel (fbn) ------------------------------------------------------------------

const BUSINESS = {
  marketsOvernight: {
    title: 'Markets Overnight',
    slug: 'markets-overnight',
    about:
      'Futures, currencies and the trading day in Asia and Europe as it happens, with the overnight earnings and the numbers traders will watch at the open in New York.',
    hosts: 'Ian Cho',
    page: 'markets-overnight',
  },
  earlyBell: {
    title: 'Early Bell',
    slug: 'early-bell',
    about:
      'Two hours before the markets open: futures, the economic calendar, company news and interviews with the strategists setting up the trading day for investors and savers.',
    hosts: ['Lena Park', 'Sam Duarte'],
    page: 'early-bell',
    feature: 'Futures, the calendar and the strategists setting up the trading day.',
  },
  morningMarkets: {
    title: 'Morning Markets',
    slug: 'morning-markets',
    about:
      'Three hours of business news into the opening bell, with chief executives, economists and the market movers, and a closer look at the stocks everyone will be trading this morning.',
    hosts: ['Ava Morgan', 'Ben Ruiz'],
    page: 'morning-markets',
    feature: 'Business news into the opening bell with the market movers.',
  },
  morningMarketsWeekend: {
    title: 'Morning Markets Weekend',
    slug: 'morning-markets',
    about:
      'The weekend edition: four hours on money, property, small business and the week on Wall Street, with personal finance questions from viewers answered by the experts.',
    hosts: 'Ben Ruiz',
    page: 'morning-markets',
    feature: 'Money, property and the week on Wall Street, with viewer questions.',
  },
  openingBell: {
    title: 'Opening Bell',
    slug: 'opening-bell',
    about:
      'The open, live from the trading floor: the first moves in stocks, bonds and oil, company news as it crosses and the traders and analysts explaining what the market is telling us.',
    hosts: 'Maria Santos',
    page: 'opening-bell',
  },
  middayBusinessHour: {
    title: 'Midday Business Hour',
    slug: 'business-hour',
    about: 'Business headlines at midday with the markets, company news and interviews from the trading floor.',
  },
  afternoonBusinessHour: {
    title: 'Afternoon Business Hour',
    slug: 'business-hour',
    about: 'Business headlines in the afternoon with the markets, company news and the stories moving into the close.',
  },
  dealDesk: {
    title: 'The Deal Desk',
    slug: 'deal-desk',
    about:
      'Mergers, buyouts and the deals that reshape industries, explained by the bankers, lawyers and reporters who follow them, with the numbers behind every headline figure.',
    hosts: 'Noah Fitch',
    page: 'deal-desk',
  },
  closingBell: {
    title: 'Closing Bell',
    slug: 'closing-bell',
    about:
      'The last hour of trading, live: how the day will end for stocks, the movers and shakers, and the after-hours earnings that will set the tone for tomorrow morning.',
    hosts: ['Grace Liu', 'Marco Bell'],
    page: 'closing-bell',
    feature: 'The last hour of trading and the after-hours earnings.',
  },
  afterTheBell: {
    title: 'After the Bell',
    slug: 'after-the-bell',
    about: 'Thirty minutes on how the market closed and why, with the earnings reports that land after the bell.',
    hosts: 'Marco Bell',
    page: 'after-the-bell',
  },
  techMinute: {
    title: 'Tech Thirty',
    slug: 'tech-thirty',
    about: 'Half an hour on the technology business: the companies, the gadgets, the regulators and the money behind them.',
    hosts: 'Yuki Adams',
    page: 'tech-thirty',
  },
  moneyTonight: {
    title: 'Money Tonight',
    slug: 'money-tonight',
    about:
      'The evening business show: what the day meant for your money, your job and your home, with the chief executives and policymakers behind the decisions that move the markets.',
    hosts: 'Derek Stone',
    page: 'money-tonight',
    feature: 'What the day meant for your money, your job and your home.',
  },
  capitalMatters: {
    title: 'Capital Matters',
    slug: 'capital-matters',
    about:
      'Where Washington and Wall Street meet: taxes, spending, regulation and trade, with the lawmakers who write the rules and the business leaders who live by them.',
    hosts: ['Olivia Grant', 'Ray Huang'],
    page: 'capital-matters',
  },
  eveningLedger: {
    title: 'The Evening Ledger',
    slug: 'evening-ledger',
    about:
      'A closing look at the business day: the numbers that mattered, the deals that closed and the story behind one company every night, told by the reporters who cover it.',
    hosts: 'Hannah Weiss',
    page: 'evening-ledger',
  },
  weekendBusinessHour: {
    title: 'Weekend Business Hour',
    slug: 'business-hour',
    about: 'Weekend business headlines with the week on Wall Street and the stories for the week ahead.',
  },
  smallBusiness: {
    title: 'Main Street Business',
    slug: 'main-street',
    about: 'The owners of small businesses across the country tell how they started, how they grew and what they would do differently.',
    hosts: 'Tina Brooks',
    page: 'main-street',
  },
} satisfies Record<string, Programme>;

const BUSINESS_WEEKDAY: Lineup = [
  [BUSINESS.marketsOvernight, 60],
  [BUSINESS.marketsOvernight, 60],
  [PAID, 30],
  [PAID, 30],
  [BUSINESS.eveningLedger, 60],
  [BUSINESS.earlyBell, 120],
  [BUSINESS.morningMarkets, 180],
  [BUSINESS.openingBell, 120],
  [BUSINESS.middayBusinessHour, 60],
  [BUSINESS.dealDesk, 60],
  [BUSINESS.afternoonBusinessHour, 60],
  [BUSINESS.closingBell, 60],
  [BUSINESS.afterTheBell, 30],
  [BUSINESS.techMinute, 30],
  [BUSINESS.moneyTonight, 60],
  [BUSINESS.capitalMatters, 60],
  [BUSINESS.eveningLedger, 60],
  [BUSINESS.moneyTonight, 60],
  [BUSINESS.capitalMatters, 60],
  [BUSINESS.eveningLedger, 60],
  [BUSINESS.dealDesk, 60],
  [BUSINESS.marketsOvernight, 60],
];

function businessWeekend(sunday: boolean): Lineup {
  return [
    [BUSINESS.marketsOvernight, 60],
    [PAID, 60],
    [PAID, 30],
    [PAID, 30],
    [PAID, 60],
    [BUSINESS.smallBusiness, 60],
    [PAID, 60],
    [BUSINESS.morningMarketsWeekend, 240],
    [BUSINESS.weekendBusinessHour, 60],
    [BUSINESS.smallBusiness, 30],
    [BUSINESS.techMinute, 30],
    [sunday ? BUSINESS.capitalMatters : BUSINESS.dealDesk, 60],
    [PAID, 60],
    [BUSINESS.weekendBusinessHour, 60],
    [PAID, 60],
    [BUSINESS.moneyTonight, 60],
    [BUSINESS.capitalMatters, 60],
    [BUSINESS.eveningLedger, 60],
    [BUSINESS.smallBusiness, 60],
    [BUSINESS.moneyTonight, 60],
    [BUSINESS.eveningLedger, 60],
    [BUSINESS.capitalMatters, 60],
    [BUSINESS.marketsOvernight, 60],
  ];
}

// --- The generator ---------------------------------------------------------------------------

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const DAY_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;

function local(instant: Date): string {
  return formatInTimeZone(instant, SITE_TIME_ZONE, "yyyy-MM-dd'T'HH:mm:ssXXX");
}

function utc(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}Z`;
}

function firstSentence(text: string): string {
  const end = text.indexOf('. ');
  return end < 0 ? text : text.slice(0, end + 1);
}

function showRecord(programme: Programme, start: Date, end: Date, dayName: string): ScheduleShowRecord {
  const url = programme.page === undefined ? undefined : `${CANONICAL_ORIGIN}/shows/${programme.page}`;
  const hosts = programme.hosts;
  return {
    title: programme.title,
    link: url ?? empty(),
    description: cutText(programme.about, SCHEDULE_TEXT_LIMIT),
    'long-description': programme.about,
    'short-description': cutText(firstSentence(programme.about), SCHEDULE_TEXT_LIMIT),
    start: local(start),
    end: local(end),
    'start-utc': utc(start),
    'end-utc': utc(end),
    'machine-title': programme.slug,
    'day-of-week': dayName,
    image: sampleImage(`schedule/${programme.slug}`),
    'feature-image': url === undefined ? empty() : sampleImage(`schedule/${programme.slug}-feature`),
    'feature-link': url === undefined ? empty() : 'Show Page',
    'feature-url': url ?? empty(),
    'feature-description': url === undefined || programme.feature === undefined ? empty() : cutText(programme.feature, SCHEDULE_FEATURE_TEXT_LIMIT),
    'is-show': 'True',
    // Spec 2 §3: when no host is known, an entry keyed 0 holding an empty string.
    hosts: hosts === undefined ? { '0': '' } : { name: hosts },
  };
}

function dayRecord(date: string, lineup: Lineup): ScheduleDayRecord {
  const total = lineup.reduce((sum, [, minutes]) => sum + minutes, 0);
  if (total !== DAY_MINUTES) {
    throw new PlatformError('CONFIG_INVALID', `sample schedule: the lineup for ${date} fills ${total} minutes, not ${DAY_MINUTES}`);
  }
  const midnight = fromZonedTime(`${date}T00:00:00`, SITE_TIME_ZONE);
  const dayOfWeek = new Date(`${date}T12:00:00Z`).getUTCDay();
  const dayName = DAY_NAMES[dayOfWeek] ?? 'Sunday';
  let offset = 0;
  const show = lineup.map(([programme, minutes]) => {
    const start = new Date(midnight.getTime() + offset * MINUTE_MS);
    offset += minutes;
    return showRecord(programme, start, new Date(midnight.getTime() + offset * MINUTE_MS), dayName);
  });
  return { attributes: { value: date, 'day-of-week': String(dayOfWeek) }, show };
}

/** The sample week's schedule document of one channel's feed (a fresh copy each call). */
export function sampleSchedule(feed: ScheduleFeed): ScheduleDocument {
  return {
    day: SAMPLE_SCHEDULE_WEEK.map((date) => {
      const dayOfWeek = new Date(`${date}T12:00:00Z`).getUTCDay();
      const weekend = dayOfWeek === 0 || dayOfWeek === 6;
      const sunday = dayOfWeek === 0;
      const lineup = feed === 'fnc' ? (weekend ? newsWeekend(sunday) : NEWS_WEEKDAY) : weekend ? businessWeekend(sunday) : BUSINESS_WEEKDAY;
      return dayRecord(date, lineup);
    }),
  };
}

// Served as copies, never changed in place (frozen.ts).
deepFreeze(SAMPLE_SCHEDULE_WEEK, SCHEDULE_FEEDS);
