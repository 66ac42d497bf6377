/**
 * Articles (render-article.ts): a path with a section slug and an article slug (spec 1 §2.1
 * /{slug}/{article}), outside /category/. A path with no article there goes on to the fronts.
 */
import { pageKind } from '../page-kind.js';
import { holdReads } from '../shared/held-reads.js';
import { renderArticle, startArticlePathReads } from './render-article.js';

export function isArticlePath(path: string): boolean {
  const segments = path.slice(1).split('/');
  return segments.length >= 2 && segments[0] !== 'category';
}

export const articleKind = pageKind({
  id: 'article',
  claims: isArticlePath,
  onNone: 'next-kind',
  async build(ctx) {
    // The page's other reads depend only on its path: they start now, beside the article's own
    // read (ADR 0040). What they record, remember or fall back on is held until the path is known
    // to render this article, so a path that holds no article (a subsection front, a static page)
    // depends on none of them and reports none of their failures.
    const held = holdReads(ctx);
    try {
      const reads = startArticlePathReads(ctx, held);
      // The page's own subject: no other page of a wave reads it, so it is not kept (ADR 0049).
      const article = await ctx.client.getArticleByPath(ctx.path, { ownSubject: true });
      if (!article) return null;
      // The context is the article's render options (ArticleRenderOptions), the ad-hoc gating switch included.
      return await renderArticle(article, ctx, { reads, keep: () => held.keep() });
    } finally {
      // A redirect, no article, or a failure: the render does not use them (no-op once kept).
      held.discard();
    }
  },
});
