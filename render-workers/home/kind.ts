/** Home (and with it the site's 404 page, ADR 0006) at `/`. */
import { pageKind } from '../page-kind.js';
import { buildHome } from './build-home.js';

export const homeKind = pageKind({
  id: 'home',
  claims: (path) => path === '/',
  build: buildHome,
});
