/**
 * Shows (spec 2 §2): /shows and /shows/{id} (build-shows-list.ts, build-show-page.ts); a missing
 * show is the 404 page, not a static page.
 */
import { pageKind } from '../page-kind.js';
import { buildShowPage } from './build-show-page.js';
import { buildShowsList } from './build-shows-list.js';
import { showIdFromPath, SHOWS_LIST_PATH } from './show-rules.js';

export const showsListKind = pageKind({
  id: 'shows-list',
  claims: (path) => path === SHOWS_LIST_PATH,
  build: (ctx) => buildShowsList(ctx, ctx.shows),
});

export const showKind = pageKind({
  id: 'show',
  claims: (path) => showIdFromPath(path) !== null,
  build: (ctx) => buildShowPage(ctx, ctx.shows),
});
