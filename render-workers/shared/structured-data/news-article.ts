/**
 * NewsArticle structured data (spec 1 §9: headline truncated to 110 characters, logo 600x60, image
 * 1200x800 or the 1200x675 default social image, first two paragraphs speakable) and its safe
 * serialisation inside `<script type="application/ld+json">`.
 */
import { jsonForScript } from '../../../core/isomorphic/json-script.js';
import { createElement, type ReactElement } from 'react';
import { brandImageUrl } from '../../brand/images.js';
import { absoluteUrl } from './urls.js';
import type { ArticleMeta, ImageSize } from '../../article/meta.js';
import { truncateText } from '../../article/rules.js';

/** Structured-data headline limit (spec 1 §9); cut with `truncateText` (word boundary, "…"). */
export const JSON_LD_HEADLINE_MAX = 110;
/** Publisher logo size (spec 1 §9). */
export const PUBLISHER_LOGO_SIZE: ImageSize = { width: 600, height: 60 };
/** Article image size in structured data (spec 1 §9). */
export const JSON_LD_IMAGE_SIZE: ImageSize = { width: 1200, height: 800 };
/** Used when the article has no image of its own (spec 1 §9 "or 1200x675 default social"). */
export const JSON_LD_DEFAULT_IMAGE_SIZE: ImageSize = { width: 1200, height: 675 };

/**
 * Class the standard page puts on the first two paragraphs (spec 1 §9 "First two paragraphs are
 * marked speakable"); the JSON-LD speakable specification points at it.
 */
export const SPEAKABLE_CLASS = 'speakable';
export const SPEAKABLE_SELECTOR = `.${SPEAKABLE_CLASS}`;
/** How many leading paragraphs are speakable (spec 1 §9). */
export const SPEAKABLE_PARAGRAPHS = 2;

/**
 * Class of the gated page's paywall block (spec 1 §2.6 "inside a paywall block"); hasPart marks it
 * as not free so search engines do not read the gate as cloaking.
 */
export const PAYWALL_CLASS = 'paywall';
export const PAYWALL_SELECTOR = `.${PAYWALL_CLASS}`;

export interface JsonLdImage {
  '@type': 'ImageObject';
  url: string;
  width: number;
  height: number;
}

export interface NewsArticleJsonLd {
  '@context': 'https://schema.org';
  '@type': 'NewsArticle';
  mainEntityOfPage: { '@type': 'WebPage'; '@id': string };
  headline: string;
  description?: string;
  datePublished?: string;
  dateModified?: string;
  author: { '@type': 'Person' | 'Organization'; name: string; url?: string }[];
  publisher: { '@type': 'Organization'; name: string; logo: JsonLdImage };
  image: JsonLdImage;
  articleSection?: string;
  articleBody?: string;
  inLanguage: string;
  speakable: { '@type': 'SpeakableSpecification'; cssSelector: string[] };
  isAccessibleForFree?: false;
  hasPart?: { '@type': 'WebPageElement'; isAccessibleForFree: false; cssSelector: string };
}

export interface NewsArticleOptions {
  /** Absolute URL of the 600x60 publisher logo; default the served brand logo (render-workers/brand/images.ts). */
  logoUrl?: string;
  /** Builds a resized image URL (the image service rule, core/isomorphic/images.ts); the source URL otherwise. */
  imageUrl?: (src: string, size: ImageSize) => string;
}

function imageFor(meta: ArticleMeta, options: NewsArticleOptions): JsonLdImage {
  if (meta.imageMeta) {
    const url = options.imageUrl ? options.imageUrl(meta.imageMeta.src, JSON_LD_IMAGE_SIZE) : meta.imageMeta.src;
    return { '@type': 'ImageObject', url, ...JSON_LD_IMAGE_SIZE };
  }
  // No image of its own: the default social image (resolved by deriveArticleMeta when the caller
  // names one), else the site's served default (render-workers/brand/images.ts): Google requires an
  // image on every NewsArticle.
  if (meta.social.image) return { '@type': 'ImageObject', url: meta.social.image.url, ...JSON_LD_DEFAULT_IMAGE_SIZE };
  return { '@type': 'ImageObject', url: brandImageUrl('defaultSocial', meta.publicOrigin), ...JSON_LD_DEFAULT_IMAGE_SIZE };
}

export function newsArticleJsonLd(meta: ArticleMeta, options: NewsArticleOptions = {}): NewsArticleJsonLd {
  const image = imageFor(meta, options);
  const modified = meta.dates.modified ?? meta.dates.lastPublished;
  const data: NewsArticleJsonLd = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': meta.canonicalUrl },
    headline: truncateText(meta.articleTitle, JSON_LD_HEADLINE_MAX),
    ...(meta.metaDescription ? { description: meta.metaDescription } : {}),
    ...(meta.dates.published ? { datePublished: meta.dates.published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    author: meta.authors.map((author) => {
      // Author pages are site paths upstream (/person/...): crawlers need absolute URLs (ADR 0020).
      const url = absoluteUrl(author.url, meta.publicOrigin);
      return { '@type': author.isOrganization ? 'Organization' : 'Person', name: author.name, ...(url === undefined ? {} : { url }) };
    }),
    publisher: {
      '@type': 'Organization',
      name: meta.siteName,
      logo: { '@type': 'ImageObject', url: options.logoUrl ?? brandImageUrl('publisherLogo', meta.publicOrigin), ...PUBLISHER_LOGO_SIZE },
    },
    image,
    ...(meta.articleSection ? { articleSection: meta.articleSection } : {}),
    ...(meta.articleBody && !meta.isGated ? { articleBody: meta.articleBody } : {}),
    inLanguage: meta.lang,
    speakable: { '@type': 'SpeakableSpecification', cssSelector: [SPEAKABLE_SELECTOR] },
  };
  if (meta.isGated) {
    data.isAccessibleForFree = false;
    data.hasPart = { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: PAYWALL_SELECTOR };
  }
  return data;
}


/**
 * JSON for the body of `<script type="application/ld+json">`. `<`, `>` and `&` become JSON
 * unicode escapes so no "</script>" or "<!--" can appear in the text, and U+2028/U+2029 are escaped
 * for old JavaScript parsers. The result is still the same JSON value.
 */
export function jsonLdScript(data: unknown): string {
  return jsonForScript(data);
}

/** The script element; its body comes only from jsonLdScript, so it cannot close itself early. */
export function JsonLd({ data }: { data: unknown }): ReactElement {
  return createElement('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: jsonLdScript(data) } });
}
