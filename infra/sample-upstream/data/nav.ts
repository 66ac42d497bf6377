/**
 * Nav layouts (spec 1 §7: subtype nav, HeaderLayout / MoreLayout / MobileLayout / TopicLayout; the
 * menu is results[0]['main-content'][0].model) and the legal links layout (subtype
 * navLegalLinksLayout). Header categories are exactly spec 1 §2.3, in order.
 */
import { deepFreeze } from './frozen.js';
import type { LayoutRecord } from './types.js';

interface Item {
  name: string;
  url: string;
  tracking: string;
  trackingWeb: string;
  color?: string;
  isMobile: boolean;
  subsections: { name: string; url: string; tracking: string }[];
}

function item(name: string, url: string, subsections: [string, string][] = [], extra: Partial<Item> = {}): Item {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return {
    name,
    url,
    tracking: `nav-${slug}`,
    trackingWeb: `header|nav|${slug}`,
    isMobile: false,
    subsections: subsections.map(([subName, subUrl]) => ({
      name: subName,
      url: subUrl,
      tracking: `nav-${slug}-${subName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    })),
    ...extra,
  };
}

/** Spec 1 §2.3 "Header menu categories". */
export const HEADER_ITEMS: Item[] = [
  item('U.S.', '/us', [['Crime', '/category/us/crime'], ['Military', '/category/us/military'], ['Education', '/category/us/education'], ['Terror', '/category/us/terror']]),
  item('Politics', '/politics', [['Executive', '/category/politics/executive'], ['Senate', '/category/politics/senate'], ['House', '/category/politics/house'], ['Elections', '/category/politics/elections']]),
  item('World', '/world', [['U.N.', '/category/world/united-nations'], ['Conflicts', '/category/world/conflicts'], ['Environment', '/category/world/environment']]),
  item('Opinion', '/opinion', [['Columnists', '/category/opinion/columnists']]),
  item('Media', '/media', [['Journalism', '/category/media/journalism']]),
  item('Entertainment', '/entertainment', [['Movies', '/category/entertainment/movies'], ['Television', '/category/entertainment/tv'], ['Music', '/category/entertainment/music']]),
  item('Sports', '/sports', [['NFL', '/category/sports/nfl'], ['College Football', '/category/sports/ncaa-fb'], ['MLB', '/category/sports/mlb']]),
  item('Lifestyle', '/lifestyle', [['Food + Drink', '/food-drink'], ['Travel + Outdoors', '/travel'], ['Real Estate', '/real-estate']]),
  item('Video', '/video', [['Shows', '/video/shows'], ['Latest News', '/video/topics/latest-news']], { color: '#E4002B' }),
  item('AI', '/category/tech/artificial-intelligence', [['Tech', '/tech']]),
];

export const MORE_ITEMS: Item[] = [
  ...HEADER_ITEMS,
  item('Business', 'https://www.foxbusiness.com/', [['Markets', 'https://www.foxbusiness.com/markets']]),
  item('Science', '/science', [['Archaeology', '/category/science/archaeology'], ['Air & Space', '/category/science/air-and-space']]),
  item('Health', '/health', [['Nutrition', '/category/health/nutrition-and-fitness']]),
  item('Weather', '/weather', []),
  item('Games', '/games', [['Daily Crossword', '/games/daily-crossword-puzzle'], ['Word Search', '/games/word-search']]),
];

const MOBILE_ITEMS: Item[] = HEADER_ITEMS.map((entry) => ({ ...entry, isMobile: true }));

const TOPIC_ITEMS: Item[] = [
  item('Rural Broadband', '/politics/senate-panel-advances-rural-broadband-bill'),
  item('Election Security', '/politics/county-clerks-pilot-mail-ballot-tracking'),
  item('River Recovery', '/us/river-towns-rebuild-after-spring-flooding'),
  item('Film Festivals', '/entertainment/desert-film-festival-opens-with-drive-in-premiere'),
];

function navLayout(elementId: string, items: Item[]): LayoutRecord {
  return {
    id: `layout-nav-${elementId}`,
    subtype: 'nav',
    elementId,
    'main-content': [{ type: 'menu', model: { items } }],
  };
}

export const LEGAL_LINKS = [
  { name: 'Privacy Policy', url: '/privacy-policy', tracking: 'footer-privacy' },
  { name: 'Terms of Use', url: '/terms-of-use', tracking: 'footer-terms' },
  { name: 'Your Privacy Choices', url: '/privacy-choices', tracking: 'footer-privacy-choices' },
  { name: 'Closed Captioning Policy', url: '/closed-captioning', tracking: 'footer-captioning' },
  { name: 'Accessibility Statement', url: '/accessibility-statement', tracking: 'footer-accessibility' },
  { name: 'Help', url: '/help', tracking: 'footer-help' },
  { name: 'Contact Us', url: '/contact', tracking: 'footer-contact' },
];

export const NAV_LAYOUTS: LayoutRecord[] = [
  navLayout('HeaderLayout', HEADER_ITEMS),
  navLayout('MoreLayout', MORE_ITEMS),
  navLayout('MobileLayout', MOBILE_ITEMS),
  navLayout('TopicLayout', TOPIC_ITEMS),
  {
    id: 'layout-legal-links',
    subtype: 'navLegalLinksLayout',
    elementId: 'navLegalLinksLayout',
    'main-content': [{ type: 'legal-links', model: { items: LEGAL_LINKS } }],
  },
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(HEADER_ITEMS, MORE_ITEMS, LEGAL_LINKS, NAV_LAYOUTS);
