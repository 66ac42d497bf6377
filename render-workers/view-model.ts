/**
 * View models: what a page component needs, already decided. Loaders build them from upstream data
 * with the spec's rules; components only lay them out. Every field is plain data so a page can be
 * rendered (and benchmarked) without the network.
 */
import type { SiteInfo } from '../core/isomorphic/sites.js';
import type { AdSlotModel } from './blocks/types.js';

export interface Link {
  name: string;
  url: string;
}

export interface MenuEntry extends Link {
  subsections: Link[];
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
}

export type Block =
  | { kind: 'paragraph'; html: string }
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'pullquote'; html: string; attribution?: string }
  | { kind: 'image'; src: string; alt: string; caption?: string; copyright?: string; width: number; height: number }
  | { kind: 'table'; rows: TableCell[][] }
  | { kind: 'ad'; slot: AdSlotModel };

export interface TableCell {
  text: string;
  isHeader: boolean;
  colSpan?: number;
  rowSpan?: number;
}

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
}

export interface FrontView {
  heading: string;
  description?: string;
  sections: ListSection[];
}

export interface PageModel<V> {
  head: HeadModel;
  shell: ShellModel;
  view: V;
}
