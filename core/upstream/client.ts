/**
 * Typed clients for the upstream calls the site makes today (docs/upstream-contract.md).
 *
 * Every method returns validated data. The failure rules:
 *   - 404, or a 200 whose `data.results` is empty        -> null (spec 1 §7 generic helper, §8)
 *   - network error, timeout, 5xx, 429                    -> PlatformError UPSTREAM_UNAVAILABLE
 *   - other 4xx, malformed JSON, a body off the contract  -> PlatformError UPSTREAM_BAD_RESPONSE
 * Menus and legal links never throw: a failure is logged (spec 1 §7, §8) and the menu is the last
 * good copy, or empty when there is none (core/upstream/side-data.ts).
 *
 * Each read records its data key with the recorder *before* the call, so a page that looked for
 * something that does not exist yet re-renders when it is created (docs/architecture.md, "Dependency index").
 */
import { parseShared, type RenderReadReuse } from './read-reuse.js';
import { z } from 'zod';
import { isPlatformError, type PlatformError } from '../errors.js';
import type { Logger } from '../logger.js';
import { isValidPagePath } from '../storage/keys.js';
import { resolveUpstreamBases, type UpstreamConfig } from '../config/upstream.js';
import { createTransport, type CallSpec, type Transport, type UpstreamCallTimer } from './transport.js';
import { dataKeys } from './data-keys.js';
import { parsedWith, readSideData, type SideData } from './side-data.js';
import { createVideoFeedReads, type LiveItem, type MoxieVideo, type VideoFeedReads } from './video-feeds.js';
import { createVideoReads, type RecommendedVideo, type RecommendedVideosRequest, type Video, type VideoReads } from './video-client.js';
import {
  articleSummarySchema,
  categorySchema,
  describeIssues,
  fullArticleSchema,
  layoutSchema,
  legalLinkSchema,
  legalLinksModelSchema,
  menuItemSchema,
  menuModelSchema,
  personSchema,
  sitePathEntrySchema,
  type ArticleSummary,
  type Category,
  type FullArticle,
  type Layout,
  type LegalLink,
  type MenuItem,
  type Person,
  type SitePathEntry,
} from './schemas.js';

/** Receives the data key of every upstream read (the render worker feeds them to the dependency index). */
export interface ReadRecorder {
  record(dataKey: string): void;
  /**
   * The render's side data (core/upstream/side-data.ts): menus and legal links read through this
   * client remember good reads there and fall back on the last good copy when a read fails.
   */
  sideData?: SideData;
  /**
   * The render's reuse of answers other renders fetched (core/upstream/read-reuse.ts, ADR 0029):
   * only answers whose GET started after the render was requested. Reads are recorded the same
   * whether answered by a GET or reused.
   */
  reuse?: RenderReadReuse;
}

export interface UpstreamClientOptions {
  /** Parsed upstream configuration (core/config/upstream.ts): stage, bases, timeout. */
  config: UpstreamConfig;
  /** Every call logs one line with the `api` field (core/logger.ts). */
  logger: Logger;
  /** Told the data key of every read, including reads that find nothing. */
  recorder?: ReadRecorder;
  /** A fetch to send the GETs through instead of the built-in keep-alive client (tests). */
  fetchImpl?: typeof fetch;
  /** Wraps every upstream call (the edge router times its live endpoints' calls with it). */
  timeCall?: UpstreamCallTimer;
  /** The language of the content asked for, sent as `accept-language` (ADR 0019). Default any. */
  language?: string;
}

export interface NavMenus {
  header: MenuItem[];
  more: MenuItem[];
  mobile: MenuItem[];
  topics: MenuItem[];
}

export interface ArticleSearchOptions {
  /** Section slug (e.g. "politics"); omitted for the latest articles of the whole site. */
  category?: string;
  /** How many items to return (load-more asks for 11, spec 1 §9). */
  size: number;
  /** How many items the page already shows. */
  from: number;
  /** Only these content types (`fn__legacy_type`), sent as `contentTypes={"slideshow":true}`; all when absent. */
  contentTypes?: readonly string[];
}

export interface UpstreamClient extends VideoReads, VideoFeedReads {
  /**
   * The article at a page path such as "/politics/some-slug"; null when there is none.
   * `ownSubject`: the article page's own read, which no other page of a wave makes, so its
   * answer is not kept for reuse (ADR 0049); other reads (carousels, redirect checks) are kept.
   */
  getArticleByPath(path: string, options?: { ownSubject?: boolean }): Promise<FullArticle | null>;
  /** The category of a section front path such as "/politics"; null when there is none. */
  getCategoryByPath(path: string): Promise<Category | null>;
  /** A page layout (spec 1 §7 per-page elementId rules); null when there is none. */
  getLayout(subtype: string, elementId: string): Promise<Layout | null>;
  /** The four nav menus; a menu that fails to load is logged and left empty. Never throws. */
  getNavMenus(): Promise<NavMenus>;
  /** Footer legal links; a failure is logged and yields []. Never throws. */
  getLegalLinks(): Promise<LegalLink[]>;
  /** Newest first. A malformed item is logged and skipped (spec 1 §3 summary items). */
  searchArticles(options: ArticleSearchOptions): Promise<ArticleSummary[]>;
  /** Every article page path upstream has now (for publishing the whole site). Records nothing. */
  listArticlePaths(): Promise<string[]>;
  /** Every page path the site has now: "/", each section front, each article. Records nothing. */
  listSitePaths(): Promise<string[]>;
  /** The same walk with each entry's type (home, section, article, static, redirect) and lastModified. Records nothing. */
  listSiteEntries(): Promise<SitePathEntry[]>;
  /**
   * The same site map read one upstream page at a time, for whole-site work at any size (the
   * nightly sweep). Invalid paths are skipped; a path listed twice comes twice. Records nothing.
   */
  streamSiteEntries(): AsyncIterable<SitePathEntry>;
  /** The person at /person/{p}/{slug} (spec 2 §7 fetchByUrl, url `{domain}/person/{p}/{slug}`); null when there is none. */
  getPersonByUrl(p: string, slug: string, domain?: string): Promise<Person | null>;
  /** Every person (spec 2 §7 fetchAll). A malformed item is logged and skipped. */
  listPersons(): Promise<Person[]>;
  /** The same client reporting reads to another recorder (one per render). */
  withRecorder(recorder: ReadRecorder | undefined): UpstreamClient;
}

const menuItemsSchema = z.array(menuItemSchema);
const legalLinksSchema = z.array(legalLinkSchema);

/** Nav layouts read for the menus (spec 1 §7), and the label each failure message uses (spec 1 §8). */
const NAV_LAYOUTS = [
  { menu: 'header', elementId: 'HeaderLayout', label: 'header' },
  { menu: 'more', elementId: 'MoreLayout', label: 'more' },
  { menu: 'mobile', elementId: 'MobileLayout', label: 'mobile' },
  { menu: 'topics', elementId: 'TopicLayout', label: 'topic' },
] as const;

export const NAV_SUBTYPE = 'nav';
/** The domain part of a person fetchByUrl url when the caller names none (spec 2 §7). */
export const PERSON_DOMAIN = 'fox-news';
export const LEGAL_LINKS_SUBTYPE = 'navLegalLinksLayout';
/** Page size of the site-map walk. */
const SITEMAP_PAGE_SIZE = 1000;
/** Stops a site-map walk that never ends (an upstream that ignores `from`). */
const SITEMAP_MAX_PAGES = 10_000;

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  return buildClient(options, transportsFor(options), options.recorder);
}

/**
 * The transports of one client and the clients `withRecorder` makes from it: one per reuse of
 * answers (a render's freshness bound), so the clients a render binds (its own, and those of the
 * reads it holds or does not record, which keep its reuse) share one.
 */
function transportsFor(options: UpstreamClientOptions): (reuse: RenderReadReuse | undefined) => Transport {
  const { logger, config } = options;
  const bases = resolveUpstreamBases(config);
  const make = (reuse: RenderReadReuse | undefined): Transport =>
    createTransport({
      config,
      logger,
      bases,
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      ...(options.timeCall ? { timeCall: options.timeCall } : {}),
      ...(options.language === undefined ? {} : { language: options.language }),
      ...(reuse === undefined ? {} : { reuse }),
    });
  let unreused: Transport | undefined;
  const byReuse = new WeakMap<RenderReadReuse, Transport>();
  return (reuse) => {
    if (reuse === undefined) return (unreused ??= make(undefined));
    let transport = byReuse.get(reuse);
    if (transport === undefined) byReuse.set(reuse, (transport = make(reuse)));
    return transport;
  };
}

function buildClient(options: UpstreamClientOptions, transports: (reuse: RenderReadReuse | undefined) => Transport, recorder: ReadRecorder | undefined): UpstreamClient {
  return new RecordingClient(options, transports, recorder);
}

/** Spec 1 §7, spec 2 §9: layout requests are type=layout, size=1. */
function layoutSpec(subtype: string, elementId: string): CallSpec {
  return { name: 'layout', service: 'layout', path: '/layouts', query: { type: 'layout', size: 1, subtype, elementId } };
}

/**
 * The client, bound to one recorder. Its methods live on the prototype: a render binds a client
 * of its own several times (`withRecorder`: its reads, those it holds, those it does not record),
 * and building the ~20 closures of an object of methods each time cost about 30 µs a client,
 * about 1% of a worker's main thread in a publish (issue 17). The video reads are built on first
 * use. Methods use `this`: a client must not be spread or have its methods destructured.
 */
class RecordingClient implements UpstreamClient {
  private readonly transport: Transport;
  private videoReads: VideoReads | undefined;
  private videoFeedReads: VideoFeedReads | undefined;

  constructor(
    private readonly options: UpstreamClientOptions,
    private readonly transports: (reuse: RenderReadReuse | undefined) => Transport,
    private readonly recorder: ReadRecorder | undefined,
  ) {
    this.transport = transports(recorder?.reuse);
  }

  private record(key: string): void {
    this.recorder?.record(key);
  }

  private get videos(): VideoReads {
    return (this.videoReads ??= createVideoReads(this.transport, (key) => this.record(key), this.options.logger, this.recorder?.sideData));
  }

  private get videoFeeds(): VideoFeedReads {
    return (this.videoFeedReads ??= createVideoFeedReads(this.transport, (key) => this.record(key), this.options.logger, this.recorder?.sideData));
  }

  getRecommendedVideos(request: RecommendedVideosRequest): Promise<RecommendedVideo[]> {
    return this.videos.getRecommendedVideos(request);
  }

  getVideo(externalId: string): Promise<Video | null> {
    return this.videos.getVideo(externalId);
  }

  getVideoBySlug(slug: string): Promise<Video | null> {
    return this.videos.getVideoBySlug(slug);
  }

  getLivePlaylist(feed: string): Promise<LiveItem[]> {
    return this.videoFeeds.getLivePlaylist(feed);
  }

  getMoxiePlaylist(playlistId: string): Promise<MoxieVideo[]> {
    return this.videoFeeds.getMoxiePlaylist(playlistId);
  }

  private fetchLayout(subtype: string, elementId: string): Promise<Layout | null> {
    return this.transport.first(layoutSpec(subtype, elementId), layoutSchema);
  }

  /** The `items` of the layout's first 'main-content' component model (spec 1 §7). */
  private async menuModel<S extends z.ZodType>(subtype: string, elementId: string, schema: S): Promise<z.infer<S> | null> {
    const layout = await this.fetchLayout(subtype, elementId);
    if (layout === null) return null;
    const model = layout['main-content'][0]?.model;
    if (model === undefined) return null;
    const parsed = parseShared(model, schema);
    if (!parsed.success) {
      throw this.transport.badResponse('layout', this.transport.buildUrl(layoutSpec(subtype, elementId)), parsed.error, "data.results.0['main-content'].0.model.");
    }
    return parsed.data;
  }

  /**
   * The site map, one upstream page (SITEMAP_PAGE_SIZE entries) at a time, so a caller holds one
   * page of it: a million-article site is a thousand calls, not a million entries in memory. A
   * malformed entry fails the walk (what was yielded before it stands); an invalid path is logged
   * and skipped. Duplicates are not removed here (that needs every path in memory).
   */
  private async *siteMapEntries(): AsyncGenerator<SitePathEntry> {
    const { call, results, badResponse } = this.transport;
    for (let page = 0, from = 0; page < SITEMAP_MAX_PAGES; page += 1) {
      const spec: CallSpec = { name: 'sitemap', service: 'sitemap', path: '/api/sitemap', query: { from, size: SITEMAP_PAGE_SIZE } };
      const result = await call(spec);
      if (!result.found) return;
      const { items, total } = results(spec.name, result.url, result.body);
      const entries = items.map((item, index) => {
        const parsed = sitePathEntrySchema.safeParse(item);
        if (!parsed.success) throw badResponse(spec.name, result.url, parsed.error, `data.results.${index}.`);
        return parsed.data;
      });
      for (const entry of entries) {
        // An absurd path from upstream must never become a storage key (core/storage/keys.ts).
        if (isValidPagePath(entry.path)) yield entry;
        else this.options.logger.warn({ api: { name: 'sitemap' }, path: entry.path.slice(0, 200) }, 'upstream site map lists an invalid page path; skipped');
      }
      from += items.length;
      if (items.length < SITEMAP_PAGE_SIZE || (total !== undefined && from >= total)) return;
    }
  }

  /** The whole site map in memory, each path once (first entry wins). */
  private async walkSiteMap(): Promise<SitePathEntry[]> {
    const seen = new Set<string>();
    const entries: SitePathEntry[] = [];
    for await (const entry of this.siteMapEntries()) {
      if (seen.has(entry.path)) continue;
      seen.add(entry.path);
      entries.push(entry);
    }
    return entries;
  }

  async getArticleByPath(path: string, options: { ownSubject?: boolean } = {}): Promise<FullArticle | null> {
    this.record(dataKeys.articlePath(path));
    // An article page's own read is made once per render of that page: never kept (transport.ts).
    const article = await this.transport.first(
      { name: 'article', service: 'article', path: '/api/article', query: { path }, ...(options.ownSubject === true ? { reuse: false as const } : {}) },
      fullArticleSchema,
      'error',
    );
    if (article !== null) this.record(dataKeys.article(article.id));
    return article;
  }

  getCategoryByPath(path: string): Promise<Category | null> {
    this.record(dataKeys.category(path));
    return this.transport.first({ name: 'category', service: 'category', path: '/api/category', query: { path } }, categorySchema);
  }

  getLayout(subtype: string, elementId: string): Promise<Layout | null> {
    this.record(dataKeys.layout(subtype, elementId));
    return this.fetchLayout(subtype, elementId);
  }

  async getNavMenus(): Promise<NavMenus> {
    const { logger } = this.options;
    this.record(dataKeys.menu());
    const menus = await Promise.all(
      NAV_LAYOUTS.map(({ elementId, label }) =>
        readSideData(this.recorder?.sideData, `menu:${elementId}`, async () => (await this.menuModel(NAV_SUBTYPE, elementId, menuModelSchema))?.items ?? [], {
          empty: [],
          parse: parsedWith(menuItemsSchema),
          // Spec 1 §7, §8: menu failures are logged; the menu is the last good copy, else empty.
          onFailure: (error) => logger.error({ error, menu: elementId }, `An error occurred while fetching ${label} menu data`),
        }),
      ),
    );
    const [header = [], more = [], mobile = [], topics = []] = menus;
    return { header, more, mobile, topics };
  }

  async getLegalLinks(): Promise<LegalLink[]> {
    const { logger } = this.options;
    this.record(dataKeys.legalLinks());
    return await readSideData(
      this.recorder?.sideData,
      'legal-links',
      async () => (await this.menuModel(LEGAL_LINKS_SUBTYPE, LEGAL_LINKS_SUBTYPE, legalLinksModelSchema))?.items ?? [],
      {
        empty: [],
        parse: parsedWith(legalLinksSchema),
        onFailure: (error) => logger.error({ error }, 'An error occurred while fetching legal links data'),
      },
    );
  }

  async searchArticles({ category, size, from, contentTypes }: ArticleSearchOptions): Promise<ArticleSummary[]> {
    this.record(category === undefined ? dataKeys.latestList() : dataKeys.categoryList(category));
    const spec: CallSpec = {
      name: 'article-search',
      service: 'articleSearch',
      path: '/api/article-search',
      query: {
        size,
        from,
        isCategory: category === undefined ? undefined : true,
        searchSelected: category,
        contentTypes: contentTypes === undefined || contentTypes.length === 0 ? undefined : JSON.stringify(Object.fromEntries(contentTypes.map((type) => [type, true]))),
      },
    };
    // A page showing the item depends on it: editing the article re-renders the page even when
    // the list's membership is unchanged (ingest names only article:<id> then).
    return await this.listItems(spec, articleSummarySchema, (summary) => (summary.id === undefined ? undefined : dataKeys.article(summary.id)));
  }

  /**
   * The `data.results` items of a list call, each validated by `schema`: a malformed item is
   * logged and skipped (spec 1 §3 summary items), and each good one's data key is recorded.
   */
  private async listItems<T>(spec: CallSpec, schema: z.ZodType<T>, dataKeyOf: (item: T) => string | undefined): Promise<T[]> {
    const result = await this.transport.call(spec);
    if (!result.found) return [];
    const items: T[] = [];
    this.transport.results(spec.name, result.url, result.body).items.forEach((item, index) => {
      const parsed = parseShared(item, schema);
      if (parsed.success) {
        items.push(parsed.data);
        const key = dataKeyOf(parsed.data);
        if (key !== undefined) this.record(key);
      } else {
        this.options.logger.warn(
          { api: { name: spec.name, url: result.url }, issue: `data.results.${index}.${describeIssues(parsed.error)}` },
          'upstream list item off contract; skipped',
        );
      }
    });
    return items;
  }

  async listArticlePaths(): Promise<string[]> {
    return (await this.walkSiteMap()).filter((entry) => entry.type === 'article').map((entry) => entry.path);
  }

  async listSitePaths(): Promise<string[]> {
    return (await this.walkSiteMap()).map((entry) => entry.path);
  }

  listSiteEntries(): Promise<SitePathEntry[]> {
    return this.walkSiteMap();
  }

  streamSiteEntries(): AsyncIterable<SitePathEntry> {
    return this.siteMapEntries();
  }

  getPersonByUrl(p: string, slug: string, domain = PERSON_DOMAIN): Promise<Person | null> {
    this.record(dataKeys.person(slug));
    return this.transport.first({ name: 'person', service: 'person', path: '/api/person', query: { url: `${domain}/person/${p}/${slug}` } }, personSchema);
  }

  async listPersons(): Promise<Person[]> {
    this.record(dataKeys.personList());
    const spec: CallSpec = { name: 'person', service: 'person', path: '/api/person', query: { all: true } };
    // Editing a listed person re-renders the list (ingest names only person:<slug> then).
    return await this.listItems(spec, personSchema, (person) => dataKeys.person(person.personSlug));
  }

  withRecorder(next: ReadRecorder | undefined): UpstreamClient {
    return new RecordingClient(this.options, this.transports, keepReuse(next, this.recorder));
  }
}

/**
 * `next`, keeping the render's reuse of answers (and so its freshness bound) when `next` names
 * none: a render's client handed another recorder (reads it does not record, say) is still that
 * render's client.
 */
export function keepReuse(next: ReadRecorder | undefined, current: ReadRecorder | undefined): ReadRecorder | undefined {
  const reuse = current?.reuse;
  if (next === undefined || next.reuse !== undefined || reuse === undefined) return next;
  return { record: (key) => next.record(key), ...(next.sideData === undefined ? {} : { sideData: next.sideData }), reuse };
}

/** True for the errors a caller may retry later (the last good page stays meanwhile). */
export function isUpstreamFailure(error: unknown): error is PlatformError {
  return isPlatformError(error, 'UPSTREAM_UNAVAILABLE') || isPlatformError(error, 'UPSTREAM_BAD_RESPONSE');
}
