/** The authors of the sample articles (spec 1 §3 header.authors, spec 2 §3 Person). Fictional. */
import { deepFreeze } from './frozen.js';
import { sampleImage } from './images.js';
import type { PersonRecord } from './types.js';

export const SARAH_WHITFIELD: PersonRecord = {
  id: 'person-sarah-whitfield',
  name: 'Sarah Whitfield',
  title: 'Congressional Correspondent',
  metaTitle: 'Sarah Whitfield',
  metaDescription: 'Sarah Whitfield covers Congress, campaign finance and rural policy from Washington.',
  shortBio:
    'Sarah Whitfield covers Congress and rural policy. She joined the newsroom in 2016 after eight years at regional papers in Iowa and Nebraska.',
  avatar: sampleImage('authors/sarah-whitfield'),
  canonicalUrl: 'https://www.foxnews.com/person/w/sarah-whitfield',
  social: { twitter: 'https://twitter.com/example_swhitfield' },
  role: 'Author',
  personSlug: 'sarah-whitfield',
  fullBio: [
    '<p>Sarah Whitfield covers Congress, campaign finance and rural policy from Washington.</p>',
    '<p>Before joining the newsroom she reported on agriculture and state government for regional papers in Iowa and Nebraska.</p>',
  ],
  createdDate: '2016-04-11T14:00:00Z',
};

export const MARCUS_DELGADO: PersonRecord = {
  id: 'person-marcus-delgado',
  name: 'Marcus Delgado',
  title: 'Reporter',
  metaTitle: 'Marcus Delgado',
  metaDescription: 'Marcus Delgado reports on national and international news, culture and the outdoors.',
  shortBio:
    'Marcus Delgado is a general assignment reporter based in Denver who writes about weather, the outdoors, culture and international stories.',
  avatar: sampleImage('authors/marcus-delgado'),
  canonicalUrl: 'https://www.foxnews.com/person/d/marcus-delgado',
  social: { twitter: 'https://twitter.com/example_mdelgado', instagram: 'https://instagram.com/example_mdelgado' },
  role: 'Author',
  personSlug: 'marcus-delgado',
  fullBio: ['<p>Marcus Delgado is a general assignment reporter based in Denver.</p>'],
  createdDate: '2019-09-02T14:00:00Z',
};

/** Headshot and a bio longer than 250 characters, so the bio cut (spec 1 §9) shows. */
export const LENA_OKAFOR: PersonRecord = {
  id: 'person-lena-okafor',
  name: 'Lena Okafor',
  title: 'Health Editor',
  metaTitle: 'Lena Okafor',
  metaDescription: 'Lena Okafor edits health coverage: medical research, hospitals and public health.',
  shortBio:
    'Lena Okafor is the health editor. She trained as a nurse and worked for six years in emergency departments in Ohio and Georgia before moving into journalism, where she has covered hospital finances, drug pricing, rural clinics and the science behind new treatments. She lives in Atlanta with her family and two very loud dogs.',
  avatar: sampleImage('authors/lena-okafor'),
  canonicalUrl: 'https://www.foxnews.com/person/o/lena-okafor',
  role: 'Author',
  personSlug: 'lena-okafor',
  fullBio: ['<p>Lena Okafor is the health editor.</p>'],
  createdDate: '2018-01-08T14:00:00Z',
};

/** No headshot at all (spec 1 §5: the headshot shows only if present). */
export const JAMES_PARK: PersonRecord = {
  id: 'person-james-park',
  name: 'James Park',
  title: 'Sports Reporter',
  shortBio: 'James Park covers college and professional sports from Chicago.',
  canonicalUrl: 'https://www.foxnews.com/person/p/james-park',
  role: 'Author',
  personSlug: 'james-park',
  createdDate: '2021-05-17T14:00:00Z',
};

/**
 * The upstream's default-person image: a placeholder, never shown as a headshot (spec 1 §5). The
 * renderer compares an author's avatar with this URL (its DEFAULT_PERSON_IMAGE must match).
 */
export const DEFAULT_PERSON_IMAGE = 'https://static.foxnews.com/static/orion/img/default-person.png';

/** Has only the default-person image. */
export const RUTH_ELLIS: PersonRecord = {
  id: 'person-ruth-ellis',
  name: 'Ruth Ellis',
  title: 'Lifestyle Writer',
  shortBio: 'Ruth Ellis writes about food, travel and the things people buy for their homes.',
  avatar: DEFAULT_PERSON_IMAGE,
  canonicalUrl: 'https://www.foxnews.com/person/e/ruth-ellis',
  role: 'Author',
  personSlug: 'ruth-ellis',
  createdDate: '2020-02-03T14:00:00Z',
};

/** A sister network's reporter with a real headshot: hidden because the source is not ours (spec 1 §5). */
export const DANA_REYES: PersonRecord = {
  id: 'person-dana-reyes',
  name: 'Dana Reyes',
  title: 'Markets Reporter',
  shortBio: 'Dana Reyes covers markets and small business for Fox Business.',
  avatar: sampleImage('authors/dana-reyes'),
  canonicalUrl: 'https://www.foxnews.com/person/r/dana-reyes',
  role: 'Author',
  personSlug: 'dana-reyes',
  createdDate: '2019-11-12T14:00:00Z',
};

/**
 * On-air personalities (spec 2 §3, §4): a host with several content blocks, so the person card's
 * Read More shows, and a bio with markup outside the description allow-list (spec 2 §5).
 */
export const GRACE_HOLLOWAY: PersonRecord = {
  id: 'person-grace-holloway',
  name: 'Grace Holloway',
  title: 'Host, Morning Report',
  metaTitle: 'Grace Holloway',
  metaDescription: 'Grace Holloway hosts Morning Report on weekdays.',
  shortBio:
    '<p>Grace Holloway hosts <strong>Morning Report</strong> on weekdays.<script>alert(1)</script> <span>She joined the network in 2012</span> as a general assignment reporter in Dallas and moved to the anchor desk in 2018, after covering three presidential campaigns, two hurricane seasons and the long recovery of the Gulf Coast towns she grew up in.</p>',
  avatar: sampleImage('authors/grace-holloway'),
  canonicalUrl: 'https://www.foxnews.com/person/h/grace-holloway',
  social: { twitter: 'example_gholloway', facebook: 'https://www.facebook.com/example.gholloway', instagram: '@example_gholloway' },
  role: 'Personality',
  personSlug: 'grace-holloway',
  content: [
    { content_type: 'text', model: { text: 'Grace Holloway hosts Morning Report.' } },
    { content_type: 'text', model: { text: 'Before the anchor desk she reported from <em>Dallas</em> and Houston.' } },
    { content_type: 'text', model: { text: 'She is a graduate of the University of North Texas.' } },
  ],
  isFeatured: true,
  createdDate: '2012-06-04T14:00:00Z',
};

/** A personality with a single content block: no Read More (spec 2 §4). */
export const OWEN_BRANDT: PersonRecord = {
  id: 'person-owen-brandt',
  name: 'Owen Brandt',
  title: 'Host, Weekend Live',
  shortBio: 'Owen Brandt hosts Weekend Live on Saturdays and Sundays.',
  avatar: sampleImage('authors/owen-brandt'),
  canonicalUrl: 'https://www.foxnews.com/person/b/owen-brandt',
  role: 'Personality',
  personSlug: 'owen-brandt',
  content: [{ content_type: 'text', model: { text: 'Owen Brandt hosts Weekend Live.' } }],
  createdDate: '2015-03-09T14:00:00Z',
};

/** A contributor: no person page (spec 2 §5 'Person doesn't have a Author or Personality Role.'). */
export const NINA_CASTELLANO: PersonRecord = {
  id: 'person-nina-castellano',
  name: 'Nina Castellano',
  title: 'Contributor',
  shortBio: 'Nina Castellano is a political contributor.',
  canonicalUrl: 'https://www.foxnews.com/person/c/nina-castellano',
  role: 'Contributor',
  personSlug: 'nina-castellano',
  createdDate: '2020-10-01T14:00:00Z',
};

export const PEOPLE: PersonRecord[] = [SARAH_WHITFIELD, MARCUS_DELGADO, LENA_OKAFOR, JAMES_PARK, RUTH_ELLIS, DANA_REYES, GRACE_HOLLOWAY, OWEN_BRANDT, NINA_CASTELLANO];

/** The header.authors entry of an article written by `person`. */
export function byline(person: PersonRecord): { name: string; url: string; avatar?: string; shortBio?: string; fullName: string } {
  // Optional fields are left out when absent, as upstream leaves them out.
  // Person pages live at /person/{initial of the family name}/{slug}, as the canonical URL says.
  const url = person.canonicalUrl === undefined ? `/person/${person.personSlug}` : new URL(person.canonicalUrl).pathname;
  return {
    name: person.name,
    url,
    ...(person.avatar === undefined ? {} : { avatar: person.avatar }),
    ...(person.shortBio === undefined ? {} : { shortBio: person.shortBio }),
    fullName: person.name,
  };
}

// Served as copies, never changed in place (frozen.ts).
deepFreeze(PEOPLE);
