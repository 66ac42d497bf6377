/**
 * Articles (render-article.ts): a path with a section slug and an article slug (spec 1 §2.1
 * /{slug}/{article}), outside /category/. A path with no article there goes on to the fronts.
 */
import { pageKind } from '../page-kind.js';
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
    // read (ADR 0040). What they record is held back until the path is known to render this
    // article, so a path that holds no article (a subsection front, say) depends on none of them.
    const held: string[] = [];
    const reads = startArticlePathReads(ctx, ctx.client.withRecorder({ record: (key) => held.push(key), sideData: ctx.sideData }));
    const article = await ctx.client.getArticleByPath(ctx.path);
    if (!article) return null;
    // The context is the article's render options (ArticleRenderOptions), the ad-hoc gating switch included.
    return await renderArticle(article, ctx, { reads, keep: () => held.forEach((key) => ctx.record(key)) });
  },
});
