/**
 * The CMS content-change event (POST /webhooks/content) and the data keys it names.
 *
 * docs/architecture.md, "Dependency index": while rendering, every upstream read is recorded as a data key;
 * a content change names data keys and the planner re-renders the pages that read them. Both sides
 * build the keys with core/upstream/data-keys.ts, so a key can not be spelled two ways (it would
 * silently match no page); `events.test.ts` pins the spellings as well.
 *
 * | kind          | needs               | data keys                                                       |
 * |---------------|---------------------|-----------------------------------------------------------------|
 * | article       | contentId           | article:<contentId>, article-path:<path> (when given); and,     |
 * |               |                     | unless a plain update: list:category:<slug> per section,        |
 * |               |                     | list:latest                                                     |
 * | category      | path                | category:<path>                                                 |
 * | tag           | contentId (tag path)| tag:<contentId>                                                 |
 * | layout        | layout              | layout:<subtype>:<elementId>; also menu for subtype nav and     |
 * |               |                     | legal-links for subtype navLegalLinksLayout                     |
 * | menu          | -                   | menu                                                            |
 * | legal-links   | -                   | legal-links                                                     |
 * | person        | contentId (slug)    | person:<contentId>                                              |
 * | show          | contentId           | show:<contentId>                                                |
 * | video         | contentId           | video:<contentId>, videos:tag:<tag> per tag                     |
 * | schedule      | contentId (channel) | schedule:<contentId>                                            |
 * | static-page   | path                | static-page:<path>                                              |
 * | live-event    | path                | live-event:<path>                                               |
 * | game          | contentId (game id) | game:<contentId>                                                |
 *
 * Every event may also carry `path`, the page of the content itself; the planner re-renders it
 * whether or not the index knows it (a new article has no dependants yet). Without `site` the
 * event concerns every site (the Spanish edition publishes the same content, spec 1 §1); with it,
 * only that site's pages.
 *
 * `deleted` with a `path` also removes that page: ingest records the deletion (the dependency
 * index's deletion record) and the render that finds nothing there removes every stored variant,
 * leaving the 404 page, or writes a 301 to `redirectTo` when the event names one.
 */
import { z } from 'zod';
import { PlatformError } from '../core/errors.js';
import { SITE_IDS, type SiteId } from '../core/isomorphic/sites.js';
import { isValidPagePath } from '../core/storage/keys.js';
import { LEGAL_LINKS_SUBTYPE, NAV_SUBTYPE } from '../core/upstream/client.js';
import { dataKeys } from '../core/upstream/data-keys.js';

export const CONTENT_KINDS = [
  'article',
  'category',
  'tag',
  'layout',
  'menu',
  'legal-links',
  'person',
  'show',
  'video',
  'schedule',
  'static-page',
  'live-event',
  'game',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

/** Ids and slugs end up inside data keys and Redis keys: visible ASCII, no spaces, bounded. */
const token = (max: number) => z.string().regex(/^[\x21-\x7e]+$/, 'must be non-empty visible ASCII without spaces').max(max);
/** Category slugs ("politics", "politics/elections") and tags ("full_episode", "fox-news/politics"). */
const slug = z.string().regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'must be a slug such as "politics" or "politics/elections"').max(200);

const eventSchema = z
  .strictObject({
    /** The CMS's id for this delivery; a second delivery with the same id is refused (replay). */
    id: token(200),
    kind: z.enum(CONTENT_KINDS),
    action: z.enum(CONTENT_ACTIONS),
    /** The one site the event concerns; every site when absent. */
    site: z.enum(SITE_IDS).optional(),
    /** Article id, tag path, person slug, show id, video id, game id or schedule channel, by `kind`. */
    contentId: token(300).optional(),
    /** The page of the content itself, e.g. "/politics/some-article". */
    path: z.string().refine(isValidPagePath, 'must be a normalised page path such as "/politics/some-article"').optional(),
    /** For `deleted`: where the deleted page's path should redirect (301). */
    redirectTo: z.string().refine(isValidPagePath, 'must be a normalised page path such as "/politics"').optional(),
    /** Category slugs an article is listed in. */
    sections: z.array(slug).max(50).optional(),
    /** Video tags. */
    tags: z.array(slug).max(100).optional(),
    /**
     * An `updated` article whose place in lists may have changed (moved section, new publication
     * date, unpublished). Without it an update re-renders only the pages that display the article.
     */
    listsChanged: z.boolean().optional(),
    layout: z.strictObject({ subtype: token(100), elementId: token(200) }).optional(),
    occurredAt: z.iso.datetime({ offset: true }),
  })
  .superRefine((event, ctx) => {
    const need = (field: 'contentId' | 'path' | 'layout') => {
      if (event[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `is required for a ${event.kind} event` });
      }
    };
    switch (event.kind) {
      case 'article':
      case 'tag':
      case 'person':
      case 'show':
      case 'video':
      case 'schedule':
      case 'game':
        need('contentId');
        break;
      case 'category':
      case 'static-page':
      case 'live-event':
        need('path');
        break;
      case 'layout':
        need('layout');
        break;
      case 'menu':
      case 'legal-links':
        break;
    }
    if (event.redirectTo !== undefined) {
      if (event.action !== 'deleted') ctx.addIssue({ code: 'custom', path: ['redirectTo'], message: 'is allowed only when action is "deleted"' });
      else if (event.path === undefined) ctx.addIssue({ code: 'custom', path: ['redirectTo'], message: 'needs the deleted page\'s path' });
      else if (event.path === event.redirectTo) ctx.addIssue({ code: 'custom', path: ['redirectTo'], message: 'must differ from path' });
    }
  });

export interface ContentEvent {
  id: string;
  kind: ContentKind;
  action: ContentAction;
  /** Absent: every site. */
  site?: SiteId;
  contentId?: string;
  path?: string;
  redirectTo?: string;
  sections?: string[];
  tags?: string[];
  listsChanged?: boolean;
  layout?: { subtype: string; elementId: string };
  occurredAt: string;
}

/** Validates a decoded webhook body; throws INVALID_EVENT naming the offending field(s). */
export function parseContentEvent(data: unknown): ContentEvent {
  const result = eventSchema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(body)';
    return `${field}: ${issue.message}`;
  });
  throw new PlatformError('INVALID_EVENT', `Invalid content event: ${problems.join('; ')}`, {
    details: { fields: result.error.issues.map((issue) => issue.path.map(String).join('.')) },
  });
}

/** The data keys a content change invalidates (table above). Deduplicated, in a stable order. */
export function dataKeysFor(event: ContentEvent): string[] {
  const keys: string[] = [];
  const { contentId, path } = event;
  switch (event.kind) {
    case 'article':
      if (contentId !== undefined) keys.push(dataKeys.article(contentId));
      // Pages that looked the article up by path (and perhaps found nothing yet).
      if (path !== undefined) keys.push(dataKeys.articlePath(path));
      // Every page that displays the article recorded `article:<id>` (lists record each item they
      // show), so a plain edit re-renders exactly those. Lists are invalidated only when their
      // membership or order can change: a new or removed article, or an update that says so.
      if (event.action !== 'updated' || event.listsChanged === true) {
        for (const section of event.sections ?? []) keys.push(dataKeys.categoryList(section));
        keys.push(dataKeys.latestList());
      }
      break;
    case 'category':
      if (path !== undefined) keys.push(dataKeys.category(path));
      break;
    case 'tag':
      // Tag paths ("fox-news/politics/elections") are not page paths: the tag is named by id.
      if (contentId !== undefined) keys.push(dataKeys.tag(contentId));
      break;
    case 'layout':
      if (event.layout) {
        keys.push(dataKeys.layout(event.layout.subtype, event.layout.elementId));
        // The client reads the nav and legal-links layouts as one `menu` / `legal-links` read and
        // records only that key (core/upstream/client.ts), so no page records their layout keys.
        if (event.layout.subtype === NAV_SUBTYPE) keys.push(dataKeys.menu());
        if (event.layout.subtype === LEGAL_LINKS_SUBTYPE) keys.push(dataKeys.legalLinks());
      }
      break;
    case 'menu':
      keys.push(dataKeys.menu());
      break;
    case 'legal-links':
      keys.push(dataKeys.legalLinks());
      break;
    case 'person':
      if (contentId !== undefined) keys.push(dataKeys.person(contentId));
      // The persons lists show every person's name, title and headshot: any change can show there.
      keys.push(dataKeys.personList());
      break;
    case 'show':
      if (contentId !== undefined) keys.push(dataKeys.show(contentId));
      // The shows lists (/shows, /video/shows) show every show's title and poster.
      keys.push(dataKeys.showList());
      break;
    case 'video':
      if (contentId !== undefined) keys.push(dataKeys.video(contentId));
      for (const tag of event.tags ?? []) keys.push(dataKeys.videosByTag(tag));
      break;
    case 'schedule':
      if (contentId !== undefined) keys.push(dataKeys.schedule(contentId));
      break;
    case 'static-page':
      if (path !== undefined) keys.push(dataKeys.staticPage(path));
      break;
    case 'live-event':
      if (path !== undefined) keys.push(dataKeys.liveEvent(path));
      break;
    case 'game':
      if (contentId !== undefined) keys.push(dataKeys.game(contentId));
      // Games live in the games layout (spec 2 §7): the hub and every game page (whose promo lists
      // the other games) read it.
      keys.push(dataKeys.layout('games', 'games')); // docs/upstream-contract.md §4.3
      break;
  }
  return [...new Set(keys)];
}
