/**
 * Which article layout a stored variant uses (spec 1 §2.6, "The layout is chosen in this
 * priority"): AMP, gated, print, slideshow, interactive, standard.
 *
 * The spec describes one request picking one layout. Here every variant of an article is
 * rendered ahead of time, so the rule is applied once per variant URL:
 *   {path}          -> gated | slideshow | interactive | standard
 *   {path}.print    -> gated | print            (a gated article's print URL stays gated)
 *   {path}.amp      -> amp                      (only for articles flagged AMP)
 */
export const ARTICLE_LAYOUTS = ['amp', 'gated', 'print', 'slideshow', 'interactive', 'standard'] as const;
export type ArticleLayout = (typeof ARTICLE_LAYOUTS)[number];

export interface LayoutInput {
  /** The AMP variant is being rendered (and the article is flagged AMP). */
  amp: boolean;
  /** Gated and not prevented (render-workers/article/rules.ts isGatedArticle). */
  gated: boolean;
  /** The path ends in .print or .print.html. */
  print: boolean;
  /** fn__legacy_type: 'slideshow' and 'interactive' pick their layouts. */
  legacyType?: string | undefined;
}

export function chooseArticleLayout(input: LayoutInput): ArticleLayout {
  if (input.amp) return 'amp';
  if (input.gated) return 'gated';
  if (input.print) return 'print';
  if (input.legacyType === 'slideshow') return 'slideshow';
  if (input.legacyType === 'interactive') return 'interactive';
  return 'standard';
}

/** Spec 1 §2.6: print when the path ends in .print or .print.html. */
export function isPrintPath(path: string): boolean {
  return path.endsWith('.print') || path.endsWith('.print.html');
}

/** Spec 1 §2.6: "The path segment after the domain carries the category slug." */
export function categorySlugOf(path: string): string {
  return path.split('/')[1] ?? '';
}
