/**
 * Articles (render-article.ts): a path with a section slug and an article slug (spec 1 §2.1
 * /{slug}/{article}), outside /category/. A path with no article there goes on to the fronts.
 */
import { pageKind } from '../page-kind.js';
import { renderArticle } from './render-article.js';

export function isArticlePath(path: string): boolean {
  const segments = path.slice(1).split('/');
  return segments.length >= 2 && segments[0] !== 'category';
}

export const articleKind = pageKind({
  id: 'article',
  claims: isArticlePath,
  onNone: 'next-kind',
  async build(ctx) {
    const article = await ctx.client.getArticleByPath(ctx.path);
    if (!article) return null;
    // The context is the article's render options (ArticleRenderOptions), the ad-hoc gating switch included.
    return await renderArticle(article, ctx);
  },
});
