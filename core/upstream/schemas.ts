/**
 * What the site reads from upstream, as zod schemas with inferred types (docs/upstream-contract.md).
 *
 * Lenient on extra fields (upstream adds fields without notice, so objects are `z.looseObject` and
 * unknown keys pass through), strict on the types of the fields we read. Optional fields that have
 * an obvious empty value default to it, so view models do not repeat `?? []` everywhere.
 *
 * Article blocks are kept open: `{ kind, props }` with any kind, because an unknown block type is
 * rendered as nothing and logged, never a reason to refuse the article (docs/architecture.md,
 * "Principles": bad input gets a clear error and loses nothing). The renderer validates each known block's props with
 * `parseArticleBlock` and skips a malformed one.
 */
import { z } from 'zod';
import { BLOCK_PROPS_SCHEMAS, isKnownBlockKind, type KnownBlock, type TableCellProps } from './block-schemas.js';

// ---------------------------------------------------------------------------------------------
// Shared pieces

const text = z.string();
const optionalText = z.string().optional();
/** Dates are strings as upstream sends them: ISO 8601, or all zeros for a draft (spec 1 §4). */
const dateText = z.string();

export const linkSchema = z.looseObject({ name: text, url: text });
export type Link = z.infer<typeof linkSchema>;

// ---------------------------------------------------------------------------------------------
// People (spec 1 §3 header.authors, spec 2 §3 Person)

export const authorSchema = z.looseObject({
  name: text,
  url: optionalText,
  avatar: optionalText,
  shortBio: optionalText,
  fullName: optionalText,
});
export type Author = z.infer<typeof authorSchema>;

export const personSchema = z.looseObject({
  id: text,
  name: text,
  title: optionalText,
  metaTitle: optionalText,
  metaDescription: optionalText,
  shortBio: optionalText,
  avatar: optionalText,
  canonicalUrl: optionalText,
  social: z.record(z.string(), z.string()).default({}),
  blogUrls: z.array(z.string()).default([]),
  fullBioUrl: optionalText,
  showPageUrl: optionalText,
  createdDate: dateText.optional(),
  /** Spec 2 §5: only Author or Personality may have a person page; the page rule checks it, not the schema. */
  role: text,
  personSlug: text,
  /** HTML paragraphs (spec 2 §3: defaults to an empty list). */
  fullBio: z.array(z.string()).default([]),
  content: z.array(z.unknown()).default([]),
  isFeatured: z.boolean().default(false),
});
export type Person = z.infer<typeof personSchema>;

// ---------------------------------------------------------------------------------------------
// Article blocks (spec 1 §3 "Block types")
//
// Each kind's props schema lives in ./block-schemas.ts (with the props reference table); they are
// re-exported here so imports from this module keep working.

export * from './block-schemas.js';
/** Former name of a table cell's props. */
export type TableCell = TableCellProps;

/** One body block as upstream sends it. Any kind is accepted here; see parseArticleBlock. */
export const articleBlockSchema = z.looseObject({
  kind: z.string().min(1),
  props: z.record(z.string(), z.unknown()).default({}),
});
export type ArticleBlock = z.infer<typeof articleBlockSchema>;

export type ParsedBlock =
  | { ok: true; block: KnownBlock }
  | { ok: false; reason: 'unknown-kind'; kind: string; message: string }
  | { ok: false; reason: 'invalid-props'; kind: string; message: string };

/**
 * Validates one block's props against its kind. Never throws: the renderer logs a failed result
 * and renders nothing for that block (spec 1 §3 unknown types; docs/architecture.md "Principles").
 */
export function parseArticleBlock(block: ArticleBlock): ParsedBlock {
  const kind = block.kind;
  if (!isKnownBlockKind(kind)) {
    return { ok: false, reason: 'unknown-kind', kind, message: `Unknown block kind ${JSON.stringify(kind)}` };
  }
  const result = BLOCK_PROPS_SCHEMAS[kind].safeParse(block.props);
  if (!result.success) {
    return { ok: false, reason: 'invalid-props', kind, message: `Invalid ${kind} block: ${describeIssues(result.error)}` };
  }
  // The schema was picked by `kind`, so the parsed props belong to that kind.
  return { ok: true, block: { kind, props: result.data } as KnownBlock };
}

// ---------------------------------------------------------------------------------------------
// Full article (spec 1 §3)

const sponsorSchema = z.looseObject({ fn__indicator: optionalText, fn__disclaimer: optionalText });

export const articleHeaderSchema = z.looseObject({
  headline: text,
  subHeadline: optionalText,
  authors: z.array(authorSchema).default([]),
  /** Category name as plain text. */
  category: optionalText,
  headerCategory: linkSchema.optional(),
  publicationDate: dateText,
  lastPublishedDate: dateText.optional(),
  modifiedDate: dateText.optional(),
  source: linkSchema.optional(),
  organizationName: optionalText,
  allowComments: z.boolean().default(false),
  sponsor: sponsorSchema.optional(),
  isPublished: z.boolean().default(true),
  articleTags: z.array(z.looseObject({ slug: text })).default([]),
  isGated: z.boolean().default(false),
  isMetered: z.boolean().default(false),
});
export type ArticleHeader = z.infer<typeof articleHeaderSchema>;

const taxonomyTermSchema = z.looseObject({ title: text, slug: text, path: text });

export const fullArticleSchema = z.looseObject({
  id: text,
  title: text,
  dek: optionalText,
  standfirst: optionalText,
  short_title: optionalText,
  description: optionalText,
  meta_title: optionalText,
  meta_description: optionalText,
  /** Absolute URL on the production origin; its pathname is the article's canonical page path. */
  canonical_url: text,
  originalCanonical_url: optionalText,
  third_party_canonical_url: optionalText,
  /**
   * Every absolute URL the article has been published at, the canonical one included. The sample
   * upstream also answers an article request at any of these paths; rendering such an old path
   * stores a 301 redirect record to the canonical path (spec 1 §2.2, docs/upstream-contract.md).
   */
  urls: z.array(z.string()).default([]),
  short_urls: z.array(z.string()).default([]),
  article_slug: text,
  content_type: optionalText,
  external_source: optionalText,
  published: z.boolean().default(true),
  publication_date: dateText,
  created_date: dateText.optional(),
  last_modified_date: dateText.optional(),
  last_published_date: dateText.optional(),
  dateline: optionalText,
  starts_with_dropcap: z.boolean().default(false),
  components: z.array(articleBlockSchema).default([]),
  header: articleHeaderSchema,
  branding: z
    .looseObject({ advertorial: z.boolean().default(false), fn__indicator: optionalText, fn__disclaimer: optionalText })
    .optional(),
  /** Tag paths such as "fox-news/politics/elections". */
  tags: z.array(z.string()).default([]),
  fn__tags: z.array(taxonomyTermSchema).default([]),
  wp__tags: z.array(taxonomyTermSchema.extend({ isa_value: optionalText })).default([]),
  /** Primary category; its slug is the section slug (search `searchSelected`, `list:category:<slug>`). */
  wp__category: taxonomyTermSchema.optional(),
  fn__sections: z.array(z.looseObject({ path: text })).default([]),
  fn__sources: z.array(z.looseObject({ label: text, url: optionalText })).default([]),
  fn__contributors: z.array(z.looseObject({ full_name: text, page_url: optionalText, canonical_url: optionalText })).default([]),
  fn__additional_authors: z.array(z.looseObject({ full_name: text })).default([]),
  fn__shows: z.array(z.looseObject({ title: text, canonical_url: optionalText })).default([]),
  /** Footer note shown below the body (spec 1 §2.6 "a footer note"); HTML, sanitised by the renderer. */
  fn__footer: optionalText,
  fn__syndication_info: z.looseObject({ canonical_url: optionalText }).optional(),
  fn__distribution_platforms: z
    .looseObject({
      google_news: z.looseObject({ amp: z.boolean().default(false) }).optional(),
      facebook_news: z.looseObject({ opinion: z.boolean().default(false) }).optional(),
    })
    .optional(),
  original_shared_post: z.looseObject({ original_network: optionalText }).optional(),
  /** 'article' | 'slideshow' | 'interactive': picks the layout (spec 1 §2.6). */
  fn__legacy_type: optionalText,
  fn__story_type: optionalText,
  robots_noindex: z.boolean().default(false),
  robots_nofollow: z.boolean().default(false),
  prevent_gating: z.boolean().default(false),
  foxid: z.looseObject({ enabled: z.boolean().default(false) }).optional(),
  comments: z.looseObject({ enabled: z.boolean().default(false) }).optional(),
  isAMP: z.boolean().default(false),
  /** Betting promo after the 3rd paragraph (spec 1 §9); `fox_bet` in spec 1 §3. */
  fox_bet: z.boolean().default(false),
  livefyre__: z.looseObject({ storify: z.boolean().default(false), storify_id: optionalText, comments: z.boolean().default(false) }).optional(),
});
export type FullArticle = z.infer<typeof fullArticleSchema>;
/** What upstream may send (before defaults); the sample dataset is typed with it. */
export type FullArticleInput = z.input<typeof fullArticleSchema>;

// ---------------------------------------------------------------------------------------------
// Article list item (spec 1 §3 "Article list item")

export const articleSummarySchema = z.looseObject({
  id: optionalText,
  title: text,
  /** Site-relative path for our own articles, absolute for external ones. */
  url: text,
  imageUrl: optionalText,
  description: optionalText,
  category: linkSchema.optional(),
  publicationDate: dateText,
  lastPublishedDate: dateText.optional(),
  /** Video duration, "mm:ss". */
  duration: optionalText,
  isBreaking: z.boolean().default(false),
  isDeveloping: z.boolean().default(false),
  isLive: z.boolean().default(false),
  /** `avatar`: the author's headshot, for lists (spec 1 §9 "headshot 32x32 (48x48 in lists)"). */
  authors: z.array(z.looseObject({ name: text, avatar: z.string().optional() })).default([]),
  /** The article's source (header.source); lists show headshots only for the publisher's own (spec 1 §5). */
  source: z.looseObject({ name: text }).optional(),
  /** The CMS's robots_noindex, when set: the news sitemap leaves the article out. */
  noindex: z.boolean().optional(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Category (spec 1 §3, spec 2 §3 Category/tag)

export const categorySchema = z.looseObject({
  title: text,
  metaTitle: optionalText,
  description: optionalText,
  slug: text,
  path: text,
  customHeadline: optionalText,
  customCanonicalUrl: optionalText,
  label: optionalText,
  url: text,
});
export type Category = z.infer<typeof categorySchema>;

// ---------------------------------------------------------------------------------------------
// Menus and legal links (spec 1 §2.3, §3 Menu item, §7)

export const menuSubsectionSchema = z.looseObject({ name: text, url: text, tracking: optionalText });
export type MenuSubsection = z.infer<typeof menuSubsectionSchema>;

export const menuItemSchema = z.looseObject({
  name: text,
  url: text,
  tracking: optionalText,
  trackingWeb: optionalText,
  color: optionalText,
  isMobile: z.boolean().default(false),
  subsections: z.array(menuSubsectionSchema).default([]),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const legalLinkSchema = z.looseObject({ name: text, url: text, tracking: optionalText });
export type LegalLink = z.infer<typeof legalLinkSchema>;

// ---------------------------------------------------------------------------------------------
// Layouts (spec 1 §7 per-page layout, spec 2 §2 "Each region defaults to an empty list", §3 Layout)

/** A component placed in a layout region; `model` is validated by the component that renders it. */
export const layoutComponentSchema = z.looseObject({
  type: z.string().min(1),
  model: z.record(z.string(), z.unknown()).default({}),
});
export type LayoutComponent = z.infer<typeof layoutComponentSchema>;

const region = z.array(layoutComponentSchema).default([]);

export const LAYOUT_REGIONS = ['preContent', 'main', 'rightRail', 'leftRail', 'postContent'] as const;
export type LayoutRegion = (typeof LAYOUT_REGIONS)[number];

export const layoutSchema = z.looseObject({
  id: optionalText,
  subtype: optionalText,
  elementId: optionalText,
  preContent: region,
  main: region,
  rightRail: region,
  leftRail: region,
  postContent: region,
  /** Nav layouts carry their menu here (spec 1 §7: results[0]['main-content'][0].model). */
  'main-content': region,
  /**
   * How many items of the page's lists the layout already shows; load-more continues from here
   * (spec 1 §7 "regions and offset", spec 2 §9 "query offset starts at 0").
   */
  offset: z.number().int().min(0).default(0),
});
export type Layout = z.infer<typeof layoutSchema>;

/** Model of the nav and legal-links layouts' first 'main-content' component. */
export const menuModelSchema = z.looseObject({ items: z.array(menuItemSchema) });
export const legalLinksModelSchema = z.looseObject({ items: z.array(legalLinkSchema) });

/**
 * Model of an `article-list` layout component, the one the sample layouts use to fill fronts:
 * the renderer calls searchArticles({ category, size, from }) for it.
 */
export const articleListModelSchema = z.looseObject({
  title: optionalText,
  /** Section slug; absent means the latest articles of the whole site. */
  category: optionalText,
  size: z.number().int().min(1).max(100),
  /** How many of the list's newest items to skip (a spotlight above shows the first). */
  from: z.number().int().min(0).default(0),
  /** "See all" link. */
  url: optionalText,
  /** Presentation hint: "spotlight" (large lead item), "list" or "rank". */
  style: z.enum(['spotlight', 'list', 'rank']).default('list'),
});
export type ArticleListModel = z.infer<typeof articleListModelSchema>;

/** Model of a `newsletter-promo` component (spec 1 §3 Newsletter promo). */
export const newsletterPromoModelSchema = z.looseObject({
  id: text,
  slid: text,
  logo: optionalText,
  title: text,
  description: optionalText,
  arrives: optionalText,
});
export type NewsletterPromoModel = z.infer<typeof newsletterPromoModelSchema>;

// ---------------------------------------------------------------------------------------------
// Site map (the whole-site publish reads it)

/**
 * 'redirect' is an old path of a moved article (its `urls`): rendering it stores a redirect record
 * to the canonical path (spec 1 §2.2). listArticlePaths leaves it out; listSitePaths includes it.
 */
export const SITE_PATH_TYPES = ['home', 'section', 'article', 'redirect', 'static', 'person', 'show', 'video', 'game', 'live-event'] as const;
export const sitePathEntrySchema = z.looseObject({
  path: text,
  type: z.enum(SITE_PATH_TYPES),
  lastModified: dateText.optional(),
  /** Articles: the article id (the hard-coded noindex rule names ids, spec 1 §9). */
  id: optionalText,
  /** Articles: publication_date as upstream sends it (all zeros for a draft, spec 1 §4). */
  publicationDate: dateText.optional(),
  /** Articles and static pages: the CMS's robots_noindex flag; true keeps the page out of sitemaps. */
  noindex: z.boolean().optional(),
});
export type SitePathEntry = z.infer<typeof sitePathEntrySchema>;

// ---------------------------------------------------------------------------------------------

/** Readable summary of zod issues: "data.results.0.title: expected string, received number". */
export function describeIssues(error: z.ZodError, max = 3): string {
  const parts = error.issues.slice(0, max).map((issue) => {
    const where = issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.');
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > max ? ` (+${error.issues.length - max} more)` : '';
  return parts.join('; ') + more;
}
