/**
 * Full article -> article view and head (spec 1 §2.6 standard page, §3, §4 Draft).
 */
import { isDraftDate } from '../../core/isomorphic/dates.js';
import type { SiteInfo } from '../../core/isomorphic/sites.js';
import type { Logger } from '../../core/logger.js';
import type { FullArticle } from '../../core/upstream/schemas.js';
import { toPlainText } from '../blocks/sanitize.js';
import type { ArticleView, HeadModel } from '../view-model.js';
import { toBlocks } from './blocks.js';
import { buildHead, canonicalFor } from './shell.js';

export function toArticleView(article: FullArticle, log: Logger): ArticleView {
  const header = article.header;
  const published = header.publicationDate || article.publication_date;
  const updated = header.lastPublishedDate ?? article.last_published_date;
  const subHeadline = header.subHeadline ?? article.dek;
  return {
    headline: toPlainText(header.headline || article.title),
    ...(subHeadline ? { subHeadline: toPlainText(subHeadline) } : {}),
    authors: header.authors.map((a) => ({ name: a.name, url: a.url ?? '' })),
    ...(header.headerCategory ? { category: { name: header.headerCategory.name, url: header.headerCategory.url } } : {}),
    publishedAt: isDraftDate(published) ? null : published,
    ...(updated && !isDraftDate(updated) ? { updatedAt: updated } : {}),
    ...(header.source ? { source: { name: header.source.name, url: header.source.url } } : {}),
    blocks: toBlocks(article.components, log),
  };
}

export function articleHead(article: FullArticle, site: SiteInfo, publicOrigin: string, path: string): HeadModel {
  const description = article.meta_description ?? article.description ?? article.dek ?? '';
  return buildHead({
    site,
    title: toPlainText(article.meta_title ?? article.title),
    description: toPlainText(description),
    // The page lives at `path` on this deployment; upstream's canonical_url names production.
    canonicalUrl: canonicalFor(publicOrigin, path),
    noIndex: article.robots_noindex,
    noFollow: article.robots_nofollow,
    ogType: 'article',
  });
}

/** The section slug an article belongs to: the first path segment (spec 1 §2.6). */
export function sectionSlugOf(path: string): string {
  return path.split('/')[1] ?? '';
}
