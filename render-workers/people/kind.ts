/** The persons list (/personalities) and a person's page (build-persons-list.ts, build-person-page.ts). */
import { pageKind } from '../page-kind.js';
import { buildPersonPage, isPersonPagePath } from './build-person-page.js';
import { buildPersonsList, isPersonsListPath } from './build-persons-list.js';

export const personsListKind = pageKind({
  id: 'persons-list',
  claims: isPersonsListPath,
  build: buildPersonsList,
});

export const personKind = pageKind({
  id: 'person',
  claims: isPersonPagePath,
  build: buildPersonPage,
});
