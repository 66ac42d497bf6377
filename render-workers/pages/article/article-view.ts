/**
 * What the standard, gated and interactive article layouts show (spec 1 §2.6), decided by the
 * loader (render-workers/load/article.ts) so the components only lay it out.
 */
import type { VideoItem } from '../../load/videos.js';
import type { Block, Link, ListSection } from '../../view-model.js';

export interface AuthorView {
  name: string;
  url?: string;
  /** Present only when the headshot rule allows it (spec 1 §5). */
  headshotUrl?: string;
}

export interface AuthorBioView {
  name: string;
  url?: string;
  /** Cut to 250 characters (spec 1 §9). */
  bio: string;
}

export interface ArticlePageView {
  layout: 'standard' | 'gated' | 'interactive';
  /** Category slug from the path (spec 1 §2.6). */
  section: string;
  /** Special-series banners (spec 1 §2.6), from the article layout (render-workers/article/special-series.ts). */
  banners: Link[];
  headline: string;
  /** The article's canonical URL, which its share links carry. */
  shareUrl: string;
  subHeadline?: string;
  authors: AuthorView[];
  category?: Link;
  /** ISO instant, or null for a draft (all-zero date, spec 1 §4). */
  publishedAt: string | null;
  updatedAt?: string;
  source?: Link;
  /** Gated layout: the featured components shown above the paywall (spec 1 §2.6). */
  featuredBlocks: Block[];
  /** Body blocks, ads already inserted. */
  blocks: Block[];
  disclosure?: string;
  footerNote?: string;
  authorBios: AuthorBioView[];
  liveBlog?: { eventCode: string };
  sponsor?: { indicator?: string; disclaimer?: string };
  relatedTopics: Link[];
  tags: Link[];
  comments: boolean;
  /** Spec 1 §2.6 "a forum variant exists": forum articles' comments (spec 1 §9 forum articles). */
  commentsVariant?: 'forum';
  rightRail: ListSection[];
  /** Lists from the article layout's post-content region (spec 1 §2.6). */
  postContent: ListSection[];
  /** Entertainment articles: the On Our Radar block, shown on mobile (spec 1 §2.6). */
  onOurRadar?: ListSection;
  recommendedVideos: VideoItem[];
  /** The print variant's URL; absent when the Print link is hidden (gated or metered). */
  printUrl?: string;
}
