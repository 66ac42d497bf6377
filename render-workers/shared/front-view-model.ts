/**
 * View models of section and category fronts and of every front component (spec 1 §2.4, §3, §9;
 * spec 2 §2, §3). Built by load-components.ts and build-section-front.ts with the spec's rules;
 * components only lay them out. Text fields are plain text (escaped by React); fields named
 * `html` hold sanitised inline HTML; every URL is already accepted (http(s) or site-relative).
 */
import type { AdSlotModel } from '../blocks/types.js';
import type { Link } from './view-model.js';

/** A listed item's time (spec 1 §4); TimeLabel writes its absolute label ("Month D, YYYY") in the edition's language. */
export interface TimeModel {
  iso: string;
  /** The calendar day in US Eastern, "YYYY-MM-DD" (`easternDay`): the browser's labels name it without Intl (ADR 0039). */
  day: string;
}

export interface FrontImage {
  src: string;
  width: number;
  height: number;
  srcSet?: string;
  sizes?: string;
  alt: string;
}

/** Article list item (spec 1 §3). */
export interface FrontArticleItem {
  title: string;
  url: string;
  image?: FrontImage;
  description?: string;
  category?: Link;
  published?: TimeModel;
  lastPublished?: TimeModel;
  duration?: string;
  isBreaking: boolean;
  isDeveloping: boolean;
  isLive: boolean;
  authors: string[];
  /** The first author's headshot at the list size 48x48 (spec 1 §9), when spec 1 §5 allows it. */
  headshot?: { src: string; name: string };
}

/** Spotlight item (spec 1 §3): an article item plus the spotlight fields. */
export interface SpotlightItemView extends FrontArticleItem {
  kickerText?: string;
  eyebrowType?: string;
  imageCopyright?: string;
  dek?: string;
  dimensionType: 'twocross' | 'bigtop';
  isVideo: boolean;
  isShared: boolean;
  originationStation?: string;
  relatedArticles: { title: string; url: string; duration?: string }[];
}

export type SummaryItemView =
  | { kind: 'text'; html: string }
  | { kind: 'list'; titleHtml?: string; items: string[] }
  | { kind: 'external_link'; title: string; url: string; description?: string }
  | { kind: 'article'; title: string; url: string; description?: string; image?: FrontImage; published?: TimeModel }
  | { kind: 'video' | 'brightcove_video'; title: string; url: string; image?: FrontImage; duration?: string };

/**
 * Load-more state of the first list (spec 1 §4, §9): it fetched 10 plus one; the extra item is
 * preloaded for the first "load more", and the next fetch starts at `from`.
 */
export interface LoadMoreData {
  category?: string;
  pageSize: number;
  from: number;
  hasMore: boolean;
  preloaded: FrontArticleItem[];
}

export interface BusinessNewsItemView {
  title: string;
  url: string;
  label: string;
  labelUrl: string;
  published: TimeModel;
  description?: string;
}

export interface MerchandiseItemView {
  title: string;
  url: string;
  description?: string;
  image?: FrontImage;
  author?: { name: string; url?: string };
  buttons: Link[];
}

export interface StockRowView {
  ticker: string;
  url: string;
  description?: string;
  current: string;
  netChange: string;
  percentChange: string;
  direction: 'up' | 'down' | 'flat';
}

export interface PromoSlideView {
  image: FrontImage;
  showTitle: string;
  title: string;
  url: string;
  buttonLabel?: string;
}

export interface ContactFormView {
  formId: string;
  location: boolean;
  labels: { fullName: string; email: string; state: string; town: string; message: string; submit: string };
  placeholders: { fullName: string; email: string; state: string; town: string; message: string };
  messages: { success: string; error: string };
}

export type FrontComponent =
  | { type: 'article-list'; style: 'list' | 'rank' | 'spotlight'; title?: string; url?: string; items: FrontArticleItem[]; loadMore?: LoadMoreData }
  | { type: 'spotlight'; title?: string; items: SpotlightItemView[] }
  | { type: 'summary'; title?: string; items: SummaryItemView[] }
  | { type: 'recirculation'; title?: string; items: { title: string; url: string; image?: FrontImage; source?: string; isExternal: boolean }[] }
  | { type: 'business-sites'; title?: string; items: { link: string; image: FrontImage }[] }
  | { type: 'business-news'; title?: string; site: Link; items: BusinessNewsItemView[] }
  | { type: 'newsletter-promo'; anchorId: string; id: string; slid: string; logo?: FrontImage; title: string; description?: string; arrives?: string }
  | { type: 'contact-form'; form: ContactFormView }
  | { type: 'tv-schedule'; title: string; channel: 'news' | 'business'; dt?: string }
  | { type: 'merchandise'; title?: string; items: MerchandiseItemView[] }
  | { type: 'timeline'; title?: string; items: { label: string; url: string; time: string; at?: TimeModel }[] }
  | { type: 'stocks'; title?: string; items: StockRowView[] }
  | { type: 'promo-slideshow'; slides: PromoSlideView[] }
  | { type: 'ad'; slot: AdSlotModel };

/** Layout regions of a front (spec 1 §2.4; spec 2 §2: each region defaults to an empty list). */
export interface FrontRegions {
  preContent: FrontComponent[];
  main: FrontComponent[];
  rightRail: FrontComponent[];
  postContent: FrontComponent[];
}

/** One image per breakpoint (spec 2 §2: mobile, tablet, desktop and large). */
export interface SponsorPicture {
  src: string;
  sources: { media: string; srcSet: string }[];
}

export interface SponsorView {
  level: 'logo' | 'takeover' | 'normal';
  name?: string;
  url?: string;
  logo?: SponsorPicture;
  background?: SponsorPicture;
  /** A validated CSS hex colour; default #FF0000 (spec 1 §2.4). */
  wingColor: string;
}

export interface SectionFrontView {
  heading: string;
  description?: string;
  /** In-page link of the Subscribe button, only when the right rail has a newsletter promo. */
  subscribeHref?: string;
  sponsor?: SponsorView;
  /** The topper link (spec 1 §2.4); the home page has none. */
  topper?: Link;
  /** The home page: its h1 names the site and is visually hidden (the logo says it). */
  isHome?: boolean;
  /** Section code of the front (spec 1 §9), for ad targeting. */
  sectionCode: string;
  regions: FrontRegions;
}
