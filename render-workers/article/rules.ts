/**
 * Pure article rules (spec 1 §4, §5, §9; spec 2 §9): headshots, bio length, disclosures, deals,
 * the text-to-speech block, tag limits, draft, Print link and gating. No I/O and no clock: every
 * answer follows from the arguments.
 */
import { lastTagSegment } from '../../core/isomorphic/deals.js';
import { SITES } from '../../core/isomorphic/sites.js';
import type { FullArticle } from '../../core/upstream/schemas.js';
import type { ArticleMeta } from './meta.js';

// ---------------------------------------------------------------------------------------------
// Text

/** The ellipsis appended to cut text: one character, so a cut result is at most `max` long. */
export const ELLIPSIS = '…';

/**
 * Cuts plain text to at most `max` characters (the ellipsis included). Text already within `max`
 * (after collapsing whitespace) is returned unchanged. Longer text is cut at the last word boundary
 * that keeps room for the ellipsis, unless that boundary falls in the first half (one very long
 * word), in which case it is cut mid-word; trailing punctuation and spaces before the ellipsis go.
 */
export function truncateText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  // Count code points, not UTF-16 units, so a cut never splits an emoji.
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  const room = chars.slice(0, max - ELLIPSIS.length);
  const lastSpace = room.lastIndexOf(' ');
  const kept = lastSpace >= Math.floor(max / 2) ? room.slice(0, lastSpace) : room;
  return kept.join('').replace(/[\s.,;:!?\-–—]+$/u, '') + ELLIPSIS;
}

/** Author bio cut (spec 1 §9 "bio description cut to 250 characters"). */
export const BIO_MAX_LENGTH = 250;

export function cutBio(text: string): string {
  return truncateText(text, BIO_MAX_LENGTH);
}

// ---------------------------------------------------------------------------------------------
// Authors

/** The default-person headshot upstream uses for authors without a photo (spec 1 §5). */
export const DEFAULT_PERSON_IMAGE = 'https://static.foxnews.com/static/orion/img/default-person.png';

/**
 * The publisher's own source names (spec 1 §5 "only for the publisher's own source"). Both editions
 * publish the one newsroom's articles: upstream names their source "Fox News" on either edition,
 * and an article without a source gets the edition's name (spec 1 §3 "Defaults: ... source label
 * are the publisher's own newsroom name"), so each edition's name is the publisher's own too.
 */
export const OWN_SOURCE_NAMES: readonly string[] = Object.values(SITES).map((site) => site.name);

export function isOwnSource(source: string): boolean {
  return OWN_SOURCE_NAMES.includes(source.trim());
}

/**
 * Spec 1 §5: an author headshot is shown only if present, not the default-person image, and only
 * for the publisher's own source (`isOwnSource`), on either edition.
 */
export function showHeadshot(
  author: { avatar?: string | undefined },
  options: { source: string; defaultPersonImage: string },
): boolean {
  const avatar = author.avatar?.trim() ?? '';
  if (avatar === '') return false;
  if (options.defaultPersonImage !== '' && avatar === options.defaultPersonImage.trim()) return false;
  return isOwnSource(options.source);
}

// ---------------------------------------------------------------------------------------------
// Tags, disclosures, deals (spec 1 §9, spec 2 §9): owned by core/isomorphic/deals.ts, which the
// edge router's /api/deals and the browser share; re-exported for the article code.

export {
  COMMERCE_TAG,
  DEALS_SECTION,
  DISCLOSURE_TEXTS,
  SHOPPING_TAG,
  disclosureFor,
  lastTagSegment,
  showsDeals,
  type Disclosure,
} from '../../core/isomorphic/deals.js';

/** Article tags shown: max 5 (spec 1 §9). */
export const MAX_ARTICLE_TAGS = 5;
/** Related topics: max 10 (spec 1 §9). */
export const MAX_RELATED_TOPICS = 10;

export function limitTags<T>(tags: readonly T[]): T[] {
  return tags.slice(0, MAX_ARTICLE_TAGS);
}

export function limitRelatedTopics<T>(topics: readonly T[]): T[] {
  return topics.slice(0, MAX_RELATED_TOPICS);
}

// ---------------------------------------------------------------------------------------------
// Text to speech (spec 1 §9)

export const TEXT_TO_SPEECH = { label: 'NEW', text: 'You can now listen to articles!' } as const;

/** Sections whose articles get the block (spec 1 §9). */
export const TEXT_TO_SPEECH_SECTIONS: readonly string[] = ['opinion', 'sports', 'lifestyle', 'entertainment'];

/**
 * "Dated after July 2021" (spec 1 §9): published on or after 1 August 2021, 00:00 US Eastern
 * (EDT, UTC-4; spec 1 §9 time zone).
 */
export const TEXT_TO_SPEECH_FROM = '2021-08-01T04:00:00.000Z';

/** A quiz: story type, content type, a tag or a block of kind quiz. */
export function isQuizArticle(article: Pick<FullArticle, 'fn__story_type' | 'content_type' | 'tags' | 'components'>): boolean {
  return (
    article.fn__story_type === 'quiz' ||
    article.content_type === 'quiz' ||
    article.tags.some((tag) => lastTagSegment(tag) === 'quiz') ||
    article.components.some((component) => component.kind === 'quiz')
  );
}

/**
 * The text-to-speech block applies to published opinion, sports, lifestyle and entertainment
 * articles that are not quizzes, are dated after July 2021 and have a featured video (the block goes
 * right after the first one: component index `meta.featuredVideoIndex`).
 */
export function textToSpeechApplies(
  meta: Pick<ArticleMeta, 'isPublished' | 'section' | 'isQuiz' | 'dates' | 'featuredVideoIndex'>,
): boolean {
  if (!meta.isPublished || meta.isQuiz || meta.featuredVideoIndex === null) return false;
  if (!TEXT_TO_SPEECH_SECTIONS.includes(meta.section)) return false;
  const published = meta.dates.published === null ? Number.NaN : Date.parse(meta.dates.published);
  return Number.isFinite(published) && published >= Date.parse(TEXT_TO_SPEECH_FROM);
}

// ---------------------------------------------------------------------------------------------
// Draft, Print link, gating

/** A publication date of all zeros shows Draft (spec 1 §4). */
export function isDraft(meta: Pick<ArticleMeta, 'dates'>): boolean {
  return meta.dates.isDraft;
}

/** The Print link is hidden for gated or metered articles (spec 1 §2.6). */
export function showPrintLink(meta: Pick<ArticleMeta, 'isGated' | 'isMetered'>): boolean {
  return !meta.isGated && !meta.isMetered;
}

/**
 * Path prefixes on which gating is prevented (spec 1 §2.6 "gating is not prevented (by a path rule
 * or the article flag)"). The spec does not list the paths; none by default. A prefix matches the
 * path itself or anything below it ("/opinion" matches "/opinion/x", not "/opinions").
 */
export const GATING_PREVENTED_PATH_PREFIXES: readonly string[] = [];

export function isGatingPreventedPath(path: string, prefixes: readonly string[] = GATING_PREVENTED_PATH_PREFIXES): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
}

export interface GatingOptions {
  /** The identity-login (ad-hoc gating) flag: when on, the article is gated (spec 1 §4). */
  adHocGating: boolean;
  /** Page path for the path rule; the canonical path when the caller has it. */
  path?: string;
  /** Overrides GATING_PREVENTED_PATH_PREFIXES (tests, configuration). */
  preventedPathPrefixes?: readonly string[];
}

/**
 * Spec 1 §4: gated when flagged gated (foxid.enabled or header.isGated) and gating is not prevented
 * (prevent_gating or a path rule), or when the identity-login flag is on.
 */
export function isGatedArticle(article: Pick<FullArticle, 'foxid' | 'header' | 'prevent_gating'>, options: GatingOptions): boolean {
  if (options.adHocGating) return true;
  const flagged = article.foxid?.enabled === true || article.header.isGated;
  if (!flagged) return false;
  const prevented = article.prevent_gating || (options.path !== undefined && isGatingPreventedPath(options.path, options.preventedPathPrefixes));
  return !prevented;
}
