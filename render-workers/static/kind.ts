/**
 * Static pages (build-static-page.ts): the named static and special paths, and, last in the list,
 * any path no other kind built (a static page at that path, if upstream has one).
 */
import { pageKind } from '../page-kind.js';
import { buildStaticPage } from './build-static-page.js';
import { isStaticPath } from './paths.js';

export const staticKind = pageKind({
  id: 'static',
  claims: isStaticPath,
  build: (ctx) => buildStaticPage(ctx, ctx.staticPages),
});

/** The last kind: whatever path nothing else built is a static page if upstream has one. */
export const staticFallbackKind = pageKind({
  id: 'static-fallback',
  claims: () => true,
  build: (ctx) => buildStaticPage(ctx, ctx.staticPages),
});
