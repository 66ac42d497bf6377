/**
 * Section, category, tag and elections fronts (build-section-front.ts): any path may be one, so
 * the kind claims every path that reaches it; a path with no front goes on to a static page.
 */
import { pageKind } from '../page-kind.js';
import { buildSectionFront } from './build-section-front.js';

export const frontKind = pageKind({
  id: 'front',
  claims: () => true,
  onNone: 'next-kind',
  build: (ctx) => buildSectionFront(ctx, { tags: ctx.tags }),
});
