/**
 * The standard single-article layout (spec 1 §2.6, "Standard page"): header (headline,
 * sub-headline, authors, category, dates, source) and body blocks. The other regions and layouts
 * (AMP, gated, print, slideshow, interactive) arrive with the article issue.
 */
import { Document } from '../shell/document.js';
import { BodyBlocks } from '../blocks/blocks.js';
import { formatArticleDate } from '../../core/isomorphic/dates.js';
import type { ArticleView, PageModel } from '../view-model.js';

export function ArticlePage({ model, bodyClass }: { model: PageModel<ArticleView>; bodyClass: string }) {
  const { view } = model;
  return (
    <Document head={model.head} shell={model.shell} bodyClass={bodyClass}>
      <article className="article">
        <header>
          {view.category ? (
            <p className="eyebrow">
              <a href={view.category.url}>{view.category.name}</a>
            </p>
          ) : null}
          <h1 className="headline">{view.headline}</h1>
          {view.subHeadline ? <p className="dek">{view.subHeadline}</p> : null}
          {view.authors.length > 0 ? (
            <p className="byline">
              By{' '}
              {view.authors.map((author, i) => (
                <span key={author.url || author.name}>
                  {i > 0 ? (i === view.authors.length - 1 ? ' and ' : ', ') : null}
                  {author.url ? <a href={author.url}>{author.name}</a> : author.name}
                </span>
              ))}
              {view.source ? <span className="source"> | {view.source.name}</span> : null}
            </p>
          ) : null}
          <p className="dates">
            {view.publishedAt === null ? (
              'Draft'
            ) : (
              <>
                Published <time dateTime={view.publishedAt}>{formatArticleDate(view.publishedAt)}</time>
              </>
            )}
            {view.updatedAt && view.updatedAt !== view.publishedAt ? (
              <>
                {' '}
                | Updated <time dateTime={view.updatedAt}>{formatArticleDate(view.updatedAt)}</time>
              </>
            ) : null}
          </p>
        </header>
        <div className="article-body">
          <BodyBlocks blocks={view.blocks} />
        </div>
      </article>
    </Document>
  );
}
