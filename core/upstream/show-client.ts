/**
 * The shows reader (docs/upstream-contract.md §5.3; spec 2 §3 "Show", §7 `/api/show` fetchAll and
 * fetchFullShowByUrl, "Shows service: searchType=single and value=domain/shows/{id}, reading
 * data.data.results[0] ... or searchType=all, reading data.data.results"). It follows the rules of
 * core/upstream/client.ts through the shared transport:
 *   - `getShow(id)` records `show:<id>` before the call; 404 or empty results -> null (spec 2 §8
 *     "Person or show fetch returns null: not found")
 *   - `listShows()` records `list:shows` (any show change re-renders the shows list)
 *   - network error, timeout, 5xx, 429 -> PlatformError UPSTREAM_UNAVAILABLE; other 4xx, malformed
 *     JSON, a body off the contract -> UPSTREAM_BAD_RESPONSE. The page builder logs these and
 *     answers not found (spec 2 §8 "show fetch failure: logged, yields null").
 */
import { parseShared } from './read-reuse.js';
import { z } from 'zod';
import { resolveUpstreamBases } from '../config/upstream.js';
import { type ReadRecorder, type UpstreamClientOptions, keepReuse } from './client.js';
import { dataKeys } from './data-keys.js';
import { createTransport } from './transport.js';

const optionalText = z.string().optional();

/** Show (spec 2 §3), as docs/upstream-contract.md §5.3 fixes it. */
export const showSchema = z.looseObject({
  id: z.string().min(1),
  title: z.string(),
  thumbnail: optionalText,
  slug: z.string().min(1),
  sortOrder: z.number().optional(),
  airtime: optionalText,
  airtimeDays: optionalText,
  canonicalUrl: z.string(),
  /** "publish" shows are pages; any other status is treated as missing (§5.3). */
  postStatus: optionalText,
  description: optionalText,
  hosts: z.array(z.looseObject({ full_name: z.string(), page_url: optionalText })).default([]),
  image: optionalText,
  /** Top banner images (spec 2 §2 "headshot, logo and background images"). */
  banner: z.looseObject({ headshot: optionalText, logo: optionalText, background: optionalText }).optional(),
  /** Show sub-navigation (spec 2 §2 "label and url list"). */
  subNav: z.array(z.looseObject({ label: z.string(), url: z.string() })).default([]),
  created_date: optionalText,
  modified_date: optionalText,
  social: z
    .looseObject({ facebook: optionalText, twitter: optionalText, google: optionalText, podcast: optionalText, rss: optionalText, email: optionalText })
    .optional(),
  show_slug: z.string().min(1),
  fn__hosts: z.array(z.looseObject({ person_id: z.string() })).default([]),
  fnTags: z.array(z.looseObject({ path: z.string() })).default([]),
});
export type Show = z.infer<typeof showSchema>;
/** The record as upstream sends it (the sample dataset is typed with it). */
export type ShowInput = z.input<typeof showSchema>;

/** The post status of a show that is a page (§5.3 rule; the sample has one "draft" show). */
export const PUBLISHED_SHOW_STATUS = 'publish';

/** A show is a page unless upstream marks it with another post status (absent counts as published). */
export function isPublishedShow(show: Pick<Show, 'postStatus'>): boolean {
  return show.postStatus === undefined || show.postStatus === PUBLISHED_SHOW_STATUS;
}

export interface ShowClient {
  /**
   * The show with this id (the `/shows/{id}` param), looked up as `{domain}/shows/{id}` (the site's
   * layout domain, default `fox-news`); null when there is none.
   */
  getShow(id: string, domain?: string): Promise<Show | null>;
  /** Every show (searchType=all), as upstream orders them. */
  listShows(): Promise<Show[]>;
  /** The same client reporting reads to another recorder (one per render). */
  withRecorder(recorder: ReadRecorder | undefined): ShowClient;
}

const CALL_NAME = 'show';
const DEFAULT_SHOW_DOMAIN = 'fox-news';
const SHOWS_PATH = '/api/shows';

/** Takes the same options as createUpstreamClient (config, logger, recorder, fetchImpl). */
export function createShowClient(options: UpstreamClientOptions): ShowClient {
  return buildShowClient(options, options.recorder);
}

/** One schema object, so a kept answer's validated list is found again (read-reuse.ts `parseShared`). */
const showListSchema = z.array(showSchema);

function buildShowClient(options: UpstreamClientOptions, recorder: ReadRecorder | undefined): ShowClient {
  const transport = createTransport({ ...options, bases: resolveUpstreamBases(options.config), ...(recorder?.reuse === undefined ? {} : { reuse: recorder.reuse }) });
  return {
    async getShow(id, domain = DEFAULT_SHOW_DOMAIN) {
      recorder?.record(dataKeys.show(id));
      const value = `${domain}/shows/${id}`;
      return await transport.first({ name: CALL_NAME, service: 'show', path: SHOWS_PATH, query: { searchType: 'single', value } }, showSchema);
    },
    async listShows() {
      recorder?.record(dataKeys.showList());
      const spec = { name: 'shows', service: 'show' as const, path: SHOWS_PATH, query: { searchType: 'all' } };
      const result = await transport.call(spec);
      if (!result.found) return [];
      const { items } = transport.results(spec.name, result.url, result.body);
      const parsed = parseShared(items, showListSchema);
      if (!parsed.success) throw transport.badResponse(spec.name, result.url, parsed.error, 'data.results.');
      return parsed.data;
    },
    withRecorder(next) {
      return buildShowClient(options, keepReuse(next, recorder));
    },
  };
}
