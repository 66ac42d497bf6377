/**
 * The person page at /person/{p}/{slug} (spec 2 §2, §4, §5, §7, §8; spec 1 §2.2):
 *   - both p and slug are needed, otherwise no fetch and no page;
 *   - /api/person fetchByUrl (`{domain}/person/{p}/{slug}`, key `person:<slug>`); null is the 404
 *     page (nothing written). A fetch failure is logged with the spec's message (spec 2 §8 "logged
 *     and yields null" describes the data function) and then fails the render with the client's
 *     retryable error: a pre-rendered page must not be published as not found because a read
 *     failed (docs/architecture.md "Failure handling"), so the job retries and the stored page stays meanwhile;
 *   - a role other than Author or Personality is rejected with the spec's message (no page);
 *   - a 301 record when the requested path is not the person's canonical path;
 *   - layout regions from the layout service with elementId = personSlug (no layout leaves the
 *     regions empty; a fetch failure is logged and fails the render the same way);
 *   - schema.org Person structured data.
 */
import { absoluteUrl } from '../shared/structured-data/urls.js';
import { createElement } from 'react';
import { isUpstreamFailure } from '../../core/upstream/client.js';
import type { Person } from '../../core/upstream/schemas.js';
import { toPlainText } from '../blocks/sanitize.js';
import { loadFrontRegions, loadLeftRail } from '../shared/load-components.js';
import { safeImageSrc } from '../shared/links.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { PersonPage, type PersonCardView } from './person-page.js';
import { renderDocument } from '../shared/render-html.js';
import {
  hasPersonPageRole,
  hasReadMore,
  personBio,
  personCanonicalPath,
  personContentBlocks,
  personRouteParams,
  personSocialLinks,
  PERSON_ROLE_ERROR,
} from './person-rules.js';
import { htmlObject, redirectPage, staleVariantKeys } from '../page-objects.js';

/** The layout subtype of person pages (docs/upstream-contract.md layout table; elementId personSlug, spec 2 §7). */
export const PERSON_LAYOUT_SUBTYPE = 'person';

/** True for /person/{p}/{slug}; /person/personalities is the persons list (page-kinds.ts lists its kind first). */
export function isPersonPagePath(path: string): boolean {
  return personRouteParams(path) !== null;
}

/** The card's view of a person (also used by the persons list). */
export function personCardView(person: Person): PersonCardView {
  const headshot = safeImageSrc(person.avatar);
  const blocks = personContentBlocks(person.content);
  return {
    name: person.name,
    ...(person.title === undefined || person.title === '' ? {} : { title: person.title }),
    ...(headshot === null ? {} : { headshot }),
    bio: personBio(person),
    social: personSocialLinks(person.social),
    blocks,
    readMore: hasReadMore(person.content),
  };
}

/**
 * schema.org ProfilePage around the Person (spec 2 §7 person metadata; ADR 0020:
 * Google reads a person's page as a profile only inside ProfilePage). Every URL absolute.
 */
export function personJsonLd(person: Person, url: string, publicOrigin: string): Record<string, unknown> {
  const image = absoluteUrl(person.avatar, publicOrigin);
  // Profiles elsewhere only: the site's own RSS and newsletter pages are no profile of the person.
  const sameAs = personSocialLinks(person.social)
    .filter((link) => !link.url.startsWith('/'))
    .map((link) => absoluteUrl(link.url, publicOrigin))
    .filter((link): link is string => link !== undefined);
  const dateCreated = isoDate(person.createdDate);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url,
    ...(dateCreated === undefined ? {} : { dateCreated }),
    mainEntity: {
      '@type': 'Person',
      name: person.name,
      url,
      ...(person.title ? { jobTitle: person.title } : {}),
      ...(image === undefined ? {} : { image }),
      ...(person.shortBio ? { description: toPlainText(person.shortBio) } : {}),
      ...(sameAs.length > 0 ? { sameAs } : {}),
    },
  };
}

function isoDate(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export async function buildPersonPage(ctx: PageBuildContext): Promise<BuiltPage<'person' | 'redirect'> | null> {
  const { path, site, client, log } = ctx;
  const params = personRouteParams(path);
  if (params === null) return null;

  let person: Person | null;
  try {
    person = await client.getPersonByUrl(params.p, params.slug, site.layoutDomain);
  } catch (error) {
    // Spec 2 §8: a person fetch failure is logged. Not published as "no person" (docs/architecture.md "Failure handling").
    if (isUpstreamFailure(error)) log.error({ error, person: params }, 'An error occurred while fetching person data');
    throw error;
  }
  if (person === null) return null;
  if (!hasPersonPageRole(person)) {
    log.warn({ person: { slug: person.personSlug, role: person.role } }, PERSON_ROLE_ERROR);
    return null;
  }

  const canonicalPath = personCanonicalPath(person) ?? path;
  if (canonicalPath !== path) {
    return redirectPage(site.id, path, canonicalPath);
  }

  const [shell, layout] = await Promise.all([
    loadShell(client, ctx.shellContext),
    client.getLayout(PERSON_LAYOUT_SUBTYPE, person.personSlug).catch((error: unknown) => {
      // Spec 2 §8: logged. Thrown, not "not found": the stored page stays while the job retries.
      if (isUpstreamFailure(error)) log.warn({ error, person: { slug: person.personSlug } }, 'person layout fetch failed');
      throw error;
    }),
  ]);
  // A person with no layout has empty regions.
  const regions = await loadFrontRegions(client, layout, log);
  const leftRail = await loadLeftRail(client, layout, log);
  const canonicalUrl = canonicalFor(ctx.publicOrigin, canonicalPath);
  const image = safeImageSrc(person.avatar);
  const head = buildHead({
    site,
    title: toPlainText(person.metaTitle ?? person.name),
    description: toPlainText(person.metaDescription ?? person.shortBio ?? ''),
    canonicalUrl,
    ...(image === null ? {} : { imageUrl: image }),
  });
  const html = renderDocument(
    createElement(PersonPage, { head, shell, person: personCardView(person), regions, leftRail, structuredData: personJsonLd(person, canonicalUrl, ctx.publicOrigin) }),
  );
  return {
    kind: 'person',
    objects: [htmlObject(site.id, path, html)],
    remove: staleVariantKeys(site.id, path),
  };
}
