/**
 * The persons list (spec 2 §2 /personalities and /person/personalities), inside the "On Air
 * Personalities" shell heading (spec 1 §2.3). Persons come from /api/person fetchAll (key
 * `list:person`, plus `person:<slug>` per listed person); only roles with a person page are listed
 * (spec 2 §5). Spec 2 §8: an undefined persons list is the 404 page, so an empty list writes
 * nothing. A failed fetch is logged with the spec's message and fails the render with the
 * client's retryable error (a failed read is not "not found": docs/architecture.md "Failure handling"), so the job retries and
 * the stored page stays meanwhile.
 */
import { createElement } from 'react';
import { isUpstreamFailure } from '../../core/upstream/client.js';
import type { Person } from '../../core/upstream/schemas.js';
import { safeImageSrc } from '../shared/links.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { PersonsListPage, type PersonListItem } from './persons-list-page.js';
import { renderDocument } from '../shared/render-html.js';
import { PERSONALITIES_PATH } from '../static/paths.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { hasPersonPageRole, personCanonicalPath } from './person-rules.js';
import { htmlObject } from '../page-objects.js';

/** Spec 2 §2: both routes of the persons list. */
export const PERSONS_LIST_PATHS: readonly string[] = [PERSONALITIES_PATH, '/person/personalities'];

export function isPersonsListPath(path: string): boolean {
  return PERSONS_LIST_PATHS.includes(path);
}

export async function buildPersonsList(ctx: PageBuildContext): Promise<BuiltPage<'persons'> | null> {
  const { path, site, client, log } = ctx;
  let persons: Person[];
  try {
    persons = await client.listPersons();
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.error({ error }, 'An error occurred while fetching persons data');
    throw error;
  }
  const items: PersonListItem[] = persons.flatMap((person) => {
    const url = hasPersonPageRole(person) ? personCanonicalPath(person) : null;
    if (url === null) return [];
    const headshot = safeImageSrc(person.avatar);
    return [{ name: person.name, url, ...(person.title ? { title: person.title } : {}), ...(headshot === null ? {} : { headshot }) }];
  });
  if (items.length === 0) {
    log.info('no persons to list');
    return null;
  }
  const shell = await loadShell(client, ctx.shellContext, { topicUrl: path });
  const head = buildHead({
    site,
    title: uiText(site.id).onAirPersonalities,
    description: 'Meet the hosts, anchors and correspondents you see on air.',
    // Both routes show the same list; /personalities is the canonical one.
    canonicalUrl: canonicalFor(ctx.publicOrigin, PERSONALITIES_PATH),
  });
  const html = renderDocument(createElement(PersonsListPage, { head, shell, heading: uiText(site.id).onAirPersonalities, persons: items }));
  return {
    kind: 'persons',
    objects: [htmlObject(site.id, path, html)],
  };
}
