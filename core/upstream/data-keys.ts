/**
 * Builders of the data keys an upstream read records (docs/architecture.md "Dependency index";
 * docs/upstream-contract.md lists which call records which key). The upstream client records
 * them while a page renders; ingest builds the same keys from a content-change event, so both
 * sides import them from here instead of writing the strings twice.
 */
import { createHash } from 'node:crypto';

/** Longest id part kept as is; longer or unusual parts are replaced by a digest. */
const MAX_PART_LENGTH = 160;
const PLAIN_PART = /^[\x21-\x39\x3b-\x7e]+$/;

/**
 * One data key, `kind:part:part`. Keys travel as Redis set members and as CDN surrogate keys
 * (printable ASCII, no spaces, at most 256 characters: core/storage/meta.ts), so a part that is
 * long or holds anything else (spaces, colons, non-ASCII: upstream ids are not ours to trust) is
 * replaced by `~` and a digest of it. Deterministic, so ingest and the renderer agree.
 */
export function key(kind: string, ...parts: string[]): string {
  return [kind, ...parts.map(boundedPart)].join(':');
}

function boundedPart(part: string): string {
  if (part.length <= MAX_PART_LENGTH && PLAIN_PART.test(part) && !part.startsWith('~')) return part;
  return `~${createHash('sha256').update(part, 'utf8').digest('hex').slice(0, 32)}`;
}

export const dataKeys = {
  /** A found article, by its upstream id. */
  article: (id: string) => key('article', id),
  /** An article read by path, found or not: publishing an article at that path re-renders the reader. */
  articlePath: (path: string) => key('article-path', path),
  category: (path: string) => key('category', path),
  /** Recorded only by a page that rendered as a section front (ingest's fronts schedule lists them). */
  front: (path: string) => key('front', path),
  layout: (subtype: string, elementId: string) => key('layout', subtype, elementId),
  /** The four nav layouts (header, More, mobile, topic bar) together. */
  menu: () => key('menu'),
  legalLinks: () => key('legal-links'),
  /** A list of one section's articles (article search with a category). */
  categoryList: (slug: string) => key('list', 'category', slug),
  /** A list of the latest articles of the whole site (article search without a category). */
  latestList: () => key('list', 'latest'),
  person: (slug: string) => key('person', slug),
  /** The list of every person (person fetchAll, spec 2 §7): the persons list pages read it. */
  personList: () => key('list', 'person'),
  show: (id: string) => key('show', id),
  /** The list of every show (the /shows page and whole-site publishing). */
  showList: () => key('list', 'shows'),
  tag: (path: string) => key('tag', path),
  staticPage: (path: string) => key('static-page', path),
  liveEvent: (path: string) => key('live-event', path),
  game: (id: string) => key('game', id),
  /** Recorded by a page that a schedule refreshes ('live', 'video'; ingest/schedules.ts). Not an upstream read. */
  refresh: (schedule: string) => key('refresh', schedule),
  videosByTag: (tag: string) => key('videos', 'tag', tag),
  video: (externalId: string) => key('video', externalId),
  schedule: (channel: string) => key('schedule', channel),
  liveBlog: (eventCode: string) => key('live-blog', eventCode),
  /** A live playlist feed ('news', 'radio'): video-area pages refresh it on the video schedule. */
  livePlaylist: (feed: string) => key('live-playlist', feed),
  /** A Moxie playlist. */
  moxie: (playlistId: string) => key('moxie', playlistId),
  aggregate: (sparkId: string) => key('aggregate', sparkId),
} as const;
