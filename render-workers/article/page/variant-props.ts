/**
 * Props of the non-standard article layouts (spec 1 §2.6): AMP, print and slideshow. Plain data
 * only, no upstream types: the integrator (render-page.ts) maps the full article into these, so the
 * layouts can be rendered and tested without the network.
 */
import type { SiteId } from '../../../core/isomorphic/sites.js';
import type { Block } from '../../blocks/types.js';
import type { DocumentProps } from '../../shell/document.js';
import type { ShellModel } from '../../shared/view-model.js';

export interface VariantLink {
  name: string;
  url: string;
}

/** What the AMP and print shells need to know about the site (a subset of SiteInfo). */
export interface VariantSite {
  /** Display name: logo text and the title suffix's owner. */
  name: string;
  /** The `lang` attribute of the document. */
  lang: string;
  /** The edition, whose interface text the page uses (core/isomorphic/ui-text.ts). Default news. */
  id?: SiteId;
  /** The machine-translation notice the edition shows on every page (spec 1 §1), AMP and print included. */
  translationNotice?: { text: string; linkText: string; href: string };
}

export interface VariantMenuEntry extends VariantLink {
  subsections: VariantLink[];
}

/** One `<amp-analytics>` tag. `config` is written as the tag's JSON config script. */
export interface AmpAnalyticsTag {
  /** A vendor type (`googleanalytics`, `comscore`, ...); absent for a custom config. */
  type?: string;
  config: JsonValue;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface AmpAdSettings {
  /** The ad server's slot path for this article, e.g. "/123/fox-news/amp/politics". */
  slotPath: string;
  /** Real-time config endpoints queried before each ad call (spec 1 §9: 1000 ms timeout). */
  rtcUrls: string[];
}

export interface AmpArticleProps {
  site: VariantSite;
  /** `<title>`, with the site suffix already applied. */
  title: string;
  description: string;
  /** Absolute URL of the standard page: AMP requires `<link rel="canonical">` to it. */
  canonicalUrl: string;
  robots: string;
  /** NewsArticle structured data (built by the meta module); written as JSON-LD, escaped. */
  structuredData?: object;
  headline: string;
  subHeadline?: string;
  authors: VariantLink[];
  category?: VariantLink;
  source?: VariantLink;
  /** ISO instant, or null for a draft (spec 1 §4). */
  publishedAt: string | null;
  updatedAt?: string;
  /** Body blocks. `ad` blocks are ignored: the AMP page places its own ads (spec 1 §9 AMP). */
  blocks: Block[];
  /** The sidebar navigation (spec 1 §2.6): the shell's header menu. */
  menu: VariantMenuEntry[];
  legalLinks: VariantLink[];
  /** Copyright year, fixed when the page is rendered (spec 1 §2.3). */
  year: number;
  /** Whether the article has comments (enabled, and allowed by its header). */
  comments: boolean;
  analytics: AmpAnalyticsTag[];
  ads: AmpAdSettings;
}

export interface PrintAuthor {
  name: string;
  url?: string;
  /** Short bio, already cut to 250 characters by the loader (spec 1 §9). Plain text. */
  bio?: string;
}

/**
 * Print page props. The spec's required props (spec 1 §2.6 print page) are title,
 * lastPublishedDate, source, canonicalUrl, header, articleTags and content; `parsePrintProps`
 * (article-page.print.tsx) enforces them.
 */
export interface PrintArticleProps {
  site: VariantSite;
  title: string;
  /** ISO instant (or an all-zero draft date, spec 1 §4). Shown as "Published MMMM DD, YYYY". */
  lastPublishedDate: string;
  source: VariantLink;
  /** Absolute URL of the standard page: linked and printed as text. */
  canonicalUrl: string;
  header: { authors: PrintAuthor[] };
  articleTags: { slug: string }[];
  content: Block[];
  /** Shopping/commerce disclosure text (spec 1 §9), when the article has one. */
  disclosure?: string;
  year: number;
  /** Bundle scripts for the later Print/Close island; none yet. */
  scripts?: string[];
}

export interface SlideshowItem {
  imageId: string;
  /** Image URL already sized by the image service at 931x524 (spec 1 §9 slideshow). */
  imageUrl: string;
  /** Thumbnail for the Thumbnail View. */
  thumbUrl?: string;
  /** Plain text; falls back to the caption (spec 1 §3). */
  alt?: string;
  /** Plain text. */
  caption?: string;
  /** Plain text; a single space means blank (spec 1 §3). */
  copyright?: string;
  sourceTitle?: string;
}

export interface SlideshowSummary {
  title: string;
  /** Site-relative path or absolute URL. */
  url: string;
  imageUrl?: string;
}

export interface SlideshowPageProps {
  /** The shared head model, or the article's own head tags (render-workers/article/meta.ts). */
  head: DocumentProps['head'];
  shell: ShellModel;
  bodyClass: string;
  slideshow: {
    title: string;
    dek?: string;
    /** Absolute URL the share dialog shares (the standard page's canonical URL). */
    shareUrl: string;
    /** The slideshow's own URL: excluded from Recommended. */
    url: string;
    items: SlideshowItem[];
  };
  /**
   * Same-category slideshows, as the search answered (request RECOMMENDED_SLIDESHOWS_REQUEST
   * items, spec 1 §9); the page drops the current one and shows at most 5.
   */
  recommended: SlideshowSummary[];
}
