/** The two authors of the sample articles (spec 1 §3 header.authors, spec 2 §3 Person). Fictional. */
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

export const PEOPLE: PersonRecord[] = [SARAH_WHITFIELD, MARCUS_DELGADO];

/** The header.authors entry of an article written by `person`. */
export function byline(person: PersonRecord): { name: string; url: string; avatar?: string; shortBio?: string; fullName: string } {
  // Person pages live at /person/{initial of the family name}/{slug}, as the canonical URL says.
  const url = person.canonicalUrl === undefined ? `/person/${person.personSlug}` : new URL(person.canonicalUrl).pathname;
  return {
    name: person.name,
    url,
    avatar: person.avatar,
    shortBio: person.shortBio,
    fullName: person.name,
  };
}
