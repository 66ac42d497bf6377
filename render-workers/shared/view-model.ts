/**
 * View models: what a page component needs, already decided. Loaders build them from upstream data
 * with the spec's rules; components only lay them out. Every field is plain data so a page can be
 * rendered (and benchmarked) without the network.
 */
import type { SiteInfo } from '../../core/isomorphic/sites.js';
import type { AdSlotModel } from '../blocks/types.js';

export interface Link {
  name: string;
  url: string;
}

export interface MenuEntry extends Link {
  subsections: Link[];
  /** A valid CSS hex colour for the entry's text (spec 1 §3); absent when upstream sent none or a bad one. */
  color?: string;
  /** Upstream's isMobile flag: the entry belongs to the mobile menu only. */
  isMobile?: boolean;
}

export interface ShellModel {
  site: SiteInfo;
  menus: { header: MenuEntry[]; more: MenuEntry[]; mobile: MenuEntry[]; topics: MenuEntry[] };
  legalLinks: Link[];
  /** The page's own path: the topic bar highlights the topic that links here (spec 1 §2.3). */
  activeTopicUrl?: string;
  /** The section front the page belongs to: the main menu marks its entry. */
  activeSectionUrl?: string;
  /** Copyright year, fixed when the page is rendered (spec 1 §2.3). */
  year: number;
  /** Hashed bundle scripts for this page. */
  scripts: string[];
  /**
   * The same page on every edition (`<link rel="alternate" hreflang>`): one entry per
   * edition's language plus x-default (the news edition); empty when the page has no counterpart.
   */
  alternates?: Alternate[];
}

export interface Alternate {
  hreflang: string;
  href: string;
}

export interface HeadModel {
  title: string;
  description: string;
  canonicalUrl: string;
  robots: string;
  twitterCard: string;
  imageUrl?: string;
  /** Open Graph type: article for articles, website otherwise. */
  ogType: 'article' | 'website';
  /** JSON-LD objects, one script element each (render-workers/shared/structured-data/). */
  structuredData?: readonly object[];
  /** RSS feeds the page announces (`<link rel="alternate" type="application/rss+xml">`): a section front's own. */
  feeds?: readonly FeedLink[];
}

/** An RSS feed as a page's head announces it, for feed readers and crawlers. */
export interface FeedLink {
  title: string;
  /** Absolute URL of the feed on the public origin. */
  url: string;
}

/**
 * One body block, validated, sanitised and sized by render-workers/shared/load-blocks.ts (spec 1 §3, §5).
 * Fields named `html`/`*Html` hold sanitised HTML; every other string is text that components
 * escape. URLs are already accepted (http(s) or site-relative) and images already resized.
 */
export type Block =
  | { kind: 'paragraph'; html: string; /** The first two paragraphs (spec 1 §9). */ speakable?: boolean; /** The first paragraph of a starts_with_dropcap article (spec 1 §3). */ dropcap?: boolean }
  | { kind: 'heading'; level: HeadingLevel; text: string }
  | { kind: 'list'; ordered: boolean; items: string[]; titleHtml?: string }
  | { kind: 'pullquote'; html: string; attribution?: string }
  | { kind: 'raw-html'; html: string; printHtml: string; ampIframe?: AmpIframeModel }
  | { kind: 'external-link'; url: string; title: string; description?: string; newWindow: boolean }
  | { kind: 'table'; caption?: string; rows: TableCell[][] }
  | { kind: 'image'; image: BlockImage; fullSpan: boolean }
  | { kind: 'images'; images: BlockImage[] }
  | { kind: 'related-media'; mediaType: 'image' | 'video' | 'slideshow'; title: string; url: string; image?: BlockImage; captionHtml?: string; newWindow: boolean }
  | { kind: 'video'; featured: boolean; videoId: string; title: string; url?: string; videoDomain?: string; duration?: string; image?: BlockImage }
  | { kind: 'slider'; title?: string; items: { image: BlockImage; title?: string; url?: string }[] }
  | { kind: 'slideshow'; title?: string; dek?: string; url?: string; slides: BlockImage[] }
  | { kind: 'embed'; embed: EmbedModel }
  | { kind: 'shared-video'; url: string; title: string; network?: string; image?: BlockImage }
  | { kind: 'pdf'; url: string; height: number; linkText: string }
  | { kind: 'live-blog'; eventCode: string; title?: string }
  | { kind: 'weather-list'; title?: string; items: { title: string; url: string; description?: string; image?: BlockImage }[] }
  /** A deal button (spec 2 §3): ASINs (amazon) or product URLs (skimlinks), checked; the Deals island shows the offers. */
  | { kind: 'deal'; dealType: 'amazon' | 'skimlinks'; items: string[]; title?: string }
  | { kind: 'ad'; slot: AdSlotModel }
  /**
   * A countdown (spec 1 §5): `end` is the moment as an ISO UTC string; the standard page counts
   * down in the browser (Countdown island), AMP and print show the moment as a date.
   */
  | { kind: 'countdown'; end: string; title?: string; endText?: string }
  /**
   * Units the article rules place (spec 1 §9): the betting promo after the 3rd paragraph, and the
   * text-to-speech block after the first featured video.
   */
  | { kind: 'promo'; promo: 'betting' | 'text-to-speech' };

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface TableCell {
  text: string;
  isHeader: boolean;
  colSpan?: number;
  rowSpan?: number;
}

/** An image at its context's size (spec 1 §9) with the print size beside it (612x344). */
export interface BlockImage {
  /** Resized URL at `width` x `height` (standard and AMP). */
  src: string;
  width: number;
  height: number;
  srcSet: string;
  sizes: string;
  /** Upstream's own per-media sources (responsiveImages), every URL checked. */
  sources: { media: string; srcSet: string }[];
  /** Print variant (spec 1 §9 print image 612x344). */
  print: { src: string; width: number; height: number };
  /** Plain text; falls back to the caption (spec 1 §3). */
  alt: string;
  captionHtml?: string;
  /** Blank (absent) when upstream sent a single space (spec 1 §3). */
  copyright?: string;
  /** Where the image links to (article image externalUrl), http(s) or site-relative. */
  link?: string;
  /** Slideshow items: the source title line. */
  sourceTitle?: string;
}

/** The AMP conversion of a raw-html block's first iframe (spec 1 §5). */
export interface AmpIframeModel {
  src: string;
  width: number;
  height: number;
  sandbox: string;
  title?: string;
}

/** Third-party embeds: the data their islands (or AMP components) need; no scripts are loaded. */
export type EmbedModel =
  | { provider: 'facebook'; url: string }
  | { provider: 'instagram'; url: string; shortcode?: string; hideCaption: boolean }
  | { provider: 'twitter'; id: string; url: string; hideThread: boolean; hideMedia: boolean; darkTheme: boolean }
  | { provider: 'tiktok'; url: string; videoId?: string }
  | { provider: 'vimeo'; videoId: string; url: string; title?: string }
  | { provider: 'youtube'; videoId: string; url: string; title?: string; start?: number };

export interface ArticleView {
  headline: string;
  subHeadline?: string;
  authors: Link[];
  category?: Link;
  /** ISO instant, or null for a draft (all-zero date, spec 1 §4). */
  publishedAt: string | null;
  updatedAt?: string;
  source?: Link;
  blocks: Block[];
}

export interface ArticleListItem {
  title: string;
  url: string;
  imageUrl?: string;
  description?: string;
  category?: Link;
  publicationDate?: string;
}

export interface ListSection {
  title?: string;
  items: ArticleListItem[];
  /** How many items to show, when the list was read with a spare (an article's side lists: see loadListSections). */
  size?: number;
}

export interface PageModel<V> {
  head: HeadModel;
  shell: ShellModel;
  view: V;
}
